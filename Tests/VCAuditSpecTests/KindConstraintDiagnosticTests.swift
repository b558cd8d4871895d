import Testing
@testable import VCAuditSpec

@Suite("Keys that only some controller kinds take")
struct KindConstraintDiagnosticTests {
    @Test("root, selected, spine, transitionStyle and children on the wrong kinds, and what each kind requires")
    func kindConstraints() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
                root: list
                selected: list
                spine: mid
                children: [list]
              list:
              nav:
                kind: navigation
              both:
                kind: navigation
                root: list
                children: [list]
              tabs:
                kind: tabBar
                children: [home]
                selected: nav
              split:
                kind: split
                children: [a, b, c]
              a:
              b:
              c:
              emptyNav:
                kind: navigation
                children: []
              board:
                storyboardID: board
              initial:
                storyboardInitial: true
              scrolled:
                kind: page
                children: [onePage]
                spine: mid
                transitionStyle: scroll
              onePage:
              plain:
                transitionStyle: pageCurl

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:4:5: error: 'root' is only for navigation controllers, but 'home' is a content controller; set 'kind: navigation', or use 'children' for a container
                root: list
                ^~~~
            spec.yaml:5:5: error: 'selected' is only for tab bar controllers, but 'home' is a content controller; set 'kind: tabBar', or remove 'selected'
                selected: list
                ^~~~~~~~
            spec.yaml:6:5: error: 'spine' is only for page view controllers, but 'home' is a content controller; set 'kind: page', or remove 'spine'
                spine: mid
                ^~~~~
            spec.yaml:7:5: error: 'children' needs a container, but 'home' is a content controller; set 'kind: container' (or navigation, tabBar, split, page)
                children: [list]
                ^~~~~~~~
            spec.yaml:9:3: error: navigation controller 'nav' has no root; add 'root: <controller>'
              nav:
              ^~~
            spec.yaml:13:5: error: 'both' sets both 'root' and 'children'; 'root: x' is short for 'children: [x]': keep one
                root: list
                ^~~~
            spec.yaml:18:15: error: 'nav' is not one of the tabs of 'tabs'; select one of its children (home)
                selected: nav
                          ^~~
            spec.yaml:21:22: error: a split view controller has two children, [primary, secondary], but 'split' lists 3; remove the extra ones
                children: [a, b, c]
                                 ^
            spec.yaml:27:15: error: navigation controller 'emptyNav' has an empty stack; list its root controller first
                children: []
                          ^
            spec.yaml:29:5: error: 'storyboardID' needs 'storyboard' too; add 'storyboard: <the storyboard's name>' to controller 'board'
                storyboardID: board
                ^~~~~~~~~~~~
            spec.yaml:31:5: error: 'storyboardInitial' needs 'storyboard' too; add 'storyboard: <the storyboard's name>' to controller 'initial'
                storyboardInitial: true
                ^~~~~~~~~~~~~~~~~
            spec.yaml:35:5: error: a scrolling page view controller shows one page: spine 'mid' is a page curl's; set 'transitionStyle: pageCurl', or remove 'spine'
                spine: mid
                ^~~~~
            spec.yaml:39:5: error: 'transitionStyle' is only for page view controllers, but 'plain' is a content controller; set 'kind: page', or remove 'transitionStyle'
                transitionStyle: pageCurl
                ^~~~~~~~~~~~~~~

            """)
    }

    @Test("navigationBarHidden is for navigation controllers only, and read there")
    func navigationBarHidden() throws {
        let spec = """
            vcaudit: 1
            controllers:
              home:
                navigationBarHidden: true
              nav: { kind: navigation, root: home, navigationBarHidden: true }

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:4:5: error: 'navigationBarHidden' is only for navigation controllers, but 'home' is a content controller; remove it, or set 'kind: navigation'
                navigationBarHidden: true
                ^~~~~~~~~~~~~~~~~~~

            """)
        let valid = SpecLoader.load(bytes: Array(spec.replacingOccurrences(of: "    navigationBarHidden: true\n", with: "").utf8), path: "spec.yaml")
        let loaded = try #require(valid.spec)
        #expect(loaded.controller("nav")?.navigationBarHidden == true)
        #expect(loaded.controller("home")?.navigationBarHidden == false)
    }
}

@Suite("Steps that need a container of a given kind")
struct StepContainerKindTests {
    @Test("push, pop, popTo, popToRoot, setViewControllers and select name a container of the kind they need")
    func stepTargets() {
        let spec = """
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [nav] }
              nav: { kind: navigation, root: list }
              list: {}
              detail: {}
            window: tabs
            scenarios:
              - name: S
                steps:
                  - push: { nav: list, vc: detail }
                  - pop: tabs
                  - popTo: { nav: detail, vc: list }
                  - popToRoot: list
                  - setViewControllers: { of: list, vcs: [detail] }
                  - select: { tabs: nav, vc: nav }
                  - push: { nav: nav, vc: detail }
                  - setViewControllers: { of: tabs, vcs: [nav] }

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:11:22: error: 'list' is a content controller, but the 'push' step needs a navigation controller; name the navigation controller that holds it, or declare 'list' with the right 'kind'
                  - push: { nav: list, vc: detail }
                                 ^~~~
            spec.yaml:12:14: error: 'tabs' is a tabBar controller, but the 'pop' step needs a navigation controller; name the navigation controller that holds it, or declare 'tabs' with the right 'kind'
                  - pop: tabs
                         ^~~~
            spec.yaml:13:23: error: 'detail' is a content controller, but the 'popTo' step needs a navigation controller; name the navigation controller that holds it, or declare 'detail' with the right 'kind'
                  - popTo: { nav: detail, vc: list }
                                  ^~~~~~
            spec.yaml:14:20: error: 'list' is a content controller, but the 'popToRoot' step needs a navigation controller; name the navigation controller that holds it, or declare 'list' with the right 'kind'
                  - popToRoot: list
                               ^~~~
            spec.yaml:15:35: error: 'list' is a content controller, but the 'setViewControllers' step needs a navigation, tab bar, page or split view controller; name the navigation, tab bar, page or split view controller that holds it, or declare 'list' with the right 'kind'
                  - setViewControllers: { of: list, vcs: [detail] }
                                              ^~~~
            spec.yaml:16:25: error: 'nav' is a navigation controller, but the 'select' step needs a tab bar controller; name the tab bar controller that holds it, or declare 'nav' with the right 'kind'
                  - select: { tabs: nav, vc: nav }
                                    ^~~

            """)
    }
}
