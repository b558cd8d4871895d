import VCAuditReplay

/// Everything one `vcaudit diff` found: what formatters render.
public struct DiffReport: Sendable {
    /// What one side was: the path given, its kind, and the tools that wrote its logs.
    public struct Side: Sendable, Hashable {
        public var path: String
        public var kind: DiffSide.Kind
        public var tools: [String]

        public init(path: String, kind: DiffSide.Kind, tools: [String]) {
            self.path = path
            self.kind = kind
            self.tools = tools
        }
    }

    public var old: Side
    public var new: Side
    /// In spec order, then scenario order (NEW's, with removed scenarios after).
    public var scenarios: [ScenarioComparison]
    public var findings: FindingsDelta
    /// Whether the findings of both sides are known: false when a side's logs were replayed from a spec that is not
    /// there as it was (the rules need its declarations), so no finding can be called new or fixed.
    public var findingsCompared = true
    /// Things the reader should know before trusting the diff (logs from other tool versions).
    public var notes: [String]
    /// Bad input on either side, as located messages.
    public var errors: [String]
    public var summary: DiffSummary
    /// The context lines around each change.
    public var context: Int

    public init(old: Side, new: Side, scenarios: [ScenarioComparison], findings: FindingsDelta, notes: [String] = [],
                errors: [String] = [], context: Int = 3) {
        self.old = old
        self.new = new
        self.scenarios = scenarios
        self.findings = findings
        self.notes = notes
        self.errors = errors
        self.summary = DiffSummary(scenarios: scenarios, findings: findings)
        self.context = context
    }
}
