import VCAuditRules

/// The counts of one check run, and the line that says them.
///
/// `line` is what the CLI prints on standard error after any format:
/// `3 errors, 1 warning in 2 of 5 specs (12 scenarios); 1 input error`, or
/// `no findings in 5 specs (12 scenarios)`. The JSON report carries the counts.
public struct ReportSummary: Sendable, Hashable {
    public var errors: Int
    public var warnings: Int
    public var infos: Int
    public var inputErrors: Int
    public var skipped: Int
    /// Spec files replayed and checked: those listed in the result and any a finding points into, less those not replayed.
    public var specs: Int
    /// Spec files with at least one finding.
    public var specsWithFindings: Int
    /// Scenarios replayed: each once, however many devices it ran on.
    public var scenarios: Int
    /// Scenario × device replays (what JUnit counts as test cases); `scenarios` when each ran on one device.
    public var scenarioRuns: Int
    /// Findings `ignore:` entries suppressed.
    public var suppressed: Int
    /// Spec files whose input errors stopped them from being replayed.
    public var notReplayed: Int
    /// Findings the baseline left out.
    public var hiddenByBaseline: Int

    public init(_ result: CheckResult) {
        errors = result.findings.count(where: { $0.severity == .error })
        warnings = result.findings.count(where: { $0.severity == .warning })
        infos = result.findings.count(where: { $0.severity == .info })
        inputErrors = result.inputErrors.count
        skipped = result.skipped.count
        let findingFiles = Set(result.findings.map { $0.spec ?? $0.location.file })
        specs = Set(result.files).union(findingFiles).subtracting(result.notReplayed).count
        specsWithFindings = findingFiles.count
        // A run's runs name their scenarios; an exploration's count is its paths, with no runs to name.
        scenarioRuns = result.scenarioCount
        scenarios = result.runs.isEmpty ? result.scenarioCount
            : Set(result.runs.map { [$0.spec, $0.scenario] }).count
        suppressed = result.suppressed.count
        notReplayed = result.notReplayed.count
        hiddenByBaseline = result.hiddenByBaseline
    }

    public var findings: Int { errors + warnings + infos }

    /// The summary as one line, without a line break.
    public var line: String {
        let scenarioCount = Self.counted(scenarios, "scenario", "scenarios")
            + (scenarioRuns != scenarios ? ", \(scenarioRuns) replays" : "")
        var line: String
        let notReplayedPart = Self.counted(notReplayed, "spec", "specs") + " not replayed: fix "
            + (notReplayed == 1 ? "its" : "their") + " input errors first"
        if findings == 0, specs == 0, notReplayed > 0 {
            line = notReplayedPart
        } else if findings == 0, specs == 0, inputErrors > 0 {
            line = "nothing checked"
        } else if findings == 0 {
            line = "no findings in \(Self.counted(specs, "spec", "specs")) (\(scenarioCount))"
        } else {
            var parts: [String] = []
            if errors > 0 { parts.append(Self.counted(errors, "error", "errors")) }
            if warnings > 0 { parts.append(Self.counted(warnings, "warning", "warnings")) }
            if infos > 0 { parts.append(Self.counted(infos, "info", "info")) }
            line = parts.joined(separator: ", ")
                + " in \(specsWithFindings) of \(Self.counted(specs, "spec", "specs")) (\(scenarioCount))"
        }
        if hiddenByBaseline > 0 {
            line += "; " + Self.counted(hiddenByBaseline, "finding", "findings") + " hidden by the baseline"
        }
        if suppressed > 0 {
            line += "; " + Self.counted(suppressed, "finding", "findings") + " suppressed by 'ignore:'"
        }
        if notReplayed > 0, specs > 0 || findings > 0 { line += "; " + notReplayedPart }
        if inputErrors > 0 { line += "; " + Self.counted(inputErrors, "input error", "input errors") }
        if skipped > 0 { line += "; " + Self.counted(skipped, "file", "files") + " skipped" }
        return line
    }

    /// `count` with the noun that agrees with it: "1 finding", "2 findings".
    public static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}
