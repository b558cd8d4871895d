import Testing
@testable import VCAuditReplay

/// `present` in every style: the presenter UIKit resolves, adaptation to the width and iOS version,
/// which styles remove the presenter's view, and UIKit's order: presenter `viewWillDisappear` (when its
/// view goes), presented `viewWillAppear`, then presented `viewDidAppear`, presenter `viewDidDisappear`.
@Suite("Presentation")
struct PresentationTests {
    /// A tab bar whose first tab is a navigation controller, which defines the presentation context unless
    /// `definer` is false (UIKit's default is true for a navigation controller).
    static func app(ios: Int = 17, definer: Bool? = nil) -> String {
        """
        vcaudit: 1
        ios: \(ios)
        controllers:
          tabs: { kind: tabBar, children: [nav, second] }
          nav: { kind: navigation, root: home\(definer.map { ", definesPresentationContext: \($0)" } ?? "") }
          home:
          second:
          sheet:
          other:
        window: tabs
        """
    }

    @Test func fullScreenRemovesThePresenterAfterTheAnimation() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: home, style: fullScreen }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=fullScreen animated
            2 viewWillDisappear tabs
            2 viewWillDisappear nav
            2 viewWillDisappear home
            2 viewWillAppear sheet
            2 animationDidStart tabs reason=presentation
            2 animationDidComplete tabs reason=presentation
            2 viewDidAppear sheet
            2 viewDidDisappear tabs
            2 viewDidDisappear nav
            2 viewDidDisappear home
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: disappeared, view: removed (covered by sheet), selected: nav
               | <UINavigationController: nav>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: home>, state: disappeared, view: mounted, not in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: fullScreen
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func pageSheetStaysASheetInCompactWidthFromIOS13() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: home, style: pageSheet, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=pageSheet
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: pageSheet
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func pageSheetIsFullScreenInCompactWidthBeforeIOS13() {
        assertReplay(Self.app(ios: 12), steps: """
            - launch
            - present: { vc: sheet, from: home, style: pageSheet, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=fullScreen requestedStyle=pageSheet
            2 viewWillDisappear tabs
            2 viewWillDisappear nav
            2 viewWillDisappear home
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 viewDidDisappear tabs
            2 viewDidDisappear nav
            2 viewDidDisappear home
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: disappeared, view: removed (covered by sheet), selected: nav
               | <UINavigationController: nav>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: home>, state: disappeared, view: mounted, not in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: fullScreen (requested pageSheet)
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func formSheetInRegularWidth() {
        assertReplay(Self.app(ios: 12), device: "ipad", steps: """
            - launch
            - present: { vc: sheet, from: home, style: formSheet, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=formSheet
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: formSheet
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func automaticIsAPageSheetFromIOS13() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: second, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present second presenter=tabs presented=sheet style=pageSheet requestedStyle=automatic
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: pageSheet (requested automatic)
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func automaticIsFullScreenBeforeIOS13() {
        assertReplay(Self.app(ios: 12), steps: """
            - launch
            - present: { vc: sheet, from: home, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=fullScreen requestedStyle=automatic
            2 viewWillDisappear tabs
            2 viewWillDisappear nav
            2 viewWillDisappear home
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 viewDidDisappear tabs
            2 viewDidDisappear nav
            2 viewDidDisappear home
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: disappeared, view: removed (covered by sheet), selected: nav
               | <UINavigationController: nav>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: home>, state: disappeared, view: mounted, not in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: fullScreen (requested automatic)
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func overFullScreenLeavesThePresenterOnScreen() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: home, style: overFullScreen, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=overFullScreen
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: overFullScreen
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func customStyleLeavesThePresenterOnScreen() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: nav, style: custom, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present nav presenter=tabs presented=sheet style=custom
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: custom
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func currentContextReplacesTheDefiner() {
        assertReplay(Self.app(definer: true), device: "ipad", steps: """
            - launch
            - present: { vc: sheet, from: home, style: currentContext, animated: false }
            - select: second
            - select: nav
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=nav presented=sheet style=currentContext
            2 viewWillDisappear nav
            2 viewWillDisappear home
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 viewDidDisappear nav
            2 viewDidDisappear home
            2 presentationDidComplete sheet presenter=nav
            3 setSelectedViewController tabs from=nav to=second
            3 addSubview second parent=tabs
            3 viewWillAppear second
            3 viewWillDisappear sheet
            3 removeFromSuperview nav parent=tabs
            3 viewDidDisappear sheet
            3 viewDidAppear second
            4 setSelectedViewController tabs from=second to=nav
            4 addSubview nav parent=tabs
            4 viewWillAppear sheet
            4 viewWillDisappear second
            4 removeFromSuperview second parent=tabs
            4 viewDidDisappear second
            4 viewDidAppear sheet
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: disappeared, view: removed (covered by sheet)
               |    | <UIViewController: home>, state: disappeared, view: mounted, not in window
               |    + <UIViewController: sheet>, state: appeared, view: in window, presented: currentContext
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func currentContextWithoutADefinerFallsBackToTheRoot() {
        assertReplay(Self.app(definer: false), device: "ipad", steps: """
            - launch
            - present: { vc: sheet, from: home, style: currentContext, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=currentContext
            2 viewWillDisappear tabs
            2 viewWillDisappear nav
            2 viewWillDisappear home
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 viewDidDisappear tabs
            2 viewDidDisappear nav
            2 viewDidDisappear home
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UITabBarController: tabs>, state: disappeared, view: removed (covered by sheet), selected: nav
               | <UINavigationController: nav>, state: disappeared, view: mounted, not in window, does not define presentation context
               |    | <UIViewController: home>, state: disappeared, view: mounted, not in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: currentContext
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func overCurrentContextLeavesTheDefinerOnScreen() {
        assertReplay(Self.app(definer: true), device: "ipad", steps: """
            - launch
            - present: { vc: sheet, from: home, style: overCurrentContext, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=nav presented=sheet style=overCurrentContext
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=nav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               |    + <UIViewController: sheet>, state: appeared, view: in window, presented: overCurrentContext
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    /// Apps in the field: `overCurrentContext` inside a navigation controller covers that navigation controller
    /// on iPhone too, and the tab bar stays on screen (docs/uikit-semantics.md).
    @Test func contextStylesKeepTheirContextInCompactWidth() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: home, style: overCurrentContext, animated: false }
            - expect: { presented: { by: nav, vc: sheet }, visible: [tabs, nav, home, sheet] }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=nav presented=sheet style=overCurrentContext
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=nav
            3 expect passed (presented by nav: sheet)
            3 expect passed (visible [tabs, nav, home, sheet])
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               |    + <UIViewController: sheet>, state: appeared, view: in window, presented: overCurrentContext
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func presentingFromAControllerInAnUnselectedTabPresentsOnTheTabBar() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: second, style: overFullScreen, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present second presenter=tabs presented=sheet style=overFullScreen
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: overFullScreen
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func presentingOnItselfRaises() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: home, from: home }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 exception home source=home reason=present_self — Application tried to present modal view controller on itself. Presenting controller is <UIViewController: home>.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: other>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func presentingAPresentedControllerRaises() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: home, animated: false }
            - present: { vc: sheet, from: nav }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=pageSheet requestedStyle=automatic
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            3 exception sheet presenter=tabs source=nav reason=already_presented — Application tried to present modally a view controller <UIViewController: sheet> that is already being presented by <UITabBarController: tabs>.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: pageSheet (requested automatic)
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func presentingAChildRaises() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: second, from: home }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 exception second parent=tabs source=home reason=has_parent — Application tried to present modally a view controller <UIViewController: second> that has a parent view controller <UITabBarController: tabs>.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: other>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func presentingTheWindowRootRaises() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: tabs, from: home }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 exception tabs source=home reason=active_controller — Application tried to present modally an active controller <UITabBarController: tabs>.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: other>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func presentingFromAPresenterThatAlreadyPresentsIsDropped() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: home, animated: false }
            - present: { vc: other, from: nav }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=pageSheet requestedStyle=automatic
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 presentationDidComplete sheet presenter=tabs
            3 warning other presenter=tabs source=nav presented=sheet reason=already_presenting — Attempt to present <UIViewController: other> on <UITabBarController: tabs> (from <UINavigationController: nav>) which is already presenting <UIViewController: sheet>.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: pageSheet (requested automatic)
            not in the window's hierarchy:
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func presentingFromAControllerOutOfTheWindowIsDropped() {
        assertReplay(Self.app(), steps: """
            - present: { vc: sheet, from: home }
            - launch
            - present: { vc: other, from: sheet }
            """,
            events: """
            1 warning sheet presenter=tabs source=home reason=not_in_window — Attempt to present <UIViewController: sheet> on <UITabBarController: tabs> (from <UIViewController: home>) whose view is not in the window hierarchy.
            2 setRootViewController tabs
            2 makeKeyAndVisible tabs
            2 viewWillAppear tabs
            2 viewWillAppear nav
            2 viewWillAppear home
            2 viewDidAppear tabs
            2 viewDidAppear nav
            2 viewDidAppear home
            3 warning other presenter=sheet source=sheet reason=not_in_window — Attempt to present <UIViewController: other> on <UIViewController: sheet> (from <UIViewController: sheet>) whose view is not in the window hierarchy.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: second>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: sheet>, state: disappeared, view: not mounted
            <UIViewController: other>, state: disappeared, view: not mounted
            """)
    }

    @Test func aChainOfPresentations() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: sheet, from: home, style: fullScreen, animated: false }
            - present: { vc: other, from: sheet, style: pageSheet, animated: false }
            """,
            events: launchEvents("tabs", "nav", "home") + """
            2 present home presenter=tabs presented=sheet style=fullScreen
            2 viewWillDisappear tabs
            2 viewWillDisappear nav
            2 viewWillDisappear home
            2 viewWillAppear sheet
            2 viewDidAppear sheet
            2 viewDidDisappear tabs
            2 viewDidDisappear nav
            2 viewDidDisappear home
            2 presentationDidComplete sheet presenter=tabs
            3 present sheet presenter=sheet presented=other style=pageSheet
            3 viewWillAppear other
            3 viewDidAppear other
            3 presentationDidComplete other presenter=sheet
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: disappeared, view: removed (covered by sheet), selected: nav
               | <UINavigationController: nav>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: home>, state: disappeared, view: mounted, not in window
               | <UIViewController: second>, state: disappeared, view: not mounted
               + <UIViewController: sheet>, state: appeared, view: in window, presented: fullScreen
                    + <UIViewController: other>, state: appeared, view: in window, presented: pageSheet
            """)
    }
}

/// Popovers: anchors, adaptation in compact width per iOS version and the adaptive delegate, and the iPad crash.
@Suite("Popover presentation")
struct PopoverPresentationTests {
    static func app(ios: Int = 17) -> String {
        """
        vcaudit: 1
        ios: \(ios)
        controllers:
          nav: { kind: navigation, root: home }
          home:
          info: { modalPresentationStyle: popover, popover: { barButtonItem: infoItem } }
          bare: { modalPresentationStyle: popover }
          pinned: { modalPresentationStyle: popover, popover: { sourceView: pin, adaptive: none } }
        window: nav
        """
    }

    @Test func aPopoverInRegularWidth() {
        assertReplay(Self.app(), device: "ipad", steps: """
            - launch
            - present: { vc: info, from: home }
            """,
            events: launchEvents("nav", "home") + """
            2 present home presenter=nav presented=info style=popover anchor=barButtonItem:infoItem animated
            2 viewWillAppear info
            2 animationDidStart nav reason=presentation
            2 animationDidComplete nav reason=presentation
            2 viewDidAppear info
            2 presentationDidComplete info presenter=nav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UIViewController: info>, state: appeared, view: in window, presented: popover, anchor: barButtonItem:infoItem
            not in the window's hierarchy:
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: pinned>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPopoverIsASheetInCompactWidthFromIOS13() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: info, from: home, animated: false }
            """,
            events: launchEvents("nav", "home") + """
            2 present home presenter=nav presented=info style=formSheet requestedStyle=popover anchor=barButtonItem:infoItem
            2 viewWillAppear info
            2 viewDidAppear info
            2 presentationDidComplete info presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UIViewController: info>, state: appeared, view: in window, presented: formSheet (requested popover), anchor: barButtonItem:infoItem
            not in the window's hierarchy:
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: pinned>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPopoverIsOverFullScreenInCompactWidthBeforeIOS13() {
        assertReplay(Self.app(ios: 12), steps: """
            - launch
            - present: { vc: info, from: home, animated: false }
            """,
            events: launchEvents("nav", "home") + """
            2 present home presenter=nav presented=info style=overFullScreen requestedStyle=popover anchor=barButtonItem:infoItem
            2 viewWillAppear info
            2 viewDidAppear info
            2 presentationDidComplete info presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UIViewController: info>, state: appeared, view: in window, presented: overFullScreen (requested popover), anchor: barButtonItem:infoItem
            not in the window's hierarchy:
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: pinned>, state: disappeared, view: not mounted
            """)
    }

    @Test func adaptiveNoneKeepsThePopoverInCompactWidth() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: pinned, from: home, animated: false }
            """,
            events: launchEvents("nav", "home") + """
            2 present home presenter=nav presented=pinned style=popover anchor=sourceView:pin
            2 viewWillAppear pinned
            2 viewDidAppear pinned
            2 presentationDidComplete pinned presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UIViewController: pinned>, state: appeared, view: in window, presented: popover, anchor: sourceView:pin
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPopoverWithoutAnchorRaisesInRegularWidth() {
        assertReplay(Self.app(), device: "ipad", steps: """
            - launch
            - present: { vc: bare, from: home }
            """,
            events: launchEvents("nav", "home") + """
            2 exception bare presenter=nav source=home style=popover anchor=none reason=popover_missing_anchor — UIPopoverPresentationController (<UIPopoverPresentationController: bare>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: pinned>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func aPopoverWithoutAnchorAdaptsSilentlyInCompactWidth() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: bare, from: home, animated: false }
            """,
            events: launchEvents("nav", "home") + """
            2 present home presenter=nav presented=bare style=formSheet requestedStyle=popover anchor=none
            2 viewWillAppear bare
            2 viewDidAppear bare
            2 presentationDidComplete bare presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UIViewController: bare>, state: appeared, view: in window, presented: formSheet (requested popover), anchor: none
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: pinned>, state: disappeared, view: not mounted
            """)
    }

    @Test func theStepsAnchorReplacesTheControllers() {
        assertReplay(Self.app(), device: "ipad", steps: """
            - launch
            - present: { vc: bare, from: home, anchor: { sourceView: button, sourceRect: [0, 0, 10, 10] }, animated: false }
            """,
            events: launchEvents("nav", "home") + """
            2 present home presenter=nav presented=bare style=popover anchor=sourceView:button
            2 viewWillAppear bare
            2 viewDidAppear bare
            2 presentationDidComplete bare presenter=nav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UIViewController: bare>, state: appeared, view: in window, presented: popover, anchor: sourceView:button
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: pinned>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPopoverStyleForAnotherControllerUsesTheStepsAnchor() {
        assertReplay(Self.app(), device: "ipad", steps: """
            - launch
            - present: { vc: info, from: home, style: popover, anchor: { barButtonItem: other, sourceView: both }, animated: false }
            """,
            events: launchEvents("nav", "home") + """
            2 present home presenter=nav presented=info style=popover anchor=barButtonItem:other,sourceView:both
            2 viewWillAppear info
            2 viewDidAppear info
            2 presentationDidComplete info presenter=nav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: home>, state: appeared, view: in window
               + <UIViewController: info>, state: appeared, view: in window, presented: popover, anchor: barButtonItem:other,sourceView:both
            not in the window's hierarchy:
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: pinned>, state: disappeared, view: not mounted
            """)
    }
}
