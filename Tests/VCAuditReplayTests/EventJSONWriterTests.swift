import Testing
@testable import VCAuditReplay
import VCAuditSpec

@Suite("The direct event writer")
struct EventJSONWriterTests {
    /// A seeded generator of events with any subset of fields, values that need escaping included.
    struct Events: Sequence, IteratorProtocol {
        var state: UInt64
        var remaining: Int

        mutating func next() -> Event? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            func random() -> UInt64 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return state >> 33
            }
            let texts = ["nav", "a \"quoted\" id", "back\\slash", "tab\there", "line\nbreak", "é→✓", "bell\u{7}", ""]
            func text() -> String? { random() % 3 == 0 ? nil : texts[Int(random() % UInt64(texts.count))] }
            func flag() -> Bool? { random() % 3 == 0 ? nil : random() % 2 == 0 }
            var event = Event(
                name: EventName.allCases[Int(random() % UInt64(EventName.allCases.count))],
                at: SourceLocation(file: text() ?? "spec.yaml", line: Int(random() % 500) + 1, column: Int(random() % 80) + 1))
            event.seq = Int(random() % 100_000)
            event.step = Int(random() % 50)
            event.depth = Int(random() % 3)
            event.vc = text(); event.parent = text(); event.child = text(); event.presenter = text(); event.source = text()
            event.presented = text(); event.nav = text(); event.tabs = text(); event.from = text(); event.to = text()
            event.vcs = random() % 2 == 0 ? nil : (0..<Int(random() % 4)).map { _ in text() ?? "x" }
            event.style = random() % 2 == 0 ? nil : PresentationStyle.allCases[Int(random() % UInt64(PresentationStyle.allCases.count))]
            event.requestedStyle = random() % 2 == 0 ? nil : .popover
            event.anchor = text(); event.animated = flag(); event.appearing = flag(); event.passed = flag()
            event.width = random() % 2 == 0 ? nil : .compact
            event.height = random() % 2 == 0 ? nil : .regular
            event.restorationPath = text(); event.message = text(); event.reason = text(); event.expectation = text()
            event.transition = text()
            return event
        }
    }

    @Test("writes exactly the canonical JSON of the generic path, for any combination of fields")
    func matchesTheGenericPath() {
        for event in Events(state: 2024, remaining: 2_000) {
            #expect(event.canonicalJSON == event.json.canonical)
        }
    }

    @Test("a line parses back to the same event")
    func parsesBack() throws {
        var builder = EventLog.Builder(header: EventLog.Header(spec: "spec.yaml", specDigest: "sha256:0", scenario: "S", device: .iphone, ios: 17))
        for event in Events(state: 7, remaining: 300) { builder.append(event) }
        let log = builder.build()
        #expect(try EventLog.parse(log.jsonLines) == log)
    }
}

@Suite("Event names")
struct EventNameTests {
    @Test("each name's ordinal is its position among all cases")
    func ordinals() {
        #expect(EventName.allCases.map(\.ordinal) == Array(EventName.allCases.indices))
    }
}
