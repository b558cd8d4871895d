import VCAuditReplay

/// `push_navigation_controller`: pushing a navigation controller.
struct PushNavigationControllerRule: Rule {
    static let description = RuleDescription(
        identifier: "push_navigation_controller",
        name: "Push navigation controller",
        description: """
            A navigation controller cannot be pushed onto another one (nor put in its stack with \
            `setViewControllers`): UIKit raises NSInvalidArgumentException. Push its content controller, or present \
            the navigation controller modally. (A collapsed split view controller may push its secondary \
            navigation controller itself; that is not this rule.)
            """,
        category: .navigation,
        severity: .error,
        uikitMessage: "Pushing a navigation controller is not supported",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  mainNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  settingsNav: { kind: navigation, root: settings }
                  settings: { class: SettingsViewController }
                window: mainNav
                scenarios:
                  - name: Open the settings
                    steps:
                      - launch
                      - ↓push: { nav: mainNav, vc: settingsNav }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  mainNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  settingsNav: { kind: navigation, root: settings }
                  settings: { class: SettingsViewController }
                window: mainNav
                scenarios:
                  - name: Open the settings
                    steps:
                      - launch
                      - present: { vc: settingsNav, from: home }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.pushNavigationController]) { event, state, context in
            guard let nav = event.vc, let pushed = event.child else { return nil }
            let n = context.name(pushed)
            let root = state.children(of: pushed).first.map { "its root \(context.name($0))" } ?? "its content"
            return .init(message: event.uikitMessage(or: "Pushing a navigation controller is not supported") + """
                 \(n) is a navigation controller pushed onto \(context.name(nav)), so UIKit raises \
                NSInvalidArgumentException. Push \(root) instead, or present \(n) modally.
                """, controllers: [pushed, nav])
        }
    }
}
