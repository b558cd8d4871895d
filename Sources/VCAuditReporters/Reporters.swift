import VCAuditRules

/// The registry of output formats, by identifier.
public enum Reporters {
    /// Every reporter, in the order help lists them.
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self,
        JUnitReporter.self, GitHubReporter.self, MarkdownReporter.self,
    ]

    /// The identifiers `--format` and `--report` accept, in the order of `all`.
    public static var identifiers: [String] { all.map { $0.identifier } }

    /// The reporter named `identifier` (exactly, as `identifiers` spells it), or nil for an unknown name.
    public static func named(_ identifier: String, options: ReportOptions = ReportOptions()) -> (any Reporter)? {
        guard let type = all.first(where: { $0.identifier == identifier }) else { return nil }
        return type.init(options: options)
    }

    /// The one-line summary the CLI prints on standard error, e.g. `3 errors, 1 warning in 2 of 5 specs (12 scenarios)`.
    public static func summaryLine(_ result: CheckResult) -> String {
        ReportSummary(result).line
    }
}
