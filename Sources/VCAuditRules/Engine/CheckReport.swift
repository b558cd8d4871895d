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

    public init(findings: [Finding] = [], diagnostics: [Diagnostic] = [], replayCount: Int = 0, devices: [Device] = []) {
        self.findings = findings
        self.diagnostics = diagnostics
        self.replayCount = replayCount
        self.devices = devices
    }
}
