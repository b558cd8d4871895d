import Testing
@testable import VCAuditSpec

@Suite("The vcaudit: version key")
struct VersionDiagnosticTests {
    @Test("a missing version")
    func missingVersion() {
        let spec = """
            app: Wonderland
            controllers:
              home:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:1: error: missing 'vcaudit: 1' at the top of the spec; every spec starts with the version of the format it is written in
            app: Wonderland
            ^

            """)
    }

    @Test("a misspelled version key")
    func misspelledVersion() {
        let spec = """
            vcadit: 1
            controllers:
              home:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:1: error: unknown key 'vcadit' in the spec; did you mean 'vcaudit'?
            vcadit: 1
            ^~~~~~

            """)
    }

    @Test("a quoted version")
    func quotedVersion() {
        let spec = """
            vcaudit: "1"
            controllers:
              home:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:10: error: expected the spec format version for 'vcaudit', found the quoted string "1"; write 'vcaudit: 1'
            vcaudit: "1"
                     ^~~

            """)
    }

    @Test("a future version stops before the keys it would read differently")
    func futureVersion() {
        let spec = """
            vcaudit: 2
            controllers:
              home:
                presentation: newStyle

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:10: error: spec format version 2 is newer than this vcaudit reads (version 1); update vcaudit
            vcaudit: 2
                     ^

            """)
    }

    @Test("a version that never existed")
    func zeroVersion() {
        let spec = """
            vcaudit: 0
            controllers:
              home:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:10: error: there is no spec format version 0; write 'vcaudit: 1'
            vcaudit: 0
                     ^

            """)
    }
}
