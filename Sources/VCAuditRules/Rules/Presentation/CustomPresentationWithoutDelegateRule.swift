import VCAuditReplay

/// `custom_presentation_without_delegate`: the `custom` style without a transitioning delegate.
struct CustomPresentationWithoutDelegateRule: Rule {
    static let description = RuleDescription(
        identifier: "custom_presentation_without_delegate",
        name: "Custom presentation without delegate",
        description: """
            A controller presented with `modalPresentationStyle = .custom` needs a `transitioningDelegate` that \
            provides its presentation controller and animators. Without one UIKit falls back to a default \
            presentation, without the custom layout and with the presenter's view still underneath.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: """
            Documented: UIModalPresentationStyle.custom: "a custom view presentation style that is managed by a \
            custom presentation controller and one or more custom animator objects" from the transitioningDelegate.
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  card: { class: CardViewController, modalPresentationStyle: custom }
                window: home
                scenarios:
                  - name: Show the card
                    steps:
                      - launch
                      - ↓present: { vc: card, from: home }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  card: { class: CardViewController, modalPresentationStyle: custom, transitioningDelegate: true }
                window: home
                scenarios:
                  - name: Show the card
                    steps:
                      - launch
                      - present: { vc: card, from: home }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.present] }
        static var callbacks: ObserverCallbacks { .willApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard event.name == .present, (event.requestedStyle ?? event.style) == .custom, let vc = event.presented,
                  let controller = context.spec.controller(vc), !controller.transitioningDelegate else { return }
            let a = context.name(vc)
            var notes: [Finding.Note] = []
            if let note = context.declarationNote(vc, "'\(vc)' declared here without transitioningDelegate") { notes.append(note) }
            context.report(event, """
                \(a) is presented with modalPresentationStyle .custom but has no transitioningDelegate, so UIKit has \
                no presentation controller or animator for it and falls back to a default presentation. Set its \
                transitioningDelegate before presenting ('transitioningDelegate: true'), or use a built-in style.
                """, controllers: event.vc.map { [vc, $0] } ?? [vc], notes: notes)
        }
    }
}
