import VCAuditReplay

/// `pop_to_missing_controller`: `popTo` a controller that is not in the stack.
struct PopToMissingControllerRule: Rule {
    static let description = RuleDescription(
        identifier: "pop_to_missing_controller",
        name: "Pop to missing controller",
        description: """
            `popToViewController(_:animated:)` is given a controller that is not in the navigation stack (it was \
            already popped, or belongs to another stack). UIKit raises NSInternalInconsistencyException.
            """,
        category: .navigation,
        severity: .error,
        uikitMessage: "Tried to pop to a view controller that doesn't exist.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  detail: { class: DetailViewController }
                  edit: { class: EditViewController }
                window: nav
                scenarios:
                  - name: Back to a detail that was never pushed
                    steps:
                      - launch
                      - push: { nav: nav, vc: edit }
                      - ↓popTo: { nav: nav, vc: detail }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  detail: { class: DetailViewController }
                  edit: { class: EditViewController }
                window: nav
                scenarios:
                  - name: Back to the detail after editing
                    steps:
                      - launch
                      - push: { nav: nav, vc: detail }
                      - push: { nav: nav, vc: edit }
                      - popTo: { nav: nav, vc: detail }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.popToMissing]) { event, state, context in
            guard let nav = event.vc else { return nil }
            let stack = state.children(of: nav).map { context.name($0) }.joined(separator: ", ")
            let target = event.to.map { context.name($0) } ?? "the root"
            return .init(message: event.uikitMessage(or: "Tried to pop to a view controller that doesn't exist") + """
                 \(target) is not in \(context.name(nav))'s stack [\(stack)], so UIKit raises \
                NSInternalInconsistencyException. Pop to a controller that is in the stack (check viewControllers first).
                """, controllers: (event.to.map { [$0] } ?? []) + [nav])
        }
    }
}
