import Testing
@testable import VCAuditSpec
import VCAuditYAML

@Suite("YAML-level errors are located and rendered like a compiler")
struct YAMLDiagnosticTests {
    @Test("a mis-indented key is a syntax error with a note where the mapping starts")
    func syntaxIndent() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
                kind: container
               class: Home

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:5:4: error: did not find expected key; check the indentation: the keys of one mapping start in the same column
               class: Home
               ^
            spec.yaml:3:3: note: the block mapping starts here
              home:
              ^

            """)
    }

    @Test("a tab used for indentation")
    func syntaxTab() {
        let spec = """
            vcaudit: 1
            controllers:
            \thome:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:3:1: error: a tab character cannot indent YAML; indent with spaces
            \thome:
            ^

            """)
    }

    @Test("a duplicate key, with a note at the first one")
    func duplicateController() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
              detail:
              home:
                kind: navigation

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:5:3: error: duplicate key 'home' in this mapping; remove one of them
              home:
              ^~~~
            spec.yaml:3:3: note: 'home' first defined here
              home:
              ^

            """)
    }

    @Test("an alias to no anchor")
    func unknownAlias() {
        let spec = """
            vcaudit: 1
            controllers:
              home: *base

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:3:9: error: alias '*base' names no anchor defined before it; define '&base' first
              home: *base
                    ^~~~~

            """)
    }

    @Test("a second document")
    func twoDocuments() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
            ---
            vcaudit: 1

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:4:1: error: a second YAML document starts here; a spec file holds exactly one document: move it to a file of its own
            ---
            ^

            """)
    }

    @Test("a file whose root is a list")
    func rootIsList() {
        let spec = """
            - vcaudit: 1
            - controllers: {}

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:1: error: a spec must be a mapping that starts with 'vcaudit: 1', found a sequence
            - vcaudit: 1
            ^

            """)
    }

    @Test("a file whose root is a scalar")
    func rootIsScalar() {
        let spec = """
            vcaudit 1

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:1: error: a spec must be a mapping that starts with 'vcaudit: 1', found 'vcaudit 1'
            vcaudit 1
            ^~~~~~~~~

            """)
    }

    @Test("an empty file shows no source line")
    func empty() {
        let spec = """


            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:1:1: error: the file holds no YAML document; a spec starts with 'vcaudit: 1'

            """)
    }

    @Test("a Latin-1 file points at its first non-UTF-8 byte, shown as a replacement character")
    func latin1() {
        let bytes: [UInt8] = Array("vcaudit: 1\napp: Caf".utf8) + [0xE9] + Array("\ncontrollers:\n  home:\n".utf8)
        #expect(renderedDiagnostics(bytes) == """
            spec.yaml:2:9: error: the file is not UTF-8: byte 0xE9 here is not part of a valid UTF-8 character; save the file as UTF-8
            app: Caf\u{FFFD}
                    ^

            """)
    }

    @Test("a UTF-16 file is named as such, its excerpt kept printable")
    func utf16() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("vcaudit: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let rendered = renderedDiagnostics(bytes)
        #expect(rendered.hasPrefix("spec.yaml:1:1: error: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8\n"))
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("an alias bomb is refused at the alias that passes the bound, in well under a second")
    func aliasBomb() {
        var lines = ["vcaudit: 1", "a: &a [x, x, x, x, x, x, x, x, x, x]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        var rendered = ""
        let elapsed = ContinuousClock().measure { rendered = renderedDiagnostics(lines.joined(separator: "\n") + "\n") }
        #expect(rendered == """
            spec.yaml:6:36: error: aliases expand to more than 100000 nodes here (an alias bomb?); write the values out or nest fewer aliases
            e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
                                               ^~

            """)
        #expect(elapsed < .milliseconds(250))
    }

    @Test("100,000 nested brackets are refused at the depth limit; the long line is cut around the caret")
    func deepNesting() {
        var rendered = ""
        let elapsed = ContinuousClock().measure {
            rendered = renderedDiagnostics("vcaudit: 1\ncontrollers: " + String(repeating: "[", count: 100_000) + "\n")
        }
        #expect(rendered == """
            spec.yaml:2:269: error: mappings and sequences nest more than 256 levels deep here; flatten the structure
            ...\(String(repeating: "[", count: 160))...
            \(String(repeating: " ", count: 83))^

            """)
        #expect(elapsed < .milliseconds(500))
    }

    @Test("a file over the size limit is refused before parsing")
    func oversized() {
        let rendered = renderedDiagnostics(Array("vcaudit: 1\ncontrollers:\n  home:\n".utf8), limits: Composer.Limits(maxBytes: 16))
        #expect(rendered == """
            spec.yaml:1:1: error: the file is 32 bytes, more than the 16 a spec may have; split it into several specs
            vcaudit: 1
            ^

            """)
    }
}
