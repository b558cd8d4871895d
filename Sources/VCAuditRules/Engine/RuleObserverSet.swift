import VCAuditReplay
import VCAuditSpec

/// Forwards a replay's callbacks to the enabled rules' observers, in catalog order, each only what it needs.
struct RuleObserverSet: ReplayObserver {
    var observers: [any ReplayObserver]
    /// Which observers each event and step goes to.
    private let routing: Routing

    /// Which observers each event goes to, worked out from the observers' types: the same for every replay of a spec
    /// with the same rules, so it is made once and shared.
    final class Routing: Sendable {
        /// The observers' types, in order: what a replay must have to share this routing.
        let types: [ObjectIdentifier]
        /// For each event name (by `EventName.ordinal`), the observers that need it: `targets[starts[o]..<starts[o + 1]]`.
        let starts: [Int]
        let targets: [Int]
        /// The observers that need step callbacks, and the ones that need `replayDidFinish`.
        let stepObservers: [Int]
        let endObservers: [Int]
        /// By observer: whether it keeps no state, so that it is called on a copy (`SelectiveObserver.keepsState`).
        let stateless: [Bool]

        init(_ observers: [any ReplayObserver], types: [ObjectIdentifier]) {
            self.types = types
            var routes = Array(repeating: [Int](), count: EventName.allCases.count)
            var stepObservers: [Int] = []
            var endObservers: [Int] = []
            var stateless: [Bool] = []
            for (index, observer) in observers.enumerated() {
                if let selective = observer as? any SelectiveObserver {
                    for name in selective.observedEvents { routes[name.ordinal].append(index) }
                    if selective.observesSteps { stepObservers.append(index) }
                    if selective.observesEnd { endObservers.append(index) }
                    stateless.append(!selective.keepsState)
                } else {
                    for name in EventName.allCases { routes[name.ordinal].append(index) }
                    stepObservers.append(index)
                    endObservers.append(index)
                    stateless.append(false)
                }
            }
            self.endObservers = endObservers
            self.stateless = stateless
            var starts = [0]
            starts.reserveCapacity(routes.count + 1)
            for route in routes { starts.append(starts[starts.count - 1] + route.count) }
            self.starts = starts
            self.targets = routes.flatMap { $0.sorted() }
            self.stepObservers = stepObservers
        }
    }

    /// The observers with their routing; `shared` is reused when the observers are of the same types (and replaced
    /// by theirs otherwise), so the replays of one spec work the routing out once.
    init(observers: [any ReplayObserver], sharing shared: inout Routing?) {
        self.observers = observers
        let types = observers.map { ObjectIdentifier(type(of: $0)) }
        if let shared, shared.types == types {
            routing = shared
        } else {
            routing = Routing(observers, types: types)
            shared = routing
        }
    }

    init(observers: [any ReplayObserver]) {
        var routing: Routing?
        self.init(observers: observers, sharing: &routing)
    }

    // An observer that keeps no state is called on a copy of its value (the existential opened), which leaves the
    // one in `observers`, and its box, shared with the copies of this set.

    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for i in routing.stepObservers {
            if routing.stateless[i] {
                Self.stepWillBegin(onCopyOf: observers[i], step, index: index, state: state)
            } else {
                observers[i].stepWillBegin(step, index: index, state: state)
            }
        }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        let ordinal = event.name.ordinal
        let routing = routing
        for k in routing.starts[ordinal]..<routing.starts[ordinal + 1] {
            let i = routing.targets[k]
            if routing.stateless[i] {
                Self.willApply(onCopyOf: observers[i], event, state: state)
            } else {
                observers[i].willApply(event, state: state)
            }
        }
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        let ordinal = event.name.ordinal
        let routing = routing
        for k in routing.starts[ordinal]..<routing.starts[ordinal + 1] {
            let i = routing.targets[k]
            if routing.stateless[i] {
                Self.didApply(onCopyOf: observers[i], event, state: state)
            } else {
                observers[i].didApply(event, state: state)
            }
        }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for i in routing.stepObservers {
            if routing.stateless[i] {
                Self.stepDidEnd(onCopyOf: observers[i], step, index: index, state: state)
            } else {
                observers[i].stepDidEnd(step, index: index, state: state)
            }
        }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for i in routing.endObservers {
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
