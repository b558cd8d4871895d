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

    @Test("an object or array cut short, or missing a comma, is refused at the byte where it goes wrong")
    func unfinishedLists() {
        let cases = [
            (#"{"a":1"#, "unexpected end of input in an object at byte 7"),
            ("[1 2]", "expected ',' or ']' at byte 4"),
            (#"{"a":1 "b":2}"#, "expected ',' or '}' at byte 8"),
            (#"{"a" 1}"#, "expected ':' at byte 6"),
        ]
        for (text, message) in cases {
            do {
                _ = try JSONParser.parse(text)
                Issue.record("\(text) parsed")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test("nesting deeper than 64 levels is refused")
    func depth() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) }
    }
}
