import VCAuditReplay
import VCAuditSpec

/// One scenario replayed on one device, step by step: what a generated test re-enacts and checks.
struct ScenarioTrace {
    /// One step as replayed: the state before and after it and the events it caused.
    struct StepRecord {
        let index: Int
        let step: Step
        let before: HierarchyState
        let after: HierarchyState
        let events: [Event]
    }

    let scenario: Scenario
    let device: Device
    let replay: ReplayResult
    /// The steps the replay ran, in order; a crash ends the list at the crashing step.
    let steps: [StepRecord]

    init(spec: Spec, scenario: Scenario, device: Device) {
        var recorder = Recorder()
        replay = Replay.run(spec, scenario: scenario, device: device, observer: &recorder)
        self.scenario = scenario
        self.device = replay.device
        steps = recorder.records
    }

    /// Collects each step's states and events as the replay runs.
    private struct Recorder: ReplayObserver {
        var records: [StepRecord] = []
        var before: HierarchyState?
        var events: [Event] = []

        mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
            before = state
            events = []
        }

        mutating func didApply(_ event: Event, state: HierarchyState) {
            events.append(event)
        }

        mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
            records.append(StepRecord(index: index, step: step, before: before ?? state, after: state, events: events))
            before = nil
            events = []
        }
    }
}
