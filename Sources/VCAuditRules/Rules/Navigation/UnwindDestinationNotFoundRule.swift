import VCAuditReplay

/// `unwind_destination_not_found`: an unwind segue with nothing up the chain to unwind to.
struct UnwindDestinationNotFoundRule: Rule {
    static let description = RuleDescription(
        identifier: "unwind_destination_not_found",
        name: "Unwind destination not found",
        description: """
            An unwind segue looks for its destination at run time, walking back from its source through the \
            controllers that present it and its parents. When the destination is not on that way back (it was \
            never shown, or belongs to another branch), UIKit does nothing: the button that should close the \
            screen is dead, and nothing is logged.
            """,
        category: .navigation,
        severity: .warning,
        uikitMessage: "None: the unwind segue silently does nothing.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  settings: { class: SettingsViewController }
                  compose: { class: ComposeViewController }
                window: nav
                transitions:
                  openCompose: { segue: modal, from: inbox, to: compose }
                  backToSettings: ↓{ segue: unwind, from: compose, to: settings }
                scenarios:
                  - name: Cancel unwinds to a screen that was never shown
                    steps:
                      - launch
                      - perform: openCompose
                      - perform: backToSettings
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  compose: { class: ComposeViewController }
                window: nav
                transitions:
                  openCompose: { segue: modal, from: inbox, to: compose }
                  backToInbox: { segue: unwind, from: compose, to: inbox }
                scenarios:
                  - name: Cancel unwinds to the inbox that presented it
                    steps:
                      - launch
                      - perform: openCompose
                      - perform: backToInbox
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.unwindNotFound], describeEvent: { event, context in
            guard let source = event.vc, let target = event.to else { return nil }
            return .init(message: """
                The unwind segue from \(context.name(source)) to \(context.name(target)) finds no destination: \
                \(context.name(target)) is not among the controllers that present \(context.name(source)) or contain \
                it, so UIKit does nothing and the screen stays. Unwind to a controller on the way back, or dismiss \
                or pop explicitly.
                """, controllers: [source, target])
        })
    }
}
