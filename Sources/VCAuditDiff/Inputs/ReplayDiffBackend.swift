import VCAuditRules

/// The backend that replays specs with the reducer and folds logs into `HierarchyState`.
///
/// Findings come from `findings`, a closure, until the rule checker exists:
/// by default there are none, so the findings delta is empty.
public struct ReplayDiffBackend: DiffBackend {
    /// The findings of logs replayed from a spec (declaration findings included).
    public var checker: @Sendable (_ spec: Spec?, _ logs: [EventLog]) -> [Finding]

    public init(checker: @escaping @Sendable (_ spec: Spec?, _ logs: [EventLog]) -> [Finding] = { _, _ in [] }) {
        self.checker = checker
    }

    /// One log per scenario, each on its own device (the scenario's, else the spec's).
    public func replay(_ spec: Spec) throws -> [EventLog] {
        spec.scenarios.map { Replay.run(spec, scenario: $0).log }
    }

    /// Replays only the scenario named `scenario`, on `device` unless the scenario names its own.
    public func replay(_ spec: Spec, scenario: String, device: Device) throws -> EventLog? {
        spec.scenarios.first { $0.name == scenario }.map { Replay.run(spec, scenario: $0, device: device).log }
    }

    public func findings(spec: Spec?, logs: [EventLog]) -> [Finding] {
        checker(spec, logs)
    }

    /// Folds the first `count` events into the spec's initial state on the log's device.
    ///
    /// Nil without the spec, or when the events name a controller the spec
    /// does not declare (a log edited by hand): folding needs every id declared.
    public func hierarchy(spec: Spec?, log: EventLog, after count: Int) -> HierarchyNode? {
        guard let spec else { return nil }
        let events = log.events.prefix(max(0, min(count, log.events.count)))
        guard Replay.firstUnknownController(in: events, spec: spec) == nil else { return nil }
        let start = Replay.initialState(spec: spec, device: log.header.device)
        return HierarchyNode(state: Replay.fold(events, into: start))
    }
}
