import Testing
@testable import VCAuditReplay

/// Push, pop, popTo, popToRoot and setViewControllers of a navigation controller, in UIKit's callback order:
/// leaving `viewWillDisappear`, entering `viewWillAppear`, leaving `viewDidDisappear`, entering `viewDidAppear`;
/// `willMove(toParent:)` at the call, `didMove(toParent:)` after the animation.
@Suite("Navigation")
struct NavigationTests {
    static let app = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: a }
          a:
          b:
          c:
          e:
        window: nav
        """

    static let withContainers = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: a }
          a:
          b:
          inner: { kind: navigation, root: d }
          c:
          d:
          split: { kind: split, children: [p, s] }
          p:
          s:
        window: nav
        """

    @Test func pushAnimated() {
        assertReplay(Self.app, steps: """
            - launch
            - push: { nav: nav, vc: b }
            """,
            events: launchEvents("nav", "a") + """
            2 pushViewController nav child=b animated
            2 willMoveToParent b parent=nav
            2 viewWillDisappear a
            2 addSubview b parent=nav
            2 viewWillAppear b
            2 animationDidStart nav reason=navigation
            2 animationDidComplete nav reason=navigation
            2 removeFromSuperview a parent=nav
            2 viewDidDisappear a
            2 viewDidAppear b
            2 didMoveToParent b parent=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func pushWithoutAnimationCompletesAtOnce() {
        assertReplay(Self.app, steps: """
            - launch
            - push: { nav: nav, vc: b, animated: false }
            """,
            events: launchEvents("nav", "a") + """
            2 pushViewController nav child=b
            2 willMoveToParent b parent=nav
            2 viewWillDisappear a
            2 addSubview b parent=nav
            2 viewWillAppear b
            2 removeFromSuperview a parent=nav
            2 viewDidDisappear a
            2 viewDidAppear b
            2 didMoveToParent b parent=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func pushBeforeLaunchMakesNoAppearanceCallbacks() {
        assertReplay(Self.app, steps: """
            - push: { nav: nav, vc: b }
            - launch
            """,
            events: """
            1 pushViewController nav child=b animated
            1 willMoveToParent b parent=nav
            1 addSubview b parent=nav
            1 removeFromSuperview a parent=nav
            1 didMoveToParent b parent=nav
            2 setRootViewController nav
            2 makeKeyAndVisible nav
            2 viewWillAppear nav
            2 viewWillAppear b
            2 viewDidAppear nav
            2 viewDidAppear b
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func popAnimated() {
        assertReplay(Self.app, steps: """
            - launch
            - push: { nav: nav, vc: b }
            - pop: nav
            """,
            events: launchEvents("nav", "a") + """
            2 pushViewController nav child=b animated
            2 willMoveToParent b parent=nav
            2 viewWillDisappear a
            2 addSubview b parent=nav
            2 viewWillAppear b
            2 animationDidStart nav reason=navigation
            2 animationDidComplete nav reason=navigation
            2 removeFromSuperview a parent=nav
            2 viewDidDisappear a
            2 viewDidAppear b
            2 didMoveToParent b parent=nav
            3 popViewController nav child=b animated
            3 willMoveToParent b
            3 viewWillDisappear b
            3 addSubview a parent=nav
            3 viewWillAppear a
            3 animationDidStart nav reason=navigation
            3 animationDidComplete nav reason=navigation
            3 removeFromSuperview b parent=nav
            3 viewDidDisappear b
            3 viewDidAppear a
            3 didMoveToParent b
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func popWithOnlyTheRootDoesNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - pop: nav
            """,
            events: launchEvents("nav", "a") + """
            2 popViewController nav animated
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func popToAControllerInTheMiddle() {
        assertReplay(Self.app, steps: """
            - launch
            - setViewControllers: { of: nav, vcs: [a, b, c], animated: false }
            - push: { nav: nav, vc: e }
            - popTo: { nav: nav, vc: b }
            """,
            events: launchEvents("nav", "a") + """
            2 setViewControllers nav vcs=[a,b,c]
            2 willMoveToParent b parent=nav
            2 willMoveToParent c parent=nav
            2 viewWillDisappear a
            2 addSubview c parent=nav
            2 viewWillAppear c
            2 removeFromSuperview a parent=nav
            2 viewDidDisappear a
            2 viewDidAppear c
            2 didMoveToParent b parent=nav
            2 didMoveToParent c parent=nav
            3 pushViewController nav child=e animated
            3 willMoveToParent e parent=nav
            3 viewWillDisappear c
            3 addSubview e parent=nav
            3 viewWillAppear e
            3 animationDidStart nav reason=navigation
            3 animationDidComplete nav reason=navigation
            3 removeFromSuperview c parent=nav
            3 viewDidDisappear c
            3 viewDidAppear e
            3 didMoveToParent e parent=nav
            4 popToViewController nav to=b vcs=[e,c] animated
            4 willMoveToParent c
            4 willMoveToParent e
            4 viewWillDisappear e
            4 addSubview b parent=nav
            4 viewWillAppear b
            4 animationDidStart nav reason=navigation
            4 animationDidComplete nav reason=navigation
            4 removeFromSuperview e parent=nav
            4 viewDidDisappear e
            4 viewDidAppear b
            4 didMoveToParent c
            4 didMoveToParent e
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func popToTheTopPopsNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - popTo: { nav: nav, vc: a }
            """,
            events: launchEvents("nav", "a") + """
            2 popToViewController nav to=a vcs=[] animated
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func popToRoot() {
        assertReplay(Self.app, steps: """
            - launch
            - push: { nav: nav, vc: b }
            - push: { nav: nav, vc: c }
            - popToRoot: nav
            """,
            events: launchEvents("nav", "a") + """
            2 pushViewController nav child=b animated
            2 willMoveToParent b parent=nav
            2 viewWillDisappear a
            2 addSubview b parent=nav
            2 viewWillAppear b
            2 animationDidStart nav reason=navigation
            2 animationDidComplete nav reason=navigation
            2 removeFromSuperview a parent=nav
            2 viewDidDisappear a
            2 viewDidAppear b
            2 didMoveToParent b parent=nav
            3 pushViewController nav child=c animated
            3 willMoveToParent c parent=nav
            3 viewWillDisappear b
            3 addSubview c parent=nav
            3 viewWillAppear c
            3 animationDidStart nav reason=navigation
            3 animationDidComplete nav reason=navigation
            3 removeFromSuperview b parent=nav
            3 viewDidDisappear b
            3 viewDidAppear c
            3 didMoveToParent c parent=nav
            4 popToRootViewController nav to=a vcs=[c,b] animated
            4 willMoveToParent b
            4 willMoveToParent c
            4 viewWillDisappear c
            4 addSubview a parent=nav
            4 viewWillAppear a
            4 animationDidStart nav reason=navigation
            4 animationDidComplete nav reason=navigation
            4 removeFromSuperview c parent=nav
            4 viewDidDisappear c
            4 viewDidAppear a
            4 didMoveToParent b
            4 didMoveToParent c
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func setViewControllersReplacesTheStack() {
        assertReplay(Self.app, steps: """
            - launch
            - push: { nav: nav, vc: b }
            - setViewControllers: { of: nav, vcs: [c, a] }
            """,
            events: launchEvents("nav", "a") + """
            2 pushViewController nav child=b animated
            2 willMoveToParent b parent=nav
            2 viewWillDisappear a
            2 addSubview b parent=nav
            2 viewWillAppear b
            2 animationDidStart nav reason=navigation
            2 animationDidComplete nav reason=navigation
            2 removeFromSuperview a parent=nav
            2 viewDidDisappear a
            2 viewDidAppear b
            2 didMoveToParent b parent=nav
            3 setViewControllers nav vcs=[c,a] animated
            3 willMoveToParent c parent=nav
            3 willMoveToParent b
            3 viewWillDisappear b
            3 addSubview a parent=nav
            3 viewWillAppear a
            3 animationDidStart nav reason=navigation
            3 animationDidComplete nav reason=navigation
            3 removeFromSuperview b parent=nav
            3 viewDidDisappear b
            3 viewDidAppear a
            3 didMoveToParent c parent=nav
            3 didMoveToParent b
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: c>, state: disappeared, view: not mounted
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func setViewControllersKeepingTheTopMakesNoAppearanceCallbacks() {
        assertReplay(Self.app, steps: """
            - launch
            - setViewControllers: { of: nav, vcs: [b, a] }
            """,
            events: launchEvents("nav", "a") + """
            2 setViewControllers nav vcs=[b,a] animated
            2 willMoveToParent b parent=nav
            2 didMoveToParent b parent=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: b>, state: disappeared, view: not mounted
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func pushingTheSameInstanceTwiceRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - push: { nav: nav, vc: b }
            - push: { nav: nav, vc: b }
            - pop: nav
            """,
            events: launchEvents("nav", "a") + """
            2 pushViewController nav child=b animated
            2 willMoveToParent b parent=nav
            2 viewWillDisappear a
            2 addSubview b parent=nav
            2 viewWillAppear b
            2 animationDidStart nav reason=navigation
            2 animationDidComplete nav reason=navigation
            2 removeFromSuperview a parent=nav
            2 viewDidDisappear a
            2 viewDidAppear b
            2 didMoveToParent b parent=nav
            3 exception nav child=b reason=push_duplicate — <UINavigationController: nav> is pushing the same view controller instance (<UIViewController: b>) more than once which is not supported and is most likely an error in the application
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func pushingANavigationControllerRaises() {
        assertReplay(Self.withContainers, steps: """
            - launch
            - push: { nav: nav, vc: inner }
            """,
            events: launchEvents("nav", "a") + """
            2 exception nav child=inner reason=push_navigation_controller — Pushing a navigation controller is not supported
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UINavigationController: inner>, state: disappeared, view: not mounted
               | <UIViewController: d>, state: disappeared, view: mounted, not in window
            <UIViewController: c>, state: disappeared, view: not mounted
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UIViewController: p>, state: disappeared, view: mounted, not in window
               | <UIViewController: s>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    /// `show` of a navigation controller from inside a stack presents it, where `push` raises
    /// (docs/uikit-semantics.md): a Show segue to a form with its own navigation bar.
    @Test func showingANavigationControllerPresentsIt() {
        assertReplay(Self.withContainers, steps: """
            - launch
            - show: { from: a, vc: inner }
            """,
            events: launchEvents("nav", "a") + """
            2 showViewController a to=inner
            2 present a presenter=nav presented=inner style=pageSheet requestedStyle=automatic animated
            2 viewWillAppear inner
            2 viewWillAppear d
            2 animationDidStart nav reason=presentation
            2 animationDidComplete nav reason=presentation
            2 viewDidAppear inner
            2 viewDidAppear d
            2 presentationDidComplete inner presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
               + <UINavigationController: inner>, state: appeared, view: in window, presented: pageSheet (requested automatic)
                    | <UIViewController: d>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UIViewController: p>, state: disappeared, view: mounted, not in window
               | <UIViewController: s>, state: disappeared, view: not mounted
            """)
    }

    @Test func pushingASplitViewControllerIsRefused() {
        assertReplay(Self.withContainers, steps: """
            - launch
            - push: { nav: nav, vc: split }
            """,
            events: launchEvents("nav", "a") + """
            2 warning nav child=split reason=push_split_view_controller — Split View Controllers cannot be pushed to a Navigation Controller
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UINavigationController: inner>, state: disappeared, view: not mounted
               | <UIViewController: d>, state: disappeared, view: mounted, not in window
            <UIViewController: c>, state: disappeared, view: not mounted
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UIViewController: p>, state: disappeared, view: mounted, not in window
               | <UIViewController: s>, state: disappeared, view: not mounted
            """)
    }

    @Test func popToAControllerNotInTheStackRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - popTo: { nav: nav, vc: c }
            """,
            events: launchEvents("nav", "a") + """
            2 exception nav to=c reason=pop_to_missing — Tried to pop to a view controller that doesn't exist.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func duplicatesInSetViewControllersRaise() {
        assertReplay(Self.app, steps: """
            - launch
            - setViewControllers: { of: nav, vcs: [a, b, a] }
            """,
            events: launchEvents("nav", "a") + """
            2 exception nav vcs=[a,b,a] reason=duplicate_view_controllers — All view controllers in a navigation controller must be distinct
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func aNavigationControllerInSetViewControllersRaises() {
        assertReplay(Self.withContainers, steps: """
            - launch
            - setViewControllers: { of: nav, vcs: [a, inner] }
            """,
            events: launchEvents("nav", "a") + """
            2 exception nav child=inner reason=push_navigation_controller — Pushing a navigation controller is not supported
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UINavigationController: inner>, state: disappeared, view: not mounted
               | <UIViewController: d>, state: disappeared, view: mounted, not in window
            <UIViewController: c>, state: disappeared, view: not mounted
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UIViewController: p>, state: disappeared, view: mounted, not in window
               | <UIViewController: s>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func navigationCallsOnAContentControllerDoNothing() {
        // The decoder refuses `nav: a` in YAML; a spec built in code gets UIKit's no-op.
        assertReplay(Self.app, steps: """
            - launch
            - push: { nav: nav, vc: b }
            - pop: nav
            - popToRoot: nav
            """,
            retargeting: ["nav": "a"],
            events: launchEvents("nav", "a") + """
            2 warning a reason=not_navigation — <UIViewController: a> is not a navigation controller; pushViewController does nothing
            3 warning a reason=not_navigation — <UIViewController: a> is not a navigation controller; popViewController does nothing
            4 warning a reason=not_navigation — <UIViewController: a> is not a navigation controller; popToRootViewController does nothing
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: e>, state: disappeared, view: not mounted
            """)
    }

    @Test func pushingTheTopOfAnotherStackRaises() {
        assertReplay(Self.withContainers, steps: """
            - launch
            - push: { nav: nav, vc: d }
            """,
            events: launchEvents("nav", "a") + """
            2 exception d parent=inner to=nav reason=reparented_without_removal — child view controller:<UIViewController: d> should have parent view controller:<UINavigationController: inner> but requested parent is:<UINavigationController: nav>
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UINavigationController: inner>, state: disappeared, view: not mounted
               | <UIViewController: d>, state: disappeared, view: mounted, not in window
            <UIViewController: c>, state: disappeared, view: not mounted
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UIViewController: p>, state: disappeared, view: mounted, not in window
               | <UIViewController: s>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func pushingAControllerBelowTheTopOfAnotherStackMovesIt() {
        assertReplay(Self.withContainers, steps: """
            - setViewControllers: { of: inner, vcs: [d, c], animated: false }
            - launch
            - push: { nav: nav, vc: d }
            """,
            events: """
            1 setViewControllers inner vcs=[d,c]
            1 willMoveToParent c parent=inner
            1 addSubview c parent=inner
            1 removeFromSuperview d parent=inner
            1 didMoveToParent c parent=inner
            2 setRootViewController nav
            2 makeKeyAndVisible nav
            2 viewWillAppear nav
            2 viewWillAppear a
            2 viewDidAppear nav
            2 viewDidAppear a
            3 removeFromParent d parent=inner
            3 didMoveToParent d
            3 pushViewController nav child=d animated
            3 willMoveToParent d parent=nav
            3 viewWillDisappear a
            3 addSubview d parent=nav
            3 viewWillAppear d
            3 animationDidStart nav reason=navigation
            3 animationDidComplete nav reason=navigation
            3 removeFromSuperview a parent=nav
            3 viewDidDisappear a
            3 viewDidAppear d
            3 didMoveToParent d parent=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: d>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UINavigationController: inner>, state: disappeared, view: not mounted
               | <UIViewController: c>, state: disappeared, view: mounted, not in window
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UIViewController: p>, state: disappeared, view: mounted, not in window
               | <UIViewController: s>, state: disappeared, view: not mounted
            """)
    }
}
