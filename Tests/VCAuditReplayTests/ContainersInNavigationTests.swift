import Testing
@testable import VCAuditReplay

/// Containers inside a navigation stack, as real storyboards have them: UIKit allows both silently; the rules
/// `nested_navigation_controller` and `tab_bar_in_navigation` report them (docs/uikit-semantics.md).
@Suite("Containers inside navigation")
struct ContainersInNavigationTests {
    static let app = """
        vcaudit: 1
        controllers:
          mainNav: { kind: navigation, root: home }
          home:
          profile: { kind: container }
          settingsNav: { kind: navigation, root: settings }
          settings:
          tabs: { kind: tabBar, children: [feed, more] }
          feed:
          more:
        window: mainNav
        transitions:
          openProfile: { segue: show, from: home, to: profile }
          embedSettings: { segue: embed, from: profile, to: settingsNav }
          openTabs: { segue: show, from: home, to: tabs }
        """

    @Test("a navigation controller embedded in a controller of another's stack: two stacks, both on screen")
    func navigationEmbeddedInAStack() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: openProfile
            - perform: embedSettings
            - expect: { visible: [mainNav, profile, settingsNav, settings] }
            """,
            events: launchEvents("mainNav", "home") + """
            2   instantiateViewController profile
            2   performSegue home to=profile segue=show
            2   showViewController home to=profile
            2   pushViewController mainNav child=profile animated
            2   willMoveToParent profile parent=mainNav
            2   viewWillDisappear home
            2   addSubview profile parent=mainNav
            2   viewWillAppear profile
            2   animationDidStart mainNav reason=navigation
            2   animationDidComplete mainNav reason=navigation
            2   removeFromSuperview home parent=mainNav
            2   viewDidDisappear home
            2   viewDidAppear profile
            2   didMoveToParent profile parent=mainNav
            3   performSegue profile to=settingsNav segue=embed
            3   addChild profile child=settingsNav
            3   willMoveToParent settingsNav parent=profile
            3   addSubview settingsNav parent=profile
            3   viewWillAppear settingsNav
            3   viewWillAppear settings
            3   viewDidAppear settingsNav
            3   viewDidAppear settings
            3   didMoveToParent settingsNav parent=profile
            4 expect passed (visible [mainNav, profile, settingsNav, settings])
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: mainNav>, state: appeared, view: in window
               | <UIViewController: home>, state: disappeared, view: not mounted
               | <UIViewController: profile>, state: appeared, view: in window
               |    | <UINavigationController: settingsNav>, state: appeared, view: in window
               |    |    | <UIViewController: settings>, state: appeared, view: in window
            not in the window's hierarchy:
            <UITabBarController: tabs>, state: disappeared, view: not mounted, selected: feed
               | <UIViewController: feed>, state: disappeared, view: mounted, not in window
               | <UIViewController: more>, state: disappeared, view: not mounted
            """)
    }

    @Test("a tab bar controller pushed onto a navigation stack shows its selected tab inside it")
    func tabBarPushed() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: openTabs
            - expect: { top: { nav: mainNav, vc: tabs }, selected: { tabs: tabs, vc: feed } }
            """,
            events: launchEvents("mainNav", "home") + """
            2   instantiateViewController tabs
            2   performSegue home to=tabs segue=show
            2   showViewController home to=tabs
            2   pushViewController mainNav child=tabs animated
            2   willMoveToParent tabs parent=mainNav
            2   viewWillDisappear home
            2   addSubview tabs parent=mainNav
            2   viewWillAppear tabs
            2   viewWillAppear feed
            2   animationDidStart mainNav reason=navigation
            2   animationDidComplete mainNav reason=navigation
            2   removeFromSuperview home parent=mainNav
            2   viewDidDisappear home
            2   viewDidAppear tabs
            2   viewDidAppear feed
            2   didMoveToParent tabs parent=mainNav
            3 expect passed (top of mainNav: tabs)
            3 expect passed (selected in tabs: feed)
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: mainNav>, state: appeared, view: in window
               | <UIViewController: home>, state: disappeared, view: not mounted
               | <UITabBarController: tabs>, state: appeared, view: in window, selected: feed
               |    | <UIViewController: feed>, state: appeared, view: in window
               |    | <UIViewController: more>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: profile>, state: disappeared, view: not mounted
            <UINavigationController: settingsNav>, state: disappeared, view: not mounted
               | <UIViewController: settings>, state: disappeared, view: mounted, not in window
            """)
    }
}
