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

    @Test("values read back across the chunks they are kept in, while other threads intern more")
    func chunks() async {
        let table = InternTable<Int>()
        // 64, 128, 256 and 512 values fill the first four chunks; 1,000 values end in the fourth.
        let first = (0..<1_000).map { table.number(of: $0 * 7) }
        #expect(first == (0..<1_000).map { UInt32($0) })
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var holds = true
                    for value in 0..<2_000 {
                        let number = table.number(of: 1_000_000 * (task + 1) + value)
                        holds = holds && table.value(numbered: number) == 1_000_000 * (task + 1) + value
                        holds = holds && table.value(numbered: UInt32(value % 1_000)) == value % 1_000 * 7
                    }
                    return holds
                }
            }
            for await holds in group { #expect(holds) }
        }
        for number in [0, 63, 64, 191, 192, 447, 448, 999] {
            #expect(table.value(numbered: UInt32(number)) == number * 7)
            #expect(table.read(numbered: UInt32(number)) { $0 } == number * 7)
        }
        #expect(table.value(numbered: table.number(of: 4_001_999)) == 4_001_999)
        #expect(table.number(of: -1) == 9_000)
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
