import VCAuditReplay
import VCAuditSpec

/// A restoration rule's look at the hierarchy, at a `preserve` and at the end of the scenario.
protocol RestorationCheck {
    /// Reports what is wrong in `state`, the hierarchy `preserve` sees before it encodes (`cause` is its
    /// `shouldSaveApplicationState` event) or the final one (`cause` is nil), except for the controllers in
    /// `reported`, which holds every controller reported in the scenario so far.
    static func check(_ state: HierarchyState, cause: Event?, reported: inout ReplayControllerSet, context: RuleContext)
}

/// When the restoration rules look at the hierarchy: at each `preserve`, and at the end of the scenario.
///
/// Calls `Check.check` with the state `preserve` sees (before it encodes) and the final state, and the
/// `shouldSaveApplicationState` event (nil at the end). There is none for a spec that does not use restoration.
/// Three words wide (the check is a type, not a closure), so it sits in an existential's inline buffer: a copy of the
/// rules' observers allocates nothing for it.
struct RestorationCheckpoints<Check: RestorationCheck>: SelectiveObserver {
    let context: RuleContext
    static var observedEvents: Set<EventName> { [.shouldSaveApplicationState] }
    static var callbacks: ObserverCallbacks { [.willApply, .replayDidFinish] }
    /// The controllers already reported: a rule reports each once per scenario. Kept here, in the observer's value,
    /// so that a copy of the observer (a `GrowingCheck` copied by `explore`) goes on with its own.
    ///
    /// A `ReplayControllerSet`: a `Set` hashed every controller a walk looked at, and grew its table again in every
    /// replay, and a list was allocated again at the first report of every replay (about 1,740 allocations a pass on
    /// the 1 MB corpus).
    var reported = ReplayControllerSet()

    /// The observer for a replay of `context`'s spec, or nil when the spec does not use restoration.
    init?(_ context: RuleContext) {
        guard context.replay.usesRestoration else { return nil }
        self.context = context
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        guard event.name == .shouldSaveApplicationState else { return }
        Check.check(state, cause: event, reported: &reported, context: context)
    }

    mutating func replayDidFinish(state: HierarchyState) {
        guard !state.isTerminated, state.isLaunched else { return }
        Check.check(state, cause: nil, reported: &reported, context: context)
    }
}
