import VCAuditRules

/// The counts of one check run, and the line that says them.
///
/// `line` is what the CLI prints on standard error after any format:
/// `3 errors, 1 warning in 2 of 5 specs (12 scenarios); 1 input error`,
/// `no findings in 5 specs (12 scenarios, 310 paths explored)`, or, for an app
/// checked from its storyboards, `4 warnings in 1 of 1 app (44 paths explored)`.
/// The JSON report carries the counts.
public struct ReportSummary: Sendable, Hashable {
    public var errors: Int
    public var warnings: Int
    public var infos: Int
    public var inputErrors: Int
    public var skipped: Int
    /// Spec files replayed and checked: those listed in the result and any a finding points into, less those not replayed.
    public var specs: Int
    /// Of `specs`, the apps imported in memory from storyboards (`CheckResult.importedStoryboards`), which no spec
    /// file declares.
    public var apps: Int
    /// Spec files with at least one finding.
    public var specsWithFindings: Int
    /// Scenarios replayed: each once, however many devices it ran on.
    public var scenarios: Int
    /// Scenario × device replays (what JUnit counts as test cases); `scenarios` when each ran on one device.
    public var scenarioRuns: Int
    /// Whether scenarios were replayed (`explore` replays none: its summary counts only paths).
    public var replayedScenarios: Bool
    /// User paths explored from launch, over every spec and device; nil when nothing was explored.
    public var paths: Int?
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
        let findingFiles = Set(result.findings.flatMap { [$0.spec ?? $0.location.file] + $0.alsoFoundIn })
        let checked = Set(result.files).union(findingFiles).subtracting(result.notReplayed)
        specs = checked.count
        // An app imported in memory is named after the storyboard it starts with.
        apps = checked.intersection(result.importedStoryboards).count
        specsWithFindings = findingFiles.count
        // A run's runs name their scenarios; an exploration's count is its paths, with no runs to name.
        scenarioRuns = result.scenarioCount
        scenarios = result.runs.isEmpty ? result.scenarioCount
            : Set(result.runs.map { [$0.spec, $0.scenario] }).count
        replayedScenarios = result.replayedScenarios
        paths = result.exploredPaths
        suppressed = result.suppressed.count
        notReplayed = result.notReplayed.count
        hiddenByBaseline = result.hiddenByBaseline
    }

    public var findings: Int { errors + warnings + infos }

    /// The summary as one line, without a line break.
    public var line: String {
        var counts: [String] = []
        if replayedScenarios {
            counts.append(Self.counted(scenarios, "scenario", "scenarios") + (scenarioRuns != scenarios ? ", \(scenarioRuns) replays" : ""))
        }
        if let paths { counts.append(Self.counted(paths, "path explored", "paths explored")) }
        let scenarioCount = counts.joined(separator: ", ")
        // What was checked: spec files, and apps imported from storyboards, which no spec file declares.
        // Mixed, the total comes first: `in 2 of 2: 1 spec and 1 app`, never `in 2 of 1 spec and 1 app`.
        let checked = apps == 0 ? Self.counted(specs, "spec", "specs")
            : apps == specs ? Self.counted(apps, "app", "apps")
            : "\(specs): \(Self.counted(specs - apps, "spec", "specs")) and \(Self.counted(apps, "app", "apps"))"
        var line: String
        let notReplayedPart = Self.counted(notReplayed, "spec", "specs") + " not replayed: fix "
            + (notReplayed == 1 ? "its" : "their") + " input errors first"
        if findings == 0, specs == 0, notReplayed > 0 {
            line = notReplayedPart
        } else if findings == 0, specs == 0, inputErrors > 0 {
            line = "nothing checked"
        } else if findings == 0 {
            line = "no findings in \(checked) (\(scenarioCount))"
        } else {
            var parts: [String] = []
            if errors > 0 { parts.append(Self.counted(errors, "error", "errors")) }
            if warnings > 0 { parts.append(Self.counted(warnings, "warning", "warnings")) }
            if infos > 0 { parts.append(Self.counted(infos, "info", "info")) }
            line = parts.joined(separator: ", ")
                + " in \(specsWithFindings) of \(checked) (\(scenarioCount))"
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
