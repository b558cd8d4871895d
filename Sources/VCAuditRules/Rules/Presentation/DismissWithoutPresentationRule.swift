import VCAuditReplay

/// `dismiss_without_presentation`: dismiss on a controller that neither presents nor is presented.
struct DismissWithoutPresentationRule: Rule {
    static let description = RuleDescription(
        identifier: "dismiss_without_presentation",
        name: "Dismiss without presentation",
        description: """
            `dismiss(animated:)` is called on a controller that presents nothing and is not presented (nor inside \
            a presented controller). UIKit does nothing, silently: the code meant to close something that is not \
            there, often because the wrong controller receives the call or the presentation was dropped earlier.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: """
            Documented: dismiss(animated:completion:) dismisses the controller presented by the receiver, or \
            forwards to the presenting controller; with neither it does nothing.
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  inboxNav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  compose: { class: ComposeViewController }
                window: inboxNav
                transitions:
                  logout:                   # LogoutCoordinator closes compose, open or not
                    calls:
                      - ↓dismiss: compose
                scenarios:
                  - name: Log out without composing
                    steps:
                      - launch
                      - perform: logout
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  inboxNav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  compose: { class: ComposeViewController }
                window: inboxNav
                scenarios:
                  - name: Compose, then close
                    steps:
                      - launch
                      - present: { vc: compose, from: inbox }
                      - dismiss: compose
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.dismiss] }
        static var callbacks: ObserverCallbacks { .didApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func didApply(_ event: Event, state: HierarchyState) {
            guard event.name == .dismiss, event.presenter == nil, event.presented == nil, let vc = event.vc else { return }
            let x = context.name(vc)
            context.report(event, """
                \(x).dismiss(animated:) does nothing: \(x) presents no controller and is not presented (nor inside a \
                presented controller). Dismiss the controller that is actually presented, or remove the call.
                """, controllers: [vc])
        }
    }
}
