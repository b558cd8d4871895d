/// When the restoration rules look at the hierarchy: at each `preserve`, and at the end of the scenario.
///
/// Calls `check` with the state `preserve` sees (before it encodes) and the
/// final state, and the `shouldSaveApplicationState` event (nil at the end).
/// Only for specs that use restoration.
struct RestorationCheckpoints: ReplayObserver {
    let context: RuleContext
    let check: (HierarchyState, Event?) -> Void

    mutating func willApply(_ event: Event, state: HierarchyState) {
        guard event.name == .shouldSaveApplicationState, context.spec.usesRestoration else { return }
        check(state, event)
    }

    mutating func replayDidFinish(state: HierarchyState) {
        guard context.spec.usesRestoration, !state.isTerminated, state.isLaunched else { return }
        check(state, nil)
    }
}
