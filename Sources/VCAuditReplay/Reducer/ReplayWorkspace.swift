import VCAuditSpec

/// The storage one replay leaves for the next replay of the same spec: its state's arrays and its decider's lists.
///
/// A replay fills arrays as it goes: its state's tables (copied from the initial state on their first change),
/// the lists its transitions borrow, the events a completion holds. Made anew for every scenario, each was
/// allocated and grown again from empty in every replay, a few dozen allocations a scenario. A caller that replays
/// many scenarios of one spec one after the other (`Checker`) hands the same workspace to each; once the first
/// replays have grown the arrays to fit, the next ones start over in them and allocate none.
///
/// A workspace holds nothing a replay reads: each replay starts from its own initial state, copied into the
/// arrays the last one left (`HierarchyState.restart(from:)`), so replays in one workspace give what replays
/// without one give, in any order.
public struct ReplayWorkspace {
    /// The last replay's final state, whose arrays the next replay's state is copied into.
    var state: HierarchyState?
    /// The decider's emptied lists of controllers (`Decider.borrowList`).
    var spareLists: [[ControllerID]] = []
    /// The decider's room for `changeChildren`'s lists.
    var scratch: [ControllerID] = []
    /// The decider's emptied array of completion events (`Decider.completionEvents(capacity:)`).
    var spareEvents: [Event] = []
    /// The decider's emptied array of pending completions.
    var completions: [PendingCompletion] = []
    /// The payload numbers of the lists of controllers the decider's events carried (the spec's replays carry the same
    /// ones).
    var listNumbers = Event.ControllerListNumbers()

    /// An empty workspace: the first replay in it allocates as a replay without one does.
    public init() {}

    /// The state a replay from `initial` starts in: `initial` copied into the arrays the last replay left, or
    /// `initial` itself when there are none.
    mutating func startingState(from initial: HierarchyState) -> HierarchyState {
        guard var state = state.take() else { return initial }
        state.restart(from: initial)
        return state
    }
}
