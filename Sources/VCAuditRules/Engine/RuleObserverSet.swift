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

        init(_ observers: [any ReplayObserver], types: [ObjectIdentifier]) {
            self.types = types
            var will = Array(repeating: [Int](), count: EventName.allCases.count)
            var did = will
            var stepWillBegin: [Int] = []
            var stepDidEnd: [Int] = []
            var replayDidFinish: [Int] = []
            for (index, observer) in observers.enumerated() {
                let selective = observer as? any SelectiveObserver
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
        for i in routing.stepWillBegin { observers[i].stepWillBegin(step, index: index, state: state) }
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        let routes = routing.willApply
        for k in routes.range(event.name.ordinal) { observers[routes.targets[k]].willApply(event, state: state) }
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        let routes = routing.didApply
        for k in routes.range(event.name.ordinal) { observers[routes.targets[k]].didApply(event, state: state) }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for i in routing.stepDidEnd { observers[i].stepDidEnd(step, index: index, state: state) }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for i in routing.replayDidFinish { observers[i].replayDidFinish(state: state) }
    }
}
