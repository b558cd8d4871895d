import Testing
@testable import VCAuditSupport

/// The double-quoted literals that JSON, generated Swift and imported YAML are written with.
@Suite("Quoted literals")
struct QuotedLiteralTests {
    @Test("quotes and backslashes are escaped with a backslash, and every other scalar as escape spells it")
    func frame() {
        #expect(QuotedLiteral.quoted(#"say "hi" \ "#) { _ in nil } == #""say \"hi\" \\ ""#)
        #expect(QuotedLiteral.quoted("a\u{0}b") { $0.value == 0 ? "\\0" : nil } == #""a\0b""#)
    }

    @Test("JSON escapes line breaks and tabs by letter, other control characters as \\u00xx, and nothing else")
    func json() {
        #expect(JSONText.quoted("a\"b\\c\n\r\t\u{1}\u{1F}\u{7F}é") == #""a\"b\\c\n\r\t\u0001\u001f"# + "\u{7F}é\"")
    }
}
