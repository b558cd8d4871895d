import VCAuditReplay

/// `push_segue_without_navigation_controller`: a legacy Push segue whose source has no navigation controller.
struct PushSegueWithoutNavigationControllerRule: Rule {
    static let description = RuleDescription(
        identifier: "push_segue_without_navigation_controller",
        name: "Push segue without navigation controller",
        description: """
            A legacy Push segue (`kind="push"`, which Interface Builder still writes in a storyboard without size \
            classes) pushes onto its source's `navigationController`. When no navigation controller contains the \
            source (it was presented modally, or its view was added without `addChild`), UIKit raises \
            NSGenericException, where a Show segue would have presented the destination. The segue works on the \
            paths that reach its source inside a navigation controller and crashes on the others.
            """,
        category: .navigation,
        severity: .error,
        uikitMessage: """
            Could not find a navigation controller for segue '…'. Push segues can only be used when the source \
            controller is managed by an instance of UINavigationController.
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  compose: { class: ComposeViewController }
                  contacts: { class: ContactsViewController }
                window: nav
                transitions:
                  openCompose: { segue: modal, from: inbox, to: compose }
                  pickContact: ↓{ segue: push, from: compose, to: contacts }
                scenarios:
                  - name: Pick a contact while composing
                    steps:
                      - launch
                      - perform: openCompose
                      - perform: pickContact
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  composeNav: { kind: navigation, root: compose }
                  compose: { class: ComposeViewController }
                  contacts: { class: ContactsViewController }
                window: nav
                transitions:
                  openCompose: { segue: modal, from: inbox, to: composeNav }
                  pickContact: { segue: push, from: compose, to: contacts }
                scenarios:
                  - name: Pick a contact while composing
                    steps:
                      - launch
                      - perform: openCompose
                      - perform: pickContact
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  compose: { class: ComposeViewController }
                  contacts: { class: ContactsViewController }
                window: nav
                transitions:
                  openCompose: { segue: modal, from: inbox, to: compose }
                  pickContact: { segue: show, from: compose, to: contacts }
                scenarios:
                  - name: A Show segue with no navigation controller presents
                    steps:
                      - launch
                      - perform: openCompose
                      - perform: pickContact
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.pushSegueWithoutNavigationController]) { event, state, context in
            guard let source = event.vc, let destination = event.to else { return nil }
            let s = context.name(source)
            let how = state[source].presenting.map { " (it is presented modally, by \(context.name($0)))" } ?? ""
            return .init(message: event.uikitMessage(or: "Push segues can only be used when the source controller is managed by an "
                + "instance of UINavigationController.") + """
                 No navigation controller contains \(s)\(how), so its Push segue to \(context.name(destination)) raises \
                NSGenericException. Embed \(s) in a navigation controller on this path, or make the segue a Show segue \
                (it presents when there is none).
                """, controllers: [source, destination])
        }
    }
}
