import VCAuditReplay
import VCAuditSpec

/// Forwards a replay's callbacks to the enabled rules' observers, in catalog order, each only what it needs.
///
/// A copy of the set (one per replay, one per path `explore` tries) copies only the observers that keep state: the
/// others sit in the routing, which every copy shares.
struct RuleObserverSet: ReplayObserver {
    /// The observers that keep state, in catalog order.
    private var stateful: [any ReplayObserver]
    /// Which observers each event and step goes to, and the observers that keep no state.
    private let routing: Routing

    /// Which observers each callback goes to, worked out once from the observers' types, and the observers that keep
    /// no state (`SelectiveObserver.keepsState`), which are called on a copy and so never change: shared by every copy
    /// of the set.
    final class Routing {
        /// The observers that keep no state, in catalog order.
        let stateless: [any ReplayObserver]
        /// The observers one callback goes to for each event name (by `EventName.ordinal`):
        /// `targets[starts[o]..<starts[o + 1]]`, each a `Target`.
        struct Routes {
            let starts: [Int]
            let targets: [Target]

            init(_ routes: [[Target]]) {
                var starts = [0]
                starts.reserveCapacity(routes.count + 1)
                for route in routes { starts.append(starts[starts.count - 1] + route.count) }
                self.starts = starts
                self.targets = routes.flatMap { $0 }
            }

            /// The positions in `targets` of the observers of events named by `ordinal`.
            func range(_ ordinal: Int) -> Range<Int> { starts[ordinal]..<starts[ordinal + 1] }
        }
        /// An observer: its position in `stateful`, or in `stateless` when `keepsNoState`.
        struct Target {
            let position: Int
            let keepsNoState: Bool
        }
        let willApply: Routes
        let didApply: Routes
        let stepWillBegin: [Target]
        let stepDidEnd: [Target]
        let replayDidFinish: [Target]

        /// The routing of `observers`, and the ones that keep state (in order) for the set to hold.
        init(_ observers: [any ReplayObserver], stateful: inout [any ReplayObserver]) {
            var will = Array(repeating: [Target](), count: EventName.allCases.count)
            var did = will
            var stepWillBegin: [Target] = []
            var stepDidEnd: [Target] = []
            var replayDidFinish: [Target] = []
            var stateless: [any ReplayObserver] = []
            for observer in observers {
                let selective = observer as? any SelectiveObserver
                let target: Target
                if let selective, !selective.keepsState {
                    target = Target(position: stateless.count, keepsNoState: true)
                    stateless.append(observer)
                } else {
                    target = Target(position: stateful.count, keepsNoState: false)
                    stateful.append(observer)
                }
                let callbacks = selective?.callbacks ?? .all
                let names = selective.map { Array($0.observedEvents) } ?? EventName.allCases
                for name in names {
                    if callbacks.contains(.willApply) { will[name.ordinal].append(target) }
                    if callbacks.contains(.didApply) { did[name.ordinal].append(target) }
                }
                if callbacks.contains(.stepWillBegin) { stepWillBegin.append(target) }
                if callbacks.contains(.stepDidEnd) { stepDidEnd.append(target) }
                if callbacks.contains(.replayDidFinish) { replayDidFinish.append(target) }
            }
            // Each route lists its observers in catalog order, as they were enumerated.
            self.stateless = stateless
            self.willApply = Routes(will)
            self.didApply = Routes(did)
            self.stepWillBegin = stepWillBegin
            self.stepDidEnd = stepDidEnd
            self.replayDidFinish = replayDidFinish
        }
    }

    /// The observers, with the callbacks each one gets worked out.
    init(observers: [any ReplayObserver]) {
        var stateful: [any ReplayObserver] = []
        routing = Routing(observers, stateful: &stateful)
        self.stateful = stateful
    }

    /// The observers as they are now, the ones that keep state first, then the others, each part in catalog order
    /// (for tests).
    var observers: [any ReplayObserver] { stateful + routing.stateless }

    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for target in routing.stepWillBegin {
            if target.keepsNoState {
                Self.stepWillBegin(onCopyOf: routing.stateless[target.position], step, index: index, state: state)
            } else {
                stateful[target.position].stepWillBegin(step, index: index, state: state)
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
            let target = routes.targets[k]
            switch (target.keepsNoState, after) {
            case (true, false): Self.willApply(onCopyOf: routing.stateless[target.position], event, state: state)
            case (true, true): Self.didApply(onCopyOf: routing.stateless[target.position], event, state: state)
            case (false, false): stateful[target.position].willApply(event, state: state)
            case (false, true): stateful[target.position].didApply(event, state: state)
            }
        }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for target in routing.stepDidEnd {
            if target.keepsNoState {
                Self.stepDidEnd(onCopyOf: routing.stateless[target.position], step, index: index, state: state)
            } else {
                stateful[target.position].stepDidEnd(step, index: index, state: state)
            }
        }
    }

    mutating func replayDidFinish(state: HierarchyState) {
        for target in routing.replayDidFinish {
            if target.keepsNoState {
                Self.replayDidFinish(onCopyOf: routing.stateless[target.position], state: state)
            } else {
                stateful[target.position].replayDidFinish(state: state)
            }
        }
    }

    // An observer that keeps no state is called on a copy of its value (the existential opened), which leaves the
    // one in `routing.stateless`, and its box, as they were.

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
