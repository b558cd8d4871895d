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
        /// The observers that need step callbacks.
        let stepObservers: [Int]

        init(_ observers: [any ReplayObserver], types: [ObjectIdentifier]) {
            self.types = types
            var routes = Array(repeating: [Int](), count: EventName.allCases.count)
            var stepObservers: [Int] = []
            for (index, observer) in observers.enumerated() {
                if let selective = observer as? any SelectiveObserver {
                    for name in selective.observedEvents { routes[name.ordinal].append(index) }
                    if selective.observesSteps { stepObservers.append(index) }
                } else {
                    for name in EventName.allCases { routes[name.ordinal].append(index) }
                    stepObservers.append(index)
                }
            }
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

    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for i in routing.stepObservers { observers[i].stepWillBegin(step, index: index, state: state) }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        let ordinal = event.name.ordinal
        let routing = routing
        for k in routing.starts[ordinal]..<routing.starts[ordinal + 1] { observers[routing.targets[k]].willApply(event, state: state) }
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        let ordinal = event.name.ordinal
        let routing = routing
        for k in routing.starts[ordinal]..<routing.starts[ordinal + 1] { observers[routing.targets[k]].didApply(event, state: state) }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for i in routing.stepObservers { observers[i].stepDidEnd(step, index: index, state: state) }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for i in observers.indices { observers[i].replayDidFinish(state: state) }
    }
}
