import Testing
@testable import VCAuditReplay
import VCAuditSpec

/// Split view controllers (`showDetail` and `show` routing in both widths) and page view controllers.
@Suite("Split and page view controllers")
struct SplitAndPageTests {
    static let split = """
        vcaudit: 1
        controllers:
          split: { kind: split, children: [listNav, detailNav] }
          listNav: { kind: navigation, root: list }
          list:
          detailNav: { kind: navigation, root: placeholder }
          placeholder:
          editor:
          editorNav: { kind: navigation, root: page }
          page:
        window: split
        """

    @Test func showDetailReplacesTheSecondaryInRegularWidth() {
        assertReplay(Self.split, device: "ipad", steps: """
            - launch
            - showDetail: { from: list, vc: editor }
            """,
            events: launchEvents("split", "listNav", "list", "detailNav", "placeholder") + """
            2 showDetailViewController list to=editor
            2 setViewControllers split vcs=[listNav,editor]
            2 willMoveToParent editor parent=split
            2 willMoveToParent detailNav
            2 viewWillDisappear detailNav
            2 viewWillDisappear placeholder
            2 addSubview editor parent=split
            2 viewWillAppear editor
            2 removeFromSuperview detailNav parent=split
            2 viewDidDisappear detailNav
            2 viewDidDisappear placeholder
            2 viewDidAppear editor
            2 didMoveToParent editor parent=split
            2 didMoveToParent detailNav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: editor>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: detailNav>, state: disappeared, view: not mounted
               | <UIViewController: placeholder>, state: disappeared, view: mounted, not in window
            <UINavigationController: editorNav>, state: disappeared, view: not mounted
               | <UIViewController: page>, state: disappeared, view: mounted, not in window
            """)
    }

    @Test func showDetailPushesOntoThePrimaryInCompactWidth() {
        assertReplay(Self.split, steps: """
            - launch
            - showDetail: { from: list, vc: editorNav }
            """,
            events: launchEvents("split", "listNav", "list") + """
            2 showDetailViewController list to=editorNav
            2 pushViewController listNav child=editorNav animated
            2 willMoveToParent editorNav parent=listNav
            2 viewWillDisappear list
            2 addSubview editorNav parent=listNav
            2 viewWillAppear editorNav
            2 viewWillAppear page
            2 animationDidStart listNav reason=navigation
            2 animationDidComplete listNav reason=navigation
            2 removeFromSuperview list parent=listNav
            2 viewDidDisappear list
            2 viewDidAppear editorNav
            2 viewDidAppear page
            2 didMoveToParent editorNav parent=listNav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: disappeared, view: not mounted
               |    | <UINavigationController: editorNav>, state: appeared, view: in window
               |    |    | <UIViewController: page>, state: appeared, view: in window
               | <UINavigationController: detailNav>, state: disappeared, view: not mounted
               |    | <UIViewController: placeholder>, state: disappeared, view: mounted, not in window
            not in the window's hierarchy:
            <UIViewController: editor>, state: disappeared, view: not mounted
            """)
    }

    @Test func showPushesOntoTheNearestNavigationController() {
        assertReplay(Self.split, device: "ipad", steps: """
            - launch
            - show: { from: placeholder, vc: editor }
            """,
            events: launchEvents("split", "listNav", "list", "detailNav", "placeholder") + """
            2 showViewController placeholder to=editor
            2 pushViewController detailNav child=editor animated
            2 willMoveToParent editor parent=detailNav
            2 viewWillDisappear placeholder
            2 addSubview editor parent=detailNav
            2 viewWillAppear editor
            2 animationDidStart detailNav reason=navigation
            2 animationDidComplete detailNav reason=navigation
            2 removeFromSuperview placeholder parent=detailNav
            2 viewDidDisappear placeholder
            2 viewDidAppear editor
            2 didMoveToParent editor parent=detailNav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UINavigationController: detailNav>, state: appeared, view: in window
               |    | <UIViewController: placeholder>, state: disappeared, view: not mounted
               |    | <UIViewController: editor>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: editorNav>, state: disappeared, view: not mounted
               | <UIViewController: page>, state: disappeared, view: mounted, not in window
            """)
    }

    /// A split overrides `show(_:sender:)` too: a source that reaches it with no navigation controller on the way
    /// (the split itself, or a column that is not in one) makes `vc` the primary column, as Apple's
    /// `UISplitViewController.show(_:sender:)` says; it was presented before (docs/uikit-semantics.md).
    @Test func showReachingTheSplitReplacesItsPrimary() {
        assertReplay(Self.split, device: "ipad", steps: """
            - launch
            - show: { from: split, vc: editor }
            """,
            events: launchEvents("split", "listNav", "list", "detailNav", "placeholder") + """
            2 showViewController split to=editor
            2 setViewControllers split vcs=[editor,detailNav]
            2 willMoveToParent editor parent=split
            2 willMoveToParent listNav
            2 viewWillDisappear listNav
            2 viewWillDisappear list
            2 addSubview editor parent=split
            2 viewWillAppear editor
            2 removeFromSuperview listNav parent=split
            2 viewDidDisappear listNav
            2 viewDidDisappear list
            2 viewDidAppear editor
            2 didMoveToParent editor parent=split
            2 didMoveToParent listNav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UIViewController: editor>, state: appeared, view: in window
               | <UINavigationController: detailNav>, state: appeared, view: in window
               |    | <UIViewController: placeholder>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: listNav>, state: disappeared, view: not mounted
               | <UIViewController: list>, state: disappeared, view: mounted, not in window
            <UINavigationController: editorNav>, state: disappeared, view: not mounted
               | <UIViewController: page>, state: disappeared, view: mounted, not in window
            """)
    }

    /// A controller a split already shows, shown again as its primary, leaves the other column: a split holds each
    /// controller once (`show`), and so does one shown as the detail that was the primary (`showDetail`).
    @Test func showInASplitHoldsEachControllerOnce() throws {
        let split = """
            vcaudit: 1
            device: ipad
            controllers:
              split: { kind: split, children: [list, detail] }
              list:
              detail:
            window: split
            """
        for (step, expected) in [("show: { from: list, vc: detail }", ["detail"]), ("showDetail: { from: list, vc: list }", ["list"])] as [(String, [ControllerID])] {
            let spec = try #require(loadSpec(specText(split, steps: "- launch\n- \(step)")))
            let result = Replay.run(spec, scenario: spec.scenarios[0])
            #expect(Array(result.finalState.children(of: "split")) == expected, "\(step)")
            #expect(!eventLines(result.log).contains("vcs=[detail,detail]") && !eventLines(result.log).contains("vcs=[list,list]"))
        }
    }

    /// Only a split overrides `showDetailViewController`: in a stack the split does not hold (here one presented
    /// by the split), the detail is presented, with its own style, not pushed (docs/uikit-semantics.md).
    @Test func showDetailWithoutASplitPresents() {
        assertReplay(Self.split, device: "ipad", steps: """
            - launch
            - present: { vc: editorNav, from: list, style: formSheet, animated: false }
            - showDetail: { from: page, vc: editor }
            """,
            events: launchEvents("split", "listNav", "list", "detailNav", "placeholder") + """
            2 present list presenter=split presented=editorNav style=formSheet
            2 viewWillAppear editorNav
            2 viewWillAppear page
            2 viewDidAppear editorNav
            2 viewDidAppear page
            2 presentationDidComplete editorNav presenter=split
            3 showDetailViewController page to=editor
            3 present page presenter=editorNav presented=editor style=pageSheet requestedStyle=automatic animated
            3 viewWillAppear editor
            3 animationDidStart editorNav reason=presentation
            3 animationDidComplete editorNav reason=presentation
            3 viewDidAppear editor
            3 presentationDidComplete editor presenter=editorNav
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UINavigationController: detailNav>, state: appeared, view: in window
               |    | <UIViewController: placeholder>, state: appeared, view: in window
               + <UINavigationController: editorNav>, state: appeared, view: in window, presented: formSheet
                    | <UIViewController: page>, state: appeared, view: in window
                    + <UIViewController: editor>, state: appeared, view: in window, presented: pageSheet (requested automatic)
            """)
    }

    /// A Show Detail segue in an iPhone app without a split: the navigation controller around it presents its
    /// destination, even a navigation controller (pushing one would raise).
    @Test func showDetailInAPlainNavigationStackPresents() {
        assertReplay("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: menu }
              menu:
              guideNav: { kind: navigation, root: guide }
              guide:
            window: nav
            """, steps: """
            - launch
            - showDetail: { from: menu, vc: guideNav }
            """,
            events: launchEvents("nav", "menu") + """
            2 showDetailViewController menu to=guideNav
            2 present menu presenter=nav presented=guideNav style=pageSheet requestedStyle=automatic animated
            2 viewWillAppear guideNav
            2 viewWillAppear guide
            2 animationDidStart nav reason=presentation
            2 animationDidComplete nav reason=presentation
            2 viewDidAppear guideNav
            2 viewDidAppear guide
            2 presentationDidComplete guideNav presenter=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: menu>, state: appeared, view: in window
               + <UINavigationController: guideNav>, state: appeared, view: in window, presented: pageSheet (requested automatic)
                    | <UIViewController: guide>, state: appeared, view: in window
            """)
    }

    static let book = """
        vcaudit: 1
        controllers:
          book: { kind: page, children: [page1] }
          page1:
          page2:
          spread: { kind: page, spine: mid, children: [left, right] }
          left:
          right:
        window: book
        """

    /// A scrolling page view controller (the default) makes the new page's `viewDidAppear` before the old page's
    /// `viewDidDisappear`.
    @Test func turningAScrollingPageCallsTheNewPageDidAppearFirst() {
        assertReplay(Self.book, steps: """
            - launch
            - setViewControllers: { of: book, vcs: [page2] }
            """,
            events: launchEvents("book", "page1") + """
            2 setViewControllers book vcs=[page2] animated
            2 willMoveToParent page2 parent=book
            2 willMoveToParent page1
            2 addSubview page2 parent=book
            2 viewWillAppear page2
            2 viewWillDisappear page1
            2 animationDidStart book reason=navigation
            2 animationDidComplete book reason=navigation
            2 removeFromSuperview page1 parent=book
            2 viewDidAppear page2
            2 viewDidDisappear page1
            2 didMoveToParent page2 parent=book
            2 didMoveToParent page1
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIPageViewController: book>, state: appeared, view: in window
               | <UIViewController: page2>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: page1>, state: disappeared, view: not mounted
            <UIPageViewController: spread>, state: disappeared, view: not mounted
               | <UIViewController: left>, state: disappeared, view: mounted, not in window
               | <UIViewController: right>, state: disappeared, view: mounted, not in window
            """)
    }

    /// A page curl makes the old page's `viewDidDisappear` first, as a tab switch does.
    @Test func turningACurlingPageUsesTheTabOrder() {
        assertReplay(Self.book.replacingOccurrences(of: "book: { kind: page,", with: "book: { kind: page, transitionStyle: pageCurl,"), steps: """
            - launch
            - setViewControllers: { of: book, vcs: [page2] }
            """,
            events: launchEvents("book", "page1") + """
            2 setViewControllers book vcs=[page2] animated
            2 willMoveToParent page2 parent=book
            2 willMoveToParent page1
            2 addSubview page2 parent=book
            2 viewWillAppear page2
            2 viewWillDisappear page1
            2 animationDidStart book reason=navigation
            2 animationDidComplete book reason=navigation
            2 removeFromSuperview page1 parent=book
            2 viewDidDisappear page1
            2 viewDidAppear page2
            2 didMoveToParent page2 parent=book
            2 didMoveToParent page1
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIPageViewController: book>, state: appeared, view: in window
               | <UIViewController: page2>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: page1>, state: disappeared, view: not mounted
            <UIPageViewController: spread>, state: disappeared, view: not mounted
               | <UIViewController: left>, state: disappeared, view: mounted, not in window
               | <UIViewController: right>, state: disappeared, view: mounted, not in window
            """)
    }

    @Test func theWrongNumberOfPagesRaises() {
        assertReplay(Self.book, steps: """
            - launch
            - setViewControllers: { of: book, vcs: [page1, page2] }
            """,
            events: launchEvents("book", "page1") + """
            2 exception book vcs=[page1,page2] reason=page_count_mismatch — The number of view controllers provided (2) doesn't match the number required (1) for the requested transition
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIPageViewController: book>, state: appeared, view: in window
               | <UIViewController: page1>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: page2>, state: disappeared, view: not mounted
            <UIPageViewController: spread>, state: disappeared, view: not mounted
               | <UIViewController: left>, state: disappeared, view: mounted, not in window
               | <UIViewController: right>, state: disappeared, view: mounted, not in window
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func aMidSpineNeedsTwoPagesAtLaunch() {
        let badSpread = Self.book.replacingOccurrences(of: "children: [left, right]", with: "children: [left]")
            .replacingOccurrences(of: "window: book", with: "window: spread")
        assertReplay(badSpread, steps: """
            - launch
            """,
            events: """
            1 setRootViewController spread
            1 exception spread vcs=[left] reason=page_count_mismatch — The number of view controllers provided (1) doesn't match the number required (2) for the requested transition
            """,
            tree: """
            window (not visible; width compact, height regular)
            <UIPageViewController: spread>, state: disappeared, view: mounted, not in window
               | <UIViewController: left>, state: disappeared, view: mounted, not in window
            not in the window's hierarchy:
            <UIPageViewController: book>, state: disappeared, view: not mounted
               | <UIViewController: page1>, state: disappeared, view: mounted, not in window
            <UIViewController: page2>, state: disappeared, view: not mounted
            <UIViewController: right>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }
}
