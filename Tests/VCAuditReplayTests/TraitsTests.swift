import Testing
@testable import VCAuditReplay

/// `traits` and `device`: trait callbacks down the hierarchy, split collapse and expansion, and the
/// re-adaptation of what is presented.
@Suite("Traits")
struct TraitsTests {
    static let app = """
        vcaudit: 1
        controllers:
          split: { kind: split, children: [listNav, detail] }
          listNav: { kind: navigation, root: list }
          list:
          detail:
          info: { modalPresentationStyle: popover, popover: { barButtonItem: infoItem } }
          bare: { modalPresentationStyle: popover }
          context: { modalPresentationStyle: overCurrentContext }
          loose:
        window: split
        """

    @Test func aChangeToTheSameSizeClassesCallsNothing() {
        assertReplay(Self.app, steps: """
            - launch
            - traits: { width: compact }
            - device: iphone
            """,
            events: launchEvents("split", "listNav", "list"),
            tree: """
            window (key and visible; width compact, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func rotationChangesTheHeightOnly() {
        assertReplay(Self.app, steps: """
            - launch
            - traits: { height: compact }
            """,
            events: launchEvents("split", "listNav", "list") + """
            2 traitCollectionDidChange width=compact height=compact
            2 traitCollectionDidChange split width=compact height=compact
            2 traitCollectionDidChange listNav width=compact height=compact
            2 traitCollectionDidChange list width=compact height=compact
            2 traitCollectionDidChange detail width=compact height=compact
            """,
            tree: """
            window (key and visible; width compact, height compact)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func theSplitExpandsAndCollapses() {
        assertReplay(Self.app, steps: """
            - launch
            - device: ipad
            - traits: { width: compact }
            """,
            events: launchEvents("split", "listNav", "list") + """
            2 traitCollectionDidChange width=regular height=regular
            2 traitCollectionDidChange split width=regular height=regular
            2 traitCollectionDidChange listNav width=regular height=regular
            2 traitCollectionDidChange list width=regular height=regular
            2 traitCollectionDidChange detail width=regular height=regular
            2 addSubview detail parent=split
            2 viewWillAppear detail
            2 viewDidAppear detail
            3 traitCollectionDidChange width=compact height=regular
            3 traitCollectionDidChange split width=compact height=regular
            3 traitCollectionDidChange listNav width=compact height=regular
            3 traitCollectionDidChange list width=compact height=regular
            3 traitCollectionDidChange detail width=compact height=regular
            3 viewWillDisappear detail
            3 removeFromSuperview detail parent=split
            3 viewDidDisappear detail
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: disappeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPopoverAdaptsToASheetAndBack() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - present: { vc: info, from: list, animated: false }
            - traits: { width: compact }
            - traits: { width: regular }
            """,
            events: launchEvents("split", "listNav", "list", "detail") + """
            2 present list presenter=split presented=info style=popover anchor=barButtonItem:infoItem
            2 viewWillAppear info
            2 viewDidAppear info
            2 presentationDidComplete info presenter=split
            3 traitCollectionDidChange width=compact height=regular
            3 traitCollectionDidChange split width=compact height=regular
            3 traitCollectionDidChange listNav width=compact height=regular
            3 traitCollectionDidChange list width=compact height=regular
            3 traitCollectionDidChange detail width=compact height=regular
            3 traitCollectionDidChange info width=compact height=regular
            3 viewWillDisappear detail
            3 removeFromSuperview detail parent=split
            3 viewDidDisappear detail
            3 adaptivePresentationStyle info presenter=split style=formSheet requestedStyle=popover
            4 traitCollectionDidChange width=regular height=regular
            4 traitCollectionDidChange split width=regular height=regular
            4 traitCollectionDidChange listNav width=regular height=regular
            4 traitCollectionDidChange list width=regular height=regular
            4 traitCollectionDidChange detail width=regular height=regular
            4 traitCollectionDidChange info width=regular height=regular
            4 addSubview detail parent=split
            4 viewWillAppear detail
            4 viewDidAppear detail
            4 adaptivePresentationStyle info presenter=split style=popover
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: appeared, view: in window
               + <UIViewController: info>, state: appeared, view: in window, presented: popover, anchor: barButtonItem:infoItem
            not in the window's hierarchy:
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    /// A large iPhone in landscape (regular width, compact height): from iOS 13 on, a popover behaves as a form sheet
    /// there too (`UIModalPresentationStyle.popover`), and becomes a popover again when the height is regular.
    @Test func aPopoverAdaptsToCompactHeightAndBack() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - present: { vc: info, from: list, animated: false }
            - traits: { height: compact }
            - traits: { height: regular }
            """,
            events: launchEvents("split", "listNav", "list", "detail") + """
            2 present list presenter=split presented=info style=popover anchor=barButtonItem:infoItem
            2 viewWillAppear info
            2 viewDidAppear info
            2 presentationDidComplete info presenter=split
            3 traitCollectionDidChange width=regular height=compact
            3 traitCollectionDidChange split width=regular height=compact
            3 traitCollectionDidChange listNav width=regular height=compact
            3 traitCollectionDidChange list width=regular height=compact
            3 traitCollectionDidChange detail width=regular height=compact
            3 traitCollectionDidChange info width=regular height=compact
            3 adaptivePresentationStyle info presenter=split style=formSheet requestedStyle=popover
            4 traitCollectionDidChange width=regular height=regular
            4 traitCollectionDidChange split width=regular height=regular
            4 traitCollectionDidChange listNav width=regular height=regular
            4 traitCollectionDidChange list width=regular height=regular
            4 traitCollectionDidChange detail width=regular height=regular
            4 traitCollectionDidChange info width=regular height=regular
            4 adaptivePresentationStyle info presenter=split style=popover
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: appeared, view: in window
               + <UIViewController: info>, state: appeared, view: in window, presented: popover, anchor: barButtonItem:infoItem
            not in the window's hierarchy:
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    /// Before iOS 13 only a compact width adapts a popover.
    @Test func aPopoverStaysAPopoverInCompactHeightBeforeIOS13() {
        assertReplay(Self.app.replacingOccurrences(of: "vcaudit: 1", with: "vcaudit: 1\nios: 12"), device: "ipad", steps: """
            - launch
            - traits: { height: compact }
            - present: { vc: info, from: list, animated: false }
            """,
            events: launchEvents("split", "listNav", "list", "detail") + """
            2 traitCollectionDidChange width=regular height=compact
            2 traitCollectionDidChange split width=regular height=compact
            2 traitCollectionDidChange listNav width=regular height=compact
            2 traitCollectionDidChange list width=regular height=compact
            2 traitCollectionDidChange detail width=regular height=compact
            3 present list presenter=split presented=info style=popover anchor=barButtonItem:infoItem
            3 viewWillAppear info
            3 viewDidAppear info
            3 presentationDidComplete info presenter=split
            """,
            tree: """
            window (key and visible; width regular, height compact)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: appeared, view: in window
               + <UIViewController: info>, state: appeared, view: in window, presented: popover, anchor: barButtonItem:infoItem
            not in the window's hierarchy:
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    /// A secondary column the app changed (a Show Detail) is kept when the split collapses: the primary navigation
    /// controller pushes it (`collapseSecondaryViewController(_:for:)`), so the user keeps seeing it. Only the
    /// declared secondary, the empty detail Apple's master-detail template discards, is set aside.
    @Test func aChangedSecondaryIsPushedOntoThePrimaryWhenCollapsing() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - showDetail: { from: list, vc: loose }
            - traits: { width: compact }
            """,
            events: launchEvents("split", "listNav", "list", "detail") + """
            2 showDetailViewController list to=loose
            2 setViewControllers split vcs=[listNav,loose]
            2 willMoveToParent loose parent=split
            2 willMoveToParent detail
            2 viewWillDisappear detail
            2 addSubview loose parent=split
            2 viewWillAppear loose
            2 removeFromSuperview detail parent=split
            2 viewDidDisappear detail
            2 viewDidAppear loose
            2 didMoveToParent loose parent=split
            2 didMoveToParent detail
            3 traitCollectionDidChange width=compact height=regular
            3 traitCollectionDidChange split width=compact height=regular
            3 traitCollectionDidChange listNav width=compact height=regular
            3 traitCollectionDidChange list width=compact height=regular
            3 traitCollectionDidChange loose width=compact height=regular
            3 setViewControllers split vcs=[listNav]
            3 willMoveToParent loose
            3 didMoveToParent loose
            3 pushViewController listNav child=loose
            3 willMoveToParent loose parent=listNav
            3 viewWillDisappear list
            3 addSubview loose parent=listNav
            3 removeFromSuperview list parent=listNav
            3 viewDidDisappear list
            3 didMoveToParent loose parent=listNav
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: disappeared, view: not mounted
               |    | <UIViewController: loose>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            """)
    }

    /// Expanding again pops it off the primary's stack back into the secondary column
    /// (`separateSecondaryViewController(for:)`): it leaves the stack and enters the column, with their callbacks.
    @Test func aCollapsedSecondaryIsSeparatedWhenExpanding() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - showDetail: { from: list, vc: loose }
            - traits: { width: compact }
            - traits: { width: regular }
            """,
            events: launchEvents("split", "listNav", "list", "detail") + """
            2 showDetailViewController list to=loose
            2 setViewControllers split vcs=[listNav,loose]
            2 willMoveToParent loose parent=split
            2 willMoveToParent detail
            2 viewWillDisappear detail
            2 addSubview loose parent=split
            2 viewWillAppear loose
            2 removeFromSuperview detail parent=split
            2 viewDidDisappear detail
            2 viewDidAppear loose
            2 didMoveToParent loose parent=split
            2 didMoveToParent detail
            3 traitCollectionDidChange width=compact height=regular
            3 traitCollectionDidChange split width=compact height=regular
            3 traitCollectionDidChange listNav width=compact height=regular
            3 traitCollectionDidChange list width=compact height=regular
            3 traitCollectionDidChange loose width=compact height=regular
            3 setViewControllers split vcs=[listNav]
            3 willMoveToParent loose
            3 didMoveToParent loose
            3 pushViewController listNav child=loose
            3 willMoveToParent loose parent=listNav
            3 viewWillDisappear list
            3 addSubview loose parent=listNav
            3 removeFromSuperview list parent=listNav
            3 viewDidDisappear list
            3 didMoveToParent loose parent=listNav
            4 traitCollectionDidChange width=regular height=regular
            4 traitCollectionDidChange split width=regular height=regular
            4 traitCollectionDidChange listNav width=regular height=regular
            4 traitCollectionDidChange list width=regular height=regular
            4 traitCollectionDidChange loose width=regular height=regular
            4 popViewController listNav child=loose
            4 willMoveToParent loose
            4 viewWillDisappear loose
            4 addSubview list parent=listNav
            4 viewWillAppear list
            4 removeFromSuperview loose parent=listNav
            4 viewDidDisappear loose
            4 viewDidAppear list
            4 didMoveToParent loose
            4 setViewControllers split vcs=[listNav,loose]
            4 willMoveToParent loose parent=split
            4 addSubview loose parent=split
            4 viewWillAppear loose
            4 viewDidAppear loose
            4 didMoveToParent loose parent=split
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: loose>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            """)
    }

    /// With the primary's root alone left (the user went back), expanding brings the declared secondary back.
    @Test func expandingWithTheRootAloneBringsTheDeclaredSecondaryBack() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - showDetail: { from: list, vc: loose }
            - traits: { width: compact }
            - pop: { nav: listNav, animated: false }
            - traits: { width: regular }
            """,
            events: launchEvents("split", "listNav", "list", "detail") + """
            2 showDetailViewController list to=loose
            2 setViewControllers split vcs=[listNav,loose]
            2 willMoveToParent loose parent=split
            2 willMoveToParent detail
            2 viewWillDisappear detail
            2 addSubview loose parent=split
            2 viewWillAppear loose
            2 removeFromSuperview detail parent=split
            2 viewDidDisappear detail
            2 viewDidAppear loose
            2 didMoveToParent loose parent=split
            2 didMoveToParent detail
            3 traitCollectionDidChange width=compact height=regular
            3 traitCollectionDidChange split width=compact height=regular
            3 traitCollectionDidChange listNav width=compact height=regular
            3 traitCollectionDidChange list width=compact height=regular
            3 traitCollectionDidChange loose width=compact height=regular
            3 setViewControllers split vcs=[listNav]
            3 willMoveToParent loose
            3 didMoveToParent loose
            3 pushViewController listNav child=loose
            3 willMoveToParent loose parent=listNav
            3 viewWillDisappear list
            3 addSubview loose parent=listNav
            3 removeFromSuperview list parent=listNav
            3 viewDidDisappear list
            3 didMoveToParent loose parent=listNav
            4 popViewController listNav child=loose
            4 willMoveToParent loose
            4 viewWillDisappear loose
            4 addSubview list parent=listNav
            4 viewWillAppear list
            4 removeFromSuperview loose parent=listNav
            4 viewDidDisappear loose
            4 viewDidAppear list
            4 didMoveToParent loose
            5 traitCollectionDidChange width=regular height=regular
            5 traitCollectionDidChange split width=regular height=regular
            5 traitCollectionDidChange listNav width=regular height=regular
            5 traitCollectionDidChange list width=regular height=regular
            5 setViewControllers split vcs=[listNav,detail]
            5 willMoveToParent detail parent=split
            5 addSubview detail parent=split
            5 viewWillAppear detail
            5 viewDidAppear detail
            5 didMoveToParent detail parent=split
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func anUnanchoredPopoverRaisesWhenItBecomesAPopover() {
        assertReplay(Self.app, steps: """
            - launch
            - present: { vc: bare, from: list, animated: false }
            - device: ipad
            """,
            events: launchEvents("split", "listNav", "list") + """
            2 present list presenter=split presented=bare style=formSheet requestedStyle=popover anchor=none
            2 viewWillAppear bare
            2 viewDidAppear bare
            2 presentationDidComplete bare presenter=split
            3 traitCollectionDidChange width=regular height=regular
            3 traitCollectionDidChange split width=regular height=regular
            3 traitCollectionDidChange listNav width=regular height=regular
            3 traitCollectionDidChange list width=regular height=regular
            3 traitCollectionDidChange detail width=regular height=regular
            3 traitCollectionDidChange bare width=regular height=regular
            3 addSubview detail parent=split
            3 viewWillAppear detail
            3 viewDidAppear detail
            3 exception bare presenter=split style=popover anchor=none reason=popover_missing_anchor — UIPopoverPresentationController (<UIPopoverPresentationController: bare>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: appeared, view: in window
               + <UIViewController: bare>, state: appeared, view: in window, presented: formSheet (requested popover), anchor: none
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    /// Context styles keep their context in compact width (docs/uikit-semantics.md); the navigation controller defines it.
    @Test func aContextPresentationKeepsItsContextAcrossSizeChanges() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - present: { vc: context, from: list, animated: false }
            - traits: { width: compact }
            - traits: { width: regular }
            """,
            events: launchEvents("split", "listNav", "list", "detail") + """
            2 present list presenter=listNav presented=context style=overCurrentContext
            2 viewWillAppear context
            2 viewDidAppear context
            2 presentationDidComplete context presenter=listNav
            3 traitCollectionDidChange width=compact height=regular
            3 traitCollectionDidChange split width=compact height=regular
            3 traitCollectionDidChange listNav width=compact height=regular
            3 traitCollectionDidChange list width=compact height=regular
            3 traitCollectionDidChange context width=compact height=regular
            3 traitCollectionDidChange detail width=compact height=regular
            3 viewWillDisappear detail
            3 removeFromSuperview detail parent=split
            3 viewDidDisappear detail
            4 traitCollectionDidChange width=regular height=regular
            4 traitCollectionDidChange split width=regular height=regular
            4 traitCollectionDidChange listNav width=regular height=regular
            4 traitCollectionDidChange list width=regular height=regular
            4 traitCollectionDidChange context width=regular height=regular
            4 traitCollectionDidChange detail width=regular height=regular
            4 addSubview detail parent=split
            4 viewWillAppear detail
            4 viewDidAppear detail
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               |    + <UIViewController: context>, state: appeared, view: in window, presented: overCurrentContext
               | <UIViewController: detail>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }

    @Test func traitsBeforeLaunchSetTheWidthTheAppLaunchesIn() {
        assertReplay(Self.app, steps: """
            - device: ipad
            - launch
            """,
            events: """
            1 traitCollectionDidChange width=regular height=regular
            1 addSubview detail parent=split
            2 setRootViewController split
            2 makeKeyAndVisible split
            2 viewWillAppear split
            2 viewWillAppear listNav
            2 viewWillAppear list
            2 viewWillAppear detail
            2 viewDidAppear split
            2 viewDidAppear listNav
            2 viewDidAppear list
            2 viewDidAppear detail
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UISplitViewController: split>, state: appeared, view: in window
               | <UINavigationController: listNav>, state: appeared, view: in window
               |    | <UIViewController: list>, state: appeared, view: in window
               | <UIViewController: detail>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            <UIViewController: bare>, state: disappeared, view: not mounted
            <UIViewController: context>, state: disappeared, view: not mounted
            <UIViewController: loose>, state: disappeared, view: not mounted
            """)
    }
}
