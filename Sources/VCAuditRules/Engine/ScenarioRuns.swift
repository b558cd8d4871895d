import VCAuditReplay
import VCAuditSpec

/// A spec's scenarios replayed on their devices, and what the rules find in the replays: one place that decides
/// which scenario runs on which device, for every command.
///
/// `check` and `explore` feed the rules as each replay runs (`Checker`); `diff`, `verify`, `replay` and
/// `generate` keep the logs, and ask here for the rules' findings over them.
public enum ScenarioRuns {
    /// The devices `scenario` replays on: its own `device:` alone, else `requested` (sorted, once each), else the
    /// spec's device.
    public static func devices(for scenario: Scenario, in spec: Spec, requested: [Device]) -> [Device] {
        devices(own: scenario.device, in: spec, requested: requested)
    }

    /// The devices a scenario whose own `device:` is `own` replays on (`devices(for:in:requested:)`).
    static func devices(own: Device?, in spec: Spec, requested: [Device]) -> [Device] {
        if let own { return [own] }
        return requested.isEmpty ? [spec.device] : Array(Set(requested)).sorted()
    }

    /// One log per scenario and device, in scenario order (devices sorted within a scenario).
    public static func logs(_ spec: Spec, devices requested: [Device] = []) -> [EventLog] {
        spec.scenarios.flatMap { scenario in
            devices(for: scenario, in: spec, requested: requested).map { Replay.run(spec, scenario: scenario, device: $0).log }
        }
    }

    /// The log of the scenario named `name`, on `device` unless the scenario names its own; nil when the spec has
    /// no such scenario.
    public static func log(_ spec: Spec, scenario name: String, device: Device) -> EventLog? {
        spec.scenarios.first { $0.name == name }.map { Replay.run(spec, scenario: $0, device: device).log }
    }

    /// What the rules `configuration` enables find in `logs`, replays of `spec`'s scenarios (declaration findings
    /// included), as `check` would report them.
    public static func findings(_ spec: Spec, logs: [EventLog], configuration: RuleConfiguration = RuleConfiguration()) -> [Finding] {
        Checker(configuration).check(spec, logs: logs).findings
    }

    /// The hierarchy after the first `count` events of `log` (0: before the first event), folded from the spec's
    /// initial state on the log's device; nil when those events name a controller the spec does not declare (a log
    /// edited by hand, or from another version): folding needs every id declared.
    public static func state(_ spec: Spec, log: EventLog, after count: Int) -> HierarchyState? {
        let events = log.events.prefix(max(0, min(count, log.events.count)))
        guard Replay.firstUnknownController(in: events, spec: spec) == nil else { return nil }
        return Replay.fold(events, into: Replay.initialState(spec: spec, device: log.header.device))
    }
}
