import Testing
import VCAuditReplay
import VCAuditSpec

@Suite("The compact event")
struct CompactEventTests {
    let at = SourceLocation(file: "Specs/Feature/Checkout/checkout-flow.yaml", line: 12, column: 9)

    @Test("payloads read back as set, and events with the same payloads are equal however they were set")
    func payloads() {
        var a = Event(name: .warning, vc: "home", message: "Attempt to present", at: at)
        a.anchor = "sourceView:button"
        a.vcs = ["a", "b"]
        let b = Event(name: .warning, vc: "home", vcs: ["a", "b"], anchor: "sourceView:button", message: "Attempt to present", at: at)
        #expect(a.message == "Attempt to present")
        #expect(a.anchor == "sourceView:button")
        #expect(a.vcs == ["a", "b"])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test("an event holds nothing reference-counted, payloads and all: copying and dropping one is plain memory")
    func plainMemory() {
        #expect(_isPOD(Event.self))
        let event = Event(name: .setViewControllers, vcs: ["a", "b"], anchor: "none", message: "m", expectation: "e", at: at)
        #expect(event.vcs == ["a", "b"] && event.anchor == "none" && event.message == "m" && event.expectation == "e")
    }

    @Test("a payload set on a copy leaves the original as it was")
    func copiesAreValues() {
        let original = Event(name: .expect, expectation: "stack of nav: [root]", at: at)
        var copy = original
        copy.expectation = "something else"
        copy.restorationPath = "nav/root"
        #expect(original.expectation == "stack of nav: [root]")
        #expect(original.restorationPath == nil)
        #expect(copy.expectation == "something else")
        #expect(copy != original)
    }

    @Test("clearing every payload gives the event that never had one")
    func clearedPayloads() {
        var event = Event(name: .warning, message: "m", at: at)
        event.message = nil
        #expect(event == Event(name: .warning, at: at))
        #expect(event.hashValue == Event(name: .warning, at: at).hashValue)
    }

    @Test("the location and the transition read back exactly, file path included")
    func positions() {
        var event = Event(name: .pushViewController, at: at, step: 3, transition: "showProductDetailFromTheCart", depth: 1)
        #expect(event.at == at)
        #expect(event.transition == "showProductDetailFromTheCart")
        event.transition = nil
        #expect(event.transition == nil)
        event.at = SourceLocation(file: "other.yaml", line: 1, column: 2)
        #expect(event.at.description == "other.yaml:1:2")
    }
}
