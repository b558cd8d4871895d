import Testing
@testable import VCAuditReplay

/// `dismiss` as UIKit resolves it: a presenting receiver dismisses what it (or an ancestor) presents, a
/// presented one forwards to its presenter, everything above goes too. Order: dismissed `viewWillDisappear`,
/// presenter `viewWillAppear` (when its view had been removed), presenter `viewDidAppear`, dismissed `viewDidDisappear`.
@Suite("Dismissal")
struct DismissTests {
    static let app = """
        vcaudit: 1
        controllers:
          root: { kind: navigation, root: home }
          home:
          modalNav: { kind: navigation, root: form }
          form:
          alert:
          loose:
        window: root
        """

    @Test func dismissingThePresentedControllerForwardsToItsPresenter() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: modalNav, from: home, style: fullScreen }
            - dismiss: modalNav
            """,
            events: launchEvents("root", "home") + """
            2 present home presenter=root presented=modalNav style=fullScreen animated
            2 viewWillDisappear root
            2 viewWillDisappear home
            2 viewWillAppear modalNav
            2 viewWillAppear form
            2 animationDidStart root reason=presentation
            2 animationDidComplete root reason=presentation
            2 viewDidAppear modalNav
            2 viewDidAppear form
            2 viewDidDisappear root
            2 viewDidDisappear home
            2 presentationDidComplete modalNav presenter=root
            3 dismiss modalNav presenter=root presented=modalNav animated
            3 viewWillDisappear modalNav
            3 viewWillDisappear form
            3 viewWillAppear root
            3 viewWillAppear home
            3 animationDidStart root reason=dismissal
            3 animationDidComplete root reason=dismissal
            3 viewDidAppear root
            3 viewDidAppear home
            3 viewDidDisappear modalNav
            3 viewDidDisappear form
            3 dismissalDidComplete modalNav presenter=root
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: root>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: alert>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func dismissingFromAChildOfAPresentedNavigationController() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: modalNav, from: home, style: pageSheet, animated: false }
            - dismiss: { vc: form, animated: false }
            """,
            events: launchEvents("root", "home") + """
            2 present home presenter=root presented=modalNav style=pageSheet
            2 viewWillAppear modalNav
            2 viewWillAppear form
            2 viewDidAppear modalNav
            2 viewDidAppear form
            2 presentationDidComplete modalNav presenter=root
            3 dismiss form presenter=root presented=modalNav
            3 viewWillDisappear modalNav
            3 viewWillDisappear form
            3 viewDidDisappear modalNav
            3 viewDidDisappear form
            3 dismissalDidComplete modalNav presenter=root
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: root>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: alert>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func dismissingFromThePresenterDismissesTheWholeChain() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: modalNav, from: home, style: fullScreen, animated: false }
            - present: { vc: alert, from: form, style: overFullScreen, animated: false }
            - dismiss: { vc: home, animated: false }
            """,
            events: launchEvents("root", "home") + """
            2 present home presenter=root presented=modalNav style=fullScreen
            2 viewWillDisappear root
            2 viewWillDisappear home
            2 viewWillAppear modalNav
            2 viewWillAppear form
            2 viewDidAppear modalNav
            2 viewDidAppear form
            2 viewDidDisappear root
            2 viewDidDisappear home
            2 presentationDidComplete modalNav presenter=root
            3 present form presenter=modalNav presented=alert style=overFullScreen
            3 viewWillAppear alert
            3 viewDidAppear alert
            3 presentationDidComplete alert presenter=modalNav
            4 dismiss home presenter=root presented=modalNav
            4 viewWillDisappear alert
            4 viewWillDisappear modalNav
            4 viewWillDisappear form
            4 viewWillAppear root
            4 viewWillAppear home
            4 viewDidAppear root
            4 viewDidAppear home
            4 viewDidDisappear alert
            4 viewDidDisappear modalNav
            4 viewDidDisappear form
            4 dismissalDidComplete modalNav presenter=root
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: root>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: alert>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func dismissingFromAChildWhoseAncestorPresentsDismissesThatPresentation() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: modalNav, from: home, style: pageSheet, animated: false }
            - present: { vc: alert, from: form, style: overFullScreen, animated: false }
            - dismiss: { vc: form, animated: false }
            """,
            events: launchEvents("root", "home") + """
            2 present home presenter=root presented=modalNav style=pageSheet
            2 viewWillAppear modalNav
            2 viewWillAppear form
            2 viewDidAppear modalNav
            2 viewDidAppear form
            2 presentationDidComplete modalNav presenter=root
            3 present form presenter=modalNav presented=alert style=overFullScreen
            3 viewWillAppear alert
            3 viewDidAppear alert
            3 presentationDidComplete alert presenter=modalNav
            4 dismiss form presenter=modalNav presented=alert
            4 viewWillDisappear alert
            4 viewDidDisappear alert
            4 dismissalDidComplete alert presenter=modalNav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: root>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UINavigationController: modalNav>, state: appeared, view: in window, presented: pageSheet
                    | <UIViewController: form>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: alert>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func dismissingWithNothingPresentedDoesNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - dismiss: loose
            """,
            events: launchEvents("root", "home") + """
            2 dismiss loose animated
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: root>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: alert>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }
}
