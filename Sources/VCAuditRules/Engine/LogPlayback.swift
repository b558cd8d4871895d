import VCAuditReplay
import VCAuditSpec

/// Plays an event log back to a replay observer, as if the replay were happening.
///
/// The state before and after each event comes from folding the log with
/// `Replay.evolve` from `Replay.initialState`, which is how the reducer built
/// it, so observers see exactly what they would see live. Step callbacks
/// surround each run of events of one scenario step; a step that emitted no
/// event gets none. Rules therefore work on any log: one just replayed, or one
/// read from a file.
enum LogPlayback {
    /// Plays `log` (a replay of `scenario` of `spec`) to `observer`; returns the final state.
    @discardableResult
    static func play<Observer: ReplayObserver>(_ log: EventLog, spec: Spec, scenario: Scenario, initialState: HierarchyState? = nil,
                                               observer: inout Observer) -> HierarchyState {
        var state = initialState ?? Replay.initialState(spec: spec, device: log.header.device)
        // A log is no launch a workspace kept: an observer that replays told of one forgets it.
        observer.replayWillBegin(replaying: nil)
        var current: (index: Int, step: Step)?
        for event in log.events {
            if current?.index != event.step {
                if let (index, step) = current { observer.stepDidEnd(step, index: index, state: state) }
                current = scenario.steps.indices.contains(event.step - 1) ? (event.step, scenario.steps[event.step - 1]) : nil
                if let (index, step) = current { observer.stepWillBegin(step, index: index, state: state) }
            }
            observer.willApply(event, state: state)
            Replay.evolve(&state, event)
            observer.didApply(event, state: state)
        }
        if let (index, step) = current { observer.stepDidEnd(step, index: index, state: state) }
        observer.replayDidFinish(state: state)
        return state
    }
}
