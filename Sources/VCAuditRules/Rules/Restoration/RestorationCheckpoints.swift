import VCAuditReplay
import VCAuditSpec

/// When the restoration rules look at the hierarchy: at each `preserve`, and at the end of the scenario.
///
/// Calls `check` with the state `preserve` sees (before it encodes) and the
/// final state, and the `shouldSaveApplicationState` event (nil at the end).
/// Only for specs that use restoration.
struct RestorationCheckpoints: SelectiveObserver {
    let context: RuleContext
    var observedEvents: Set<EventName> { [.shouldSaveApplicationState] }
    var callbacks: ObserverCallbacks { [.willApply, .replayDidFinish] }
    /// The controllers already reported: a rule reports each once per scenario. Kept here, in the observer's value,
    /// so that a copy of the observer (a `GrowingCheck` copied by `explore`) goes on with its own.
    var reported: Set<ControllerID> = []
    let check: (_ state: HierarchyState, _ cause: Event?, _ reported: inout Set<ControllerID>) -> Void

    init(context: RuleContext, check: @escaping (_ state: HierarchyState, _ cause: Event?, _ reported: inout Set<ControllerID>) -> Void) {
        self.context = context
        self.check = check
    }

    mutating func willApply(_ event: Event, state: HierarchyState) {
        guard event.name == .shouldSaveApplicationState, context.replay.usesRestoration else { return }
        check(state, event, &reported)
    }

    mutating func replayDidFinish(state: HierarchyState) {
        guard context.replay.usesRestoration, !state.isTerminated, state.isLaunched else { return }
        check(state, nil, &reported)
    }
}
