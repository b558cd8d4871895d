import Testing
@testable import VCAuditReplay

/// Container transitions that overlap in one run-loop turn (docs/uikit-semantics.md): a custom container's two
/// animated `transition(from:to:)` calls, and a page view controller's animated turn during another.
@Suite("Overlapping container transitions")
struct OverlappingTransitionTests {
    static let app = """
        vcaudit: 1
        controllers:
          pager: { kind: container, children: [feed] }
          feed:
          trending:
          saved:
          book: { kind: page, children: [page1] }
          page1:
          page2:
          page3:
        window: pager
        transitions:
          showTrending:
            calls:
              - addChild: { parent: pager, child: trending }
              - transition: { parent: pager, from: feed, to: trending }
          showSaved:
            calls:
              - addChild: { parent: pager, child: saved }
              - transition: { parent: pager, from: trending, to: saved }
          swapBack:
            calls:
              - transition: { parent: pager, from: feed, to: trending }
              - removeFromParent: feed
        """

    @Test("a second animated transition(from:to:) in the same turn begins appearance on a child still appearing")
    func twoTransitionsInOneTurnOverlap() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - perform: showTrending
                - perform: showSaved
            """,
            events: launchEvents("pager", "feed") + """
            2     addChild pager child=trending
            2     willMoveToParent trending parent=pager
            2     transitionFromViewController pager from=feed to=trending animated
            2     viewWillDisappear feed
            2     addSubview trending parent=pager
            2     viewWillAppear trending
            2     animationDidStart pager reason=transition
            2     addChild pager child=saved
            2     willMoveToParent saved parent=pager
            2     transitionFromViewController pager from=trending to=saved animated
            2     warning trending reason=overlapping_transition — Unbalanced calls to begin/end appearance transitions for <UIViewController: trending>.
            2     viewWillDisappear trending
            2     addSubview saved parent=pager
            2     viewWillAppear saved
            2     animationDidStart pager reason=transition
            2     animationDidComplete pager reason=transition
            2     removeFromSuperview feed parent=pager
            2     viewDidDisappear feed
            2     animationDidComplete pager reason=transition
            2     removeFromSuperview trending parent=pager
            2     viewDidDisappear trending
            2     viewDidAppear saved
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: pager>, state: appeared, view: in window
               | <UIViewController: feed>, state: disappeared, view: not mounted
               | <UIViewController: trending>, state: disappeared, view: not mounted
               | <UIViewController: saved>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIPageViewController: book>, state: disappeared, view: not mounted
               | <UIViewController: page1>, state: disappeared, view: mounted, not in window
            <UIViewController: page2>, state: disappeared, view: not mounted
            <UIViewController: page3>, state: disappeared, view: not mounted
            """)
    }

    @Test("calls after a transition(from:to:) are its completion block: nothing overlaps")
    func callsAfterATransitionRunAtItsCompletion() {
        assertReplay(Self.app, steps: """
            - launch
            - addChild: { parent: pager, child: trending }
            - perform: swapBack
            """,
            events: launchEvents("pager", "feed") + """
            2 addChild pager child=trending
            2 willMoveToParent trending parent=pager
            3   transitionFromViewController pager from=feed to=trending animated
            3   viewWillDisappear feed
            3   addSubview trending parent=pager
            3   viewWillAppear trending
            3   animationDidStart pager reason=transition
            3   animationDidComplete pager reason=transition
            3   removeFromSuperview feed parent=pager
            3   viewDidDisappear feed
            3   viewDidAppear trending
            3   removeFromParent feed parent=pager
            3   didMoveToParent feed
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: pager>, state: appeared, view: in window
               | <UIViewController: trending>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: feed>, state: disappeared, view: not mounted
            <UIViewController: saved>, state: disappeared, view: not mounted
            <UIPageViewController: book>, state: disappeared, view: not mounted
               | <UIViewController: page1>, state: disappeared, view: mounted, not in window
            <UIViewController: page2>, state: disappeared, view: not mounted
            <UIViewController: page3>, state: disappeared, view: not mounted
            """)
    }

    @Test("an animated page turn while the previous one runs crashes: Duplicate states in queue")
    func pageTurnDuringAPageTurn() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: book, from: feed, animated: false }
            - simultaneously:
                - setViewControllers: { of: book, vcs: [page2] }
                - setViewControllers: { of: book, vcs: [page3] }
            """,
            events: launchEvents("pager", "feed") + """
            2 present feed presenter=pager presented=book style=pageSheet requestedStyle=automatic
            2 viewWillAppear book
            2 viewWillAppear page1
            2 viewDidAppear book
            2 viewDidAppear page1
            2 presentationDidComplete book presenter=pager
            3   setViewControllers book vcs=[page2] animated
            3   willMoveToParent page2 parent=book
            3   willMoveToParent page1
            3   addSubview page2 parent=book
            3   viewWillAppear page2
            3   viewWillDisappear page1
            3   animationDidStart book reason=navigation
            3   exception book vcs=[page3] reason=page_transition_in_progress — Duplicate states in queue
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: pager>, state: appeared, view: in window
               | <UIViewController: feed>, state: appeared, view: in window
               + <UIPageViewController: book>, state: appeared, view: in window, presented: pageSheet (requested automatic)
                    | <UIViewController: page2>, state: appearing, view: in window
            not in the window's hierarchy:
            <UIViewController: trending>, state: disappeared, view: not mounted
            <UIViewController: saved>, state: disappeared, view: not mounted
            <UIViewController: page1>, state: disappearing, view: in window, DETACHED (view inside book without addChild)
            <UIViewController: page3>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            animations in flight: navigation of book
            """)
    }

    @Test("a page curl's second animated turn while the first runs does not raise the scroll view's assertion")
    func pageCurlTurnDuringAPageTurn() {
        assertReplay(Self.app.replacingOccurrences(of: "book: { kind: page,", with: "book: { kind: page, transitionStyle: pageCurl,"), steps: """
            - launch
            - present: { vc: book, from: feed, animated: false }
            - simultaneously:
                - setViewControllers: { of: book, vcs: [page2] }
                - setViewControllers: { of: book, vcs: [page3] }
            """,
            events: launchEvents("pager", "feed") + """
            2 present feed presenter=pager presented=book style=pageSheet requestedStyle=automatic
            2 viewWillAppear book
            2 viewWillAppear page1
            2 viewDidAppear book
            2 viewDidAppear page1
            2 presentationDidComplete book presenter=pager
            3   setViewControllers book vcs=[page2] animated
            3   willMoveToParent page2 parent=book
            3   willMoveToParent page1
            3   addSubview page2 parent=book
            3   viewWillAppear page2
            3   viewWillDisappear page1
            3   animationDidStart book reason=navigation
            3   setViewControllers book vcs=[page3] animated
            3   willMoveToParent page3 parent=book
            3   willMoveToParent page2
            3   addSubview page3 parent=book
            3   viewWillAppear page3
            3   warning page2 reason=interrupted_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: page2>.
            3   viewWillDisappear page2
            3   animationDidStart book reason=navigation
            3   animationDidComplete book reason=navigation
            3   removeFromSuperview page1 parent=book
            3   viewDidDisappear page1
            3   didMoveToParent page2 parent=book
            3   didMoveToParent page1
            3   animationDidComplete book reason=navigation
            3   removeFromSuperview page2 parent=book
            3   viewDidDisappear page2
            3   viewDidAppear page3
            3   didMoveToParent page3 parent=book
            3   didMoveToParent page2
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: pager>, state: appeared, view: in window
               | <UIViewController: feed>, state: appeared, view: in window
               + <UIPageViewController: book>, state: appeared, view: in window, presented: pageSheet (requested automatic)
                    | <UIViewController: page3>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: trending>, state: disappeared, view: not mounted
            <UIViewController: saved>, state: disappeared, view: not mounted
            <UIViewController: page1>, state: disappeared, view: not mounted
            <UIViewController: page2>, state: disappeared, view: not mounted
            """)
    }

    @Test("page turns one after the other, or without animation, are fine")
    func pageTurnsInSequence() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: book, from: feed, animated: false }
            - setViewControllers: { of: book, vcs: [page2] }
            - simultaneously:
                - setViewControllers: { of: book, vcs: [page3], animated: false }
                - setViewControllers: { of: book, vcs: [page1], animated: false }
            """,
            events: launchEvents("pager", "feed") + """
            2 present feed presenter=pager presented=book style=pageSheet requestedStyle=automatic
            2 viewWillAppear book
            2 viewWillAppear page1
            2 viewDidAppear book
            2 viewDidAppear page1
            2 presentationDidComplete book presenter=pager
            3 setViewControllers book vcs=[page2] animated
            3 willMoveToParent page2 parent=book
            3 willMoveToParent page1
            3 addSubview page2 parent=book
            3 viewWillAppear page2
            3 viewWillDisappear page1
            3 animationDidStart book reason=navigation
            3 animationDidComplete book reason=navigation
            3 removeFromSuperview page1 parent=book
            3 viewDidAppear page2
            3 viewDidDisappear page1
            3 didMoveToParent page2 parent=book
            3 didMoveToParent page1
            4   setViewControllers book vcs=[page3]
            4   willMoveToParent page3 parent=book
            4   willMoveToParent page2
            4   addSubview page3 parent=book
            4   viewWillAppear page3
            4   viewWillDisappear page2
            4   removeFromSuperview page2 parent=book
            4   viewDidAppear page3
            4   viewDidDisappear page2
            4   didMoveToParent page3 parent=book
            4   didMoveToParent page2
            4   setViewControllers book vcs=[page1]
            4   willMoveToParent page1 parent=book
            4   willMoveToParent page3
            4   addSubview page1 parent=book
            4   viewWillAppear page1
            4   viewWillDisappear page3
            4   removeFromSuperview page3 parent=book
            4   viewDidAppear page1
            4   viewDidDisappear page3
            4   didMoveToParent page1 parent=book
            4   didMoveToParent page3
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: pager>, state: appeared, view: in window
               | <UIViewController: feed>, state: appeared, view: in window
               + <UIPageViewController: book>, state: appeared, view: in window, presented: pageSheet (requested automatic)
                    | <UIViewController: page1>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: trending>, state: disappeared, view: not mounted
            <UIViewController: saved>, state: disappeared, view: not mounted
            <UIViewController: page2>, state: disappeared, view: not mounted
            <UIViewController: page3>, state: disappeared, view: not mounted
            """)
    }
}
