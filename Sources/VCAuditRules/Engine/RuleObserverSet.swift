/// Forwards a replay's callbacks to the enabled rules' observers, in catalog order, each only what it needs.
struct RuleObserverSet: ReplayObserver {
    var observers: [any ReplayObserver]
    /// For each event name, the observers that need it.
    private let routes: [EventName: [Int]]
    /// The observers that need step callbacks.
    private let stepObservers: [Int]

    init(observers: [any ReplayObserver]) {
        self.observers = observers
        var routes: [EventName: [Int]] = [:]
        var stepObservers: [Int] = []
        for (index, observer) in observers.enumerated() {
            if let selective = observer as? any SelectiveObserver {
                for name in selective.observedEvents { routes[name, default: []].append(index) }
                if selective.observesSteps { stepObservers.append(index) }
            } else {
                for name in EventName.allCases { routes[name, default: []].append(index) }
                stepObservers.append(index)
            }
        }
        self.routes = routes
        self.stepObservers = stepObservers
    }

    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for i in stepObservers { observers[i].stepWillBegin(step, index: index, state: state) }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        guard let route = routes[event.name] else { return }
        for i in route { observers[i].willApply(event, state: state) }
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        guard let route = routes[event.name] else { return }
        for i in route { observers[i].didApply(event, state: state) }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for i in stepObservers { observers[i].stepDidEnd(step, index: index, state: state) }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for i in observers.indices { observers[i].replayDidFinish(state: state) }
    }
}
