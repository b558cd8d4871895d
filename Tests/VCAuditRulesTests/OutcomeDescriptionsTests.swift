import Testing
import VCAuditReplay
@testable import VCAuditRules
import VCAuditSpec
import VCAuditSupport
import VCAuditYAML

/// A rule whose finding depends on the event alone describes each distinct event once, and cannot see where it
/// happened.
@Suite("Outcome descriptions")
struct OutcomeDescriptionsTests {
    static func warning(to target: ControllerID, seq: Int, step: Int, line: Int) -> Event {
        var event = Event(name: .warning, location: InternedLocation(file: InternedString("app.yaml"), line: line, column: 5))
        event.vc = "nav"
        event.to = target
        event.reason = .nestedNavigationAnimation
        event.message = "nested push animation can result in corrupted navigation bar"
        event.seq = seq
        event.step = step
        event.depth = 1
        event.transitionName = InternedString("open")
        return event
    }

    @Test("events equal but for where they happen are described once, and the description sees no position")
    func describedOncePerContent() {
        let descriptions = UIKitOutcomeObserver.Descriptions(describing: { _, _ in nil })
        var seen: [Event] = []
        func describe(_ event: Event) -> UIKitOutcomeObserver.Description? {
            seen.append(event)
            return .init(message: "to \(event.to?.name ?? "-")", controllers: [event.vc!])
        }
        let first = descriptions.description(of: Self.warning(to: "detail", seq: 4, step: 2, line: 10), describe)
        let again = descriptions.description(of: Self.warning(to: "detail", seq: 9, step: 3, line: 12), describe)
        let other = descriptions.description(of: Self.warning(to: "settings", seq: 4, step: 2, line: 10), describe)
        #expect(seen.count == 2)
        #expect(first?.message == "to detail" && again?.message == "to detail" && other?.message == "to settings")
        #expect(seen.allSatisfy { $0.seq == 0 && $0.step == 0 && $0.depth == 0 && $0.transitionName == nil })
        #expect(seen.allSatisfy { $0.location.mark == Mark(line: 0, column: 0) && $0.location.file.string == "app.yaml" })
        #expect(seen.allSatisfy { $0.message == "nested push animation can result in corrupted navigation bar" })
    }

    @Test("an event nothing is said about is remembered as such")
    func nothingRemembered() {
        let descriptions = UIKitOutcomeObserver.Descriptions(describing: { _, _ in nil })
        var calls = 0
        for seq in 1...3 {
            let description = descriptions.description(of: Self.warning(to: "detail", seq: seq, step: seq, line: seq)) { _ in
                calls += 1
                return nil
            }
            #expect(description == nil)
        }
        #expect(calls == 1)
    }
}
