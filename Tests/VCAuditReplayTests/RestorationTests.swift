import Testing
@testable import VCAuditReplay

/// `preserve` and `restore`: what is saved (a restoration identifier on the controller and every ancestor)
/// and what a relaunch rebuilds.
@Suite("State restoration")
struct RestorationTests {
    static func app(restoration: Bool = true) -> String {
        """
        vcaudit: 1
        restoration: \(restoration)
        controllers:
          tabs: { kind: tabBar, restorationID: tabs, children: [homeNav, browseNav] }
          homeNav: { kind: navigation, restorationID: homeNav, root: home }
          home: { restorationID: home }
          browseNav: { kind: navigation, root: browse }
          browse: { restorationID: browse }
          detail: { restorationID: detail }
          note: { restorationID: note }
          draft:
        window: tabs
        """
    }

    @Test func aRelaunchRebuildsTheSavedStackAndPresentation() {
        assertReplay(Self.app(), steps: """
            - launch
            - push: { nav: homeNav, vc: detail, animated: false }
            - present: { vc: note, from: detail, style: formSheet, animated: false }
            - preserve
            - restore
            """,
            events: launchEvents("tabs", "homeNav", "home") + """
            2 pushViewController homeNav child=detail
            2 willMoveToParent detail parent=homeNav
            2 viewWillDisappear home
            2 addSubview detail parent=homeNav
            2 viewWillAppear detail
            2 removeFromSuperview home parent=homeNav
            2 viewDidDisappear home
            2 viewDidAppear detail
            2 didMoveToParent detail parent=homeNav
            3 present detail presenter=tabs presented=note style=formSheet
            3 viewWillAppear note
            3 viewDidAppear note
            3 presentationDidComplete note presenter=tabs
            4 shouldSaveApplicationState tabs
            4 encodeRestorableState tabs path=tabs
            4 encodeRestorableState homeNav path=tabs/homeNav
            4 encodeRestorableState home path=tabs/homeNav/home
            4 encodeRestorableState detail path=tabs/homeNav/detail
            4 encodeRestorableState note path=tabs/note
            5 shouldRestoreApplicationState tabs
            5 relaunch
            5 setRootViewController tabs
            5 decodeRestorableState tabs path=tabs
            5 decodeRestorableState homeNav path=tabs/homeNav
            5 decodeRestorableState home path=tabs/homeNav/home
            5 decodeRestorableState detail path=tabs/homeNav/detail
            5 decodeRestorableState note path=tabs/note
            5 setViewControllers homeNav vcs=[home,detail]
            5 willMoveToParent detail parent=homeNav
            5 addSubview detail parent=homeNav
            5 removeFromSuperview home parent=homeNav
            5 didMoveToParent detail parent=homeNav
            5 makeKeyAndVisible tabs
            5 present tabs presenter=tabs presented=note style=formSheet
            5 presentationDidComplete note presenter=tabs
            5 viewWillAppear tabs
            5 viewWillAppear homeNav
            5 viewWillAppear detail
            5 viewWillAppear note
            5 viewDidAppear tabs
            5 viewDidAppear homeNav
            5 viewDidAppear detail
            5 viewDidAppear note
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: homeNav, restorationID: tabs
               | <UINavigationController: homeNav>, state: appeared, view: in window, restorationID: homeNav
               |    | <UIViewController: home>, state: disappeared, view: not mounted, restorationID: home
               |    | <UIViewController: detail>, state: appeared, view: in window, restorationID: detail
               | <UINavigationController: browseNav>, state: disappeared, view: not mounted
               |    | <UIViewController: browse>, state: disappeared, view: mounted, not in window, restorationID: browse
               + <UIViewController: note>, state: appeared, view: in window, presented: formSheet, restorationID: note
            not in the window's hierarchy:
            <UIViewController: draft>, state: disappeared, view: not mounted
            restoration archive: tabs, tabs/homeNav, tabs/homeNav/home, tabs/homeNav/detail, tabs/note
            """)
    }

    @Test func aControllerBelowAnAncestorWithoutIdentifierIsNotSaved() {
        assertReplay(Self.app(), steps: """
            - launch
            - select: browseNav
            - push: { nav: browseNav, vc: detail, animated: false }
            - preserve
            - restore
            """,
            events: launchEvents("tabs", "homeNav", "home") + """
            2 setSelectedViewController tabs from=homeNav to=browseNav
            2 addSubview browseNav parent=tabs
            2 viewWillAppear browseNav
            2 viewWillAppear browse
            2 viewWillDisappear homeNav
            2 viewWillDisappear home
            2 removeFromSuperview homeNav parent=tabs
            2 viewDidDisappear homeNav
            2 viewDidDisappear home
            2 viewDidAppear browseNav
            2 viewDidAppear browse
            3 pushViewController browseNav child=detail
            3 willMoveToParent detail parent=browseNav
            3 viewWillDisappear browse
            3 addSubview detail parent=browseNav
            3 viewWillAppear detail
            3 removeFromSuperview browse parent=browseNav
            3 viewDidDisappear browse
            3 viewDidAppear detail
            3 didMoveToParent detail parent=browseNav
            4 shouldSaveApplicationState tabs
            4 encodeRestorableState tabs path=tabs
            4 encodeRestorableState homeNav path=tabs/homeNav
            4 encodeRestorableState home path=tabs/homeNav/home
            5 shouldRestoreApplicationState tabs
            5 relaunch
            5 setRootViewController tabs
            5 decodeRestorableState tabs path=tabs
            5 decodeRestorableState homeNav path=tabs/homeNav
            5 decodeRestorableState home path=tabs/homeNav/home
            5 makeKeyAndVisible tabs
            5 viewWillAppear tabs
            5 viewWillAppear homeNav
            5 viewWillAppear home
            5 viewDidAppear tabs
            5 viewDidAppear homeNav
            5 viewDidAppear home
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: homeNav, restorationID: tabs
               | <UINavigationController: homeNav>, state: appeared, view: in window, restorationID: homeNav
               |    | <UIViewController: home>, state: appeared, view: in window, restorationID: home
               | <UINavigationController: browseNav>, state: disappeared, view: not mounted
               |    | <UIViewController: browse>, state: disappeared, view: mounted, not in window, restorationID: browse
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted, restorationID: detail
            <UIViewController: note>, state: disappeared, view: not mounted, restorationID: note
            <UIViewController: draft>, state: disappeared, view: not mounted
            restoration archive: tabs, tabs/homeNav, tabs/homeNav/home
            """)
    }

    /// Found by fuzzing: a relaunch in the turn a segue's animation started crashed when the animation's completion
    /// named the instance the segue had made, which the relaunch had dropped.
    @Test func aRelaunchEndsTheAnimationsOfItsTurn() throws {
        let spec = try #require(loadSpec(Self.app() + """

            transitions:
              showDetail: { segue: show, from: home, to: detail }
            scenarios:
              - name: s
                steps:
                  - launch
                  - perform: showDetail
                  - pop: homeNav
                  - simultaneously: [perform: showDetail, restore]
            """))
        let result = Replay.run(spec, scenario: spec.scenarios[0])
        let relaunch = try #require(result.log.events.lastIndex { $0.name == .relaunch })
        #expect(result.log.events[relaunch...].allSatisfy { $0.name != .animationDidComplete && $0.vc != "detail#2" },
                "nothing of the animation the relaunch ended happens after it")
        #expect(result.finalState.animations.isEmpty)
        #expect(!result.finalState.contains("detail#2"))
        #expect(result.finalState.isLaunched && !result.finalState.isTerminated)
    }

    @Test func withoutOptingInNothingIsSavedOrRestored() {
        assertReplay(Self.app(restoration: false), steps: """
            - launch
            - push: { nav: homeNav, vc: detail, animated: false }
            - preserve
            - restore
            """,
            events: launchEvents("tabs", "homeNav", "home") + """
            2 pushViewController homeNav child=detail
            2 willMoveToParent detail parent=homeNav
            2 viewWillDisappear home
            2 addSubview detail parent=homeNav
            2 viewWillAppear detail
            2 removeFromSuperview home parent=homeNav
            2 viewDidDisappear home
            2 viewDidAppear detail
            2 didMoveToParent detail parent=homeNav
            3 shouldSaveApplicationState tabs reason=restoration_not_opted_in
            4 shouldRestoreApplicationState tabs reason=restoration_not_opted_in
            4 relaunch
            4 setRootViewController tabs
            4 makeKeyAndVisible tabs
            4 viewWillAppear tabs
            4 viewWillAppear homeNav
            4 viewWillAppear home
            4 viewDidAppear tabs
            4 viewDidAppear homeNav
            4 viewDidAppear home
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: homeNav, restorationID: tabs
               | <UINavigationController: homeNav>, state: appeared, view: in window, restorationID: homeNav
               |    | <UIViewController: home>, state: appeared, view: in window, restorationID: home
               | <UINavigationController: browseNav>, state: disappeared, view: not mounted
               |    | <UIViewController: browse>, state: disappeared, view: mounted, not in window, restorationID: browse
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted, restorationID: detail
            <UIViewController: note>, state: disappeared, view: not mounted, restorationID: note
            <UIViewController: draft>, state: disappeared, view: not mounted
            restoration archive: empty
            """)
    }

    @Test func restoreWithoutPreserveIsAPlainRelaunch() {
        assertReplay(Self.app(), steps: """
            - launch
            - push: { nav: homeNav, vc: detail, animated: false }
            - restore
            """,
            events: launchEvents("tabs", "homeNav", "home") + """
            2 pushViewController homeNav child=detail
            2 willMoveToParent detail parent=homeNav
            2 viewWillDisappear home
            2 addSubview detail parent=homeNav
            2 viewWillAppear detail
            2 removeFromSuperview home parent=homeNav
            2 viewDidDisappear home
            2 viewDidAppear detail
            2 didMoveToParent detail parent=homeNav
            3 shouldRestoreApplicationState tabs
            3 relaunch
            3 setRootViewController tabs
            3 makeKeyAndVisible tabs
            3 viewWillAppear tabs
            3 viewWillAppear homeNav
            3 viewWillAppear home
            3 viewDidAppear tabs
            3 viewDidAppear homeNav
            3 viewDidAppear home
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: homeNav, restorationID: tabs
               | <UINavigationController: homeNav>, state: appeared, view: in window, restorationID: homeNav
               |    | <UIViewController: home>, state: appeared, view: in window, restorationID: home
               | <UINavigationController: browseNav>, state: disappeared, view: not mounted
               |    | <UIViewController: browse>, state: disappeared, view: mounted, not in window, restorationID: browse
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted, restorationID: detail
            <UIViewController: note>, state: disappeared, view: not mounted, restorationID: note
            <UIViewController: draft>, state: disappeared, view: not mounted
            """)
    }

    @Test func aPresentedControllerWithoutIdentifierIsNotSaved() {
        assertReplay(Self.app(), steps: """
            - launch
            - present: { vc: draft, from: home, animated: false }
            - preserve
            - restore
            """,
            events: launchEvents("tabs", "homeNav", "home") + """
            2 present home presenter=tabs presented=draft style=pageSheet requestedStyle=automatic
            2 viewWillAppear draft
            2 viewDidAppear draft
            2 presentationDidComplete draft presenter=tabs
            3 shouldSaveApplicationState tabs
            3 encodeRestorableState tabs path=tabs
            3 encodeRestorableState homeNav path=tabs/homeNav
            3 encodeRestorableState home path=tabs/homeNav/home
            4 shouldRestoreApplicationState tabs
            4 relaunch
            4 setRootViewController tabs
            4 decodeRestorableState tabs path=tabs
            4 decodeRestorableState homeNav path=tabs/homeNav
            4 decodeRestorableState home path=tabs/homeNav/home
            4 makeKeyAndVisible tabs
            4 viewWillAppear tabs
            4 viewWillAppear homeNav
            4 viewWillAppear home
            4 viewDidAppear tabs
            4 viewDidAppear homeNav
            4 viewDidAppear home
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: homeNav, restorationID: tabs
               | <UINavigationController: homeNav>, state: appeared, view: in window, restorationID: homeNav
               |    | <UIViewController: home>, state: appeared, view: in window, restorationID: home
               | <UINavigationController: browseNav>, state: disappeared, view: not mounted
               |    | <UIViewController: browse>, state: disappeared, view: mounted, not in window, restorationID: browse
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted, restorationID: detail
            <UIViewController: note>, state: disappeared, view: not mounted, restorationID: note
            <UIViewController: draft>, state: disappeared, view: not mounted
            restoration archive: tabs, tabs/homeNav, tabs/homeNav/home
            """)
    }
}
