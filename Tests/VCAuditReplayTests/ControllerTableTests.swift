import Testing
import VCAuditReplay
import VCAuditSpec

@Suite("The controller table")
struct ControllerTableTests {
    @Test("finds what a dictionary finds, keeps positions and order, over random ids and growth", arguments: [1, 2, 3, 4, 5])
    func matchesADictionary(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let scenes = (0..<40).map { ControllerID("table\(seed)-\($0)") }
        func randomID() -> ControllerID {
            let scene = scenes[Int.random(in: 0..<scenes.count, using: &random)]
            return ControllerID(scene: scene, instance: Int.random(in: 0...3, using: &random))
        }
        let declared = Array(Set((0..<12).map { _ in randomID() })).sorted()
        var table = ControllerTable(declared.map { ControllerState(id: $0, kind: .content) })
        var reference: [ControllerID: ControllerState] = Dictionary(uniqueKeysWithValues: declared.map { ($0, ControllerState(id: $0, kind: .content)) })
        var order = declared
        for _ in 0..<300 {
            let id = randomID()
            if reference[id] == nil {
                let state = ControllerState(id: id, kind: .navigation)
                table[id] = state
                reference[id] = state
                order.append(id)
            } else {
                var changed = reference[id]!
                changed.children.append(randomID())
                table[id] = changed
                reference[id] = changed
            }
            #expect(table.count == reference.count)
        }
        #expect(table.ids == order)
        for (position, id) in order.enumerated() {
            #expect(table.position(of: id) == position)
            #expect(table[id] == reference[id])
            #expect(table[position: position] == reference[id])
        }
        for _ in 0..<200 {
            let id = randomID()
            #expect((table.position(of: id) != nil) == (reference[id] != nil))
        }
    }

    @Test("equal tables are equal values with equal hashes")
    func equality() {
        let states = ["a", "b", "c"].map { ControllerState(id: ControllerID($0), kind: .content) }
        #expect(ControllerTable(states) == ControllerTable(states))
        #expect(ControllerTable(states).hashValue == ControllerTable(states).hashValue)
        #expect(ControllerTable(states) != ControllerTable(Array(states.reversed())))
    }
}
