import Foundation
import VCAuditSpec

/// Forwards a replay's callbacks to a list of observers (the enabled rules' ones, in catalog order), each only what
/// it needs.
///
/// A copy of the set (one per replay, one per path `explore` tries) copies only the observers that keep state: the
/// others sit in the routing, which every copy shares. And it copies those only when one of them has something to do
/// (`SelectiveObserver.acts(before:state:)`, `acts(after:state:)`, `isIdle`), which it asks before each callback:
/// most paths and most scenarios give them nothing to keep. It lives here, beside the reducer, so that a replay
/// watched by a set is specialized for it: each callback reaches the set's routing without a dynamic call, and only
/// the observers it routes to are called through their existentials.
public struct ObserverSet: ReplayObserver {
    /// The observers that keep state, in catalog order; one that is not selective is wrapped in an `ErasedObserver`,
    /// which acts on every callback.
    private var stateful: [any SelectiveObserver]
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
            /// The event names whose route is not empty, a bit each by `EventName.ordinal`.
            let routedNames: UInt64

            /// The routes of `pairs` (event ordinal, observer), each route in the order its pairs come: a counting
            /// sort of pairs listed observer by observer, in catalog order.
            init(_ pairs: [(ordinal: Int, target: Target)]) {
                let names = EventName.allCases.count
                starts = .allocate(capacity: names + 1)
                starts.initialize(repeating: 0, count: names + 1)
                for pair in pairs { starts[pair.ordinal + 1] += 1 }
                for ordinal in 0..<names { starts[ordinal + 1] += starts[ordinal] }
                targets = .allocate(capacity: max(pairs.count, 1))
                // Where the next target of each route goes, from its start on.
                var next = Array(UnsafeBufferPointer(start: starts, count: names))
                for pair in pairs {
                    (targets + next[pair.ordinal]).initialize(to: pair.target)
                    next[pair.ordinal] += 1
                }
                precondition(names <= UInt64.bitWidth, "more event names than bits in a set of them")
                var routed: UInt64 = 0
                for ordinal in 0..<names where starts[ordinal] < starts[ordinal + 1] { routed |= 1 << ordinal }
                routedNames = routed
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
        ///
        /// Made once per spec from the observers' types' plans (`Plan`, worked out once per type), and the routes are
        /// collected in two flat lists of (event, observer) pairs, not an array per event name.
        init(_ observers: [any ReplayObserver], stateful: inout [any SelectiveObserver]) {
            var will: [(ordinal: Int, target: Target)] = []
            var did: [(ordinal: Int, target: Target)] = []
            var stepWillBegin: [Target] = []
            var stepDidEnd: [Target] = []
            var replayDidFinish: [Target] = []
            var stateless: [any ReplayObserver] = []
            let plans = Plan.plans(for: observers)
            for (observer, plan) in zip(observers, plans) {
                let callbacks = plan.callbacks
                let target: Target
                if !plan.keepsState {
                    target = Target(position: stateless.count, keepsNoState: true)
                    stateless.append(observer)
                } else {
                    target = Target(position: stateful.count, keepsNoState: false)
                    stateful.append(observer as? any SelectiveObserver ?? ErasedObserver(base: observer))
                }
                // A route gets each observer once, whatever the order of its events.
                for ordinal in plan.ordinals {
                    if callbacks.contains(.willApply) { will.append((ordinal, target)) }
                    if callbacks.contains(.didApply) { did.append((ordinal, target)) }
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

    /// How the observers of one type are routed: its `SelectiveObserver` properties, which belong to the type, with
    /// its events as ordinals (every event for an observer that is not selective).
    ///
    /// Worked out once per type for the process: the checker makes a set for every spec it checks, and casting each
    /// observer to `SelectiveObserver` and building its set of events again cost more than the rest of the set.
    struct Plan: Sendable {
        let keepsState: Bool
        let callbacks: ObserverCallbacks
        /// The ordinals of the events it observes, in ordinal order.
        let ordinals: [Int]

        init(_ type: any ReplayObserver.Type) {
            if let selective = type as? any SelectiveObserver.Type {
                keepsState = selective.keepsState
                callbacks = selective.callbacks
                ordinals = selective.observedEvents.map(\.ordinal).sorted()
            } else {
                keepsState = true
                callbacks = .all
                ordinals = EventName.allCases.map(\.ordinal)
            }
        }

        /// The plans of the types seen so far, by type, behind a lock (checks run on every core).
        private final class Known: @unchecked Sendable {
            let lock = NSLock()
            var plans: [ObjectIdentifier: Plan] = [:]
        }
        private static let known = Known()

        /// The plan of each observer's type, in order, under one lock.
        static func plans(for observers: [any ReplayObserver]) -> [Plan] {
            let known = Self.known
            known.lock.lock()
            defer { known.lock.unlock() }
            return observers.map { observer in
                let type = Swift.type(of: observer)
                let key = ObjectIdentifier(type)
                if let plan = known.plans[key] { return plan }
                let plan = Plan(type)
                known.plans[key] = plan
                return plan
            }
        }
    }

    /// The observers, with the callbacks each one gets worked out.
    public init(observers: [any ReplayObserver]) {
        var stateful: [any SelectiveObserver] = []
        routing = Routing(observers, stateful: &stateful)
        self.stateful = stateful
    }

    /// The event names some observer gets `willApply` for, and those some observer gets `didApply` for, a bit each by
    /// `EventName.ordinal`: a decider watched by the set calls it only for those.
    var routedNames: (willApply: UInt64, didApply: UInt64) { (routing.willApply.routedNames, routing.didApply.routedNames) }

    /// The observers as they are now, the ones that keep state first, then the others, each part in catalog order
    /// (for tests).
    public var observers: [any ReplayObserver] {
        stateful.map { ($0 as? ErasedObserver)?.base ?? $0 } + Array(UnsafeBufferPointer(start: routing.stateless, count: routing.statelessCount))
    }

    /// Whether the observer that keeps state at `position` has nothing to do at a step's start or end or at the
    /// replay's end.
    ///
    /// The observers are asked in calls of their own, where the set is not being changed: asked inline from a
    /// callback (`mutating`), each copied its existential (retaining what it holds) to be asked, and dropped it.
    @inline(never)
    private func isIdle(at position: Int) -> Bool { stateful[position].isIdle }

    /// Whether the observer that keeps state at `position` has anything to do for `event`, before it is applied, or
    /// after when `after` (asked as `isIdle(at:)`).
    @inline(never)
    private func acts(at position: Int, on event: Event, after: Bool, state: HierarchyState) -> Bool {
        after ? stateful[position].acts(after: event, state: state) : stateful[position].acts(before: event, state: state)
    }

    /// Runs `callback` on the observer that keeps state at `position`, the list made unique first (copied, when a
    /// copy of the set shares it).
    ///
    /// Out of line, so that the uniqueness check stays with the observers that act: inlined into a loop that asks
    /// each observer, the optimizer made the list unique before the loop, whatever the observers answered.
    @inline(never)
    private mutating func change(at position: Int, _ callback: (inout any SelectiveObserver) -> Void) {
        callback(&stateful[position])
    }

    public mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        for target in routing.stepWillBegin {
            if target.keepsNoState {
                routing.stateless[target.position].stepWillBegin(step, index: index, state: state)
            } else if !isIdle(at: target.position) {
                change(at: target.position) { $0.stepWillBegin(step, index: index, state: state) }
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
        var k = start
        while k < end {
            let target = routes.targets[k]
            k += 1
            if target.keepsNoState {
                if after {
                    stateless[target.position].didApply(event, state: state)
                } else {
                    stateless[target.position].willApply(event, state: state)
                }
                continue
            }
            // An observer that keeps state is asked whether it acts: the list is made unique only for one that does.
            guard acts(at: target.position, on: event, after: after, state: state) else { continue }
            change(at: target.position) { observer in
                if after {
                    observer.didApply(event, state: state)
                } else {
                    observer.willApply(event, state: state)
                }
            }
        }
    }

    public mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        for target in routing.stepDidEnd {
            if target.keepsNoState {
                routing.stateless[target.position].stepDidEnd(step, index: index, state: state)
            } else if !isIdle(at: target.position) {
                change(at: target.position) { $0.stepDidEnd(step, index: index, state: state) }
            }
        }
    }

    public mutating func replayDidFinish(state: HierarchyState) {
        for target in routing.replayDidFinish {
            if target.keepsNoState {
                routing.stateless[target.position].replayDidFinish(state: state)
            } else if !isIdle(at: target.position) {
                change(at: target.position) { $0.replayDidFinish(state: state) }
            }
        }
    }
}

/// An observer that is not selective, as the set keeps it with those that are: every callback for every event, each
/// with something to do.
extension ErasedObserver: SelectiveObserver {
    static var observedEvents: Set<EventName> { Set(EventName.allCases) }
    static var callbacks: ObserverCallbacks { .all }
}
