import Testing
import VCAuditReplay
@testable import VCAuditRules
import VCAuditSpec
import VCAuditYAML

/// `ObserverSet`: each observer gets the callbacks it asks for, one that keeps no state is called on a copy, and
/// copies of a set go on on their own.
@Suite("Observer set")
struct ObserverSetTests {
    /// Where observers count their callbacks, shared by their copies.
    final class Counts {
        var willApply = 0
        var finished = 0
    }

    /// Keeps nothing itself and needs no `replayDidFinish`.
    struct Stateless: SelectiveObserver {
        let counts: Counts
        var observedEvents: Set<EventName> { [.exception] }
        var callbacks: ObserverCallbacks { .willApply }
        var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) { counts.willApply += 1 }
        mutating func replayDidFinish(state: HierarchyState) { counts.finished += 1 }
    }

    /// Counts in itself.
    struct Stateful: SelectiveObserver {
        var seen = 0
        var observedEvents: Set<EventName> { [.exception] }
        var callbacks: ObserverCallbacks { [.willApply, .replayDidFinish] }

        mutating func willApply(_ event: Event, state: HierarchyState) { seen += 1 }
        mutating func replayDidFinish(state: HierarchyState) { seen += 100 }
    }

    @Test("a stateless observer gets its events but not the end; a stateful one gets both, and a copy of the set keeps its own")
    func routing() {
        let counts = Counts()
        var set = ObserverSet(observers: [Stateless(counts: counts), Stateful()])
        let copy = set
        let state = HierarchyState(controllers: [ControllerState(id: "root", kind: .content)], horizontalSizeClass: .compact)
        let exception = Event(name: .exception, at: SourceLocation(file: "app.yaml", line: 1, column: 1))
        let warning = Event(name: .warning, at: SourceLocation(file: "app.yaml", line: 1, column: 1))
        set.willApply(exception, state: state)
        set.willApply(warning, state: state)
        set.replayDidFinish(state: state)
        #expect(counts.willApply == 1, "only the event it observes")
        #expect(counts.finished == 0, "its callbacks leave out replayDidFinish")
        #expect(set.observers.compactMap { $0 as? Stateful }.first?.seen == 101)
        #expect(copy.observers.compactMap { $0 as? Stateful }.first?.seen == 0, "the copy made before is untouched")
    }

    /// Records which callbacks it got, for the routing test.
    struct Recorder: SelectiveObserver {
        let observedEvents: Set<EventName>
        let callbacks: ObserverCallbacks
        var calls: [String] = []

        mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) { calls.append("stepWillBegin") }
        mutating func willApply(_ event: Event, state: HierarchyState) { calls.append("willApply \(event.name)") }
        mutating func didApply(_ event: Event, state: HierarchyState) { calls.append("didApply \(event.name)") }
        mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) { calls.append("stepDidEnd") }
        mutating func replayDidFinish(state: HierarchyState) { calls.append("replayDidFinish") }
    }

    @Test("an observer gets only the callbacks it lists, and those only for the events it names")
    func callbacksRouted() throws {
        let spec = try #require(SpecLoader.load(bytes: Array("""
            vcaudit: 1
            controllers:
              nav: {kind: navigation, root: list}
              list: {}
            window: nav
            scenarios:
              - name: launch
                steps: [launch]
            """.utf8), path: "Specs/routing.yaml").spec)
        var set = ObserverSet(observers: [
            Recorder(observedEvents: [.makeKeyAndVisible], callbacks: .willApply),
            Recorder(observedEvents: [.makeKeyAndVisible], callbacks: [.didApply, .stepDidEnd]),
            Recorder(observedEvents: [], callbacks: [.stepWillBegin, .replayDidFinish]),
        ])
        var observer: any ReplayObserver = set
        _ = Replay.run(spec, scenario: spec.scenarios[0], watching: &observer)
        set = try #require(observer as? ObserverSet)
        let calls = set.observers.map { ($0 as! Recorder).calls }
        #expect(calls == [
            ["willApply makeKeyAndVisible"],
            ["didApply makeKeyAndVisible", "stepDidEnd"],
            ["stepWillBegin", "replayDidFinish"],
        ])
    }
}
