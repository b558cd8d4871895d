import Testing
@testable import VCAuditDiff
@testable import VCAuditReplay
import VCAuditSpec
import VCAuditTestSupport

@Suite("Interning event content")
struct EventInternerTests {
    @Test("every stored property of Event is either compared or a position field")
    func fieldListsCoverEvent() {
        let event = Event(name: .present, message: "m", at: SourceLocation(file: "a", line: 1, column: 1))
        // The event's stored fields, with the payloads' fields in place of the number that interns them, and the
        // interned location and transition under the names the log gives them.
        let spelled = ["location": "at", "transitionName": "transition"]
        let stored = Mirror(reflecting: event).children.flatMap { child -> [String] in
            guard let label = child.label else { return [] }
            if label == "payloadNumber" { return Mirror(reflecting: Event.Payloads()).children.compactMap(\.label) }
            // The ids are stored as `_vc`, `_parent`… behind the optional `vc`, `parent`… that spell them.
            return [spelled[label] ?? (label.hasPrefix("_") ? String(label.dropFirst()) : label)]
        }
        #expect(stored == Array(stored.filter { EventInterner.contentFields.contains($0) || EventInterner.positionFields.contains($0) }),
                "Event has fields the interner does not know; add them to EventInterner.contentFields, sameContent and contentHash")
        #expect(Set(stored) == Set(EventInterner.contentFields + EventInterner.positionFields))
    }

    @Test("the position fields are exactly those Event.content leaves out")
    func positionFieldsMatchContent() {
        let event = Event(seq: 3, name: .present, vc: "a", at: SourceLocation(file: "a", line: 1, column: 1), step: 2, transition: "t", depth: 1)
        let json = Set(event.json.objectMembers.keys)
        let content = Set(event.content.objectMembers.keys)
        #expect(json.subtracting(content) == ["seq", "at", "step", "transition", "depth"])
        #expect(Set(EventInterner.positionFields) == ["seq", "at", "step", "transition", "depth"])
    }

    static func randomEvent(using rng: inout SeededGenerator) -> Event {
        func pick<T>(_ values: [T?]) -> T? { values[Int.random(in: 0..<values.count, using: &rng)] }
        let ids: [ControllerID?] = [nil, "a", "b", "ab"]
        return Event(
            seq: Int.random(in: 1...9, using: &rng), name: pick([.present, .dismiss, .addChild])!, vc: pick(ids), parent: pick(ids),
            child: pick(ids), presenter: pick([nil, "a"] as [ControllerID?]), source: pick([nil, "b"] as [ControllerID?]), presented: pick(ids), nav: pick([nil, "n"] as [ControllerID?]),
            tabs: pick([nil, "t"] as [ControllerID?]), from: pick([nil, "a"] as [ControllerID?]), to: pick([nil, "b"] as [ControllerID?]), vcs: pick([nil, [], ["a"], ["a", "b"], ["ab"]] as [[ControllerID]?]),
            style: pick([nil, .popover, .pageSheet]), requestedStyle: pick([nil, .popover]), anchor: pick([nil, "sourceView:x"]),
            animated: pick([nil, true, false]), appearing: pick([nil, true, false]), width: pick([nil, .compact]),
            height: pick([nil, .regular]), restorationPath: pick([nil, "a/b"]), message: pick([nil, "m", ""]), reason: pick([nil, .alreadyPresenting, .notInWindow]),
            passed: pick([nil, true, false]), expectation: pick([nil, "e"]),
            at: SourceLocation(file: pick(["x.yaml", "y.yaml"])!, line: Int.random(in: 1...3, using: &rng), column: 1),
            step: Int.random(in: 0...2, using: &rng), transition: pick([nil, "t"]), depth: Int.random(in: 0...1, using: &rng))
    }

    @Test("equal symbols exactly when Event.content is equal, on random events")
    func symbolsMatchContent() {
        var rng = SeededGenerator(seed: 99)
        var interner = EventInterner()
        var seen: [(Event, Int32)] = []
        for _ in 0..<3_000 {
            let event = Self.randomEvent(using: &rng)
            let symbol = interner.symbol(for: event)
            for (other, otherSymbol) in seen.suffix(40) {
                #expect((symbol == otherSymbol) == (event.content == other.content), "\(event.content.canonical) vs \(other.content.canonical)")
            }
            // Repeat an earlier event at another position: same symbol.
            if let (earlier, earlierSymbol) = seen.randomElement(using: &rng) {
                var moved = earlier
                moved.seq += 10
                moved.at = SourceLocation(file: "z.yaml", line: 99, column: 3)
                moved.step += 1
                moved.transition = "other"
                moved.depth += 1
                #expect(interner.symbol(for: moved) == earlierSymbol)
            }
            seen.append((event, symbol))
        }
        #expect(interner.count > 100)
    }

    @Test("strings are hashed with boundaries: vc 'ab' and parent nil differ from vc 'a' and parent 'b'")
    func fieldBoundaries() {
        var interner = EventInterner()
        let at = SourceLocation(file: "a", line: 1, column: 1)
        let one = interner.symbol(for: Event(name: .addChild, vc: "ab", at: at))
        let two = interner.symbol(for: Event(name: .addChild, vc: "a", parent: "b", at: at))
        let three = interner.symbol(for: Event(name: .addChild, vcs: ["a", "b"], at: at))
        let four = interner.symbol(for: Event(name: .addChild, vcs: ["ab"], at: at))
        #expect(Set([one, two, three, four]).count == 4)
    }
}
