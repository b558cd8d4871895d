import Testing
import VCAuditYAML

@Suite("Marks are 1-based lines and columns")
struct MarkTests {
    @Test("keys, values, sequences and flow items carry their 1-based start")
    func positions() throws {
        let root = try Composer.compose("a: 1\nb:\n  c: [x, y]\n  d:\n    - z\n")
        #expect(root.mark == Mark(line: 1, column: 1))
        let entries = try #require(root.mapping?.entries)
        #expect(entries.map(\.key.mark) == [Mark(line: 1, column: 1), Mark(line: 2, column: 1)])
        #expect(root[path: "a"]?.mark == Mark(line: 1, column: 4))
        #expect(root[path: "b"]?.mark == Mark(line: 3, column: 3))
        #expect(root[path: "b", "c"]?.mark == Mark(line: 3, column: 6))
        #expect(root[path: "b", "c", 0]?.mark == Mark(line: 3, column: 7))
        #expect(root[path: "b", "c", 1]?.mark == Mark(line: 3, column: 10))
        #expect(root[path: "b", "d"]?.mark == Mark(line: 5, column: 5))
        #expect(root[path: "b", "d", 0]?.mark == Mark(line: 5, column: 7))
    }

    @Test("columns count characters, not bytes, after multi-byte characters")
    func multiByteColumns() throws {
        // é and ü are 2 bytes, 😀 is 4 bytes: each is one column.
        let root = try Composer.compose("é: ü\nnamé: [ö, 😀, z]\n")
        #expect(root[path: "é"]?.mark == Mark(line: 1, column: 4))
        #expect(root[path: "namé", 0]?.mark == Mark(line: 2, column: 8))
        #expect(root[path: "namé", 1]?.mark == Mark(line: 2, column: 11))
        #expect(root[path: "namé", 2]?.mark == Mark(line: 2, column: 14))
        #expect(root[path: "namé", 1]?.scalar?.value == "😀")
    }

    @Test("a UTF-8 byte order mark is skipped and does not shift line 1")
    func utf8ByteOrderMark() throws {
        let root = try Composer.compose([0xEF, 0xBB, 0xBF] + Array("a: 1\nb: 2\n".utf8))
        #expect(root.mapping?.entries.first?.key.mark == Mark(line: 1, column: 1))
        #expect(root[path: "a"]?.mark == Mark(line: 1, column: 4))
        #expect(root[path: "b"]?.mark == Mark(line: 2, column: 4))
    }

    @Test("CRLF line breaks count as one")
    func crlf() throws {
        let root = try Composer.compose("a: 1\r\nb: 2\r\n")
        #expect(root[path: "b"]?.mark == Mark(line: 2, column: 4))
        #expect(root[path: "a"]?.scalar?.value == "1")
    }

    @Test("marks order by line, then column, and print as line:column")
    func markOrderAndDescription() {
        #expect(Mark(line: 1, column: 9) < Mark(line: 2, column: 1))
        #expect(Mark(line: 2, column: 1) < Mark(line: 2, column: 3))
        #expect(!(Mark(line: 2, column: 3) < Mark(line: 2, column: 3)))
        #expect(Mark(line: 12, column: 5).description == "12:5")
    }
}
