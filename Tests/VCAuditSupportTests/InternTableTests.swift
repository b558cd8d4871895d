import Testing
import VCAuditSupport

/// `InternTable` (what interned strings and the events' payloads are kept in) numbers each distinct value once, and
/// its batch form numbers exactly as interning the values one by one would.
@Suite("Intern table")
struct InternTableTests {
    @Test("values are numbered from 0 in the order first interned, and an equal value gets its first number")
    func numbering() {
        let table = InternTable<[Int]>()
        #expect(table.number(of: [1]) == 0)
        #expect(table.number(of: [2, 3]) == 1)
        #expect(table.number(of: [1]) == 0)
        #expect(table.number(of: []) == 2)
        #expect(table.value(numbered: 1) == [2, 3])
        #expect(table.read(numbered: 1) { $0.count } == 2)
    }

    @Test("a batch is numbered as interning each value in turn: repeats within it and values already held included")
    func batch() {
        let values = ["b", "a", "b", "c", "a", "d"]
        let batched = InternTable<String>()
        let oneByOne = InternTable<String>()
        for table in [batched, oneByOne] { _ = table.number(of: "c") }
        #expect(batched.numbers(of: values) == values.map { oneByOne.number(of: $0) })
        #expect(batched.numbers(of: values) == [1, 2, 1, 0, 2, 3])
        #expect(batched.number(of: "e") == 4)
        #expect((0..<5).map { batched.value(numbered: UInt32($0)) } == ["c", "b", "a", "d", "e"])
    }

    @Test("interned strings read back as written, one by one or together")
    func internedStrings() {
        let names = ["checkout#", "café", "", "list", "list"]
        let together = InternedString.interning(names)
        #expect(together == names.map { InternedString($0) })
        #expect(together.map(\.string) == names)
        #expect(together[3] == together[4])
    }
}
