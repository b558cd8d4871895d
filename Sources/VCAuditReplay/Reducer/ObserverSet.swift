import VCAuditSpec

/// Forwards a replay's callbacks to a list of observers (the enabled rules' ones, in catalog order), each only what
/// it needs.
///
/// A copy of the set (one per replay, one per path `explore` tries) copies only the observers that keep state: the
/// others sit in the routing, which every copy shares. It lives here, beside the reducer, so that a replay watched by
/// a set is specialized for it: each callback reaches the set's routing without a dynamic call, and only the
/// observers it routes to are called through their existentials.
public struct ObserverSet: ReplayObserver {
    /// The observers that keep state, in catalog order.
    private var stateful: [any ReplayObserver]
    /// Which observers each event and step goes to, and the observers that keep no state.
    private let routing: Routing

    /// Which observers each callback goes to, worked out once from the observers' types, and the observers that keep
    /// no state (`SelectiveObserver.keepsState`): shared by every copy of the set.
    ///
    /// The routes and the stateless observers are in memory the routing allocates and frees, read through pointers:
    /// a callback reads them without retaining the routing or an array (two or three retains and releases per
    /// event otherwise).
    final class Routing {
        /// The observers that keep no state, in catalog order. They are called in place: every stored property of
        /// one is a `let`, so a call changes nothing, and a set (with its routing) is used by one thread at a time.
        let stateless: UnsafeMutablePointer<any ReplayObserver>
        let statelessCount: Int
        /// The observers one callback goes to for each event name (by `EventName.ordinal`):
        /// `targets[starts[o]..<starts[o + 1]]`, each a `Target`.
        struct Routes {
            let starts: UnsafeMutablePointer<Int>
            let targets: UnsafeMutablePointer<Target>

            init(_ routes: [[Target]]) {
                starts = .allocate(capacity: routes.count + 1)
                var count = 0
                for (ordinal, route) in routes.enumerated() {
                    starts[ordinal] = count
                    count += route.count
                }
                starts[routes.count] = count
                targets = .allocate(capacity: max(count, 1))
                var position = 0
                for route in routes {
                    for target in route {
                        (targets + position).initialize(to: target)
                        position += 1
                    }
                }
            }

            func deallocate() {
                starts.deallocate()
                targets.deallocate()
            }
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
                func route(_ name: EventName) {
                    if callbacks.contains(.willApply) { will[name.ordinal].append(target) }
                    if callbacks.contains(.didApply) { did[name.ordinal].append(target) }
                }
                // The set itself, not an array made of it (a route gets each observer once, whatever the order).
                if let selective {
                    for name in selective.observedEvents { route(name) }
                } else {
                    for name in EventName.allCases { route(name) }
                }
                if callbacks.contains(.stepWillBegin) { stepWillBegin.append(target) }
                if callbacks.contains(.stepDidEnd) { stepDidEnd.append(target) }
                if callbacks.contains(.replayDidFinish) { replayDidFinish.append(target) }
            }
            // Each route lists its observers in catalog order, as they were enumerated.
            self.stateless = .allocate(capacity: max(stateless.count, 1))
            self.stateless.initialize(from: stateless, count: stateless.count)
            statelessCount = stateless.count
            self.willApply = Routes(will)
            self.didApply = Routes(did)
            self.stepWillBegin = stepWillBegin
            self.stepDidEnd = stepDidEnd
            self.replayDidFinish = replayDidFinish
        }

        deinit {
            stateless.deinitialize(count: statelessCount)
            stateless.deallocate()
            willApply.deallocate()
            didApply.deallocate()
        }
    }

    /// The observers, with the callbacks each one gets worked out.
    public init(observers: [any ReplayObserver]) {
        var stateful: [any ReplayObserver] = []
        routing = Routing(observers, stateful: &stateful)
        self.stateful = stateful
    }

    /// The observers as they are now, the ones that keep state first, then the others, each part in catalog order
    /// (for tests).
    public var observers: [any ReplayObserver] { stateful + Array(UnsafeBufferPointer(start: routing.stateless, count: routing.statelessCount)) }

    public mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for target in routing.stepWillBegin {
            if target.keepsNoState {
                routing.stateless[target.position].stepWillBegin(step, index: index, state: state)
            } else {
                stateful[target.position].stepWillBegin(step, index: index, state: state)
            }
        }
    }

    public mutating func willApply(_ event: Event, state: HierarchyState) { apply(event, state: state, after: false) }

    public mutating func didApply(_ event: Event, state: HierarchyState) { apply(event, state: state, after: true) }

    /// Calls `willApply`, or `didApply` when `after`, on the observers routed `event` for it.
    ///
    /// Reads the routing's memory through the pointers it holds (loaded once: the routing is a `let` of the set, so
    /// it lives as long as the call). Inlined into `willApply` and `didApply`, so that `after` is a constant there.
    @inline(__always)
    private mutating func apply(_ event: Event, state: HierarchyState, after: Bool) {
        let routes = after ? routing.didApply : routing.willApply
        let stateless = routing.stateless
        let ordinal = event.name.ordinal
        let start = routes.starts[ordinal]
        let end = routes.starts[ordinal + 1]
        guard start < end else { return }
        // The observers that keep state are reached through one buffer pointer: the array is made unique once per
        // event, not once per observer.
        stateful.withUnsafeMutableBufferPointer { stateful in
            var k = start
            while k < end {
                let target = routes.targets[k]
                switch (target.keepsNoState, after) {
                case (true, false): stateless[target.position].willApply(event, state: state)
                case (true, true): stateless[target.position].didApply(event, state: state)
                case (false, false): stateful[target.position].willApply(event, state: state)
                case (false, true): stateful[target.position].didApply(event, state: state)
                }
                k += 1
            }
        }
    }

    public mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for target in routing.stepDidEnd {
            if target.keepsNoState {
                routing.stateless[target.position].stepDidEnd(step, index: index, state: state)
            } else {
                stateful[target.position].stepDidEnd(step, index: index, state: state)
            }
        }
    }

    public mutating func replayDidFinish(state: HierarchyState) {
        for target in routing.replayDidFinish {
            if target.keepsNoState {
                routing.stateless[target.position].replayDidFinish(state: state)
            } else {
                stateful[target.position].replayDidFinish(state: state)
            }
        }
    }
}
