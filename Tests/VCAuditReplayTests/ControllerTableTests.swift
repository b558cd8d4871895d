import Testing
import VCAuditReplay
import VCAuditSpec
import VCAuditTestSupport

@Suite("The controller table")
struct ControllerTableTests {
    @Test("finds what a dictionary finds, keeps positions, order and children lists, over random ids, edits and growth",
          arguments: [1, 2, 3, 4, 5])
    func matchesADictionary(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let scenes = (0..<40).map { ControllerID("table\(seed)-\($0)") }
        func randomID() -> ControllerID {
            let scene = scenes[Int.random(in: 0..<scenes.count, using: &random)]
            return ControllerID(scene: scene, instance: Int.random(in: 0...3, using: &random))
        }
        let declared = Array(Set((0..<12).map { _ in randomID() })).sorted()
        var table = ControllerTable(declared.map { ControllerState(id: $0, kind: .content) })
        var reference: [ControllerID: ControllerState] = Dictionary(uniqueKeysWithValues: declared.map { ($0, ControllerState(id: $0, kind: .content)) })
        var referenceChildren: [ControllerID: [ControllerID]] = [:]
        var order = declared
        var mostChildren = 0
        var copies: [(table: ControllerTable, children: [ControllerID: [ControllerID]])] = []
        for step in 0..<600 {
            let id = randomID()
            if reference[id] == nil {
                let state = ControllerState(id: id, kind: .navigation)
                table[id] = state
                reference[id] = state
                order.append(id)
            } else {
                let position = table.position(of: id)!
                var children = referenceChildren[id] ?? []
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1:
                    let child = randomID()
                    table.appendChild(child, at: position)
                    children.append(child)
                case 2:
                    let child = children.randomElement(using: &random) ?? randomID()
                    table.removeChild(child, at: position)
                    children.removeAll { $0 == child }
                case 3:
                    children = (0..<Int.random(in: 0...9, using: &random)).map { _ in randomID() }
                    table.setChildren(children, at: position)
                case 4:
                    // Set from the table's own view of a list: a reversed copy of another controller's children.
                    let other = order[Int.random(in: 0..<order.count, using: &random)]
                    children = Array(table.children(at: table.position(of: other)!).reversed())
                    table.setChildren(table.children(at: table.position(of: other)!).reversed(), at: position)
                default:
                    var changed = reference[id]!
                    changed.selected = randomID()
                    table[id] = changed
                    reference[id] = changed
                }
                referenceChildren[id] = children
            }
            #expect(table.count == reference.count)
            mostChildren = max(mostChildren, referenceChildren.values.reduce(0) { $0 + $1.count })
            if step % 50 == 0 { copies.append((table, referenceChildren)) }
        }
        #expect(table.ids == order)
        for (position, id) in order.enumerated() {
            #expect(table.position(of: id) == position)
            #expect(table[id] == reference[id])
            #expect(table[position: position] == reference[id])
            #expect(table.children(at: position) == referenceChildren[id] ?? [])
            // The in-place readers see the same list.
            #expect(table.childCount(at: position) == (referenceChildren[id] ?? []).count)
            #expect(table.withChildren(at: position) { Array($0) } == referenceChildren[id] ?? [])
        }
        for _ in 0..<200 {
            let id = randomID()
            #expect((table.position(of: id) != nil) == (reference[id] != nil))
        }
        // Copies taken along the way kept their children, whatever the original did later.
        for (copy, children) in copies {
            for (position, id) in copy.ids.enumerated() {
                #expect(copy.children(at: position) == children[id] ?? [])
            }
        }
        // The arena stays bounded: it grows only when a list moves, after a compaction if it held more than four
        // entries a child (plus the slack of 64), by room for at most twice the list's children.
        #expect(table.childArenaCount <= 6 * mostChildren + 66)
    }

    @Test("a list that grows past its room moves, and the arena is compacted so that it stays bounded")
    func growthAndCompaction() {
        let ids = (0..<8).map { ControllerID("grow-\($0)") }
        var table = ControllerTable(ids.map { ControllerState(id: $0, kind: .navigation) })
        var model: [[ControllerID]] = Array(repeating: [], count: ids.count)
        var arenaBefore = 0
        var compactions = 0
        var mostChildren = 0
        for round in 0..<200 {
            let position = round % ids.count
            if round % 3 == 2 {
                table.setChildren([], at: position)
                model[position] = []
            } else {
                for child in (0..<(round % 5 + 1) * 10).map({ ids[$0 % ids.count] }) {
                    table.appendChild(child, at: position)
                    model[position].append(child)
                }
            }
            for position in ids.indices { #expect(table.children(at: position) == model[position]) }
            // The arena grows only when a list moves, after a compaction if it held more than four entries a child
            // (plus the slack of 64), by room for at most twice the list's children.
            mostChildren = max(mostChildren, model.reduce(0) { $0 + $1.count })
            #expect(table.childArenaCount <= 6 * mostChildren + 66, "round \(round)")
            compactions += table.childArenaCount < arenaBefore ? 1 : 0
            arenaBefore = table.childArenaCount
        }
        #expect(compactions > 0)
    }

    @Test("equal tables are equal values with equal hashes")
    func equality() {
        let states = ["a", "b", "c"].map { ControllerState(id: ControllerID($0), kind: .content) }
        #expect(ControllerTable(states) == ControllerTable(states))
        #expect(ControllerTable(states).hashValue == ControllerTable(states).hashValue)
        #expect(ControllerTable(states) != ControllerTable(Array(states.reversed())))
    }

    @Test("tables with the same children are equal, with equal hashes, however their arenas are laid out")
    func equalityOverLayout() {
        let states = ["a", "b", "c"].map { ControllerState(id: ControllerID($0), kind: .container) }
        let built = ControllerTable([(states[0], children: ["b", "c"]), (states[1], children: []), (states[2], children: [])])
        var edited = ControllerTable(states)
        edited.appendChild("c", at: 0)
        edited.appendChild("a", at: 1)
        edited.setChildren(["b", "c"], at: 0)
        edited.removeChild("a", at: 1)
        #expect(built == edited)
        #expect(built.hashValue == edited.hashValue)
        edited.appendChild("a", at: 2)
        #expect(built != edited)
        var state = HierarchyState(controllers: [(states[0], children: ["b", "c"]), (states[1], children: []), (states[2], children: [])],
                                   horizontalSizeClass: .compact)
        let copy = state
        state.removeChild("c", from: "a")
        state.appendChild("c", to: "a")
        #expect(state == copy)
        #expect(state.hashValue == copy.hashValue)
        #expect(state.children(of: "a") == ["b", "c"])
        #expect(copy.children(of: "a").last == "c")
        #expect(copy.children(of: "a").firstIndex(of: "c") == 1)
        #expect(copy.children(of: "a").contains("b"))
        #expect(!copy.children(of: "b").contains("b"))
        #expect(Array(copy.children(of: "a").reversed()) == ["c", "b"])
    }

    @Test("a controller's state is trivially copyable: copying a table copies plain memory")
    func controllerStateIsPOD() {
        #expect(_isPOD(ControllerState.self))
        // Small enough that a copy of the replay state is a few moves, not a call to memcpy.
        #expect(MemoryLayout<HierarchyState>.size <= 128)
        // The optional ids take eight bytes each, and the one-byte fields fill the padding.
        #expect(MemoryLayout<ControllerState>.size <= 104)
    }
}
