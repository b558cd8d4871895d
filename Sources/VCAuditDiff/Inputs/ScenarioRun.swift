import VCAuditReplay
import VCAuditSpec

/// One scenario's event log on one side of a comparison, with what identifies it.
public struct ScenarioRun: Sendable {
    /// The spec, as a path relative to the folder compared (the file name for a single file).
    public var spec: String
    public var scenario: String
    public var log: EventLog
    /// The spec it was replayed from, when known (a spec input, or a log whose spec file still matches its digest).
    public var specModel: Spec?
    /// The file the log was read or replayed from.
    public var source: String

    public init(spec: String, scenario: String, log: EventLog, specModel: Spec?, source: String) {
        self.spec = spec
        self.scenario = scenario
        self.log = log
        self.specModel = specModel
        self.source = source
    }
}
