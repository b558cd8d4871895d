import Foundation
import VCAuditSpec
import VCAuditSupport

/// The storage one replay leaves for the next replay of the same spec: its state's arrays and its decider's lists.
///
/// A replay fills arrays as it goes: its state's tables (copied from the initial state on their first change),
/// the lists its transitions borrow, the events a completion holds. Made anew for every scenario, each was
/// allocated and grown again from empty in every replay, a few dozen allocations a scenario. A caller that replays
/// many scenarios of one spec one after the other (`Checker`) hands the same workspace to each; once the first
/// replays have grown the arrays to fit, the next ones start over in them and allocate none.
///
/// A workspace holds nothing a replay reads but what its own spec and initial state decide: each replay starts from
/// its own initial state, copied into the arrays the last one left (`HierarchyState.restart(from:)`), and a scenario
/// that starts with `launch` emits the events the first launch from an equal initial state emitted
/// (`launch(_:from:header:)`), so replays of one spec in one workspace give what replays without one give, in any
/// order.
public struct ReplayWorkspace {
    /// The last replay's final state, whose arrays the next replay's state is copied into.
    var state: HierarchyState?
    /// The decider's emptied lists of controllers (`Decider.borrowList`).
    var spareLists: [[ControllerID]] = []
    /// The decider's room for `changeChildren`'s lists.
    var scratch: [ControllerID] = []
    /// The decider's emptied list of completion events (`Decider.completionEvents(capacity:)`).
    var spareEvents = CompletionEvents()
    /// The decider's emptied array of pending completions.
    var completions: [PendingCompletion] = []
    /// The payload numbers of the lists of controllers the decider's events carried (the spec's replays carry the same
    /// ones).
    var listNumbers = Event.ControllerListNumbers()
    /// The last replay's decider parts (its spec, header, interned path and UIKit's messages), for the next replay of the
    /// same spec.
    private var parts: SharedDeciderParts?
    /// Whether it keeps the events of launches for the next replays (not when it serves one replay only).
    private var keepsLaunches = true
    /// The initial states the spec's replays launched from, in the order they were first met (a spec replays on one
    /// or two devices), and the launch from each.
    private var launchedStates: [HierarchyState] = []
    private var launches: [ReplayedLaunch] = []
    /// The spec those launches are of (its file and window root, which a launch reads besides the state): a
    /// workspace handed another spec's replays forgets them.
    private var launchedSpec: (file: String, window: ControllerID?)?

    /// An empty workspace: the first replay in it allocates as a replay without one does.
    public init() {}

    /// A workspace for one replay: it keeps no launch's events, which a second replay would read.
    static func forOneReplay() -> ReplayWorkspace {
        var workspace = ReplayWorkspace()
        workspace.keepsLaunches = false
        return workspace
    }

    /// The state a replay from `initial` starts in: `initial` copied into the arrays the last replay left, or
    /// `initial` itself when there are none.
    mutating func startingState(from initial: HierarchyState) -> HierarchyState {
        guard var state = state.take() else { return initial }
        state.restart(from: initial)
        return state
    }

    /// The parts of a decider of `spec` whose log has `header` and keeps its events or not: the last replay's, when
    /// they are of `spec` itself and nothing else holds them, else new ones kept for the next replay.
    mutating func deciderParts(of spec: Spec, header: EventLog.Header, keepsEvents: Bool) -> SharedDeciderParts {
        if parts != nil, isKnownUniquelyReferenced(&parts!), let parts, parts.keepsEvents == keepsEvents, parts.isMade(of: spec) {
            parts.header = header
            return parts
        }
        let made = SharedDeciderParts(spec: spec, header: header, keepsEvents: keepsEvents)
        parts = made
        return made
    }

    /// `spec`'s `launch` from `initial` (a scenario's first step, before any event): the one an earlier replay made
    /// from an equal state, or, the first time, a launch made from `initial` and kept. Nil for a workspace that serves
    /// one replay.
    ///
    /// A launch from one state always emits the same events, and its decisions (what is on screen, what appears, the
    /// page controllers' counts) walk the whole hierarchy: every scenario of a spec starts with the same launch.
    mutating func launch(_ spec: Spec, from initial: HierarchyState, header: EventLog.Header) -> ReplayedLaunch? {
        guard keepsLaunches else { return nil }
        if let launchedSpec, launchedSpec.file != spec.file || launchedSpec.window != spec.window?.id {
            launchedStates.removeAll()
            launches.removeAll()
        }
        launchedSpec = (spec.file, spec.window?.id)
        // Compared in place (a state copied out of the list would retain each of its arrays), by width first (what
        // tells the initial states of a spec's devices apart), then bit for bit (`Checker` hands out the same state
        // for a device: a copy of it holds the same arrays), and only then in full (`==`, which copied the state).
        for index in launchedStates.indices where launchedStates[index].horizontalSizeClass == initial.horizontalSizeClass {
            if isBitwiseCopy(launchedStates[index], of: initial) || launchedStates[index] == initial {
                return launches[index]
            }
        }
        var decider = Decider(spec: spec, state: initial, header: header, observer: NoObserver(), keepsEvents: true)
        decider.launch()
        let launch = ReplayedLaunch(events: decider.events)
        launchedStates.append(initial)
        launches.append(launch)
        return launch
    }
}

/// A launch a workspace keeps (`ReplayWorkspace.launch(_:from:header:)`): the events `launch` emitted from one initial
/// state of a spec, which every replay of the spec from an equal state emits again as its first step.
///
/// A reference, so that an observer told of it (`ReplayObserver.replayWillBegin(replaying:)`) can remember what it
/// worked out from the launch's events for the next replays told of the same one: they see the same events, each
/// after the same ones, from equal states.
public final class ReplayedLaunch: Sendable {
    /// The events, in order.
    let events: [Event]

    init(events: [Event]) {
        self.events = events
    }
}

/// Whether `value` is `other` bit for bit: a copy of it, holding the same storage (strings, arrays, objects), so the
/// same in every respect while `value` is kept (what it holds cannot be freed and its address reused, and shared
/// storage is copied before it is written). A value made apart with the same content, or bits that differ only in
/// padding, answer false: for callers that fall back to a full comparison, or to doing the work again.
func isBitwiseCopy<Value>(_ value: Value, of other: Value) -> Bool {
    withUnsafeBytes(of: value) { mine in
        withUnsafeBytes(of: other) { theirs in sameBytes(mine, theirs) }
    }
}

/// Whether `a` and `b` hold the same bytes (`memcmp`, which compares a spec's few hundred bytes in a few dozen
/// instructions where a loop of eight bytes at a time took about 250).
func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let first = a.baseAddress, let second = b.baseAddress else { return true }
    return memcmp(first, second, a.count) == 0
}
