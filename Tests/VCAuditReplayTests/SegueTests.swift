import Testing
@testable import VCAuditReplay

/// Transitions: segues of every kind, unwinding, and calls run in one run-loop turn.
@Suite("Transitions and segues")
struct SegueTests {
    static let app = """
        vcaudit: 1
        controllers:
          tabs: { kind: tabBar, children: [nav, other] }
          nav: { kind: navigation, root: list }
          list:
          detail:
          other:
          modalNav: { kind: navigation, root: form }
          form:
          picker: { modalPresentationStyle: popover }
          widget:
          lightbox:
        window: tabs
        transitions:
          showDetail: { segue: show, from: list, to: detail }
          openForm: { segue: modal, from: detail, to: modalNav, style: fullScreen }
          pick: { segue: popover, from: list, to: picker, anchor: { sourceView: pickButton }, animated: false }
          embedWidget: { segue: embed, from: list, to: widget }
          zoom: { segue: custom, from: list, to: lightbox, style: overFullScreen, animated: false }
          backToList: { segue: unwind, from: form, to: list }
          backToOther: { segue: unwind, from: form, to: other }
          nowhere: { segue: unwind, from: list, to: form }
          pushDetail: { segue: push, from: list, to: detail }
          pushFromOther: { segue: push, from: other, to: detail }
          pushTwoAtOnce:
            calls:
              - push: { nav: nav, vc: detail }
              - perform: openForm
        """

    @Test func showPushes() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: showDetail
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   instantiateViewController detail
            2   performSegue list to=detail segue=show
            2   showViewController list to=detail
            2   pushViewController nav child=detail animated
            2   willMoveToParent detail parent=nav
            2   viewWillDisappear list
            2   addSubview detail parent=nav
            2   viewWillAppear detail
            2   animationDidStart nav reason=navigation
            2   animationDidComplete nav reason=navigation
            2   removeFromSuperview list parent=nav
            2   viewDidDisappear list
            2   viewDidAppear detail
            2   didMoveToParent detail parent=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: disappeared, view: not mounted
               |    | <UIViewController: detail>, state: appeared, view: in window
               | <UIViewController: other>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }

    @Test func aLegacyPushSeguePushesOntoTheSourcesNavigationController() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: pushDetail
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   instantiateViewController detail
            2   performSegue list to=detail segue=push
            2   pushViewController nav child=detail animated
            2   willMoveToParent detail parent=nav
            2   viewWillDisappear list
            2   addSubview detail parent=nav
            2   viewWillAppear detail
            2   animationDidStart nav reason=navigation
            2   animationDidComplete nav reason=navigation
            2   removeFromSuperview list parent=nav
            2   viewDidDisappear list
            2   viewDidAppear detail
            2   didMoveToParent detail parent=nav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: disappeared, view: not mounted
               |    | <UIViewController: detail>, state: appeared, view: in window
               | <UIViewController: other>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }

    /// A tab outside any navigation controller: `show` would present `detail`; a Push segue raises.
    @Test func aLegacyPushSegueWithoutNavigationControllerRaisesWhereShowWouldPresent() {
        assertReplay(Self.app, steps: """
            - launch
            - select: other
            - perform: pushFromOther
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2 setSelectedViewController tabs from=nav to=other
            2 addSubview other parent=tabs
            2 viewWillAppear other
            2 viewWillDisappear nav
            2 viewWillDisappear list
            2 removeFromSuperview nav parent=tabs
            2 viewDidDisappear nav
            2 viewDidDisappear list
            2 viewDidAppear other
            3   instantiateViewController detail
            3   performSegue other to=detail segue=push
            3   exception other to=detail reason=push_segue_without_navigation_controller — Could not find a navigation \
            controller for segue 'pushFromOther'. Push segues can only be used when the source controller is managed by an \
            instance of UINavigationController.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: other
               | <UINavigationController: nav>, state: disappeared, view: not mounted
               |    | <UIViewController: list>, state: disappeared, view: mounted, not in window
               | <UIViewController: other>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func aPopoverSegueUsesItsAnchor() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - perform: pick
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   instantiateViewController picker
            2   performSegue list to=picker segue=popover
            2   present list presenter=tabs presented=picker style=popover anchor=sourceView:pickButton
            2   viewWillAppear picker
            2   viewDidAppear picker
            2   presentationDidComplete picker presenter=tabs
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: other>, state: disappeared, view: not mounted
               + <UIViewController: picker>, state: appeared, view: in window, presented: popover, anchor: sourceView:pickButton
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }

    @Test func anEmbedSegueDoesTheWholeDance() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: embedWidget
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   performSegue list to=widget segue=embed
            2   addChild list child=widget
            2   willMoveToParent widget parent=list
            2   addSubview widget parent=list
            2   viewWillAppear widget
            2   viewDidAppear widget
            2   didMoveToParent widget parent=list
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               |    |    | <UIViewController: widget>, state: appeared, view: in window
               | <UIViewController: other>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }

    @Test func aCustomSeguePresentsWithItsStyle() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: zoom
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   instantiateViewController lightbox
            2   performSegue list to=lightbox segue=custom
            2   present list presenter=tabs presented=lightbox style=overFullScreen
            2   viewWillAppear lightbox
            2   viewDidAppear lightbox
            2   presentationDidComplete lightbox presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: other>, state: disappeared, view: not mounted
               + <UIViewController: lightbox>, state: appeared, view: in window, presented: overFullScreen
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            """)
    }

    @Test func unwindingDismissesAndPops() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: showDetail
            - perform: openForm
            - perform: backToList
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   instantiateViewController detail
            2   performSegue list to=detail segue=show
            2   showViewController list to=detail
            2   pushViewController nav child=detail animated
            2   willMoveToParent detail parent=nav
            2   viewWillDisappear list
            2   addSubview detail parent=nav
            2   viewWillAppear detail
            2   animationDidStart nav reason=navigation
            2   animationDidComplete nav reason=navigation
            2   removeFromSuperview list parent=nav
            2   viewDidDisappear list
            2   viewDidAppear detail
            2   didMoveToParent detail parent=nav
            3   instantiateViewController modalNav
            3   performSegue detail to=modalNav segue=modal
            3   present detail presenter=tabs presented=modalNav style=fullScreen animated
            3   viewWillDisappear tabs
            3   viewWillDisappear nav
            3   viewWillDisappear detail
            3   viewWillAppear modalNav
            3   viewWillAppear form
            3   animationDidStart tabs reason=presentation
            3   animationDidComplete tabs reason=presentation
            3   viewDidAppear modalNav
            3   viewDidAppear form
            3   viewDidDisappear tabs
            3   viewDidDisappear nav
            3   viewDidDisappear detail
            3   presentationDidComplete modalNav presenter=tabs
            4   unwind form to=list
            4   popToViewController nav to=list vcs=[detail] animated
            4   willMoveToParent detail
            4   addSubview list parent=nav
            4   removeFromSuperview detail parent=nav
            4   didMoveToParent detail
            4   dismiss tabs presenter=tabs presented=modalNav animated
            4   viewWillDisappear modalNav
            4   viewWillDisappear form
            4   viewWillAppear tabs
            4   viewWillAppear nav
            4   viewWillAppear list
            4   animationDidStart tabs reason=dismissal
            4   animationDidComplete tabs reason=dismissal
            4   viewDidAppear tabs
            4   viewDidAppear nav
            4   viewDidAppear list
            4   viewDidDisappear modalNav
            4   viewDidDisappear form
            4   dismissalDidComplete modalNav presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: other>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }

    @Test func unwindingToAnotherTabSelectsIt() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: modalNav, from: list, animated: false }
            - perform: backToOther
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2 present list presenter=tabs presented=modalNav style=pageSheet requestedStyle=automatic
            2 viewWillAppear modalNav
            2 viewWillAppear form
            2 viewDidAppear modalNav
            2 viewDidAppear form
            2 presentationDidComplete modalNav presenter=tabs
            3   unwind form to=other
            3   setSelectedViewController tabs from=nav to=other
            3   addSubview other parent=tabs
            3   viewWillAppear other
            3   viewWillDisappear nav
            3   viewWillDisappear list
            3   removeFromSuperview nav parent=tabs
            3   viewDidDisappear nav
            3   viewDidDisappear list
            3   viewDidAppear other
            3   dismiss tabs presenter=tabs presented=modalNav animated
            3   viewWillDisappear modalNav
            3   viewWillDisappear form
            3   animationDidStart tabs reason=dismissal
            3   animationDidComplete tabs reason=dismissal
            3   viewDidDisappear modalNav
            3   viewDidDisappear form
            3   dismissalDidComplete modalNav presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: other
               | <UINavigationController: nav>, state: disappeared, view: not mounted
               |    | <UIViewController: list>, state: disappeared, view: mounted, not in window
               | <UIViewController: other>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }

    @Test func unwindingToAControllerNotOnTheWayBackDoesNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: nowhere
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   unwind list to=form
            2   warning list to=form reason=unwind_not_found — Could not find a view controller to unwind to <UIViewController: form> from <UIViewController: list>; the unwind segue does nothing
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: nav
               | <UINavigationController: nav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: other>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: modalNav>, state: disappeared, view: not mounted
               | <UIViewController: form>, state: disappeared, view: mounted, not in window
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }

    @Test func callsOfOneTransitionShareARunLoopTurn() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: pushTwoAtOnce
            """,
            events: launchEvents("tabs", "nav", "list") + """
            2   pushViewController nav child=detail animated
            2   willMoveToParent detail parent=nav
            2   viewWillDisappear list
            2   addSubview detail parent=nav
            2   viewWillAppear detail
            2   animationDidStart nav reason=navigation
            2     instantiateViewController modalNav
            2     performSegue detail to=modalNav segue=modal
            2     present detail presenter=tabs presented=modalNav style=fullScreen animated
            2     viewWillDisappear tabs
            2     viewWillDisappear nav
            2     warning detail reason=interrupted_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: detail>.
            2     viewWillDisappear detail
            2     viewWillAppear modalNav
            2     viewWillAppear form
            2     animationDidStart tabs reason=presentation
            2   animationDidComplete nav reason=navigation
            2   removeFromSuperview list parent=nav
            2   viewDidDisappear list
            2   didMoveToParent detail parent=nav
            2     animationDidComplete tabs reason=presentation
            2     viewDidAppear modalNav
            2     viewDidAppear form
            2     viewDidDisappear tabs
            2     viewDidDisappear nav
            2     viewDidDisappear detail
            2     presentationDidComplete modalNav presenter=tabs
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: disappeared, view: removed (covered by modalNav), selected: nav
               | <UINavigationController: nav>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: list>, state: disappeared, view: not mounted
               |    | <UIViewController: detail>, state: disappeared, view: mounted, not in window
               | <UIViewController: other>, state: disappeared, view: not mounted
               + <UINavigationController: modalNav>, state: appeared, view: in window, presented: fullScreen
                    | <UIViewController: form>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: picker>, state: disappeared, view: not mounted
            <UIViewController: widget>, state: disappeared, view: not mounted
            <UIViewController: lightbox>, state: disappeared, view: not mounted
            """)
    }
}
