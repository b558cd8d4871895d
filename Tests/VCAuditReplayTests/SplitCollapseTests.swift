import Testing
@testable import VCAuditReplay

/// How a split view controller collapses and expands around what the app did to it: a split a segue made, a
/// declared secondary presented elsewhere, a split no longer in the window.
@Suite("Split collapse and expansion")
struct SplitCollapseTests {
    static let app = """
        vcaudit: 1
        controllers:
          home: { kind: navigation, root: start }
          start:
          split: { kind: split, children: [listNav, detail], modalPresentationStyle: fullScreen }
          listNav: { kind: navigation, root: list }
          list:
          detail:
          item:
        window: home
        transitions:
          openSplit: { segue: modal, from: start, to: split }
        """

    /// A split a segue made (`split#2`) sets its own copy of the declared secondary aside, as the first one does.
    @Test func aSplitASegueMadeSetsItsDeclaredSecondaryAside() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - perform: openSplit
            - dismiss: { vc: split, animated: false }
            - perform: openSplit
            - traits: { width: compact }
            """,
            events: """
            1 setRootViewController home
            1 makeKeyAndVisible home
            1 viewWillAppear home
            1 viewWillAppear start
            1 viewDidAppear home
            1 viewDidAppear start
            2   instantiateViewController split
            2   performSegue start to=split segue=modal
            2   present start presenter=home presented=split style=fullScreen animated
            2   viewWillDisappear home
            2   viewWillDisappear start
            2   viewWillAppear split
            2   viewWillAppear listNav
            2   viewWillAppear list
            2   viewWillAppear detail
            2   animationDidStart home reason=presentation
            2   animationDidComplete home reason=presentation
            2   viewDidAppear split
            2   viewDidAppear listNav
            2   viewDidAppear list
            2   viewDidAppear detail
            2   viewDidDisappear home
            2   viewDidDisappear start
            2   presentationDidComplete split presenter=home
            3 dismiss split presenter=home presented=split
            3 viewWillDisappear split
            3 viewWillDisappear listNav
            3 viewWillDisappear list
            3 viewWillDisappear detail
            3 viewWillAppear home
            3 viewWillAppear start
            3 viewDidAppear home
            3 viewDidAppear start
            3 viewDidDisappear split
            3 viewDidDisappear listNav
            3 viewDidDisappear list
            3 viewDidDisappear detail
            3 dismissalDidComplete split presenter=home
            4   instantiateViewController split#2 vcs=[split#2,listNav#2,list#2,detail#2]
            4   performSegue start to=split#2 segue=modal
            4   present start presenter=home presented=split#2 style=fullScreen animated
            4   viewWillDisappear home
            4   viewWillDisappear start
            4   viewWillAppear split#2
            4   viewWillAppear listNav#2
            4   viewWillAppear list#2
            4   viewWillAppear detail#2
            4   animationDidStart home reason=presentation
            4   animationDidComplete home reason=presentation
            4   viewDidAppear split#2
            4   viewDidAppear listNav#2
            4   viewDidAppear list#2
            4   viewDidAppear detail#2
            4   viewDidDisappear home
            4   viewDidDisappear start
            4   presentationDidComplete split#2 presenter=home
            5 traitCollectionDidChange width=compact height=regular
            5 traitCollectionDidChange home width=compact height=regular
            5 traitCollectionDidChange start width=compact height=regular
            5 traitCollectionDidChange split#2 width=compact height=regular
            5 traitCollectionDidChange listNav#2 width=compact height=regular
            5 traitCollectionDidChange list#2 width=compact height=regular
            5 traitCollectionDidChange detail#2 width=compact height=regular
            5 removeFromSuperview detail parent=split
            5 viewWillDisappear detail#2
            5 removeFromSuperview detail#2 parent=split#2
            5 viewDidDisappear detail#2
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: home>, state: disappeared, view: removed (covered by split#2)
               | <UIViewController: start>, state: disappeared, view: mounted, not in window
               + <UISplitViewController: split#2>, state: appeared, view: in window, presented: fullScreen
                    | <UINavigationController: listNav#2>, state: appeared, view: in window
                    |    | <UIViewController: list#2>, state: appeared, view: in window
                    | <UIViewController: detail#2>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UINavigationController: listNav>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: list>, state: disappeared, view: mounted, not in window
               | <UIViewController: detail>, state: disappeared, view: not mounted
            <UIViewController: item>, state: disappeared, view: not mounted
            """)
    }

    /// Expanding brings the declared secondary back only when it is free: presented, it stays where it is.
    @Test func expandingLeavesAPresentedDeclaredSecondaryWhereItIs() {
        assertReplay(Self.app.replacingOccurrences(of: "window: home", with: "window: split"), device: "ipad", steps: """
            - launch
            - showDetail: { from: list, vc: item }
            - traits: { width: compact }
            - pop: { nav: listNav, animated: false }
            - present: { vc: detail, from: list, animated: false }
            - traits: { width: regular }
            """,
            events: """
            1 setRootViewController split
            1 makeKeyAndVisible split
            1 viewWillAppear split
            1 viewWillAppear listNav
            1 viewWillAppear list
            1 viewWillAppear detail
            1 viewDidAppear split
            1 viewDidAppear listNav
            1 viewDidAppear list
            1 viewDidAppear detail
            2 showDetailViewController list to=item
            2 setViewControllers split vcs=[listNav,item]
            2 willMoveToParent item parent=split
            2 willMoveToParent detail
            2 viewWillDisappear detail
            2 addSubview item parent=split
            2 viewWillAppear item
            2 removeFromSuperview detail parent=split
            2 viewDidDisappear detail
            2 viewDidAppear item
            2 didMoveToParent item parent=split
            2 didMoveToParent detail
            3 traitCollectionDidChange width=compact height=regular
            3 traitCollectionDidChange split width=compact height=regular
            3 traitCollectionDidChange listNav width=compact height=regular
            3 traitCollectionDidChange list width=compact height=regular
            3 traitCollectionDidChange item width=compact height=regular
            3 setViewControllers split vcs=[listNav]
            3 willMoveToParent item
            3 didMoveToParent item
            3 pushViewController listNav child=item
            3 willMoveToParent item parent=listNav
            3 viewWillDisappear list
            3 addSubview item parent=listNav
            3 removeFromSuperview list parent=listNav
            3 viewDidDisappear list
            3 didMoveToParent item parent=listNav
            4 popViewController listNav child=item
            4 willMoveToParent item
            4 viewWillDisappear item
            4 addSubview list parent=listNav
            4 viewWillAppear list
            4 removeFromSuperview item parent=listNav
            4 viewDidDisappear item
            4 viewDidAppear list
            4 didMoveToParent item
            5 present list presenter=split presented=detail style=pageSheet requestedStyle=automatic
            5 viewWillAppear detail
            5 viewDidAppear detail
            5 presentationDidComplete detail presenter=split
            6 traitCollectionDidChange width=regular height=regular
            6 traitCollectionDidChange split width=regular height=regular
            6 traitCollectionDidChange listNav width=regular height=regular
            6 traitCollectionDidChange list width=regular height=regular
            6 traitCollectionDidChange detail width=regular height=regular
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               + <UIViewController: detail>, state: appeared, view: in window, presented: pageSheet (requested automatic)
            not in the window's hierarchy:
            <UINavigationController: home>, state: disappeared, view: not mounted
               | <UIViewController: start>, state: disappeared, view: mounted, not in window
            <UIViewController: item>, state: disappeared, view: not mounted
            """)
    }

    /// A split no longer in the window gets no trait callbacks and makes no UIKit calls: its columns are only set aside.
    @Test func aDismissedSplitMakesNoCalls() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - present: { vc: split, from: start, animated: false }
            - showDetail: { from: list, vc: item }
            - dismiss: { vc: split, animated: false }
            - traits: { width: compact }
            """,
            events: """
            1 setRootViewController home
            1 makeKeyAndVisible home
            1 viewWillAppear home
            1 viewWillAppear start
            1 viewDidAppear home
            1 viewDidAppear start
            2 present start presenter=home presented=split style=fullScreen
            2 viewWillDisappear home
            2 viewWillDisappear start
            2 viewWillAppear split
            2 viewWillAppear listNav
            2 viewWillAppear list
            2 viewWillAppear detail
            2 viewDidAppear split
            2 viewDidAppear listNav
            2 viewDidAppear list
            2 viewDidAppear detail
            2 viewDidDisappear home
            2 viewDidDisappear start
            2 presentationDidComplete split presenter=home
            3 showDetailViewController list to=item
            3 setViewControllers split vcs=[listNav,item]
            3 willMoveToParent item parent=split
            3 willMoveToParent detail
            3 viewWillDisappear detail
            3 addSubview item parent=split
            3 viewWillAppear item
            3 removeFromSuperview detail parent=split
            3 viewDidDisappear detail
            3 viewDidAppear item
            3 didMoveToParent item parent=split
            3 didMoveToParent detail
            4 dismiss split presenter=home presented=split
            4 viewWillDisappear split
            4 viewWillDisappear listNav
            4 viewWillDisappear list
            4 viewWillDisappear item
            4 viewWillAppear home
            4 viewWillAppear start
            4 viewDidAppear home
            4 viewDidAppear start
            4 viewDidDisappear split
            4 viewDidDisappear listNav
            4 viewDidDisappear list
            4 viewDidDisappear item
            4 dismissalDidComplete split presenter=home
            5 traitCollectionDidChange width=compact height=regular
            5 traitCollectionDidChange home width=compact height=regular
            5 traitCollectionDidChange start width=compact height=regular
            5 removeFromSuperview item parent=split
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: home>, state: appeared, view: in window
               | <UIViewController: start>, state: appeared, view: in window
            not in the window's hierarchy:
            <UISplitViewController: split>, state: disappeared, view: not mounted
               | <UINavigationController: listNav>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: list>, state: disappeared, view: mounted, not in window
               | <UIViewController: item>, state: disappeared, view: not mounted
            <UIViewController: detail>, state: disappeared, view: not mounted
            """)
    }

    /// What a Show Detail in compact width pushed onto the primary is separated into the secondary column on
    /// expanding, as what a collapse pushed is: the result does not depend on how the split got collapsed.
    @Test func expandingSeparatesWhatAShowDetailInCompactWidthPushed() {
        assertReplay(Self.app.replacingOccurrences(of: "window: home", with: "window: split"), steps: """
            - launch
            - showDetail: { from: list, vc: item }
            - traits: { width: regular }
            """,
            events: """
            1 setRootViewController split
            1 makeKeyAndVisible split
            1 viewWillAppear split
            1 viewWillAppear listNav
            1 viewWillAppear list
            1 viewDidAppear split
            1 viewDidAppear listNav
            1 viewDidAppear list
            2 showDetailViewController list to=item
            2 pushViewController listNav child=item animated
            2 willMoveToParent item parent=listNav
            2 viewWillDisappear list
            2 addSubview item parent=listNav
            2 viewWillAppear item
            2 animationDidStart listNav reason=navigation
            2 animationDidComplete listNav reason=navigation
            2 removeFromSuperview list parent=listNav
            2 viewDidDisappear list
            2 viewDidAppear item
            2 didMoveToParent item parent=listNav
            3 traitCollectionDidChange width=regular height=regular
            3 traitCollectionDidChange split width=regular height=regular
            3 traitCollectionDidChange listNav width=regular height=regular
            3 traitCollectionDidChange list width=regular height=regular
            3 traitCollectionDidChange item width=regular height=regular
            3 traitCollectionDidChange detail width=regular height=regular
            3 popViewController listNav child=item
            3 willMoveToParent item
            3 viewWillDisappear item
            3 addSubview list parent=listNav
            3 viewWillAppear list
            3 removeFromSuperview item parent=listNav
            3 viewDidDisappear item
            3 viewDidAppear list
            3 didMoveToParent item
            3 setViewControllers split vcs=[listNav,item]
            3 willMoveToParent item parent=split
            3 willMoveToParent detail
            3 addSubview item parent=split
            3 viewWillAppear item
            3 viewDidAppear item
            3 didMoveToParent item parent=split
            3 didMoveToParent detail
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: item>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: home>, state: disappeared, view: not mounted
               | <UIViewController: start>, state: disappeared, view: mounted, not in window
            <UIViewController: detail>, state: disappeared, view: not mounted
            """)
    }
}
