import VCAuditReplay

/// `view_hierarchy_cycle`: a controller's view added into a view it contains.
struct ViewHierarchyCycleRule: Rule {
    static let description = RuleDescription(
        identifier: "view_hierarchy_cycle",
        name: "View hierarchy cycle",
        description: """
            `host.view.addSubview(view.view)` where `host`'s view is already inside `view`'s: the view hierarchy \
            would contain a cycle. UIKit raises NSInvalidArgumentException and the app crashes. It happens when a \
            container adds its own parent's view, or a child's view is added back into the container that holds it.
            """,
        category: .containment,
        severity: .error,
        uikitMessage: "Documented: a view cannot be added to one of its own subviews (NSInvalidArgumentException).",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  board: { kind: container, class: BoardViewController, children: [card] }
                  card: { class: CardViewController }
                window: board
                scenarios:
                  - name: The card adds the board inside itself
                    steps:
                      - launch
                      - ↓addSubview: { view: board, to: card }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  board: { kind: container, class: BoardViewController, children: [card] }
                  card: { class: CardViewController }
                  badge: { class: BadgeViewController }
                window: board
                scenarios:
                  - name: The card shows a badge view
                    steps:
                      - launch
                      - addSubview: { view: badge, to: card }
                    ignore: [{ rule: view_added_without_containment, reason: "the badge is a plain view in this example" }]
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.viewHierarchyCycle], describeEvent: { event, context in
            guard let view = event.vc, let host = event.parent else { return nil }
            return .init(message: event.uikitMessage(or: "The view hierarchy would contain a cycle") + """
                 \(context.name(host))'s view is inside \(context.name(view))'s, so adding \(context.name(view))'s view \
                to it makes a cycle and UIKit raises NSInvalidArgumentException. Add the view to a controller outside it, \
                or remove it from its place first.
                """, controllers: [view, host])
        })
    }
}
