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
        // One pass over the findings, each read in place: counting them with a closure per severity and listing their
        // files copied every finding (a dozen counted references) four times, most of this initializer's time, and
        // the CLI makes a summary twice after its files are checked, on one thread.
        var (errors, warnings, infos) = (0, 0, 0)
        var findingFiles: Set<String> = []
        result.findings.withUnsafeBufferPointer { findings in
            for index in findings.indices {
                switch findings[index].severity {
                case .error: errors += 1
                case .warning: warnings += 1
                case .info: infos += 1
                }
                findingFiles.insert(findings[index].spec ?? findings[index].location.file)
                for file in findings[index].alsoFoundIn { findingFiles.insert(file) }
            }
        }
        (self.errors, self.warnings, self.infos) = (errors, warnings, infos)
        inputErrors = result.inputErrors.count
        skipped = result.skipped.count
        let checked = Set(result.files).union(findingFiles).subtracting(result.notReplayed)
        specs = checked.count
        // An app imported in memory is named after the storyboard it starts with.
        apps = checked.intersection(result.importedStoryboards).count
        specsWithFindings = findingFiles.count
        // A run's runs name their scenarios; an exploration's count is its paths, with no runs to name.
        scenarioRuns = result.scenarioCount
        scenarios = result.runs.isEmpty ? result.scenarioCount : Self.distinctScenarios(result.runs)
        replayedScenarios = result.replayedScenarios
        paths = result.exploredPaths
        suppressed = result.suppressed.count
        notReplayed = result.notReplayed.count
        hiddenByBaseline = result.hiddenByBaseline
    }

    public var findings: Int { errors + warnings + infos }

    /// How many distinct scenarios (by spec file and name) `runs` replayed, whatever the devices.
    private static func distinctScenarios(_ runs: [ScenarioReplay]) -> Int {
        /// A scenario named by its spec file and name, without an array of the two per run.
        struct Scenario: Hashable {
            let spec: String
            let name: String
        }
        var seen: Set<Scenario> = []
        seen.reserveCapacity(runs.count)
        for index in runs.indices { seen.insert(Scenario(spec: runs[index].spec, name: runs[index].scenario)) }
        return seen.count
    }

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
