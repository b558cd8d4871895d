import Testing
@testable import VCAuditReplay

/// `launch`, and `expect` evaluated against the state with its result in the log.
@Suite("Launch and expectations")
struct LaunchAndExpectationTests {
    static let app = """
        vcaudit: 1
        controllers:
          tabs: { kind: tabBar, children: [nav, second] }
          nav: { kind: navigation, root: home }
          home:
          second:
          sheet:
        window: tabs
        """

    @Test func launchingWithoutAWindowRootRaises() {
        assertReplay("""
            vcaudit: 1
            controllers:
              home:
            """, steps: """
            - launch
            - expect: { visible: [home] }
            """,
            events: """
            1 exception reason=window_without_root — Application windows are expected to have a root view controller at the end of application launch
            """,
            tree: """
            window: no root view controller (not launched)
            not in the window's hierarchy:
            <UIViewController: home>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func launchingTwiceShowsNothingNew() {
        assertReplay(Self.app, steps: """
            - launch
            - launch
            """,
            events: """
            1 setRootViewController tabs
            1 makeKeyAndVisible tabs
            1 viewWillAppear tabs
            1 viewWillAppear nav
            1 viewWillAppear home
            1 viewDidAppear tabs
            1 viewDidAppear nav
            1 viewDidAppear home
            2 makeKeyAndVisible tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: sheet>, state: disappeared, view: not mounted
            """)
    }

    @Test func everyExpectationPassing() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: sheet, from: home, animated: false }
            - expect:
                visible: [tabs, nav, home, sheet]
                presented: { by: tabs, vc: sheet }
                top: { nav: nav, vc: home }
                stack: { nav: nav, vcs: [home] }
                selected: { tabs: tabs, vc: nav }
                parent: { child: home, parent: nav }
                appearance: { vc: second, state: disappeared }
            - expect: { parent: { child: sheet, parent: null } }
            - expect: { presented: { by: sheet, vc: null } }
            """,
            events: """
            1 setRootViewController tabs
            1 makeKeyAndVisible tabs
            1 viewWillAppear tabs
            1 viewWillAppear nav
            1 viewWillAppear home
            1 viewDidAppear tabs
            1 viewDidAppear nav
            1 viewDidAppear home
            2 present home presenter=tabs presented=sheet style=pageSheet requestedStyle=automatic
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            3 expect passed (visible [tabs, nav, home, sheet])
            3 expect passed (presented by tabs: sheet)
            3 expect passed (top of nav: home)
            3 expect passed (stack of nav: [home])
            3 expect passed (selected in tabs: nav)
            3 expect passed (parent of home: nav)
            3 expect passed (appearance of second: disappeared)
            4 expect passed (parent of sheet: none)
            5 expect passed (presented by sheet: nothing)
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: pageSheet (requested automatic)
            """)
    }

    @Test func everyExpectationFailing() {
        assertReplay(Self.app, steps: """
            - launch
            - expect:
                visible: [tabs, second]
                presented: { by: home, vc: sheet }
                top: { nav: nav, vc: sheet }
                stack: { nav: nav, vcs: [home, sheet] }
                selected: { tabs: tabs, vc: second }
                parent: { child: home, parent: null }
                appearance: { vc: home, state: disappearing }
            - expect: { presented: { by: tabs, vc: null } }
            """,
            events: """
            1 setRootViewController tabs
            1 makeKeyAndVisible tabs
            1 viewWillAppear tabs
            1 viewWillAppear nav
            1 viewWillAppear home
            1 viewDidAppear tabs
            1 viewDidAppear nav
            1 viewDidAppear home
            2 expect FAILED (visible [tabs, second]) — not in the window: second; also in the window: nav, home (in the window: [tabs, nav, home])
            2 expect FAILED (presented by home: sheet) — 'home' presents nothing
            2 expect FAILED (top of nav: sheet) — the top of 'nav' is 'home' (stack: [home])
            2 expect FAILED (stack of nav: [home, sheet]) — the stack of 'nav' is [home]
            2 expect FAILED (selected in tabs: second) — 'tabs' has 'nav' selected
            2 expect FAILED (parent of home: none) — the parent of 'home' is 'nav'
            2 expect FAILED (appearance of home: disappearing) — 'home' is appeared
            3 expect passed (presented by tabs: nothing)
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: sheet>, state: disappeared, view: not mounted
            """)
    }
}
