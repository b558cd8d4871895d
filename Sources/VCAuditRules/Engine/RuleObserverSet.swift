/// Forwards a replay's callbacks to every enabled rule's observer, in catalog order.
struct RuleObserverSet: ReplayObserver {
    var observers: [any ReplayObserver]

    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for i in observers.indices { observers[i].stepWillBegin(step, index: index, state: state) }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        for i in observers.indices { observers[i].willApply(event, state: state) }
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        for i in observers.indices { observers[i].didApply(event, state: state) }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for i in observers.indices { observers[i].stepDidEnd(step, index: index, state: state) }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for i in observers.indices { observers[i].replayDidFinish(state: state) }
    }
}
