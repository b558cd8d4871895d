import VCAuditReplay

/// `add_self_as_subview`: a controller's view added to itself.
struct AddSelfAsSubviewRule: Rule {
    static let description = RuleDescription(
        identifier: "add_self_as_subview",
        name: "Add self as subview",
        description: """
            `view.addSubview(view)`: a controller's root view is added to itself. UIKit raises \
            NSInvalidArgumentException ("Can't add self as subview") and the app crashes. It usually comes from a \
            container that adds `child.view` to `view` when `child` turns out to be the container itself (a wrong \
            property, a reused reference).
            """,
        category: .containment,
        severity: .error,
        uikitMessage: "Can't add self as subview",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  board: { kind: container, class: BoardViewController, children: [card] }
                  card: { class: CardViewController }
                window: board
                scenarios:
                  - name: The board adds its own view
                    steps:
                      - launch
                      - ↓addSubview: { view: board, to: board }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  board: { kind: container, class: BoardViewController, children: [card] }
                  card: { class: CardViewController }
                window: board
                scenarios:
                  - name: The board adds its child's view
                    steps:
                      - launch
                      - addSubview: { view: card, to: board }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.addSelfAsSubview], describeEvent: { event, context in
            guard let view = event.vc else { return nil }
            return .init(message: event.uikitMessage(or: "Can't add self as subview") + """
                 \(context.name(view))'s view is added to itself, so UIKit raises NSInvalidArgumentException. \
                Add the child's view (`child.view`), not the container's own.
                """, controllers: [view])
        })
    }
}
