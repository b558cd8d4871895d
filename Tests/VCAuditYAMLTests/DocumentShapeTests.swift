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

    @Test("keys are found by their bytes, and their key nodes keep their marks")
    func keysByBytes() throws {
        let root = try Composer.compose("vc: a\nanimated: false\nbogus: 1\nfrom: b\nextra: [x]\n")
        let mapping = try #require(root.mapping)
        #expect(mapping["vc"]?.scalar?.hasValue("a") == true)
        #expect(mapping["animated"]?.scalar?.bool == false)
        #expect(mapping["style"] == nil)
        #expect(mapping.key("from")?.mark == Mark(line: 4, column: 1))
        #expect(mapping.value(forKey: "from")?.scalar?.hasValue(equalTo: "b") == true)
        #expect(mapping.entries.count == 5)
    }

    @Test("entries and items step over whole subtrees, aliases included")
    func iterationSkipsSubtrees() throws {
        let root = try Composer.compose("a: {b: [1, {c: 2}], d: 3}\ne: &x [4, [5]]\nf: *x\ng: 6\n")
        let mapping = try #require(root.mapping)
        #expect(mapping.entries.map { $0.key.scalar?.value } == ["a", "e", "f", "g"])
        #expect(mapping["a"]?.mapping?.entries.map { $0.key.scalar?.value } == ["b", "d"])
        #expect(mapping["f"]?.sequence?.items.count == 2)
        #expect(mapping["f"]?.sequence?.items.map(\.kindDescription) == ["a scalar", "a sequence"])
        #expect(mapping["g"]?.scalar?.int == 6)
    }
}
