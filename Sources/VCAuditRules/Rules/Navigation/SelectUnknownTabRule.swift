import VCAuditReplay

/// `select_unknown_tab`: selecting a controller that is not one of the tab bar's children.
struct SelectUnknownTabRule: Rule {
    static let description = RuleDescription(
        identifier: "select_unknown_tab",
        name: "Select unknown tab",
        description: """
            `selectedViewController` is set to a controller that is not in the tab bar controller's \
            `viewControllers` (often the tab's content instead of its navigation controller). UIKit raises \
            NSInvalidArgumentException.
            """,
        category: .navigation,
        severity: .error,
        uikitMessage: "-[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [homeNav, bookNav] }
                  homeNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  bookNav: { kind: navigation, root: book }
                  book: { class: BookViewController }
                window: tabs
                scenarios:
                  - name: Continue reading selects the content, not the tab
                    steps:
                      - launch
                      - ↓select: { tabs: tabs, vc: book }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [homeNav, bookNav] }
                  homeNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  bookNav: { kind: navigation, root: book }
                  book: { class: BookViewController }
                window: tabs
                scenarios:
                  - name: Continue reading
                    steps:
                      - launch
                      - select: { tabs: tabs, vc: bookNav }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.selectUnknownTab]) { event, state, context in
            guard let tabs = event.vc, let vc = event.to else { return nil }
            let children = state.children(of: tabs)
            let list = children.map { context.name($0) }.joined(separator: ", ")
            let owner = children.first { state.ancestors(of: vc).contains($0) }
            let hint = owner.map { " \(context.name(vc)) is inside the tab \(context.name($0)): select that." } ?? ""
            return .init(message: event.uikitMessage(or: "only a view controller in the tab bar controller's list of view controllers can be selected") + """
                 \(context.name(vc)) is not one of \(context.name(tabs))'s tabs [\(list)], so UIKit raises \
                NSInvalidArgumentException.\(hint) Select one of its tabs, or add it to viewControllers first.
                """, controllers: [vc, tabs])
        }
    }
}
