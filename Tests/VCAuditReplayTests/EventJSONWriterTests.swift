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
            func id() -> ControllerID? { text().map { ControllerID($0) } }
            func flag() -> Bool? { random() % 3 == 0 ? nil : random() % 2 == 0 }
            var event = Event(
                name: EventName.allCases[Int(random() % UInt64(EventName.allCases.count))],
                at: SourceLocation(file: text() ?? "spec.yaml", line: Int(random() % 500) + 1, column: Int(random() % 80) + 1))
            event.seq = Int(random() % 100_000)
            event.step = Int(random() % 50)
            event.depth = Int(random() % 3)
            event.vc = id(); event.parent = id(); event.child = id(); event.presenter = id(); event.source = id()
            event.presented = id(); event.nav = id(); event.tabs = id(); event.from = id(); event.to = id()
            event.vcs = random() % 2 == 0 ? nil : (0..<Int(random() % 4)).map { _ in id() ?? "x" }
            event.style = random() % 2 == 0 ? nil : PresentationStyle.allCases[Int(random() % UInt64(PresentationStyle.allCases.count))]
            event.requestedStyle = random() % 2 == 0 ? nil : .popover
            event.anchor = text(); event.animated = flag(); event.appearing = flag(); event.passed = flag()
            event.width = random() % 2 == 0 ? nil : .compact
            event.height = random() % 2 == 0 ? nil : .regular
            event.restorationPath = text(); event.message = text(); event.expectation = text()
            // The reason field holds one of three vocabularies, by the event.
            switch event.name {
            case .animationDidStart, .animationDidComplete:
                event.animation = random() % 2 == 0 ? nil : Animation.Kind.allCases[Int(random() % UInt64(Animation.Kind.allCases.count))]
            case .performSegue:
                event.segue = random() % 2 == 0 ? nil : Segue.Kind.allCases[Int(random() % UInt64(Segue.Kind.allCases.count))]
            default:
                event.reason = random() % 2 == 0 ? nil : ReplayReason.allCases[Int(random() % UInt64(ReplayReason.allCases.count))]
            }
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
        // With CRLF line breaks (a log git checked out on Windows), the same log and the same lines.
        let crlf = log.jsonLines.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try EventLog.parse(crlf) == log)
        #expect(try EventLog.parseFile(crlf + crlf).map(\.text) == [log.jsonLines, log.jsonLines])
    }

    @Test("the reason field is read in the vocabulary its event uses; a word of none is an error at its line")
    func reasons() throws {
        let header = #"{"device":"iphone","ios":17,"log":"vcaudit","scenario":"S","spec":"a.yaml","specDigest":"sha256:0","tool":"vcaudit 0.1.0","version":1}"#
        let log = try EventLog.parse(header + "\n"
            + #"{"at":"a.yaml:1:1","event":"animationDidStart","reason":"navigation","seq":1,"step":1,"vc":"nav"}"# + "\n"
            + #"{"at":"a.yaml:1:1","event":"performSegue","reason":"show","seq":2,"step":1,"to":"b","vc":"a"}"# + "\n"
            + #"{"at":"a.yaml:1:1","event":"warning","message":"m","reason":"already_presenting","seq":3,"step":1,"vc":"a"}"# + "\n")
        #expect(log.events.map(\.animation) == [.navigation, nil, nil])
        #expect(log.events.map(\.segue) == [nil, .show, nil])
        #expect(log.events.map(\.reason) == [nil, nil, .alreadyPresenting])
        #expect(log.events.map(\.reasonCode) == ["navigation", "show", "already_presenting"])
        let error = #expect(throws: EventLog.ParseError.self) {
            try EventLog.parse(header + "\n" + #"{"at":"a.yaml:1:1","event":"warning","reason":"show","seq":1,"step":1}"# + "\n")
        }
        #expect(error?.description == "2:1: unknown reason 'show' for 'warning'; the log may come from a newer vcaudit")
    }
}

@Suite("Event names")
struct EventNameTests {
    @Test("each name's ordinal is its position among all cases")
    func ordinals() {
        #expect(EventName.allCases.map(\.ordinal) == Array(EventName.allCases.indices))
    }

    @Test("each reason's ordinal is its position among all cases")
    func reasonOrdinals() {
        #expect(ReplayReason.allCases.map(\.ordinal) == Array(ReplayReason.allCases.indices))
    }
}
