import Testing
@testable import VCAuditReplay

/// `simultaneously`: calls issued before the first one's animation completes.
@Suite("Simultaneous calls")
struct SimultaneousTests {
    static let app = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: a }
          a:
          b:
          c:
          sheet:
          alert:
        window: nav
        """

    @Test func aDoubleTapPushesTheSameInstanceTwice() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - push: { nav: nav, vc: b }
                - push: { nav: nav, vc: b }
            """,
            events: launchEvents("nav", "a") + """
            2   pushViewController nav child=b animated
            2   willMoveToParent b parent=nav
            2   viewWillDisappear a
            2   addSubview b parent=nav
            2   viewWillAppear b
            2   animationDidStart nav reason=navigation
            2   exception nav child=b reason=push_duplicate — <UINavigationController: nav> is pushing the same view controller instance (<UIViewController: b>) more than once which is not supported and is most likely an error in the application
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappearing, view: in window
               | <UIViewController: b>, state: appearing, view: in window
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: alert>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            animations in flight: navigation of nav
            """)
    }

    @Test func aPushDuringAPushIsNested() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - push: { nav: nav, vc: b }
                - push: { nav: nav, vc: c }
            """,
            events: launchEvents("nav", "a") + """
            2   pushViewController nav child=b animated
            2   willMoveToParent b parent=nav
            2   viewWillDisappear a
            2   addSubview b parent=nav
            2   viewWillAppear b
            2   animationDidStart nav reason=navigation
            2   warning nav child=c reason=nested_navigation_animation — nested push animation can result in corrupted navigation bar
            2   pushViewController nav child=c animated
            2   willMoveToParent c parent=nav
            2   warning b reason=interrupted_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: b>.
            2   viewWillDisappear b
            2   addSubview c parent=nav
            2   viewWillAppear c
            2   animationDidStart nav reason=navigation
            2   animationDidComplete nav reason=navigation
            2   removeFromSuperview a parent=nav
            2   viewDidDisappear a
            2   didMoveToParent b parent=nav
            2   animationDidComplete nav reason=navigation
            2   removeFromSuperview b parent=nav
            2   viewDidDisappear b
            2   viewDidAppear c
            2   didMoveToParent c parent=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: disappeared, view: not mounted
               | <UIViewController: c>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: alert>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPopDuringAPushShowsTheRootAgain() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - push: { nav: nav, vc: b }
                - pop: nav
            """,
            events: launchEvents("nav", "a") + """
            2   pushViewController nav child=b animated
            2   willMoveToParent b parent=nav
            2   viewWillDisappear a
            2   addSubview b parent=nav
            2   viewWillAppear b
            2   animationDidStart nav reason=navigation
            2   warning nav child=b reason=nested_navigation_animation — nested pop animation can result in corrupted navigation bar
            2   popViewController nav child=b animated
            2   willMoveToParent b
            2   warning b reason=interrupted_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: b>.
            2   viewWillDisappear b
            2   warning a reason=interrupted_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: a>.
            2   viewWillAppear a
            2   animationDidStart nav reason=navigation
            2   animationDidComplete nav reason=navigation
            2   didMoveToParent b parent=nav
            2   animationDidComplete nav reason=navigation
            2   removeFromSuperview b parent=nav
            2   viewDidDisappear b
            2   viewDidAppear a
            2   didMoveToParent b
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: alert>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPresentDuringAPresentIsDropped() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - present: { vc: sheet, from: a }
                - present: { vc: alert, from: a }
            """,
            events: launchEvents("nav", "a") + """
            2   present a presenter=nav presented=sheet style=pageSheet requestedStyle=automatic animated
            2   viewWillAppear sheet
            2   animationDidStart nav reason=presentation
            2   warning alert presenter=nav source=a reason=presentation_in_progress — Attempt to present <UIViewController: alert> on <UINavigationController: nav> (from <UIViewController: a>) while a presentation is in progress.
            2   animationDidComplete nav reason=presentation
            2   viewDidAppear sheet
            2   presentationDidComplete sheet presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
               + <UIViewController: sheet>, state: appeared, view: in window, presented: pageSheet (requested automatic)
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: alert>, state: disappeared, view: not mounted
            """)
    }

    @Test func aDismissDuringAPresentIsDropped() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - present: { vc: sheet, from: a, style: overFullScreen }
                - dismiss: sheet
            """,
            events: launchEvents("nav", "a") + """
            2   present a presenter=nav presented=sheet style=overFullScreen animated
            2   viewWillAppear sheet
            2   animationDidStart nav reason=presentation
            2   warning sheet presenter=nav presented=sheet reason=dismiss_in_progress — Attempt to dismiss from view controller <UINavigationController: nav> while a presentation or dismiss is in progress!
            2   animationDidComplete nav reason=presentation
            2   viewDidAppear sheet
            2   presentationDidComplete sheet presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
               + <UIViewController: sheet>, state: appeared, view: in window, presented: overFullScreen
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: alert>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPresentDuringADismissIsDropped() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: sheet, from: a, style: fullScreen }
            - simultaneously:
                - dismiss: sheet
                - present: { vc: alert, from: a }
            """,
            events: launchEvents("nav", "a") + """
            2 present a presenter=nav presented=sheet style=fullScreen animated
            2 viewWillDisappear nav
            2 viewWillDisappear a
            2 viewWillAppear sheet
            2 animationDidStart nav reason=presentation
            2 animationDidComplete nav reason=presentation
            2 viewDidAppear sheet
            2 viewDidDisappear nav
            2 viewDidDisappear a
            2 presentationDidComplete sheet presenter=nav
            3   dismiss sheet presenter=nav presented=sheet animated
            3   viewWillDisappear sheet
            3   viewWillAppear nav
            3   viewWillAppear a
            3   animationDidStart nav reason=dismissal
            3   warning alert presenter=nav source=a reason=presentation_in_progress — Attempt to present <UIViewController: alert> on <UINavigationController: nav> (from <UIViewController: a>) while a presentation is in progress.
            3   animationDidComplete nav reason=dismissal
            3   viewDidAppear nav
            3   viewDidAppear a
            3   viewDidDisappear sheet
            3   dismissalDidComplete sheet presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: b>, state: disappeared, view: not mounted
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: alert>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPushDuringAPresentationStillHappens() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - present: { vc: sheet, from: a, style: fullScreen }
                - push: { nav: nav, vc: b, animated: false }
            """,
            events: launchEvents("nav", "a") + """
            2   present a presenter=nav presented=sheet style=fullScreen animated
            2   viewWillDisappear nav
            2   viewWillDisappear a
            2   viewWillAppear sheet
            2   animationDidStart nav reason=presentation
            2   pushViewController nav child=b
            2   willMoveToParent b parent=nav
            2   addSubview b parent=nav
            2   removeFromSuperview a parent=nav
            2   didMoveToParent b parent=nav
            2   animationDidComplete nav reason=presentation
            2   viewDidAppear sheet
            2   viewDidDisappear nav
            2   viewDidDisappear a
            2   presentationDidComplete sheet presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: disappeared, view: removed (covered by sheet)
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: disappeared, view: mounted, not in window
               + <UIViewController: sheet>, state: appeared, view: in window, presented: fullScreen
            not in the window's hierarchy:
            <UIViewController: c>, state: disappeared, view: not mounted
            <UIViewController: alert>, state: disappeared, view: not mounted
            """)
    }
}
