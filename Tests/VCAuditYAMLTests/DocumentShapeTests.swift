import Testing
@testable import VCAuditYAML

@Suite("A source holds exactly one document")
struct DocumentShapeTests {
    @Test("an empty file has no document")
    func emptyFile() throws {
        let error = try #require(compositionError(""))
        #expect(error.kind == .empty)
        #expect(error.mark == Mark(line: 1, column: 1))
        #expect(error.message == "the file holds no YAML document; a spec starts with 'vcaudit: 1'")
    }

    @Test("a file of comments and blank lines has no document")
    func commentOnly() throws {
        let error = try #require(compositionError("# just a comment\n\n   # another\n"))
        #expect(error.kind == .empty)
        #expect(error.mark == Mark(line: 1, column: 1))
    }

    @Test("an explicit but empty document is empty")
    func emptyDocument() throws {
        let error = try #require(compositionError("# header\n---\n"))
        #expect(error.kind == .empty)
        #expect(error.message == "the YAML document is empty; a spec starts with 'vcaudit: 1'")
    }

    @Test("a second document is an error where it starts")
    func twoDocuments() throws {
        let implicit = try #require(compositionError("a: 1\n---\nb: 2\n"))
        #expect(implicit.kind == .multipleDocuments)
        #expect(implicit.mark == Mark(line: 2, column: 1))
        #expect(implicit.message == "a second YAML document starts here; a spec file holds exactly one document: move it to a file of its own")

        let explicit = try #require(compositionError("---\na: 1\n...\n---\nb: 2\n"))
        #expect(explicit.kind == .multipleDocuments)
        #expect(explicit.mark == Mark(line: 4, column: 1))
    }

    @Test("one explicit document with start and end markers composes")
    func markedDocument() throws {
        let root = try Composer.compose("---\na: 1\n...\n")
        #expect(root[path: "a"]?.mark == Mark(line: 2, column: 4))
    }

    @Test("a root that is a list or a scalar composes; deciding it is no spec is the decoder's job")
    func nonMappingRoots() throws {
        let list = try Composer.compose("- a\n- b\n")
        #expect(list.sequence?.items.count == 2)
        #expect(list.mark == Mark(line: 1, column: 1))
        let scalar = try Composer.compose("just text\n")
        #expect(scalar.scalar?.value == "just text")
    }
}
