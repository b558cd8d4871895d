import Testing
@testable import VCAuditReplay
@testable import VCAuditSpec

/// A segue makes a new instance of its destination every time it runs (DESIGN §4.6, docs/uikit-semantics.md).
@Suite("Segue instances")
struct SegueInstanceTests {
    static let app = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: list }
          list:
          detail:
          editorNav: { kind: navigation, root: editor }
          editor:
        window: nav
        transitions:
          showDetail: { segue: show, from: list, to: detail }
          openEditor: { segue: modal, from: list, to: editorNav, style: fullScreen, animated: false }
          closeEditor:
            calls:
              - dismiss: { vc: editor, animated: false }
          pushStored:
            calls:
              - push: { nav: nav, vc: detail }
        """

    @Test("a double tap on a show segue pushes two different details: a nested push, not a duplicate")
    func doubleTapPushesTwoInstances() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - perform: showDetail
                - perform: showDetail
            - expect: { stack: { nav: nav, vcs: [list, detail#1, detail#2] } }
            - expect: { top: { nav: nav, vc: detail } }
            - expect: { appearance: { vc: detail#3, state: appeared } }
            """,
            events: launchEvents("nav", "list") + """
            2     instantiateViewController detail
            2     performSegue list to=detail segue=show
            2     showViewController list to=detail
            2     pushViewController nav child=detail animated
            2     willMoveToParent detail parent=nav
            2     viewWillDisappear list
            2     addSubview detail parent=nav
            2     viewWillAppear detail
            2     animationDidStart nav reason=navigation
            2     instantiateViewController detail#2
            2     performSegue list to=detail#2 segue=show
            2     showViewController list to=detail#2
            2     warning nav child=detail#2 reason=nested_navigation_animation — nested push animation can result in corrupted navigation bar
            2     pushViewController nav child=detail#2 animated
            2     willMoveToParent detail#2 parent=nav
            2     warning detail reason=interrupted_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: detail>.
            2     viewWillDisappear detail
            2     addSubview detail#2 parent=nav
            2     viewWillAppear detail#2
            2     animationDidStart nav reason=navigation
            2     animationDidComplete nav reason=navigation
            2     removeFromSuperview list parent=nav
            2     viewDidDisappear list
            2     didMoveToParent detail parent=nav
            2     animationDidComplete nav reason=navigation
            2     removeFromSuperview detail parent=nav
            2     viewDidDisappear detail
            2     viewDidAppear detail#2
            2     didMoveToParent detail#2 parent=nav
            3 expect passed (stack of nav: [list, detail#1, detail#2])
            4 expect passed (top of nav: detail)
            5 expect FAILED (instance detail#3 exists) — no instance 'detail#3' has been made (segues made 2 of 'detail')
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: list>, state: disappeared, view: not mounted
               | <UIViewController: detail>, state: disappeared, view: not mounted
               | <UIViewController: detail#2>, state: appeared, view: in window
            not in the window's hierarchy:
            <UINavigationController: editorNav>, state: disappeared, view: not mounted
               | <UIViewController: editor>, state: disappeared, view: mounted, not in window
            """)
    }

    @Test("tap, back, tap again pushes a fresh instance, and steps naming the scene mean the newest")
    func tapBackTap() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: showDetail
            - pop: { nav: nav, animated: false }
            - perform: showDetail
            - expect: { top: { nav: nav, vc: detail } }
            - pop: { nav: nav, animated: false }
            - expect: { parent: { child: detail, parent: null } }
            """,
            events: launchEvents("nav", "list") + """
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
            3 popViewController nav child=detail
            3 willMoveToParent detail
            3 viewWillDisappear detail
            3 addSubview list parent=nav
            3 viewWillAppear list
            3 removeFromSuperview detail parent=nav
            3 viewDidDisappear detail
            3 viewDidAppear list
            3 didMoveToParent detail
            4   instantiateViewController detail#2
            4   performSegue list to=detail#2 segue=show
            4   showViewController list to=detail#2
            4   pushViewController nav child=detail#2 animated
            4   willMoveToParent detail#2 parent=nav
            4   viewWillDisappear list
            4   addSubview detail#2 parent=nav
            4   viewWillAppear detail#2
            4   animationDidStart nav reason=navigation
            4   animationDidComplete nav reason=navigation
            4   removeFromSuperview list parent=nav
            4   viewDidDisappear list
            4   viewDidAppear detail#2
            4   didMoveToParent detail#2 parent=nav
            5 expect passed (top of nav: detail)
            6 popViewController nav child=detail#2
            6 willMoveToParent detail#2
            6 viewWillDisappear detail#2
            6 addSubview list parent=nav
            6 viewWillAppear list
            6 removeFromSuperview detail#2 parent=nav
            6 viewDidDisappear detail#2
            6 viewDidAppear list
            6 didMoveToParent detail#2
            7 expect passed (parent of detail: none)
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: list>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: editorNav>, state: disappeared, view: not mounted
               | <UIViewController: editor>, state: disappeared, view: mounted, not in window
            """)
    }

    @Test("a modal segue to a navigation controller makes it and its root anew the second time")
    func modalSegueCopiesTheContainedTree() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: openEditor
            - perform: closeEditor
            - perform: openEditor
            - expect: { presented: { by: nav, vc: editorNav } }
            - expect: { top: { nav: editorNav, vc: editor } }
            """,
            events: launchEvents("nav", "list") + """
            2   instantiateViewController editorNav
            2   performSegue list to=editorNav segue=modal
            2   present list presenter=nav presented=editorNav style=fullScreen
            2   viewWillDisappear nav
            2   viewWillDisappear list
            2   viewWillAppear editorNav
            2   viewWillAppear editor
            2   viewDidAppear editorNav
            2   viewDidAppear editor
            2   viewDidDisappear nav
            2   viewDidDisappear list
            2   presentationDidComplete editorNav presenter=nav
            3   dismiss editor presenter=nav presented=editorNav
            3   viewWillDisappear editorNav
            3   viewWillDisappear editor
            3   viewWillAppear nav
            3   viewWillAppear list
            3   viewDidAppear nav
            3   viewDidAppear list
            3   viewDidDisappear editorNav
            3   viewDidDisappear editor
            3   dismissalDidComplete editorNav presenter=nav
            4   instantiateViewController editorNav#2 vcs=[editorNav#2,editor#2]
            4   performSegue list to=editorNav#2 segue=modal
            4   present list presenter=nav presented=editorNav#2 style=fullScreen
            4   viewWillDisappear nav
            4   viewWillDisappear list
            4   viewWillAppear editorNav#2
            4   viewWillAppear editor#2
            4   viewDidAppear editorNav#2
            4   viewDidAppear editor#2
            4   viewDidDisappear nav
            4   viewDidDisappear list
            4   presentationDidComplete editorNav#2 presenter=nav
            5 expect passed (presented by nav: editorNav)
            6 expect passed (top of editorNav: editor)
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: disappeared, view: removed (covered by editorNav#2)
               | <UIViewController: list>, state: disappeared, view: mounted, not in window
               + <UINavigationController: editorNav#2>, state: appeared, view: in window, presented: fullScreen
                    | <UIViewController: editor#2>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: detail>, state: disappeared, view: not mounted
            <UINavigationController: editorNav>, state: disappeared, view: not mounted
               | <UIViewController: editor>, state: disappeared, view: mounted, not in window
            """)
    }

    @Test("code that pushes the controller it holds twice still crashes: calls name one instance")
    func storedInstancePushedTwice() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - perform: pushStored
                - perform: pushStored
            """,
            events: launchEvents("nav", "list") + """
            2     pushViewController nav child=detail animated
            2     willMoveToParent detail parent=nav
            2     viewWillDisappear list
            2     addSubview detail parent=nav
            2     viewWillAppear detail
            2     animationDidStart nav reason=navigation
            2     exception nav child=detail reason=push_duplicate — <UINavigationController: nav> is pushing the same view controller instance (<UIViewController: detail>) more than once which is not supported and is most likely an error in the application
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: list>, state: disappearing, view: in window
               | <UIViewController: detail>, state: appearing, view: in window
            not in the window's hierarchy:
            <UINavigationController: editorNav>, state: disappeared, view: not mounted
               | <UIViewController: editor>, state: disappeared, view: mounted, not in window
            (the app crashed: UIKit raised an exception)
            animations in flight: navigation of nav
            """)
    }

    @Test("a log that names an instance no segue made is refused before folding")
    func unknownInstanceInALog() throws {
        let spec = try #require(loadSpec(specText(Self.app, steps: "- launch\n- perform: showDetail\n- perform: showDetail")))
        let scenario = try #require(spec.scenarios.first)
        let log = Replay.run(spec, scenario: scenario).log
        #expect(Replay.firstUnknownController(in: log.events, spec: spec) == nil)
        #expect(log.events.contains { $0.name == .instantiateViewController && $0.vc == "detail#2" })
        var forged = log.events.filter { $0.name != .instantiateViewController }
        forged.append(forged[forged.count - 1])
        #expect(Replay.firstUnknownController(in: forged, spec: spec) == "detail#2")
        #expect(Replay.firstUnknownController(in: log.events + [Event(name: .relaunch, at: log.events[0].at), log.events.last!],
                                              spec: spec) != nil)
    }

    @Test("the state records each scene's newest instance and count by position, and a relaunch forgets them")
    func sceneInstancesRecord() throws {
        let spec = try #require(loadSpec(specText(Self.app, steps: """
            - launch
            - perform: showDetail
            - pop: { nav: nav, animated: false }
            - perform: showDetail
            - perform: openEditor
            """)))
        let state = try Replay.run(spec, scenario: #require(spec.scenarios.first)).finalState
        #expect(state.current("detail") == "detail#2")
        #expect(state.current("list") == "list")
        #expect(state.current("detail#2") == "detail#2")
        #expect(state.current("ghost") == "ghost")
        #expect(state.instanceCount(of: "detail") == 2)
        #expect(state.instanceCount(of: "editorNav") == 1)
        #expect(state.instanceCount(of: "list") == nil)
        #expect(state.newest == ["detail": "detail#2"])
        #expect(state.instanceCounts == ["detail": 2, "editorNav": 1])
        var relaunched = state
        Replay.evolve(&relaunched, Event(name: .relaunch, at: SourceLocation(file: "spec.yaml", line: 1, column: 1)))
        #expect(relaunched.instances.isEmpty)
        #expect(relaunched.current("detail") == "detail")
    }

    @Test("equal instance records compare and hash alike however many positions they have filled in")
    func sceneInstancesEquality() {
        var empty = SceneInstances()
        var counted = SceneInstances()
        counted.setCount(2, at: 1, declaredCount: 4)
        #expect(empty != counted)
        empty.setCount(2, at: 1, declaredCount: 2)
        #expect(empty == counted)
        #expect(empty.hashValue == counted.hashValue)
        var newer = counted
        newer.setNewest("detail#2", at: 1, declaredCount: 4)
        #expect(newer != counted)
        #expect(newer.newest(at: 1) == "detail#2")
        #expect(newer.newest(at: 3) == nil)
        #expect(newer.count(at: 0) == nil)
        #expect(newer.count(at: 1) == 2)
    }

    @Test("outside 'expect', and for an undeclared scene, an instance number is an error")
    func instanceNumbersOnlyInExpect() {
        let outside = SpecLoader.load(bytes: Array(specText(Self.app, steps: "- push: { nav: nav, vc: detail#2 }").utf8), path: "a.yaml")
        #expect(outside.diagnostics.map { $0.rendered(source: outside.source) }.contains { $0.contains("unknown controller 'detail#2'") })
        let undeclared = SpecLoader.load(bytes: Array(specText(Self.app, steps: "- expect: { top: { nav: nav, vc: ghost#2 } }").utf8), path: "a.yaml")
        #expect(undeclared.diagnostics.map { $0.rendered(source: undeclared.source) }.contains {
            $0.contains("'ghost#2' in 'vc' of 'expect: top' is not an instance of a declared controller; write 'id#n'")
        })
    }

    @Test("a controller id with '#' is refused: logs keep it for instance numbers")
    func hashInIDIsRefused() {
        let loaded = SpecLoader.load(bytes: Array("vcaudit: 1\ncontrollers:\n  detail#2:\n".utf8), path: "a.yaml")
        #expect(loaded.spec == nil)
        #expect(loaded.diagnostics.map { $0.rendered(source: loaded.source) }.contains {
            $0.hasPrefix("a.yaml:3:3: error: controller id 'detail#2' contains '#', which logs keep for instance numbers")
        })
    }
}
