import VCAuditSpec

/// What checking one spec gave: its findings, and the problems in its `ignore:` entries that make it bad input.
public struct CheckReport: Sendable {
    /// Findings that survived suppressions, merged across devices, in report order.
    public var findings: [Finding]
    /// Bad input found while checking: an `ignore:` naming a rule the catalog does not know (exit status 2).
    public var diagnostics: [Diagnostic]
    /// How many scenario × device replays ran.
    public var replayCount: Int
    /// The devices replays ran on, sorted.
    public var devices: [Device]
    /// Every scenario × device replay that ran, in order.
    public var runs: [ScenarioReplay] = []
    /// Findings `ignore:` entries suppressed, each with its reason, merged across devices, in report order.
    public var suppressed: [Finding] = []

    public init(findings: [Finding] = [], diagnostics: [Diagnostic] = [], replayCount: Int = 0, devices: [Device] = []) {
        self.findings = findings
        self.diagnostics = diagnostics
        self.replayCount = replayCount
        self.devices = devices
    }
}

/// One scenario replayed on one device: what CI reports count as a test case.
public struct ScenarioReplay: Sendable, Hashable {
    /// The spec file the scenario belongs to.
    public var spec: String
    public var scenario: String
    public var device: Device
    /// The line of the scenario's `name:` in the spec.
    public var line: Int

    public init(spec: String, scenario: String, device: Device, line: Int) {
        self.spec = spec
        self.scenario = scenario
        self.device = device
        self.line = line
    }
}
