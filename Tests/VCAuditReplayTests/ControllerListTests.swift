import Testing
@testable import VCAuditReplay
import VCAuditSpec
import VCAuditTestSupport

@Suite("The reducer's short lists of controllers")
struct ControllerListTests {
    private static let ids = (0..<12).map { ControllerID("list-\($0)") }

    @Test("keeps order past the four it holds in place, and when it moves them into an array")
    func keepsOrderAcrossTheSpill() {
        var list = ControllerList()
        #expect(list.isEmpty)
        for (count, id) in Self.ids.enumerated() {
            list.append(id)
            #expect(Array(list) == Array(Self.ids.prefix(count + 1)))
            #expect(list.count == count + 1)
        }
        #expect(list.last == Self.ids.last)
        let empty: ControllerList = []
        #expect(empty.isEmpty && empty == ControllerList())
    }

    @Test("removes and filters as an array does, held in place or moved, over random lists", arguments: [1, 2, 3, 4])
    func matchesAnArray(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let count = Int.random(in: 0...9, using: &random)
            let array = (0..<count).map { _ in Self.ids[Int.random(in: 0..<Self.ids.count, using: &random)] }
            let removed = Set((0..<Int.random(in: 0...4, using: &random)).map { _ in Self.ids[Int.random(in: 0..<Self.ids.count, using: &random)] })
            var list = ControllerList(array)
            #expect(Array(list) == array)
            #expect(Array(list.filtered { !removed.contains($0) }) == array.filter { !removed.contains($0) })
            list.removeAll { removed.contains($0) }
            #expect(Array(list) == array.filter { !removed.contains($0) })
            // A list that shrank below five still takes more in order.
            list.append(contentsOf: array)
            #expect(Array(list) == array.filter { !removed.contains($0) } + array)
            #expect(list == ControllerList(Array(list)))
        }
    }
}
