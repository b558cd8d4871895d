import Testing
import VCAuditGenerate

@Suite("Swift-safe names")
struct SwiftNameTests {
    @Test("Scenario names become lower camel case", arguments: [
        ("Launch lands on Home", "launchLandsOnHome"),
        ("Swap forgets didMove(toParent:)", "swapForgetsDidMoveToParent"),
        ("transition(from:to:) before addChild", "transitionFromToBeforeAddChild"),
        ("Tab switching keeps each tab's stack", "tabSwitchingKeepsEachTabsStack"),
        ("UIKit bugs", "uiKitBugs"),
        ("URL opens", "urlOpens"),
        ("About the author on iPad", "aboutTheAuthorOnIPad"),
        ("Café au lait", "cafeAuLait"),
        ("3 pages", "_3Pages"),
        ("character-list", "characterList"),
    ])
    func lowerCamel(name: String, expected: String) {
        #expect(SwiftName.lowerCamel(name, fallback: "scenario") == expected)
    }

    @Test("Lower-camel identifiers are kept as written, others start lowercase")
    func identifiersKept() {
        #expect(SwiftName.lowerCamel("charactersNav", fallback: "x") == "charactersNav")
        #expect(SwiftName.lowerCamel("Home", fallback: "x") == "home")
        #expect(SwiftName.lowerCamel("Launch", fallback: "x") == "launch")
        #expect(SwiftName.lowerCamel("page1", fallback: "x") == "page1")
    }

    @Test("Names with nothing Swift can use fall back")
    func fallback() {
        #expect(SwiftName.lowerCamel("!!!", fallback: "scenario") == "scenario")
        #expect(SwiftName.lowerCamel("日本", fallback: "scenario") == "scenario")
        #expect(SwiftName.upperCamel("", fallback: "Spec") == "Spec")
    }

    @Test("Spec file names become upper camel case type names")
    func upperCamel() {
        #expect(SwiftName.upperCamel("double-tap-push", fallback: "Spec") == "DoubleTapPush")
        #expect(SwiftName.upperCamel("notes_restoration bug", fallback: "Spec") == "NotesRestorationBug")
        #expect(TestGenerator.suiteName(forSpecPath: "Examples/Bugs/double-tap-push.yaml") == "DoubleTapPushTests")
        #expect(TestGenerator.suiteName(forSpecPath: "app.yml") == "AppTests")
    }

    @Test("Keywords are escaped with backticks, other names are not")
    func keywords() {
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("self") == "`self`")
        #expect(SwiftName.escaped("Type") == "`Type`")
        #expect(SwiftName.escaped("home") == "home")
        #expect(SwiftName.escaped("get") == "get")
    }

    @Test("Ids and names that backticks do not make usable get a number instead, in every place a name is written",
          arguments: TestFramework.allCases)
    func unusableEvenEscaped(framework: TestFramework) throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: self }
              self: { class: HomeViewController }
              super: {}
              Self: {}
              init: {}
            window: nav
            transitions:
              self: { calls: [{ push: { nav: nav, vc: super } }] }
              open: { calls: [{ perform: self }] }
            scenarios:
              - name: self
                steps: [launch, { perform: open }]
              - name: Default
                steps: [launch]
              - name: init
                steps: [launch]
            """, framework: framework)
        // `self` = HomeViewController() does not compile: unqualified, `self` is the instance even in backticks.
        #expect(text.contains("let self2: HomeViewController\n"))
        #expect(text.contains("self2 = HomeViewController()\n"))
        #expect(text.contains("nav = UINavigationController(rootViewController: self2)\n"))
        #expect(text.contains("(\"self\", self2),\n"))
        #expect(text.contains("let super2: UIViewController\n"))
        #expect(text.contains("let self3: UIViewController\n"), "Self is self in lower camel case")
        #expect(text.contains("let init2: UIViewController\n"))
        #expect(text.contains("func self4() {\n"))
        #expect(text.contains("    self4()\n"), "a transition that performs another calls it by its name")
        #expect(text.contains(" nav.pushViewController(super2, animated: false)\n"))
        for unusable in ["self", "Self", "super", "init", "deinit"] {
            #expect(!text.contains("`\(unusable)`"), "\(unusable) is written in backticks")
        }
        switch framework {
        case .swiftTesting:
            // Swift Testing refuses a test function named `self`; a keyword that backticks do make usable is escaped.
            #expect(text.contains("@Test(\"self\")\n        func self2() async throws {\n"))
            #expect(text.contains("@Test(\"Default\")\n        func `default`() async throws {\n"))
            #expect(text.contains("@Test(\"init\")\n        func init2() async throws {\n"))
        case .xctest:
            #expect(text.contains("func testSelf() async throws {\n"))
            #expect(text.contains("func testDefault() async throws {\n"))
            #expect(text.contains("func testInit() async throws {\n"))
        }
    }

    @Test("Clashing names get 2, 3, ... in claim order")
    func collisions() {
        var scope = NameScope(reserved: ["all"])
        #expect(scope.claim("home") == "home")
        #expect(scope.claim("home") == "home2")
        #expect(scope.claim("home") == "home3")
        #expect(scope.claim("all") == "all2")
    }

    @Test("Suite names of specs with the same file name do not depend on argument order")
    func suiteNameCollisions() {
        let paths = ["b/notes.yaml", "a/notes.yaml", "c/Notes.yml", "x/VCAuditHost.yaml"]
        let names = TestGenerator.suiteNames(forSpecPaths: paths)
        #expect(names == TestGenerator.suiteNames(forSpecPaths: paths.reversed()))
        #expect(names["a/notes.yaml"] == "NotesTests")
        #expect(names["b/notes.yaml"] == "NotesTests2")
        #expect(names["c/Notes.yml"] == "NotesTests3")
        #expect(Set(names.values).count == paths.count)
    }

    @Test("Generated code escapes keyword ids and keeps clashing ids and scenario names apart")
    func generatedNames() throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              default: { kind: navigation, root: character-list }
              character-list: {}
              characterList: {}
              all: {}
            window: default
            transitions:
              characterList: { segue: show, from: character-list, to: characterList }
            scenarios:
              - name: Open it
                steps: [launch, { perform: characterList }]
              - name: open it!
                steps: [launch]
            """)
        #expect(text.contains("let `default`: UINavigationController"))
        #expect(text.contains("let characterList: UIViewController"))
        #expect(text.contains("var characterList2: UIViewController"))
        #expect(text.contains("let all2: UIViewController"))
        #expect(text.contains("func characterList3()"))
        #expect(text.contains("app.characterList3()"))
        #expect(text.contains("host.window.rootViewController = app.`default`"))
        #expect(text.contains("func openIt() async throws"))
        #expect(text.contains("func openIt2() async throws"))
        #expect(text.contains("(\"character-list\", characterList),"))
    }
}
