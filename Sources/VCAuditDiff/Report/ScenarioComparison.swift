import VCAuditReplay

/// One scenario compared: its status, and for a changed one the aligned events.
public struct ScenarioComparison: Sendable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// On both sides, with different events.
        case changed
        /// On both sides, with the same events.
        case unchanged
        /// Only in NEW.
        case added
        /// Only in OLD.
        case removed
    }

    public var spec: String
    public var scenario: String
    public var status: Status
    public var old: ScenarioRun?
    public var new: ScenarioRun?
    /// The alignment, when the scenario is on both sides.
    public var script: EditScript?
    public var hunks: [DiffHunk]
    public var divergence: FirstDivergence?
    /// Differences in the log headers (device, iOS version, tool, scenario name).
    public var notes: [String]

    public init(spec: String, scenario: String, status: Status, old: ScenarioRun?, new: ScenarioRun?, script: EditScript? = nil,
                hunks: [DiffHunk] = [], divergence: FirstDivergence? = nil, notes: [String] = []) {
        self.spec = spec
        self.scenario = scenario
        self.status = status
        self.old = old
        self.new = new
        self.script = script
        self.hunks = hunks
        self.divergence = divergence
        self.notes = notes
    }

    public var oldEvents: [Event] { old?.log.events ?? [] }
    public var newEvents: [Event] { new?.log.events ?? [] }
}
