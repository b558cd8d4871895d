import VCAuditReplay
import VCAuditSpec

/// `tab_bar_in_navigation`: a tab bar controller pushed onto or embedded in a navigation stack.
struct TabBarInNavigationRule: Rule, ContainerInNavigationRule {
    static let description = RuleDescription(
        identifier: "tab_bar_in_navigation",
        name: "Tab bar in navigation",
        description: """
            A tab bar controller must be the window's root or presented: pushed onto a navigation controller (or \
            embedded in a controller of its stack) its tab bar sits under the navigation bar, the tabs' own \
            navigation controllers nest inside the outer one, and the outer back button leaves all the tabs at \
            once. UIKit allows it silently. Make the tab bar controller the root (put navigation controllers \
            inside its tabs), or present it.
            """,
        category: .navigation,
        severity: .warning,
        uikitMessage: """
            Documented: "you should never push a tab bar controller onto a navigation stack" is Apple's guidance; \
            a tab bar interface is installed as the window's root (UITabBarController reference).
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  loginNav: { kind: navigation, root: login }
                  login: { class: LoginViewController }
                  mainTabs: { kind: tabBar, children: [feed, profile] }
                  feed: { class: FeedViewController }
                  profile: { class: ProfileViewController }
                window: loginNav
                transitions:
                  signIn: ↓{ segue: show, from: login, to: mainTabs }
                scenarios:
                  - name: Signing in pushes the tabs
                    steps:
                      - launch
                      - perform: signIn
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  loginNav: { kind: navigation, root: login }
                  login: { class: LoginViewController }
                  mainTabs: { kind: tabBar, children: [feed, profile], modalPresentationStyle: fullScreen }
                  feed: { class: FeedViewController }
                  profile: { class: ProfileViewController }
                window: loginNav
                transitions:
                  signIn: { segue: modal, from: login, to: mainTabs }
                scenarios:
                  - name: Signing in presents the tabs
                    steps:
                      - launch
                      - perform: signIn
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        ContainersInNavigationObserver(reportingFor: [(Self.self, context)])
    }

    static let kind = Controller.Kind.tabBar

    static func describe(outer: ControllerID, inner: ControllerID, atRoot: Bool, context: RuleContext) -> String? {
        let o = context.name(outer)
        let t = context.name(inner)
        // With the outer bar hidden (a common way to hide the nesting), there is no bar to sit under, nor a back button.
        let barHidden = isBarHidden(outer, context)
        let back = atRoot || barHidden ? "" : ", and \(o)'s back button leaves every tab at once"
        let bar = barHidden ? "with \(o)'s bar hidden, " : "its tab bar sits under \(o)'s navigation bar, "
        return """
            \(t) is inside \(o)'s stack: \(bar)navigation controllers \
            in its tabs nest inside \(o)\(back). Make \(t) the window's root (navigation controllers go inside its \
            tabs), or present it.
            """
    }
}
