import VCAuditReplay
import VCAuditSpec

/// Forwards a replay's callbacks to the enabled rules' observers, in catalog order, each only what it needs.
struct RuleObserverSet: ReplayObserver {
    var observers: [any ReplayObserver]
    /// For each event name (by `EventName.ordinal`), the observers that need it: `targets[starts[o]..<starts[o + 1]]`.
    private let starts: [Int]
    private let targets: [Int]
    /// The observers that need step callbacks.
    private let stepObservers: [Int]

    init(observers: [any ReplayObserver]) {
        self.observers = observers
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

    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for i in stepObservers { observers[i].stepWillBegin(step, index: index, state: state) }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        let ordinal = event.name.ordinal
        for k in starts[ordinal]..<starts[ordinal + 1] { observers[targets[k]].willApply(event, state: state) }
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        let ordinal = event.name.ordinal
        for k in starts[ordinal]..<starts[ordinal + 1] { observers[targets[k]].didApply(event, state: state) }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for i in stepObservers { observers[i].stepDidEnd(step, index: index, state: state) }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for i in observers.indices { observers[i].replayDidFinish(state: state) }
    }
}
