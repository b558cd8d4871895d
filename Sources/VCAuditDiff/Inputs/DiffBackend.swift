import VCAuditRules

/// What the diff needs from the rest of vcaudit: replaying specs, folding logs into state, checking for findings.
///
/// The diff itself only aligns logs. Everything that needs the reducer or the
/// rule checker goes through this seam, so the command works on event logs
/// alone when they are not available (`LogOnlyBackend`), and tests can supply
/// their own.
public protocol DiffBackend: Sendable {
    /// One event log per scenario of `spec` (per device, when the spec runs on several), in scenario order.
    func replay(_ spec: Spec) throws -> [EventLog]

    /// The log of the scenario named `scenario` replayed on `device`; nil when the spec has no such scenario.
    func replay(_ spec: Spec, scenario: String, device: Device) throws -> EventLog?

    /// The findings of `logs`, all replayed from `spec` when it is known (declaration findings included).
    func findings(spec: Spec?, logs: [EventLog]) -> [Finding]

    /// The hierarchy after the first `count` events of `log` (0: before the first event); nil when state is not available.
    func hierarchy(spec: Spec?, log: EventLog, after count: Int) -> HierarchyNode?
}

extension DiffBackend {
    /// Replays every scenario and picks the one named `scenario` on `device` (or on any device, when it runs on one other).
    public func replay(_ spec: Spec, scenario: String, device: Device) throws -> EventLog? {
        let named = try replay(spec).filter { $0.header.scenario == scenario }
        return named.first { $0.header.device == device } ?? named.first
    }
}

/// Why a backend could not replay a spec.
public struct ReplayUnavailable: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A backend without the reducer or the rules: logs can be diffed, specs cannot be replayed.
public struct LogOnlyBackend: DiffBackend {
    public init() {}

    public func replay(_ spec: Spec) throws -> [EventLog] {
        throw ReplayUnavailable("this build of vcaudit cannot replay specs yet; diff event logs written by `vcaudit replay` instead")
    }

    public func findings(spec: Spec?, logs: [EventLog]) -> [Finding] { [] }

    public func hierarchy(spec: Spec?, log: EventLog, after count: Int) -> HierarchyNode? { nil }
}
