import VCAuditReplay
import VCAuditSpec

/// `nested_navigation_controller`: a navigation controller inside another navigation controller's stack.
struct NestedNavigationControllerRule: Rule, ContainerInNavigationRule {
    static let description = RuleDescription(
        identifier: "nested_navigation_controller",
        name: "Nested navigation controller",
        description: """
            A navigation controller embedded by containment (a container view, `addChild`) in a controller that \
            is itself in another navigation controller's stack shows two navigation bars, and the inner one's \
            back button does not pop the outer stack: users get stuck or see a doubled bar. UIKit logs nothing; \
            it refuses only a direct push of a navigation controller (`push_navigation_controller`). Push the \
            inner controllers onto the outer navigation controller, or present the inner one modally. An inner \
            navigation controller whose bar is hidden (`navigationBarHidden: true`) shows no bar and no back \
            button, and is not reported.
            """,
        category: .navigation,
        severity: .warning,
        uikitMessage: """
            Documented: a navigation controller manages one stack and one navigation bar; embedding one in \
            another's content is unsupported (Apple's UINavigationController reference).
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  mainNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  profile: { kind: container, class: ProfileViewController }
                  settingsNav: { kind: navigation, root: settings }
                  settings: { class: SettingsViewController }
                window: mainNav
                transitions:
                  openProfile: { segue: show, from: home, to: profile }
                  embedSettings: ↓{ segue: embed, from: profile, to: settingsNav }
                scenarios:
                  - name: Settings embedded in the pushed profile
                    steps:
                      - launch
                      - perform: openProfile
                      - perform: embedSettings
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
                transitions:
                  openSettings: { segue: modal, from: home, to: settingsNav }
                scenarios:
                  - name: Settings presented with their own navigation controller
                    steps:
                      - launch
                      - perform: openSettings
                """),
            // The inner navigation controller manages a flow with its own controls: it shows no bar.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  mainNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  checkout: { kind: container, class: CheckoutViewController }
                  stepsNav: { kind: navigation, root: shipping, navigationBarHidden: true }
                  shipping: { class: ShippingViewController }
                window: mainNav
                transitions:
                  openCheckout: { segue: show, from: home, to: checkout }
                  embedSteps: { segue: embed, from: checkout, to: stepsNav }
                scenarios:
                  - name: Checkout steps embedded in the pushed checkout
                    steps:
                      - launch
                      - perform: openCheckout
                      - perform: embedSteps
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        ContainersInNavigationObserver(reportingFor: [(Self.self, context)])
    }

    static let kind = Controller.Kind.navigation

    static func describe(outer: ControllerID, inner: ControllerID, atRoot: Bool, context: RuleContext) -> String? {
        // An inner navigation controller with its bar hidden shows no bar and no back button: a container.
        guard !isBarHidden(inner, context) else { return nil }
        let o = context.name(outer)
        let i = context.name(inner)
        let bars = isBarHidden(outer, context)
            ? "the screen shows \(i)'s navigation bar where \(o)'s (hidden) would be"
            : "the screen shows two navigation bars"
        return """
            \(i) is embedded inside \(o)'s stack: \(bars), and \(i)'s back button pops only its own stack, never \
            \(o)'s. Push \(i)'s controllers onto \(o) instead, or present \(i) modally.
            """
    }
}
