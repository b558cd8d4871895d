import VCAuditReplay
import VCAuditSpec

/// Forwards a replay's callbacks to the enabled rules' observers, in catalog order, each only what it needs.
struct RuleObserverSet: ReplayObserver {
    var observers: [any ReplayObserver]
    /// Which observers each event and step goes to.
    private let routing: Routing

    /// Which observers each event goes to, worked out from the observers' types: the same for every copy of the set
    /// (the checker copies one set for all the replays of a spec), so it is made once and shared.
    final class Routing: Sendable {
        /// The observers one callback goes to for each event name (by `EventName.ordinal`):
        /// `targets[starts[o]..<starts[o + 1]]`.
        struct Routes: Sendable {
            let starts: [Int]
            let targets: [Int]

            init(_ routes: [[Int]]) {
                var starts = [0]
                starts.reserveCapacity(routes.count + 1)
                for route in routes { starts.append(starts[starts.count - 1] + route.count) }
                self.starts = starts
                self.targets = routes.flatMap { $0 }
            }

            /// The positions in `targets` of the observers of events named by `ordinal`.
            func range(_ ordinal: Int) -> Range<Int> { starts[ordinal]..<starts[ordinal + 1] }
        }
        let willApply: Routes
        let didApply: Routes
        let stepWillBegin: [Int]
        let stepDidEnd: [Int]
        let replayDidFinish: [Int]
        /// By observer: whether it keeps no state, so that it is called on a copy (`SelectiveObserver.keepsState`).
        let stateless: [Bool]

        init(_ observers: [any ReplayObserver]) {
            var will = Array(repeating: [Int](), count: EventName.allCases.count)
            var did = will
            var stepWillBegin: [Int] = []
            var stepDidEnd: [Int] = []
            var replayDidFinish: [Int] = []
            var stateless: [Bool] = []
            for (index, observer) in observers.enumerated() {
                let selective = observer as? any SelectiveObserver
                stateless.append(selective.map { !$0.keepsState } ?? false)
                let callbacks = selective?.callbacks ?? .all
                let names = selective.map { Array($0.observedEvents) } ?? EventName.allCases
                for name in names {
                    if callbacks.contains(.willApply) { will[name.ordinal].append(index) }
                    if callbacks.contains(.didApply) { did[name.ordinal].append(index) }
                }
                if callbacks.contains(.stepWillBegin) { stepWillBegin.append(index) }
                if callbacks.contains(.stepDidEnd) { stepDidEnd.append(index) }
                if callbacks.contains(.replayDidFinish) { replayDidFinish.append(index) }
            }
            // Each route lists its observers in catalog order, as they were enumerated.
            self.willApply = Routes(will)
            self.didApply = Routes(did)
            self.stepWillBegin = stepWillBegin
            self.stepDidEnd = stepDidEnd
            self.replayDidFinish = replayDidFinish
            self.stateless = stateless
        }
    }

    /// The observers, with the callbacks each one gets worked out.
    init(observers: [any ReplayObserver]) {
        self.observers = observers
        routing = Routing(observers)
    }

    // An observer that keeps no state is called on a copy of its value (the existential opened), which leaves the
    // one in `observers`, and its box, shared with the copies of this set.

    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for i in routing.stepWillBegin {
            if routing.stateless[i] {
                Self.stepWillBegin(onCopyOf: observers[i], step, index: index, state: state)
            } else {
                observers[i].stepWillBegin(step, index: index, state: state)
            }
        }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) { apply(event, state: state, after: false) }

    mutating func didApply(_ event: Event, state: HierarchyState) { apply(event, state: state, after: true) }

    /// Calls `willApply`, or `didApply` when `after`, on the observers routed `event` for it.
    private mutating func apply(_ event: Event, state: HierarchyState, after: Bool) {
        let routing = routing
        let routes = after ? routing.didApply : routing.willApply
        for k in routes.range(event.name.ordinal) {
            let i = routes.targets[k]
            switch (routing.stateless[i], after) {
            case (true, false): Self.willApply(onCopyOf: observers[i], event, state: state)
            case (true, true): Self.didApply(onCopyOf: observers[i], event, state: state)
            case (false, false): observers[i].willApply(event, state: state)
            case (false, true): observers[i].didApply(event, state: state)
            }
        }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for i in routing.stepDidEnd {
            if routing.stateless[i] {
                Self.stepDidEnd(onCopyOf: observers[i], step, index: index, state: state)
            } else {
                observers[i].stepDidEnd(step, index: index, state: state)
            }
        }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for i in routing.replayDidFinish {
            if routing.stateless[i] {
                Self.replayDidFinish(onCopyOf: observers[i], state: state)
            } else {
                observers[i].replayDidFinish(state: state)
            }
        }
    }

    /// The callbacks on a copy of an observer's value (the existential opened: its box is not copied).
    private static func stepWillBegin(onCopyOf observer: some ReplayObserver, _ step: Step, index: Int, state: HierarchyState) {
        var copy = observer
        copy.stepWillBegin(step, index: index, state: state)
    }

    private static func willApply(onCopyOf observer: some ReplayObserver, _ event: Event, state: HierarchyState) {
        var copy = observer
        copy.willApply(event, state: state)
    }

    private static func didApply(onCopyOf observer: some ReplayObserver, _ event: Event, state: HierarchyState) {
        var copy = observer
        copy.didApply(event, state: state)
    }

    private static func stepDidEnd(onCopyOf observer: some ReplayObserver, _ step: Step, index: Int, state: HierarchyState) {
        var copy = observer
        copy.stepDidEnd(step, index: index, state: state)
    }

    private static func replayDidFinish(onCopyOf observer: some ReplayObserver, state: HierarchyState) {
        var copy = observer
        copy.replayDidFinish(state: state)
    }
}
