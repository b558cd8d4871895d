import Testing
@testable import VCAuditSpec

@Suite("Declared containment")
struct StructureDiagnosticTests {
    @Test("a declared containment cycle, with a note at each link")
    func cycle() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
              a:
                kind: container
                children: [b]
              b:
                kind: container
                children: [c]
              c:
                kind: container
                children: [a]
            window: home

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:12:16: error: containment cycle a → b → c → a: 'a' cannot be a child of its own descendant 'c'; remove it from the children of 'c'
                children: [a]
                           ^
            spec.yaml:6:16: note: 'b' is a child of 'a' here
                children: [b]
                           ^
            spec.yaml:9:16: note: 'c' is a child of 'b' here
                children: [c]
                           ^

            """)
    }

    @Test("a controller listed as its own child")
    func selfChild() {
        let spec = """
            vcaudit: 1
            controllers:
              box:
                kind: container
                children: [box]

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:5:16: error: 'box' lists itself as a child; a controller cannot contain itself
                children: [box]
                           ^~~

            """)
    }

    @Test("a controller declared as the child of two parents")
    func twoParents() {
        let spec = """
            vcaudit: 1
            controllers:
              left:
                kind: container
                children: [shared]
              right:
                kind: container
                children: [shared]
              shared:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:8:16: error: 'shared' is already a child of 'left'; a controller has one parent: declare a second controller for the second place
                children: [shared]
                           ^~~~~~
            spec.yaml:5:16: note: first made a child of 'left' here
                children: [shared]
                           ^

            """)
    }

    @Test("a window root that is also a child")
    func windowIsChild() {
        let spec = """
            vcaudit: 1
            controllers:
              nav:
                kind: navigation
                root: home
              home:
            window: home

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:7:9: error: the window's root 'home' is also a child of 'nav'; a window's root view controller has no parent: remove it from the children of 'nav', or choose another root
            window: home
                    ^~~~
            spec.yaml:5:11: note: 'home' is made a child of 'nav' here
                root: home
                      ^

            """)
    }
}
