import Testing
@testable import VCAuditReplay

/// The More tab (docs/uikit-semantics.md): a tab bar shows five tabs in compact width and eight in regular; with
/// more, the last visible one is "More", whose navigation controller (`tabs.more`) shows the selected tab beyond it.
@Suite("The More tab")
struct MoreTabTests {
    static let app = """
        vcaudit: 1
        controllers:
          tabs: { kind: tabBar, children: [home, search, inbox, profile, downloads, settings, archiveNav, library] }
          home:
          search:
          inbox:
          profile:
          downloads:
          settings:
          archiveNav: { kind: navigation, root: archive }
          archive:
          library: { kind: split, children: [shelves, book] }
          shelves:
          book:
        window: tabs
        """

    @Test("selecting a tab behind More shows the More navigation controller with that tab on its stack")
    func selectingATabBehindMore() {
        assertReplay(Self.app, steps: """
            - launch
            - select: settings
            - expect: { selected: { tabs: tabs, vc: settings }, top: { nav: tabs.more, vc: settings } }
            - expect: { visible: [tabs, tabs.more, settings] }
            - select: downloads
            - expect: { top: { nav: tabs.more, vc: downloads }, parent: { child: settings, parent: tabs } }
            - select: home
            - expect: { visible: [tabs, home] }
            """,
            events: launchEvents("tabs", "home") + """
            2 setSelectedViewController tabs from=home to=settings
            2 setViewControllers tabs.more vcs=[settings]
            2 willMoveToParent settings parent=tabs.more
            2 addSubview settings parent=tabs.more
            2 didMoveToParent settings parent=tabs.more
            2 addSubview tabs.more parent=tabs
            2 viewWillAppear tabs.more
            2 viewWillAppear settings
            2 viewWillDisappear home
            2 removeFromSuperview home parent=tabs
            2 viewDidDisappear home
            2 viewDidAppear tabs.more
            2 viewDidAppear settings
            3 expect passed (selected in tabs: settings)
            3 expect passed (top of tabs.more: settings)
            4 expect passed (visible [tabs, tabs.more, settings])
            5 setSelectedViewController tabs from=settings to=downloads
            5 setViewControllers tabs.more vcs=[downloads]
            5 willMoveToParent downloads parent=tabs.more
            5 willMoveToParent settings
            5 viewWillDisappear settings
            5 addSubview downloads parent=tabs.more
            5 viewWillAppear downloads
            5 removeFromSuperview settings parent=tabs.more
            5 viewDidDisappear settings
            5 viewDidAppear downloads
            5 didMoveToParent downloads parent=tabs.more
            5 didMoveToParent settings
            6 expect passed (top of tabs.more: downloads)
            6 expect passed (parent of settings: tabs)
            7 setSelectedViewController tabs from=downloads to=home
            7 addSubview home parent=tabs
            7 viewWillAppear home
            7 viewWillDisappear tabs.more
            7 viewWillDisappear downloads
            7 removeFromSuperview tabs.more parent=tabs
            7 viewDidDisappear tabs.more
            7 viewDidDisappear downloads
            7 viewDidAppear home
            8 expect passed (visible [tabs, home])
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: home
               | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: search>, state: disappeared, view: not mounted
               | <UIViewController: inbox>, state: disappeared, view: not mounted
               | <UIViewController: profile>, state: disappeared, view: not mounted
               | <UIViewController: settings>, state: disappeared, view: not mounted
               | <UINavigationController: archiveNav>, state: disappeared, view: not mounted
               |    | <UIViewController: archive>, state: disappeared, view: mounted, not in window
               | <UISplitViewController: library>, state: disappeared, view: not mounted
               |    | <UIViewController: shelves>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: book>, state: disappeared, view: not mounted
               | <UIMoreNavigationController: tabs.more>, state: disappeared, view: not mounted
               |    | <UIViewController: downloads>, state: disappeared, view: mounted, not in window
            """)
    }

    @Test("a navigation controller behind More is shown inside it with its own stack")
    func aNavigationControllerBehindMore() {
        assertReplay(Self.app, steps: """
            - launch
            - select: archiveNav
            - expect: { top: { nav: archiveNav, vc: archive }, visible: [tabs, tabs.more, archiveNav, archive] }
            """,
            events: launchEvents("tabs", "home") + """
            2 setSelectedViewController tabs from=home to=archiveNav
            2 setViewControllers tabs.more vcs=[archiveNav]
            2 willMoveToParent archiveNav parent=tabs.more
            2 addSubview archiveNav parent=tabs.more
            2 didMoveToParent archiveNav parent=tabs.more
            2 addSubview tabs.more parent=tabs
            2 viewWillAppear tabs.more
            2 viewWillAppear archiveNav
            2 viewWillAppear archive
            2 viewWillDisappear home
            2 removeFromSuperview home parent=tabs
            2 viewDidDisappear home
            2 viewDidAppear tabs.more
            2 viewDidAppear archiveNav
            2 viewDidAppear archive
            3 expect passed (top of archiveNav: archive)
            3 expect passed (visible [tabs, tabs.more, archiveNav, archive])
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: archiveNav
               | <UIViewController: home>, state: disappeared, view: not mounted
               | <UIViewController: search>, state: disappeared, view: not mounted
               | <UIViewController: inbox>, state: disappeared, view: not mounted
               | <UIViewController: profile>, state: disappeared, view: not mounted
               | <UIViewController: downloads>, state: disappeared, view: not mounted
               | <UIViewController: settings>, state: disappeared, view: not mounted
               | <UISplitViewController: library>, state: disappeared, view: not mounted
               |    | <UIViewController: shelves>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: book>, state: disappeared, view: not mounted
               | <UIMoreNavigationController: tabs.more>, state: appeared, view: in window
               |    | <UINavigationController: archiveNav>, state: appeared, view: in window
               |    |    | <UIViewController: archive>, state: appeared, view: in window
            """)
    }

    @Test("a split view controller behind More cannot be pushed there: UIKit logs it and the More list stays")
    func aSplitBehindMore() {
        assertReplay(Self.app, steps: """
            - launch
            - select: library
            - expect: { selected: { tabs: tabs, vc: library }, visible: [tabs, tabs.more] }
            """,
            events: launchEvents("tabs", "home") + """
            2 setSelectedViewController tabs from=home to=library
            2 warning tabs.more child=library reason=push_split_view_controller — Split View Controllers cannot be pushed to a Navigation Controller
            2 addSubview tabs.more parent=tabs
            2 viewWillAppear tabs.more
            2 viewWillDisappear home
            2 removeFromSuperview home parent=tabs
            2 viewDidDisappear home
            2 viewDidAppear tabs.more
            3 expect passed (selected in tabs: library)
            3 expect passed (visible [tabs, tabs.more])
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: library
               | <UIViewController: home>, state: disappeared, view: not mounted
               | <UIViewController: search>, state: disappeared, view: not mounted
               | <UIViewController: inbox>, state: disappeared, view: not mounted
               | <UIViewController: profile>, state: disappeared, view: not mounted
               | <UIViewController: downloads>, state: disappeared, view: not mounted
               | <UIViewController: settings>, state: disappeared, view: not mounted
               | <UINavigationController: archiveNav>, state: disappeared, view: not mounted
               |    | <UIViewController: archive>, state: disappeared, view: mounted, not in window
               | <UISplitViewController: library>, state: disappeared, view: not mounted
               |    | <UIViewController: shelves>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: book>, state: disappeared, view: not mounted
               | <UIMoreNavigationController: tabs.more>, state: appeared, view: in window
            """)
    }

    @Test("in regular width eight tabs fit: no More tab")
    func regularWidthShowsEight() {
        assertReplay(Self.app, device: "ipad", steps: """
            - launch
            - select: settings
            - expect: { visible: [tabs, settings] }
            """,
            events: launchEvents("tabs", "home") + """
            2 setSelectedViewController tabs from=home to=settings
            2 addSubview settings parent=tabs
            2 viewWillAppear settings
            2 viewWillDisappear home
            2 removeFromSuperview home parent=tabs
            2 viewDidDisappear home
            2 viewDidAppear settings
            3 expect passed (visible [tabs, settings])
            """,
            tree: """
            window (key and visible; width regular, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: settings
               | <UIViewController: home>, state: disappeared, view: not mounted
               | <UIViewController: search>, state: disappeared, view: not mounted
               | <UIViewController: inbox>, state: disappeared, view: not mounted
               | <UIViewController: profile>, state: disappeared, view: not mounted
               | <UIViewController: downloads>, state: disappeared, view: not mounted
               | <UIViewController: settings>, state: appeared, view: in window
               | <UINavigationController: archiveNav>, state: disappeared, view: not mounted
               |    | <UIViewController: archive>, state: disappeared, view: mounted, not in window
               | <UISplitViewController: library>, state: disappeared, view: not mounted
               |    | <UIViewController: shelves>, state: disappeared, view: mounted, not in window
               |    | <UIViewController: book>, state: disappeared, view: mounted, not in window
               | <UIMoreNavigationController: tabs.more>, state: disappeared, view: not mounted
            """)
    }

    @Test("an unwind to a tab behind More selects that tab, not the More controller (found by the replay benchmark)")
    func unwindToATabBehindMore() {
        assertReplay("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [home, search, inbox, profile, downloads, book] }
              home:
              search:
              inbox:
              profile:
              downloads:
              book:
              info:
            window: tabs
            transitions:
              openInfo: { segue: modal, from: book, to: info, style: fullScreen, animated: false }
              closeInfo: { segue: unwind, from: info, to: book, animated: false }
            """, steps: """
            - launch
            - select: book
            - perform: openInfo
            - perform: closeInfo
            - expect: { selected: { tabs: tabs, vc: book }, visible: [tabs, tabs.more, book] }
            """,
            events: launchEvents("tabs", "home") + """
            2 setSelectedViewController tabs from=home to=book
            2 setViewControllers tabs.more vcs=[book]
            2 willMoveToParent book parent=tabs.more
            2 addSubview book parent=tabs.more
            2 didMoveToParent book parent=tabs.more
            2 addSubview tabs.more parent=tabs
            2 viewWillAppear tabs.more
            2 viewWillAppear book
            2 viewWillDisappear home
            2 removeFromSuperview home parent=tabs
            2 viewDidDisappear home
            2 viewDidAppear tabs.more
            2 viewDidAppear book
            3   instantiateViewController info
            3   performSegue book to=info segue=modal
            3   present book presenter=tabs presented=info style=fullScreen
            3   viewWillDisappear tabs
            3   viewWillDisappear tabs.more
            3   viewWillDisappear book
            3   viewWillAppear info
            3   viewDidAppear info
            3   viewDidDisappear tabs
            3   viewDidDisappear tabs.more
            3   viewDidDisappear book
            3   presentationDidComplete info presenter=tabs
            4   unwind info to=book
            4   dismiss tabs presenter=tabs presented=info
            4   viewWillDisappear info
            4   viewWillAppear tabs
            4   viewWillAppear tabs.more
            4   viewWillAppear book
            4   viewDidAppear tabs
            4   viewDidAppear tabs.more
            4   viewDidAppear book
            4   viewDidDisappear info
            4   dismissalDidComplete info presenter=tabs
            5 expect passed (selected in tabs: book)
            5 expect passed (visible [tabs, tabs.more, book])
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: book
               | <UIViewController: home>, state: disappeared, view: not mounted
               | <UIViewController: search>, state: disappeared, view: not mounted
               | <UIViewController: inbox>, state: disappeared, view: not mounted
               | <UIViewController: profile>, state: disappeared, view: not mounted
               | <UIViewController: downloads>, state: disappeared, view: not mounted
               | <UIMoreNavigationController: tabs.more>, state: appeared, view: in window
               |    | <UIViewController: book>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: info>, state: disappeared, view: not mounted
            """)
    }

    @Test("'tabs.more' of a tab bar with five tabs or fewer fails the expectation and says why")
    func noMoreTab() {
        assertReplay("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [home, search] }
              home:
              search:
            window: tabs
            """, steps: """
            - launch
            - expect: { top: { nav: tabs.more, vc: home } }
            """,
            events: launchEvents("tabs", "home") + """
            2 expect FAILED (tabs.more exists) — 'tabs' has no More tab: it has 2 tabs, and a tab bar shows up to 5 in compact width
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UITabBarController: tabs>, state: appeared, view: in window, selected: home
               | <UIViewController: home>, state: appeared, view: in window
               | <UIViewController: search>, state: disappeared, view: not mounted
            """)
    }
}
