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
        static var observedEvents: Set<EventName> { [.exception] }
        static var callbacks: ObserverCallbacks { .willApply }
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) { counts.willApply += 1 }
        mutating func replayDidFinish(state: HierarchyState) { counts.finished += 1 }
    }

    /// Counts in itself.
    struct Stateful: SelectiveObserver {
        var seen = 0
        static var observedEvents: Set<EventName> { [.exception] }
        static var callbacks: ObserverCallbacks { [.willApply, .replayDidFinish] }

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

    /// Counts the exceptions and warnings it gets, of the reasons it names.
    struct ReasonCounter: SelectiveObserver {
        let counts: Counts
        let observedReasons: [ReplayReason]?
        static var observedEvents: Set<EventName> { [.exception, .warning] }
        static var callbacks: ObserverCallbacks { .willApply }
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) { counts.willApply += 1 }
    }

    @Test("an observer that names reasons gets only the exceptions and warnings of those; one that names none gets all")
    func reasonsRouted() {
        let named = Counts()
        let all = Counts()
        var set = ObserverSet(observers: [ReasonCounter(counts: named, observedReasons: [.notInWindow, .pushDuplicate]),
                                          ReasonCounter(counts: all, observedReasons: nil)])
        let state = HierarchyState(controllers: [ControllerState(id: "root", kind: .content)], horizontalSizeClass: .compact)
        let at = SourceLocation(file: "app.yaml", line: 1, column: 1)
        for (name, reason) in [(EventName.warning, ReplayReason.notInWindow), (.exception, .pushDuplicate), (.warning, .unwindNotFound),
                               (.exception, .presentSelf)] {
            var event = Event(name: name, at: at)
            event.reason = reason
            set.willApply(event, state: state)
        }
        set.willApply(Event(name: .warning, at: at), state: state)
        #expect(named.willApply == 2, "its two reasons, not the others nor a warning without one")
        #expect(all.willApply == 5)
    }

    /// What a recorder asks for: its type's (each specialization of a generic observer is a type of its own).
    protocol Route {
        static var events: Set<EventName> { get }
        static var callbacks: ObserverCallbacks { get }
    }
    enum WillApplyAtLaunch: Route {
        static var events: Set<EventName> { [.makeKeyAndVisible] }
        static var callbacks: ObserverCallbacks { .willApply }
    }
    enum DidApplyAtLaunchAndStepEnd: Route {
        static var events: Set<EventName> { [.makeKeyAndVisible] }
        static var callbacks: ObserverCallbacks { [.didApply, .stepDidEnd] }
    }
    enum StepStartAndFinish: Route {
        static var events: Set<EventName> { [] }
        static var callbacks: ObserverCallbacks { [.stepWillBegin, .replayDidFinish] }
    }

    /// Records which callbacks it got, for the routing test.
    struct Recorder<Asked: Route>: SelectiveObserver {
        static var observedEvents: Set<EventName> { Asked.events }
        static var callbacks: ObserverCallbacks { Asked.callbacks }
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
        func calls(of observers: [any ReplayObserver]) -> [[String]] {
            observers.map { observer in
                (observer as? Recorder<WillApplyAtLaunch>)?.calls ?? (observer as? Recorder<DidApplyAtLaunchAndStepEnd>)?.calls
                    ?? (observer as! Recorder<StepStartAndFinish>).calls
            }
        }
        // Twice: the second set is routed from the plans the first one worked out for these types.
        for _ in 1...2 {
            var set = ObserverSet(observers: [
                Recorder<WillApplyAtLaunch>(),
                Recorder<DidApplyAtLaunchAndStepEnd>(),
                Recorder<StepStartAndFinish>(),
            ])
            var observer: any ReplayObserver = set
            _ = Replay.run(spec, scenario: spec.scenarios[0], watching: &observer)
            set = try #require(observer as? ObserverSet)
            #expect(calls(of: set.observers) == [
                ["willApply makeKeyAndVisible"],
                ["didApply makeKeyAndVisible", "stepDidEnd"],
                ["stepWillBegin", "replayDidFinish"],
            ])
        }
    }
}
