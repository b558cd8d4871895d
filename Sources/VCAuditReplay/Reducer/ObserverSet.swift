import Foundation
import VCAuditSpec

/// Forwards a replay's callbacks to a list of observers (the enabled rules' ones, in catalog order), each only what
/// it needs.
///
/// A copy of the set (one per replay, one per path `explore` tries) copies only the observers that keep state: the
/// others sit in the routing, which every copy shares. And it copies those only when one of them has something to do
/// (`owner`): most paths `explore` tries give them nothing to keep. It lives here, beside the reducer, so that a
/// replay watched by a set is specialized for it: each callback reaches the set's routing without a dynamic call, and
/// only the observers it routes to are called through their existentials.
public struct ObserverSet: DeciderObserver {
    /// The observers that keep state, held by an owner that the copies of the set share until one of them changes
    /// an observer.
    ///
    /// While this copy is the owner's only holder, the observers are its own: each callback is passed to them, in
    /// place. While other copies hold it too, each observer is first asked whether the callback has anything to do
    /// (`ReplayObserver.acts(before:state:)`, `acts(after:state:)`, `isIdle`), and the first that has makes them
    /// this copy's own (`takeOwnership`: an owner of its own, with copies of them). Held in an array, the observers
    /// were checked for uniqueness again at every callback, after the owner (callgrind: about 10 instructions a call).
    private var owner: Owner
    /// The owner this copy had before it started over (`restart(from:)`), for when it takes its observers over again:
    /// a new one was an allocation for each replay, and its observers are mostly the ones it will copy.
    private var spareOwner: Owner?

    /// The memory of the observers that keep state, in catalog order: allocated with the owner, freed with it.
    private final class Owner {
        let observers: UnsafeMutablePointer<any ReplayObserver>
        let count: Int

        /// An owner of copies of `observers`.
        init(_ observers: UnsafeBufferPointer<any ReplayObserver>) {
            count = observers.count
            self.observers = .allocate(capacity: max(count, 1))
            if let first = observers.baseAddress { self.observers.initialize(from: first, count: count) }
        }

        /// The owner of `count` observers initialized at `observers`, memory it frees.
        init(adopting observers: UnsafeMutablePointer<any ReplayObserver>, count: Int) {
            self.observers = observers
            self.count = count
        }

        /// Makes its observers copies of `other`'s (an owner of the same set's).
        ///
        /// An observer no callback changed is still the other owner's, bit for bit (the same inline value, or the
        /// same box): assigning it again cost as much as copying the whole list.
        func update(from other: Owner) {
            precondition(count == other.count, "an owner is updated from one of the same set")
            let size = MemoryLayout<any ReplayObserver>.size
            for position in 0..<count
            where !sameBytes(UnsafeRawBufferPointer(start: observers + position, count: size),
                             UnsafeRawBufferPointer(start: other.observers + position, count: size)) {
                observers[position] = other.observers[position]
            }
        }

        deinit {
            observers.deinitialize(count: count)
            observers.deallocate()
        }
    }
    /// The observers that settle only what they saw (`SelectiveObserver.settlesOnlyWhatItSaw`) passed an event since
    /// their last `stepDidEnd`, a bit each (`Routing.Target.stepBit`): the others' step callbacks are not called.
    private var passedSinceStepEnd: UInt64 = 0
    /// Which observers each event and step goes to, and the observers that keep no state.
    private let routing: Routing

    /// Which observers each callback goes to (the layout of their types), and the observers that keep no state
    /// (`SelectiveObserver.keepsState`): shared by every copy of the set.
    ///
    /// The routes and the stateless observers are in memory the layout and the routing allocate and free, read through
    /// pointers: a callback reads them without retaining the routing or an array (two or three retains and releases
    /// per event otherwise).
    final class Routing {
        /// The observers that keep no state, in catalog order. They are called in place: every stored property of
        /// one is a `let`, so a call changes nothing, and a set (with its routing) is used by one thread at a time.
        let stateless: UnsafeMutablePointer<any ReplayObserver>
        let statelessCount: Int
        /// The layout's routes, copied here so that a callback reads them through the routing alone.
        let willApply: Routes
        let didApply: Routes
        /// The observers of a step's start and end and of the replay's start and end.
        let stepWillBegin: Callback
        let stepDidEnd: Callback
        let replayWillBegin: Callback
        let replayDidFinish: Callback
        /// The layout whose memory the routes are in.
        private let layout: Layout

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
        /// An observer: its position in the owner's observers, or in `stateless` when `keepsNoState`, and the reasons of the
        /// exceptions and warnings it gets (`ReplayObserver.observedReasons`), a bit each by `ReplayReason.ordinal`
        /// and `noReason` for those without one: every bit for an observer that names none.
        struct Target {
            let position: Int
            let keepsNoState: Bool
            let reasons: UInt64
            /// Its bit in `passedSinceStepEnd` when it settles only what it saw (one of the first 64 that keep
            /// state), 0 when its step callbacks are always called.
            let stepBit: UInt64

            /// Whether its step callbacks are called when `passed` holds the bits of the observers passed an event
            /// since their last step's end.
            func isDue(_ passed: UInt64) -> Bool { stepBit == 0 || passed & stepBit != 0 }

            /// The bit of an exception or warning without a reason.
            static let noReason: UInt64 = 1 << 63

            /// The bit of `event` to test against `reasons`: its reason's for an exception or warning, every bit for
            /// another event (what an observer names filters only those).
            static func reasonBit(of event: Event) -> UInt64 {
                switch event.name {
                case .exception, .warning: event.reason.map { 1 << $0.ordinal } ?? noReason
                default: .max
                }
            }
        }
        /// The observers of a callback other than `willApply` and `didApply`, and the bits of those among them that
        /// settle only what they saw (`stepBit`), unless one of them is always called (then none: it is always due).
        struct Callback {
            let targets: UnsafeBufferPointer<Target>
            let waiting: UInt64
            /// Whether one of the targets keeps no state (it is never asked whether it is idle).
            let hasStateless: Bool
            /// The positions of the targets that keep state and are always due (`stepBit` 0).
            let alwaysDue: UnsafeBufferPointer<Int>
            /// The bits of the targets that settle only what they saw (`Target.stepBit`): each is `1 << position`.
            let settling: UInt64

            /// `targets` in memory of their own, which `deallocate` frees.
            init(_ targets: [Target]) {
                let memory = UnsafeMutableBufferPointer<Target>.allocate(capacity: targets.count)
                _ = memory.initialize(from: targets)
                self.targets = UnsafeBufferPointer(memory)
                waiting = targets.contains { $0.stepBit == 0 } ? 0 : targets.reduce(0) { $0 | $1.stepBit }
                hasStateless = targets.contains { $0.keepsNoState }
                let always = targets.filter { !$0.keepsNoState && $0.stepBit == 0 }.map(\.position)
                let positions = UnsafeMutableBufferPointer<Int>.allocate(capacity: always.count)
                _ = positions.initialize(from: always)
                alwaysDue = UnsafeBufferPointer(positions)
                settling = targets.reduce(0) { $0 | $1.stepBit }
            }

            /// Whether some observer is due when `passed` holds the bits of those passed an event since their last
            /// step's end (`Target.isDue`): always when one of them does not wait for events, never without targets.
            func hasDue(_ passed: UInt64) -> Bool { waiting == 0 ? !targets.isEmpty : passed & waiting != 0 }

            func deallocate() {
                targets.deallocate()
                alwaysDue.deallocate()
            }
        }

        /// The routing of observers laid out as `layout` says, whose `statelessCount` observers that keep no state,
        /// in catalog order, are initialized at `stateless`: memory the routing frees.
        init(_ layout: Layout, adoptingStateless stateless: UnsafeMutablePointer<any ReplayObserver>, count statelessCount: Int) {
            self.layout = layout
            self.stateless = stateless
            self.statelessCount = statelessCount
            willApply = layout.willApply
            didApply = layout.didApply
            stepWillBegin = layout.stepWillBegin
            stepDidEnd = layout.stepDidEnd
            replayWillBegin = layout.replayWillBegin
            replayDidFinish = layout.replayDidFinish
        }

        deinit {
            stateless.deinitialize(count: statelessCount)
            stateless.deallocate()
        }
    }

    /// The routes of a list of observers, worked out from their types' plans (`Plan`) and the reasons each observes:
    /// made once for each such list in the process (`of`), and shared by the routings of every spec whose rules make
    /// it, which are most (their restoration rules make observers or not).
    ///
    /// Every stored property is a `let` and what the routes point at is never written after `init`, so one layout is
    /// read by checks on every core.
    final class Layout: @unchecked Sendable {
        let willApply: Routing.Routes
        let didApply: Routing.Routes
        let stepWillBegin: Routing.Callback
        let stepDidEnd: Routing.Callback
        let replayWillBegin: Routing.Callback
        let replayDidFinish: Routing.Callback
        /// Whether each observer, in order, keeps no state: the routes number those and the others apart
        /// (`Routing.Target.position`).
        let keepsNoState: [Bool]

        /// The routes of observers with these plans and reasons (`Routing.Target.reasons`), in order: each route lists
        /// its observers in catalog order, as they are enumerated, in two flat lists of (event, observer) pairs
        /// rather than an array per event name.
        private init(plans: [Plan], reasons: [UInt64]) {
            var will: [(ordinal: Int, target: Routing.Target)] = []
            var did: [(ordinal: Int, target: Routing.Target)] = []
            var stepWillBegin: [Routing.Target] = []
            var stepDidEnd: [Routing.Target] = []
            var replayWillBegin: [Routing.Target] = []
            var replayDidFinish: [Routing.Target] = []
            var statelessCount = 0
            var statefulCount = 0
            for (plan, reasons) in zip(plans, reasons) {
                let callbacks = plan.callbacks
                let target: Routing.Target
                if !plan.keepsState {
                    target = Routing.Target(position: statelessCount, keepsNoState: true, reasons: reasons, stepBit: 0)
                    statelessCount += 1
                } else {
                    let waits = plan.settlesOnlyWhatItSaw && statefulCount < UInt64.bitWidth
                    target = Routing.Target(position: statefulCount, keepsNoState: false, reasons: reasons,
                                            stepBit: waits ? 1 << statefulCount : 0)
                    statefulCount += 1
                }
                // A route gets each observer once, whatever the order of its events.
                for ordinal in plan.ordinals {
                    if callbacks.contains(.willApply) { will.append((ordinal, target)) }
                    if callbacks.contains(.didApply) { did.append((ordinal, target)) }
                }
                if callbacks.contains(.stepWillBegin) { stepWillBegin.append(target) }
                if callbacks.contains(.stepDidEnd) { stepDidEnd.append(target) }
                if callbacks.contains(.replayWillBegin) { replayWillBegin.append(target) }
                if callbacks.contains(.replayDidFinish) { replayDidFinish.append(target) }
            }
            keepsNoState = plans.map { !$0.keepsState }
            self.willApply = Routing.Routes(will)
            self.didApply = Routing.Routes(did)
            self.stepWillBegin = Routing.Callback(stepWillBegin)
            self.stepDidEnd = Routing.Callback(stepDidEnd)
            self.replayWillBegin = Routing.Callback(replayWillBegin)
            self.replayDidFinish = Routing.Callback(replayDidFinish)
        }

        deinit {
            willApply.deallocate()
            didApply.deallocate()
            stepWillBegin.deallocate()
            stepDidEnd.deallocate()
            replayWillBegin.deallocate()
            replayDidFinish.deallocate()
        }

        /// What a layout depends on: each observer's type and reasons, in order.
        struct Key: Hashable {
            let types: [ObjectIdentifier]
            let reasons: [UInt64]
        }

        /// The layouts made so far, by key, behind a lock (checks run on every core), which also keeps accesses from
        /// overlapping: the run time's exclusivity checks are left out.
        private final class Known: @unchecked Sendable {
            let lock = NSLock()
            @exclusivity(unchecked) var layouts: [Key: Layout] = [:]
            /// The layout found or made last, with its key: most specs' rules make the observers the spec before
            /// them made, whose key is compared without hashing it.
            @exclusivity(unchecked) var last: (key: Key, layout: Layout)?
        }
        private static let known = Known()

        /// The layout of `observers`: the one made for observers of the same types and reasons, or a new one.
        ///
        /// The observers are asked through `inout`, in place, though nothing changes them: read from a list (or
        /// through a pointer), each was copied to be asked (a retain and a release of what it holds), twice.
        static func of(_ observers: UnsafeMutableBufferPointer<any ReplayObserver>) -> Layout {
            precondition(ReplayReason.allCases.count < UInt64.bitWidth, "more reasons than bits in a set of them")
            var types: [ObjectIdentifier] = []
            var reasons: [UInt64] = []
            types.reserveCapacity(observers.count)
            reasons.reserveCapacity(observers.count)
            for position in observers.indices {
                types.append(typeIdentifier(&observers[position]))
                reasons.append(observedReasons(&observers[position]))
            }
            let key = Key(types: types, reasons: reasons)
            let known = Self.known
            known.lock.lock()
            var found: Layout?
            if known.last?.key == key {
                found = known.last?.layout
            } else if let stored = known.layouts[key] {
                found = stored
                known.last = (key, stored)
            }
            known.lock.unlock()
            if let found { return found }
            // Made outside the lock (the plans take their own); the first one stored is the one every check uses.
            let layout = Layout(plans: Plan.plans(for: observers.map { type(of: $0) }), reasons: key.reasons)
            known.lock.lock()
            defer { known.lock.unlock() }
            if let stored = known.layouts[key] { return stored }
            known.layouts[key] = layout
            known.last = (key, layout)
            return layout
        }

        private static func typeIdentifier(_ observer: inout any ReplayObserver) -> ObjectIdentifier {
            ObjectIdentifier(type(of: observer))
        }

        /// The bits of the reasons `observer` observes (`Routing.Target.reasons`).
        private static func observedReasons(_ observer: inout any ReplayObserver) -> UInt64 {
            observer.observedReasons?.reduce(UInt64(0)) { $0 | 1 << $1.ordinal } ?? .max
        }
    }

    /// How the observers of one type are routed: its `SelectiveObserver` properties, which belong to the type, with
    /// its events as ordinals (every event for an observer that is not selective).
    ///
    /// Worked out once per type for the process: the checker makes a set for every spec it checks, and casting each
    /// observer to `SelectiveObserver` and building its set of events again cost more than the rest of the set. The
    /// type says itself whether it is selective (`ReplayObserver.selectiveType`), without a cast.
    struct Plan: Sendable {
        let keepsState: Bool
        let settlesOnlyWhatItSaw: Bool
        let callbacks: ObserverCallbacks
        /// The ordinals of the events it observes, in ordinal order.
        let ordinals: [Int]

        init(_ type: any ReplayObserver.Type) {
            if let selective = type.selectiveType {
                keepsState = selective.keepsState
                settlesOnlyWhatItSaw = selective.settlesOnlyWhatItSaw
                callbacks = selective.callbacks
                ordinals = selective.observedEvents.map(\.ordinal).sorted()
            } else {
                keepsState = true
                settlesOnlyWhatItSaw = false
                callbacks = .all
                ordinals = EventName.allCases.map(\.ordinal)
            }
        }

        /// The plans of the types seen so far, by type, behind a lock (checks run on every core), which also keeps
        /// accesses from overlapping: the run time's exclusivity checks are left out (a call per observer of each spec).
        private final class Known: @unchecked Sendable {
            let lock = NSLock()
            @exclusivity(unchecked) var plans: [ObjectIdentifier: Plan] = [:]
        }
        private static let known = Known()

        /// The plan of each type, in order, under one lock.
        static func plans(for types: [any ReplayObserver.Type]) -> [Plan] {
            let known = Self.known
            known.lock.lock()
            defer { known.lock.unlock() }
            return types.map { type in
                let key = ObjectIdentifier(type)
                if let plan = known.plans[key] { return plan }
                let plan = Plan(type)
                known.plans[key] = plan
                return plan
            }
        }
    }

    /// The observers, with the callbacks each one gets worked out.
    ///
    /// The observers are copied once, into memory where they are read in place (`Layout.of`) and from which each is
    /// moved into the owner's memory or the routing's: copied into lists split by state, then into those memories,
    /// each was copied three times more (and each copy destroyed), for every spec checked.
    public init(observers: [any ReplayObserver]) {
        let copies = UnsafeMutableBufferPointer<any ReplayObserver>.allocate(capacity: observers.count)
        defer { copies.deallocate() }
        _ = copies.initialize(from: observers)
        let layout = Layout.of(copies)
        let statelessCount = layout.keepsNoState.count(where: { $0 })
        let stateless = UnsafeMutablePointer<any ReplayObserver>.allocate(capacity: max(statelessCount, 1))
        let stateful = UnsafeMutablePointer<any ReplayObserver>.allocate(capacity: max(copies.count - statelessCount, 1))
        // Each copy is moved out once, in order, to the end of its part: `copies` is left uninitialized.
        var (statelessEnd, statefulEnd) = (stateless, stateful)
        for (position, keepsNoState) in layout.keepsNoState.enumerated() {
            if keepsNoState {
                statelessEnd.moveInitialize(from: copies.baseAddress! + position, count: 1)
                statelessEnd += 1
            } else {
                statefulEnd.moveInitialize(from: copies.baseAddress! + position, count: 1)
                statefulEnd += 1
            }
        }
        routing = Routing(layout, adoptingStateless: stateless, count: statelessCount)
        owner = Owner(adopting: stateful, count: statefulEnd - stateful)
    }

    /// Makes this set what a copy of `other` (a copy of the same set) is: its observers are `other`'s again, shared
    /// with it as a copy's are.
    ///
    /// The checker starts each replay's set over from the rules' template, and `explore` each path's from the
    /// explored state's. A new copy allocated, once one of its observers that keep state had something to do, an
    /// owner and its observers; a set started over keeps its owner for then (`takeOwnership`), when it copies into it
    /// only the observers that differ (an observer's own state is still copied as it changes).
    package mutating func restart(from other: ObserverSet) {
        precondition(routing === other.routing, "an observer set restarts only from a copy of the same set")
        passedSinceStepEnd = other.passedSinceStepEnd
        // Most of the paths `explore` tries from a state leave the observers shared with it: assigning them again
        // retained and released the owner.
        if owner === other.owner { return }
        if ownsObservers() { spareOwner = owner }
        owner = other.owner
    }

    /// The event names some observer gets `willApply` for, and those some observer gets `didApply` for, a bit each by
    /// `EventName.ordinal`: a decider watched by the set calls it only for those.
    var routedNames: (willApply: UInt64, didApply: UInt64) { (routing.willApply.routedNames, routing.didApply.routedNames) }

    /// The observers as they are now, the ones that keep state first, then the others, each part in catalog order
    /// (for tests).
    public var observers: [any ReplayObserver] {
        Array(UnsafeBufferPointer(start: owner.observers, count: owner.count))
            + Array(UnsafeBufferPointer(start: routing.stateless, count: routing.statelessCount))
    }

    /// Whether the observer that keeps state at `position` has nothing to do at a step's start or end or at the
    /// replay's end.
    ///
    /// The observers are asked in calls of their own, where the set is not being changed: asked inline from a
    /// callback (`mutating`), each copied its existential (retaining what it holds) to be asked, and dropped it.
    @inline(never)
    private func isIdle(at position: Int) -> Bool { Self.isIdle(&owner.observers[position]) }

    // The observers are asked and told below through `inout`, in place, though nothing changes them: a call on one
    // read through the owner's pointer copied its existential first (a retain and a release of what it holds each
    // time, callgrind showed).

    private static func isIdle(_ observer: inout any ReplayObserver) -> Bool { observer.isIdle }

    private static func acts(_ observer: inout any ReplayObserver, on event: Event, after: Bool, state: HierarchyState) -> Bool {
        after ? observer.acts(after: event, state: state) : observer.acts(before: event, state: state)
    }

    private static func tell(_ observer: inout any ReplayObserver, replaying launch: ReplayedLaunch?) {
        observer.replayWillBegin(replaying: launch)
    }

    /// Whether the observer that keeps state at `position` has anything to do for `event`, before it is applied, or
    /// after when `after` (asked as `isIdle(at:)`).
    @inline(never)
    private func acts(at position: Int, on event: Event, after: Bool, state: HierarchyState) -> Bool {
        Self.acts(&owner.observers[position], on: event, after: after, state: state)
    }

    /// Whether this copy of the set owns the observers that keep state (`owner`).
    private mutating func ownsObservers() -> Bool { isKnownUniquelyReferenced(&owner) }

    /// Makes the observers that keep state this copy's own (`owner`): copies of the ones it shares, in the owner it
    /// kept when it started over, or in a new one.
    ///
    /// Once a replay at most, in a call of its own: inlined into the callbacks, it changed what the optimizer inlined
    /// into the replay's loop, which then ran more instructions per event.
    @inline(never)
    private mutating func takeOwnership() {
        let shared = owner
        if let spare = spareOwner.take() {
            spare.update(from: shared)
            owner = spare
        } else {
            owner = Owner(UnsafeBufferPointer(start: shared.observers, count: shared.count))
        }
    }

    /// Tells the observers of a replay's start the launch it replays, in place: the call changes no observer
    /// (`ReplayObserver.replayWillBegin(replaying:)`), so the ones this copy shares stay shared.
    public func replayWillBegin(replaying launch: ReplayedLaunch?) {
        let stateless = routing.stateless
        for target in routing.replayWillBegin.targets {
            if target.keepsNoState {
                Self.tell(&stateless[target.position], replaying: launch)
            } else {
                Self.tell(&owner.observers[target.position], replaying: launch)
            }
        }
    }

    /// Passes a step's start to the observers due (`pass`).
    public mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        guard hasWorkAtStepStart() else { return }
        passStepWillBegin(step, index: index, state: state)
    }

    /// Whether some observer due at a step's start has something to do (`hasWork(atStepEnd:passed:)`).
    ///
    /// Asked inline, in the decider, before it reads the step and the state: it copies them for `stepWillBegin` only
    /// when one has (few steps, for most rules).
    @inline(__always)
    func hasWorkAtStepStart() -> Bool { hasWork(atStepEnd: false, passed: passedSinceStepEnd) }

    @inline(never)
    private mutating func passStepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
        pass(routing.stepWillBegin, passed: passedSinceStepEnd) { $0.stepWillBegin(step, index: index, state: state) }
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
        let reasonBit = Routing.Target.reasonBit(of: event)
        func pass(_ observer: inout any ReplayObserver) {
            if after { observer.didApply(event, state: state) } else { observer.willApply(event, state: state) }
        }
        var k = start
        if !ownsObservers() {
            // Other copies share the observers that keep state: each is asked whether it acts, and the first that
            // does makes them this copy's own (it and the rest get the event below). The loop changes no observer
            // that keeps state: with one inline, the optimizer made the list unique before it.
            while k < end {
                let target = routes.targets[k]
                if target.reasons & reasonBit != 0 {
                    if !target.keepsNoState, acts(at: target.position, on: event, after: after, state: state) {
                        takeOwnership()
                        break
                    }
                    if target.keepsNoState { pass(&stateless[target.position]) }
                }
                k += 1
            }
            guard k < end else { return }
        }
        // This copy owns the observers that keep state: they are changed in place, in the owner's memory.
        let stateful = owner.observers
        while k < end {
            let target = routes.targets[k]
            if target.reasons & reasonBit != 0 {
                if target.keepsNoState {
                    pass(&stateless[target.position])
                } else {
                    passedSinceStepEnd |= target.stepBit
                    pass(&stateful[target.position])
                }
            }
            k += 1
        }
    }

    /// Passes a step's end to the observers due (`pass`).
    public mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        let passed = passedSinceStepEnd
        passedSinceStepEnd = 0
        guard hasWork(atStepEnd: true, passed: passed) else { return }
        passStepDidEnd(step, index: index, state: state, passed: passed)
    }

    /// Ends the step as `stepDidEnd` does when no observer due has something to do, and tells whether it did.
    ///
    /// Asked inline, in the decider, as `hasWorkAtStepStart()`: when an observer has work, the decider calls
    /// `stepDidEnd`, which asks again (about one step in thirteen on `--specs 40`).
    @inline(__always)
    mutating func endsStepWithoutWork() -> Bool {
        guard !hasWork(atStepEnd: true, passed: passedSinceStepEnd) else { return false }
        passedSinceStepEnd = 0
        return true
    }

    /// Whether some observer of the step's start, or of its end when `atStepEnd`, that is due when `passed` holds the
    /// bits of those passed an event since their last step's end (`Routing.Target.isDue`) has something to do: one
    /// that keeps no state (it is not asked), or one that keeps state and is not idle (`ReplayObserver.isIdle`).
    ///
    /// Whether one is due is asked inline (`Routing.Callback.hasDue`), and only then the observers due, in a call.
    @inline(__always)
    private func hasWork(atStepEnd: Bool, passed: UInt64) -> Bool {
        guard (atStepEnd ? routing.stepDidEnd : routing.stepWillBegin).hasDue(passed) else { return false }
        return atStepEnd ? hasBusyObserverAtStepEnd(passed: passed) : hasBusyObserverAtStepStart(passed: passed)
    }

    /// `hasBusyObserver(atStepEnd: true, passed:)`, in a call of its own: with the callback known, the route's
    /// fields are read where they are in the routing, not the route chosen and copied to the stack first (about 19
    /// instructions a call, callgrind showed).
    @inline(never)
    private func hasBusyObserverAtStepEnd(passed: UInt64) -> Bool { hasBusyObserver(atStepEnd: true, passed: passed) }

    /// `hasBusyObserver(atStepEnd: false, passed:)`, in a call of its own (`hasBusyObserverAtStepEnd(passed:)`).
    @inline(never)
    private func hasBusyObserverAtStepStart(passed: UInt64) -> Bool { hasBusyObserver(atStepEnd: false, passed: passed) }

    /// Whether some observer of the step's start, or of its end when `atStepEnd`, due when `passed` holds the bits of
    /// those passed an event since their last step's end (`hasWork(atStepEnd:passed:)`) has something to do.
    ///
    /// Asked before the step is copied for the call: most of the steps some observer is due for find every one of
    /// them idle (about 93% on `--specs 40`), and the copy and its release cost more than asking them. Only the
    /// observers due are visited: those always due, by position, then those passed an event, by their bits (a loop
    /// over every target, due or not, cost about as much as the copy it spared). The route is read here, through the
    /// routing: passed in, it was copied to the stack at every step.
    @inline(__always)
    private func hasBusyObserver(atStepEnd: Bool, passed: UInt64) -> Bool {
        let route = atStepEnd ? routing.stepDidEnd : routing.stepWillBegin
        if route.hasStateless { return true }
        for position in route.alwaysDue where !Self.isIdle(&owner.observers[position]) { return true }
        var due = passed & route.settling
        while due != 0 {
            if !Self.isIdle(&owner.observers[due.trailingZeroBitCount]) { return true }
            due &= due - 1
        }
        return false
    }

    @inline(never)
    private mutating func passStepDidEnd(_ step: Step, index: Int, state: HierarchyState, passed: UInt64) {
        pass(routing.stepDidEnd, passed: passed) { $0.stepDidEnd(step, index: index, state: state) }
    }

    public mutating func replayDidFinish(state: HierarchyState) {
        pass(routing.replayDidFinish, passed: .max) { $0.replayDidFinish(state: state) }
    }

    /// Passes a step's start or end, or the replay's end (`callback`), to the observers of `route` that are due when
    /// `passed` holds the bits of those passed an event since their last step's end (`Routing.Target.isDue`), in
    /// order.
    ///
    /// While other copies of the set share the observers that keep state, they are passed it only when one of them
    /// is not idle, which makes them this copy's own (an idle one has nothing to do: passing it is harmless).
    @inline(__always)
    private mutating func pass(_ route: Routing.Callback, passed: UInt64, _ callback: (inout any ReplayObserver) -> Void) {
        guard route.hasDue(passed) else { return }
        let targets = route.targets
        let stateless = routing.stateless
        guard ownsObservers() || takesObservers(ifOneIsBusy: targets, passed: passed) else {
            for target in targets where target.keepsNoState { callback(&stateless[target.position]) }
            return
        }
        // This copy owns the observers that keep state: they are changed in place, in the owner's memory.
        let stateful = owner.observers
        for target in targets where target.isDue(passed) {
            if target.keepsNoState { callback(&stateless[target.position]) } else { callback(&stateful[target.position]) }
        }
    }

    /// Makes the observers that keep state this copy's own when one of those of `targets` that is due (`passed`, as
    /// in `pass`) is not idle, and tells whether it did.
    private mutating func takesObservers(ifOneIsBusy targets: UnsafeBufferPointer<Routing.Target>, passed: UInt64) -> Bool {
        for target in targets where !target.keepsNoState && target.isDue(passed) && !isIdle(at: target.position) {
            takeOwnership()
            return true
        }
        return false
    }
}
