/// When the restoration rules look at the hierarchy: at each `preserve`, and at the end of the scenario.
///
/// Calls `check` with the state `preserve` sees (before it encodes) and the
/// final state, and the `shouldSaveApplicationState` event (nil at the end).
/// Only for specs that use restoration.
struct RestorationCheckpoints: SelectiveObserver {
    let context: RuleContext
    let observedEvents: Set<EventName> = [.shouldSaveApplicationState]
    let check: (HierarchyState, Event?) -> Void

    mutating func willApply(_ event: Event, state: HierarchyState) {
        guard event.name == .shouldSaveApplicationState, context.replay.usesRestoration else { return }
        check(state, event)
    }

    mutating func replayDidFinish(state: HierarchyState) {
        guard context.replay.usesRestoration, !state.isTerminated, state.isLaunched else { return }
        check(state, nil)
    }
}
