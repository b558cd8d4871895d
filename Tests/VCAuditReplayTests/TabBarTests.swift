import Testing
@testable import VCAuditReplay

/// Tab selection and a tab bar's `setViewControllers`: no animation; the new tab's `viewWillAppear` comes first,
/// then the old tab's `viewWillDisappear` and `viewDidDisappear`, then the new tab's `viewDidAppear`.
@Suite("Tab bar")
struct TabBarTests {
    static let app = """
        vcaudit: 1
        controllers:
          tabs: { kind: tabBar, children: [first, secondNav, third], selected: secondNav }
          first:
          secondNav: { kind: navigation, root: second }
          second:
          third:
          fourth:
        window: tabs
        """

    @Test func launchShowsTheDeclaredSelection() {
        assertReplay(Self.app, steps: """
            - launch
            """,
            events: launchEvents("tabs", "secondNav", "second"),
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: secondNav
               | <UIViewController: first>, state: disappeared, view: not mounted
               | <UINavigationController: secondNav>, state: appeared, view: in window
               |    | <UIViewController: second>, state: appeared, view: in window
               | <UIViewController: third>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: fourth>, state: disappeared, view: not mounted
            """)
    }

    @Test func selectingATab() {
        assertReplay(Self.app, steps: """
            - launch
            - select: first
            """,
            events: launchEvents("tabs", "secondNav", "second") + """
            2 setSelectedViewController tabs from=secondNav to=first
            2 addSubview first parent=tabs
            2 viewWillAppear first
            2 viewWillDisappear secondNav
            2 viewWillDisappear second
            2 removeFromSuperview secondNav parent=tabs
            2 viewDidDisappear secondNav
            2 viewDidDisappear second
            2 viewDidAppear first
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: first
               | <UIViewController: first>, state: appeared, view: in window
               | <UINavigationController: secondNav>, state: disappeared, view: not mounted
               |    | <UIViewController: second>, state: disappeared, view: mounted, not in window
               | <UIViewController: third>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: fourth>, state: disappeared, view: not mounted
            """)
    }

    @Test func selectingTheSelectedTabDoesNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - select: { tabs: tabs, vc: secondNav }
            """,
            events: launchEvents("tabs", "secondNav", "second") + """
            2 setSelectedViewController tabs from=secondNav to=secondNav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: secondNav
               | <UIViewController: first>, state: disappeared, view: not mounted
               | <UINavigationController: secondNav>, state: appeared, view: in window
               |    | <UIViewController: second>, state: appeared, view: in window
               | <UIViewController: third>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: fourth>, state: disappeared, view: not mounted
            """)
    }

    @Test func selectingAControllerThatIsNotATabRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - select: { tabs: tabs, vc: fourth }
            """,
            events: launchEvents("tabs", "secondNav", "second") + """
            2 exception tabs to=fourth reason=select_unknown_tab — -[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: secondNav
               | <UIViewController: first>, state: disappeared, view: not mounted
               | <UINavigationController: secondNav>, state: appeared, view: in window
               |    | <UIViewController: second>, state: appeared, view: in window
               | <UIViewController: third>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: fourth>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func selectingOnAControllerThatIsNotATabBarDoesNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - select: { tabs: tabs, vc: second }
            """,
            retargeting: ["tabs": "secondNav"],
            events: launchEvents("tabs", "secondNav", "second") + """
            2 warning secondNav reason=not_tab_bar — <UINavigationController: secondNav> is not a tab bar controller; setSelectedViewController does nothing
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: secondNav
               | <UIViewController: first>, state: disappeared, view: not mounted
               | <UINavigationController: secondNav>, state: appeared, view: in window
               |    | <UIViewController: second>, state: appeared, view: in window
               | <UIViewController: third>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: fourth>, state: disappeared, view: not mounted
            """)
    }

    @Test func setViewControllersKeepsTheSelectedTab() {
        assertReplay(Self.app, steps: """
            - launch
            - setViewControllers: { of: tabs, vcs: [fourth, secondNav] }
            """,
            events: launchEvents("tabs", "secondNav", "second") + """
            2 setViewControllers tabs to=secondNav vcs=[fourth,secondNav] animated
            2 willMoveToParent fourth parent=tabs
            2 willMoveToParent first
            2 willMoveToParent third
            2 didMoveToParent fourth parent=tabs
            2 didMoveToParent first
            2 didMoveToParent third
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: secondNav
               | <UIViewController: fourth>, state: disappeared, view: not mounted
               | <UINavigationController: secondNav>, state: appeared, view: in window
               |    | <UIViewController: second>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: first>, state: disappeared, view: not mounted
            <UIViewController: third>, state: disappeared, view: not mounted
            """)
    }

    @Test func setViewControllersWithoutTheSelectedTabSelectsTheSameIndex() {
        assertReplay(Self.app, steps: """
            - launch
            - setViewControllers: { of: tabs, vcs: [first, fourth, third] }
            """,
            events: launchEvents("tabs", "secondNav", "second") + """
            2 setViewControllers tabs to=fourth vcs=[first,fourth,third] animated
            2 willMoveToParent fourth parent=tabs
            2 willMoveToParent secondNav
            2 addSubview fourth parent=tabs
            2 viewWillAppear fourth
            2 viewWillDisappear secondNav
            2 viewWillDisappear second
            2 removeFromSuperview secondNav parent=tabs
            2 viewDidDisappear secondNav
            2 viewDidDisappear second
            2 viewDidAppear fourth
            2 didMoveToParent fourth parent=tabs
            2 didMoveToParent secondNav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: fourth
               | <UIViewController: first>, state: disappeared, view: not mounted
               | <UIViewController: fourth>, state: appeared, view: in window
               | <UIViewController: third>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UINavigationController: secondNav>, state: disappeared, view: not mounted
               | <UIViewController: second>, state: disappeared, view: mounted, not in window
            """)
    }

    @Test func setViewControllersWithFewerTabsSelectsTheFirst() {
        assertReplay(Self.app, steps: """
            - launch
            - setViewControllers: { of: tabs, vcs: [fourth] }
            """,
            events: launchEvents("tabs", "secondNav", "second") + """
            2 setViewControllers tabs to=fourth vcs=[fourth] animated
            2 willMoveToParent fourth parent=tabs
            2 willMoveToParent first
            2 willMoveToParent secondNav
            2 willMoveToParent third
            2 addSubview fourth parent=tabs
            2 viewWillAppear fourth
            2 viewWillDisappear secondNav
            2 viewWillDisappear second
            2 removeFromSuperview secondNav parent=tabs
            2 viewDidDisappear secondNav
            2 viewDidDisappear second
            2 viewDidAppear fourth
            2 didMoveToParent fourth parent=tabs
            2 didMoveToParent first
            2 didMoveToParent secondNav
            2 didMoveToParent third
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: fourth
               | <UIViewController: fourth>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: first>, state: disappeared, view: not mounted
            <UINavigationController: secondNav>, state: disappeared, view: not mounted
               | <UIViewController: second>, state: disappeared, view: mounted, not in window
            <UIViewController: third>, state: disappeared, view: not mounted
            """)
    }

    @Test func setViewControllersOnAContentControllerDoesNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - setViewControllers: { of: tabs, vcs: [fourth] }
            """,
            retargeting: ["tabs": "first"],
            events: launchEvents("tabs", "secondNav", "second") + """
            2 warning first reason=not_a_container — <UIViewController: first> is not a navigation, tab bar, split or page view controller; setViewControllers does nothing
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: secondNav
               | <UIViewController: first>, state: disappeared, view: not mounted
               | <UINavigationController: secondNav>, state: appeared, view: in window
               |    | <UIViewController: second>, state: appeared, view: in window
               | <UIViewController: third>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: fourth>, state: disappeared, view: not mounted
            """)
    }
}
