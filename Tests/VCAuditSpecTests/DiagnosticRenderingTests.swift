import Testing
@testable import VCAuditSpec

@Suite("Diagnostics render like clang and swiftc")
struct DiagnosticRenderingTests {
    private let file = "App.yaml"

    private func diagnostic(_ line: Int, _ column: Int, _ message: String, length: Int = 1, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(.error, at: SourceLocation(file: file, line: line, column: column), message, length: length, notes: notes)
    }

    @Test("the message line, the source line, and a caret with tildes for the length")
    func basic() {
        let source = SourceText("vcaudit: 1\nwindow: hom\n")
        #expect(diagnostic(2, 9, "unknown controller 'hom'", length: 3).rendered(source: source) == """
            App.yaml:2:9: error: unknown controller 'hom'
            window: hom
                    ^~~

            """)
    }

    @Test("tabs before the column are kept in the caret line so the caret lines up")
    func tabs() {
        let source = SourceText("a:\n\t\tkey: x\n")
        #expect(diagnostic(2, 3, "m", length: 3).rendered(source: source) == "App.yaml:2:3: error: m\n\t\tkey: x\n\t\t^~~\n")
    }

    @Test("columns count characters, and the caret line pads them cell for cell: an emoji takes two, an accent one")
    func multiByte() {
        let source = SourceText("app: Café 😀 x\n")
        #expect(diagnostic(1, 13, "m").rendered(source: source) == "App.yaml:1:13: error: m\napp: Café 😀 x\n             ^\n")
    }

    @Test("after CJK text the caret sits under the name a terminal shows, and underlines its two cells a character")
    func wideCharacters() {
        let source = SourceText("window: 首页\ntitle: 設定 home\n")
        #expect(diagnostic(1, 9, "m", length: 2).rendered(source: source) == "App.yaml:1:9: error: m\nwindow: 首页\n        ^~~~\n")
        #expect(diagnostic(2, 11, "m", length: 4).rendered(source: source) == "App.yaml:2:11: error: m\ntitle: 設定 home\n            ^~~~\n")
    }

    @Test("a combining mark takes no cell: the caret after a decomposed accent is not pushed right")
    func combiningMarks() {
        let source = SourceText("name: Cafe\u{301} x\n")
        #expect(diagnostic(1, 13, "m").rendered(source: source) == "App.yaml:1:13: error: m\nname: Cafe\u{301} x\n           ^\n")
    }

    @Test("the tildes stop at the end of the line")
    func lengthClamped() {
        let source = SourceText("key: ab\n")
        #expect(diagnostic(1, 6, "m", length: 40).rendered(source: source) == "App.yaml:1:6: error: m\nkey: ab\n     ^~\n")
    }

    @Test("notes follow, each with its own excerpt when it is in the same file")
    func notes() {
        let source = SourceText("a: 1\nb: 2\na: 3\n")
        let notes = [
            Diagnostic.Note(location: SourceLocation(file: file, line: 1, column: 1), message: "first here"),
            Diagnostic.Note(location: SourceLocation(file: "Other.yaml", line: 4, column: 2), message: "elsewhere"),
        ]
        #expect(diagnostic(3, 1, "again", notes: notes).rendered(source: source) == """
            App.yaml:3:1: error: again
            a: 3
            ^
            App.yaml:1:1: note: first here
            a: 1
            ^
            Other.yaml:4:2: note: elsewhere

            """)
    }

    @Test("no source, a line past the end, or an empty line: the message line alone")
    func noExcerpt() {
        let message = "App.yaml:5:1: error: m\n"
        #expect(diagnostic(5, 1, "m").rendered(source: nil) == message)
        #expect(diagnostic(5, 1, "m").rendered(source: SourceText("a: 1\n")) == message)
        #expect(diagnostic(2, 1, "m").rendered(source: SourceText("a: 1\n\nb: 2\n")) == "App.yaml:2:1: error: m\n")
    }

    @Test("CRLF line ends and a UTF-8 byte order mark are not part of the line")
    func lineBreaks() {
        let source = SourceText(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 2\r\n".utf8))
        #expect(source.line(1) == "a: 1")
        #expect(source.line(2) == "b: 2")
        #expect(source.line(3) == nil)
        #expect(source.line(0) == nil)
    }

    @Test("control characters in the line show as U+FFFD")
    func controlCharacters() {
        let source = SourceText(bytes: Array("a: b".utf8) + [0x07] + Array("c\n".utf8))
        #expect(diagnostic(1, 5, "m").rendered(source: source) == "App.yaml:1:5: error: m\na: b\u{FFFD}c\n    ^\n")
    }

    @Test("a long line is cut to a window around the caret")
    func longLine() {
        let line = (0..<500).map { String($0 % 10) }.joined()
        let rendered = diagnostic(1, 300, "m", length: 5).rendered(source: SourceText(line + "\n"))
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("..."))
        #expect(lines[1].hasSuffix("..."))
        #expect(lines[1].count == 166)
        let caretIndex = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) }
        // The caret is under the character that was at column 300 ("9", the 300th digit).
        #expect(caretIndex.map { Array(lines[1])[$0] } == "9")
        #expect(lines[2].hasSuffix("^~~~~"))
        // Near the start only the end is cut.
        let early = diagnostic(1, 3, "m").rendered(source: SourceText(line + "\n")).split(separator: "\n")
        #expect(!early[1].hasPrefix("..."))
        #expect(early[1].hasSuffix("..."))
        #expect(early[2] == "  ^")
    }

    @Test("a diagnostic list sorts by file, line and column")
    func listOrder() {
        let list = DiagnosticList([diagnostic(3, 1, "c"), diagnostic(1, 9, "b"), diagnostic(1, 2, "a")])
        #expect(list.diagnostics.map(\.message) == ["a", "b", "c"])
    }
}
