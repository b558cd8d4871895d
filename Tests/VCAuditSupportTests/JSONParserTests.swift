import Testing
@testable import VCAuditSupport

/// The JSON reader behind baselines and event logs.
@Suite("JSON parser")
struct JSONParserTests {
    @Test("surrogate pairs decode; a high surrogate without its low half is a replacement character (found by fuzzing)")
    func surrogates() throws {
        #expect(try JSONParser.parse(#""\uD83D\uDE00""#).stringValue == "\u{1F600}")
        #expect(try JSONParser.parse(#""\uD800\u0041""#).stringValue == "\u{FFFD}A")
        #expect(try JSONParser.parse(#""\uDBFF""#).stringValue == "\u{FFFD}")
    }

    @Test("nesting deeper than 64 levels is refused")
    func depth() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) }
    }
}
