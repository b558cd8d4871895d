import Testing
import VCAuditYAML

@Suite("Syntax errors say what is wrong, then what to do")
struct SyntaxErrorTests {
    @Test("a mis-indented key")
    func badIndentation() throws {
        let error = try #require(compositionError("a:\n  b: 1\n c: 2\n"))
        #expect(error.kind == .syntax)
        #expect(error.mark == Mark(line: 3, column: 2))
        #expect(error.message == "did not find expected key; check the indentation: the keys of one mapping start in the same column")
        #expect(error.notes == [YAMLError.Note(mark: Mark(line: 1, column: 1), message: "the block mapping starts here")])
    }

    @Test("a value holding ': '")
    func colonInValue() throws {
        let error = try #require(compositionError("title: Alice: the book\n"))
        #expect(error.mark == Mark(line: 1, column: 13))
        #expect(error.message == "mapping values are not allowed in this context; check the indentation of this line, or quote a value that contains ': '")
        #expect(error.notes.isEmpty)
    }

    @Test("a tab used for indentation")
    func tab() throws {
        let error = try #require(compositionError("a:\n\tb: 1\n"))
        #expect(error.mark == Mark(line: 2, column: 1))
        #expect(error.message == "a tab character cannot indent YAML; indent with spaces")
    }

    @Test("a reserved character at the start of a value")
    func reservedCharacter() throws {
        let error = try #require(compositionError("a: @home\n"))
        #expect(error.mark == Mark(line: 1, column: 4))
        #expect(error.message == "'@' cannot start a plain value; put the value in quotes")
    }

    @Test("a key longer than YAML allows says so, not that its ':' is missing")
    func longKey() throws {
        let error = try #require(compositionError("a: 1\n" + String(repeating: "k", count: 1100) + ": 2\n"))
        #expect(error.mark == Mark(line: 2, column: 1))
        #expect(error.message == "this key is longer than the 1024 characters YAML allows an implicit key; shorten it")
        // A key that really lacks its ':' still says that.
        let missing = try #require(compositionError("a: 1\nb\n"))
        #expect(missing.message.hasPrefix("could not find expected ':'"))
    }

    @Test("an unclosed quote points at the opening quote")
    func unclosedQuote() throws {
        let error = try #require(compositionError("a: \"abc\nb: 1\n"))
        #expect(error.mark == Mark(line: 1, column: 4))
        #expect(error.message == "this quoted string is never closed; add the closing quote")
    }

    @Test("an unclosed flow list notes where it opens")
    func unclosedFlowList() throws {
        let error = try #require(compositionError("a: [1, 2\nb: 3\n"))
        #expect(error.mark == Mark(line: 2, column: 2))
        #expect(error.message == "did not find expected ',' or ']'; separate the items with ',' and close the list with ']'")
        #expect(error.notes == [YAMLError.Note(mark: Mark(line: 1, column: 4), message: "the flow sequence starts here")])
    }

    @Test("an unsupported %YAML version")
    func yamlDirective() throws {
        let error = try #require(compositionError("%YAML 2.0\n---\na: 1\n"))
        #expect(error.mark == Mark(line: 1, column: 1))
        #expect(error.message == "found incompatible YAML document; remove the '%YAML' line (vcaudit reads YAML 1.1 and 1.2)")
    }

    @Test("input that ends inside '[' or '{' points at the opening bracket")
    func unclosedAtEnd() throws {
        let list = try #require(compositionError("a: 1\nb: [x, y\n\n# trailing comment\n"))
        #expect(list.mark == Mark(line: 2, column: 4))
        #expect(list.message == "this '[' list is never closed; add the closing ']'")
        let mapping = try #require(compositionError("a: {k: [1], j: 2\n"))
        #expect(mapping.mark == Mark(line: 1, column: 4))
        #expect(mapping.message == "this '{' mapping is never closed; add the closing '}'")
        let nested = try #require(compositionError("a: {k: [1, 2\n"))
        #expect(nested.mark == Mark(line: 1, column: 8))
        #expect(nested.message == "this '[' list is never closed; add the closing ']'")
    }
}
