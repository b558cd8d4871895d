import VCAuditReplay
import VCAuditSupport

/// `pop_root`: `pop` with only the root in the stack.
struct PopRootRule: Rule {
    static let description = RuleDescription(
        identifier: "pop_root",
        name: "Pop root",
        description: """
            `popViewController(animated:)` on a navigation controller whose stack holds only its root does \
            nothing and returns nil. The code expected to go back somewhere: the stack is not what it thinks.
            """,
        category: .navigation,
        severity: .warning,
        uikitMessage: "Documented: popViewController(animated:) does nothing (returns nil) when the top view controller is the root.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  inboxNav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                window: inboxNav
                transitions:
                  back:                     # the Cmd-[ shortcut
                    calls:
                      - ↓pop: inboxNav
                scenarios:
                  - name: Back on the root
                    steps:
                      - launch
                      - perform: back
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  inboxNav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  thread: { class: ThreadViewController }
                window: inboxNav
                scenarios:
                  - name: Back from a thread
                    steps:
                      - launch
                      - push: { nav: inboxNav, vc: thread }
                      - pop: inboxNav
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.popViewController] }
        static var callbacks: ObserverCallbacks { .willApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard event.name == .popViewController, event.child == nil, let nav = event.vc else { return }
            let root = state.children(of: nav).first
            let navName = context.name(nav)
            let rootName = root.map { context.name($0) }
            // Written piece by piece into the one string it becomes (`TextWriter`): interpolated, the text grew again
            // for each name.
            let message = TextWriter.text { message in
                message.write(navName)
                message.write(".popViewController(animated:) does nothing: its stack holds ")
                if let rootName {
                    message.write("only its root ")
                    message.write(rootName)
                } else {
                    message.write("no controller")
                }
                message.write(". Check the stack before popping (or disable Back on the root), or remove the call.")
            }
            // One array literal: the sum of two made three arrays.
            context.report(event, message, controllers: root.map { [nav, $0] } ?? [nav])
        }
    }
}
