import VCAuditSpec
import VCAuditSupport

/// Replays scenarios the way UIKit would execute them: a decider over value state.
///
/// `decide` turns each step into the events UIKit produces, in UIKit's order;
/// `evolve` folds one event into the state. `run` does both for a whole
/// scenario and returns the immutable `EventLog`; `fold` rebuilds the state
/// from a log's events alone.
public enum Replay {
    /// The hierarchy as declared, before launch: containment from `children:`,
    /// the views system containers show mounted, nothing in the window.
    public static func initialState(spec: Spec, device: Device) -> HierarchyState {
        // Declarations are read in place, field by field: a `Controller` is large, and passing one to a method or
        // property of it copies the whole of it, retaining each of its fields.
        spec.controllers.withUnsafeBufferPointer { declared in initialState(declared: declared, device: device) }
    }

    private static func initialState(declared: UnsafeBufferPointer<Controller>, device: Device) -> HierarchyState {
        let width = device.horizontalSizeClass
        // A tab bar with more tabs than compact width shows has a More navigation controller (`tabs.more`),
        // made by UIKit, a child of the tab bar that is not one of its tabs.
        var states: [ControllerState] = []
        states.reserveCapacity(declared.count + 1)
        var mores: [ControllerState] = []
        for index in declared.indices {
            states.append(ControllerState(
                id: declared[index].id, kind: declared[index].kind, forwardsAppearance: declared[index].forwardsAppearance,
                definesPresentationContext: declared[index].definesPresentationContext,
                internedRestorationID: declared[index].internedRestorationID))
            if Controller.hasMoreTab(kind: declared[index].kind, children: declared[index].children.count) {
                var more = ControllerState(id: MoreNavigation.id(of: declared[index].id), kind: .navigation, definesPresentationContext: true)
                more.parent = declared[index].id
                more.moreOf = declared[index].id
                mores.append(more)
            }
        }
        var state = HierarchyState(controllers: states + mores, horizontalSizeClass: width)
        for more in mores { state[more.moreOf!].more = more.id }
        for index in declared.indices {
            let id = declared[index].id
            // The children's ids are read from the declaration, and the views mounted are counted from its start or
            // end: lists of them were two allocations for every container of every initial state.
            let children = declared[index].children.lazy.map(\.id)
            state.setChildren(of: id, to: children)
            for child in children { state[child].parent = id }
            let mounted: LazyMapCollection<ArraySlice<Reference>, ControllerID>
            switch declared[index].kind {
            case .navigation: mounted = children.suffix(1)
            case .tabBar:
                let selected = declared[index].selected?.id ?? children.first
                state[id].selected = selected
                guard let selected else { continue }
                if let more = state[id].more, state.shownTab(of: id) == more {
                    // Selected behind the More tab: the More navigation controller shows it (a split cannot be pushed).
                    state[more].superview = .controller(id)
                    if state[selected].kind != .split {
                        state.setChildren(of: more, to: CollectionOfOne(selected))
                        state[selected].parent = more
                        state[selected].superview = .controller(more)
                    }
                } else {
                    state[selected].superview = .controller(id)
                }
                continue
            case .split: mounted = width == .regular ? children[...] : children.prefix(1)
            case .page, .container: mounted = children[...]
            case .content: mounted = children.prefix(0)
            }
            for child in mounted { state[child].superview = .controller(id) }
        }
        return HierarchyState(declaring: state)
    }

    /// Replays `scenario` on its device (the scenario's own, else `device`, else the spec's).
    public static func run(_ spec: Spec, scenario: Scenario, device: Device? = nil, initialState initial: HierarchyState? = nil) -> ReplayResult {
        var observer = NoObserver()
        var workspace = ReplayWorkspace.forOneReplay()
        return run(spec, scenario: scenario, device: device, initialState: initial, asking: &observer, keepingLog: true,
                   workspace: &workspace)
    }

    /// Replays `scenario`, telling `observer` about every step and event as it happens.
    ///
    /// `initialState`, when given, must be `initialState(spec:device:)` for the device the
    /// scenario replays on; callers replaying many scenarios of one spec pass it to build it once.
    /// With `keepingLog: false` the result's log has its header and no events: for callers that only
    /// watch (the rules of `check`), which then store nothing per event.
    public static func run<Observer: ReplayObserver>(
        _ spec: Spec, scenario: Scenario, device: Device? = nil, initialState initial: HierarchyState? = nil, observer: inout Observer,
        keepingLog: Bool = true
    ) -> ReplayResult {
        var workspace = ReplayWorkspace.forOneReplay()
        return run(spec, scenario: scenario, device: device, initialState: initial, observer: &observer, keepingLog: keepingLog,
                   workspace: &workspace)
    }

    /// Replays `scenario` for `observer`, as `run(_:scenario:device:initialState:observer:keepingLog:)`, in the
    /// arrays an earlier replay of the same spec left in `workspace`, and leaves this one's there for the next.
    public static func run<Observer: ReplayObserver>(
        _ spec: Spec, scenario: Scenario, device: Device? = nil, initialState initial: HierarchyState? = nil, observer: inout Observer,
        keepingLog: Bool = true, workspace: inout ReplayWorkspace
    ) -> ReplayResult {
        var everyStep = EveryStepObserver(base: consume observer)
        let result = run(spec, scenario: scenario, device: device, initialState: initial, observer: &everyStep, keepingLog: keepingLog,
                         workspace: &workspace, returningResult: true)!
        observer = everyStep.base
        return result
    }

    /// `run(_:scenario:device:initialState:observer:keepingLog:workspace:)` for an observer the decider asks before it
    /// passes on a step (`DeciderObserver`): a set of observers, none, or an observer known only at run time.
    private static func run<Observer: DeciderObserver>(
        _ spec: Spec, scenario: Scenario, device: Device?, initialState initial: HierarchyState?, asking observer: inout Observer,
        keepingLog: Bool, workspace: inout ReplayWorkspace
    ) -> ReplayResult {
        run(spec, scenario: scenario, device: device, initialState: initial, observer: &observer, keepingLog: keepingLog,
            workspace: &workspace, returningResult: true)!
    }

    /// Replays `scenario` for a set of observers in `workspace`, keeping nothing of it (no log, no result): what the
    /// rules of `check` watch.
    ///
    /// A result held a copy of the final state and of the log's header, which `check` dropped at once: a retain and a
    /// release of each of their arrays and strings for every replay. The initial state is lent `inout`, where the
    /// caller keeps it, and only read: passed as a value from there, it was copied for the call (a retain and a
    /// release of each of its arrays).
    package static func watch(
        _ spec: Spec, scenario: Scenario, device: Device? = nil, initialState initial: inout HierarchyState?,
        observers: inout ObserverSet, workspace: inout ReplayWorkspace
    ) {
        _ = run(spec, scenario: scenario, device: device, initialState: initial, observer: &observers, keepingLog: false,
                workspace: &workspace, returningResult: false)
    }

    /// `run(_:scenario:device:initialState:observer:keepingLog:workspace:)`, whose result is made only when
    /// `returningResult` (nil otherwise).
    private static func run<Observer: DeciderObserver>(
        _ spec: Spec, scenario: Scenario, device: Device?, initialState initial: HierarchyState?, observer: inout Observer,
        keepingLog: Bool, workspace: inout ReplayWorkspace, returningResult: Bool
    ) -> ReplayResult? {
        let device = scenario.device ?? device ?? spec.device
        let header = EventLog.Header(
            spec: spec.file, specDigest: keepingLog ? spec.digest ?? "sha256:" + SHA256.hex([UInt8]()) : "", scenario: scenario.name,
            device: device, ios: spec.ios)
        // The initial state given is read in place: `initial ?? initialState(…)` made a copy of it, a retain of each
        // of its arrays.
        if let initial {
            return run(spec, scenario: scenario, device: device, header: header, from: initial, observer: &observer,
                       keepingLog: keepingLog, workspace: &workspace, returningResult: returningResult)
        }
        return run(spec, scenario: scenario, device: device, header: header, from: initialState(spec: spec, device: device),
                   observer: &observer, keepingLog: keepingLog, workspace: &workspace, returningResult: returningResult)
    }

    /// `run(_:scenario:device:initialState:observer:keepingLog:workspace:returningResult:)` on `device`, from
    /// `initial`, for a log with `header`.
    private static func run<Observer: DeciderObserver>(
        _ spec: Spec, scenario: Scenario, device: Device, header: EventLog.Header, from initial: HierarchyState,
        observer: inout Observer, keepingLog: Bool, workspace: inout ReplayWorkspace, returningResult: Bool
    ) -> ReplayResult? {
        // A first step that launches emits what the spec's launches from this state emitted before.
        var launch: ReplayedLaunch?
        if case .launch? = scenario.steps.first?.action {
            launch = workspace.launch(spec, from: initial, header: header)
        }
        observer.replayWillBegin(replaying: launch)
        let state = workspace.startingState(from: initial)
        // The state and the observer move into the decider (and the observer back): a copy would share their
        // storage, and the first change would copy it all. The state's move is spelled out: the optimizer does not
        // always find it (left to it, `check` on the 1 MB corpus copied the controllers' states at the first event of
        // every replay, 3% of its instructions).
        var decider = Decider(parts: workspace.deciderParts(of: spec, header: header, keepsEvents: keepingLog),
                              state: consume state, observer: consume observer)
        decider.takeLists(from: &workspace)
        // A step makes ten to twelve events (11 on the long-scenario benchmark): room for twelve from the start, so
        // the log rarely grows by copying itself.
        if keepingLog { decider.events.reserveCapacity(16 + scenario.steps.count * 12) }
        // The steps are read in place (`Decider.run(stepAt:of:index:emitting:)`): iterating the list copied each one.
        scenario.steps.withUnsafeBufferPointer { steps in
            for position in steps.indices {
                if decider.state.isTerminated { break }
                decider.run(stepAt: position, of: steps, index: position + 1, emitting: position == 0 ? launch?.events : nil)
            }
        }
        decider.observer.replayDidFinish(state: decider.state)
        observer = decider.observer
        let result = returningResult ? ReplayResult(log: decider.log, finalState: decider.state, device: device) : nil
        decider.leave(in: &workspace)
        return result
    }

    /// Replays `scenario` for a set of observers (the rules of `check`).
    ///
    /// The decider is specialized here for the set, so each event reaches the set's routing without a dynamic call;
    /// the set calls the observers it routes the event to.
    public static func run(
        _ spec: Spec, scenario: Scenario, device: Device? = nil, initialState initial: HierarchyState? = nil,
        observers: inout ObserverSet, keepingLog: Bool = true
    ) -> ReplayResult {
        var workspace = ReplayWorkspace.forOneReplay()
        return run(spec, scenario: scenario, device: device, initialState: initial, asking: &observers, keepingLog: keepingLog,
                   workspace: &workspace)
    }

    /// Replays `scenario` for a set of observers, in `workspace` (`run(_:scenario:device:initialState:observer:keepingLog:workspace:)`).
    public static func run(
        _ spec: Spec, scenario: Scenario, device: Device? = nil, initialState initial: HierarchyState? = nil,
        observers: inout ObserverSet, keepingLog: Bool = true, workspace: inout ReplayWorkspace
    ) -> ReplayResult {
        run(spec, scenario: scenario, device: device, initialState: initial, asking: &observers, keepingLog: keepingLog,
            workspace: &workspace)
    }

    /// Replays `scenario` for an observer whose type only the caller knows (an observer of a module built on this one).
    ///
    /// The decider is specialized here for the erased observer, so a caller in another module does not run it
    /// as unspecialized generic code; each event costs one dynamic call to the observer.
    public static func run(
        _ spec: Spec, scenario: Scenario, device: Device? = nil, initialState initial: HierarchyState? = nil,
        watching observer: inout any ReplayObserver, keepingLog: Bool = true
    ) -> ReplayResult {
        var erased = ErasedObserver(base: consume observer)
        var workspace = ReplayWorkspace.forOneReplay()
        let result = run(spec, scenario: scenario, device: device, initialState: initial, asking: &erased, keepingLog: keepingLog,
                         workspace: &workspace)
        observer = erased.base
        return result
    }

    /// Folds `events` into `state`, in order.
    public static func fold(_ events: some Sequence<Event>, into state: HierarchyState) -> HierarchyState {
        var state = state
        for event in events { evolve(&state, event) }
        return state
    }
}

/// What replaying one scenario produced.
public struct ReplayResult: Sendable {
    public let log: EventLog
    /// The state after the last event.
    public let finalState: HierarchyState
    /// The device the scenario replayed on.
    public let device: Device
}

/// Watches a replay as it happens: the read-only view rules take.
///
/// `willApply` sees the state before an event, `didApply` the state after it;
/// neither may keep the state beyond the call if it wants replay to stay linear.
public protocol ReplayObserver {
    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState)
    mutating func willApply(_ event: Event, state: HierarchyState)
    mutating func didApply(_ event: Event, state: HierarchyState)
    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState)
    mutating func replayDidFinish(state: HierarchyState)

    /// Told before a replay's first step the launch that step replays, which the replay's workspace kept
    /// (`ReplayWorkspace.launch(_:from:header:)`), or nil when it replays none: replays told the same launch emit its
    /// events as their first step, from equal states, so what an observer works out from those at one replay holds at
    /// the next.
    ///
    /// Not `mutating`: an observer that remembers something by the launch keeps it in storage its copies share (an
    /// `ObserverSet` tells the observers it shares with other copies without making them its own). Every replay
    /// `Replay.run` makes tells it, and so does a log played back to the rules (nil).
    func replayWillBegin(replaying launch: ReplayedLaunch?)

    /// Whether `willApply(event, state:)` has anything to do (change the observer, or report): what an `ObserverSet`
    /// asks an observer that keeps state while it shares it with other copies of the set.
    ///
    /// A copy of a set shares its observers that keep state with the set it was copied from, and asks each before a
    /// callback, calling it only when it has something to do: so a path `explore` tries copies them only when a rule
    /// has something to keep, not at the first event that reaches one of them. Once the copy has them for its own, it
    /// calls them without asking: a callback still does its own checks.
    func acts(before event: Event, state: HierarchyState) -> Bool
    /// Whether `didApply(event, state:)` has anything to do (as `acts(before:state:)` for `willApply`).
    func acts(after event: Event, state: HierarchyState) -> Bool
    /// Whether `stepWillBegin`, `stepDidEnd` and `replayDidFinish` have nothing to do: nothing is pending that they
    /// settle (as `acts(before:state:)` for `willApply`).
    var isIdle: Bool { get }
    /// The reasons (`Event.reason`) of the `exception` and `warning` events it needs, when it needs only some: an
    /// `ObserverSet` passes it only those (nil: every one it observes). Its own, not its type's: one type serves the
    /// rules about what UIKit raises or logs, each with its reasons.
    var observedReasons: [ReplayReason]? { get }
    /// Its type as a `SelectiveObserver`, or nil when it is not one (`SelectiveObserver.swift` gives both answers).
    static var selectiveType: (any SelectiveObserver.Type)? { get }
}

extension ReplayObserver {
    public func acts(before event: Event, state: HierarchyState) -> Bool { true }
    public func acts(after event: Event, state: HierarchyState) -> Bool { true }
    public var isIdle: Bool { false }
    public var observedReasons: [ReplayReason]? { nil }

    public func replayWillBegin(replaying launch: ReplayedLaunch?) {}
    public mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {}
    public mutating func willApply(_ event: Event, state: HierarchyState) {}
    public mutating func didApply(_ event: Event, state: HierarchyState) {}
    public mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {}
    public mutating func replayDidFinish(state: HierarchyState) {}
}

/// An observer a decider asks whether it has anything to do at a step's start or end before it reads the step
/// and the state to pass them on.
///
/// A step passed as a value is read, and copied, before the call that passes it (the step's memory could change
/// during the call), and so is the state: an `ObserverSet`, which asks its observers whether one has work before it
/// passes a step on (a call), made the decider copy and release every step (about 170 instructions) for the one in
/// thirteen it passed on, and copy the state twice a step (callgrind, `check --specs 40`).
protocol DeciderObserver: ReplayObserver {
    /// Whether `stepWillBegin(_:index:state:)` has anything to do at the step about to begin: the decider calls it
    /// only then.
    func hasWorkAtStepStart() -> Bool
    /// Ends the step for the observer when `stepDidEnd(_:index:state:)` has nothing to do, and tells whether it did:
    /// the decider calls `stepDidEnd` only when it did not.
    mutating func endsStepWithoutWork() -> Bool
}

extension DeciderObserver {
    /// True: an observer that is told every step's start.
    func hasWorkAtStepStart() -> Bool { true }

    /// False: an observer that is told every step's end.
    mutating func endsStepWithoutWork() -> Bool { false }
}

/// An observer of any type, for `Replay.run(_:scenario:device:initialState:observer:keepingLog:workspace:)`: told
/// every step's start and end.
struct EveryStepObserver<Base: ReplayObserver>: DeciderObserver {
    var base: Base

    func replayWillBegin(replaying launch: ReplayedLaunch?) { base.replayWillBegin(replaying: launch) }
    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) { base.stepWillBegin(step, index: index, state: state) }
    mutating func willApply(_ event: Event, state: HierarchyState) { base.willApply(event, state: state) }
    mutating func didApply(_ event: Event, state: HierarchyState) { base.didApply(event, state: state) }
    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) { base.stepDidEnd(step, index: index, state: state) }
    mutating func replayDidFinish(state: HierarchyState) { base.replayDidFinish(state: state) }
}

/// An observer known only at run time, for `Replay.run(_:scenario:device:initialState:watching:keepingLog:)`.
struct ErasedObserver: DeciderObserver {
    var base: any ReplayObserver

    func replayWillBegin(replaying launch: ReplayedLaunch?) { base.replayWillBegin(replaying: launch) }
    mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) { base.stepWillBegin(step, index: index, state: state) }
    mutating func willApply(_ event: Event, state: HierarchyState) { base.willApply(event, state: state) }
    mutating func didApply(_ event: Event, state: HierarchyState) { base.didApply(event, state: state) }
    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) { base.stepDidEnd(step, index: index, state: state) }
    mutating func replayDidFinish(state: HierarchyState) { base.replayDidFinish(state: state) }
}

/// An observer that watches nothing.
public struct NoObserver: ReplayObserver {
    public init() {}
}

extension NoObserver: DeciderObserver {}

extension Replay {
    /// The first controller `events` name that folding them from `spec`'s declarations would not know, if any.
    ///
    /// A declared id is known throughout; an instance a segue made (`detail#2`) only from the
    /// `instantiateViewController` that made it until the next relaunch. A log edited by hand, or replayed from
    /// another version of the spec, can name others, and folding it needs every id known.
    public static func firstUnknownController(in events: some Sequence<Event>, spec: Spec) -> ControllerID? {
        var instances: Set<ControllerID> = []
        for event in events {
            switch event.name {
            case .instantiateViewController:
                for id in event.vcs ?? event.vc.map({ [$0] }) ?? [] where spec.controller(id) != nil { instances.insert(id) }
            case .relaunch:
                instances = []
            default:
                break
            }
            for id in event.controllerIDs where !instances.contains(id) {
                if !id.isInstance, spec.controller(id) != nil { continue }
                if spec.tabBar(namedByMore: id)?.hasMoreTab == true { continue }
                return id
            }
        }
        return nil
    }
}
