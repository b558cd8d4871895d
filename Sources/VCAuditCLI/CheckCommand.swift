import ArgumentParser
import Foundation
import VCAuditExplore
import VCAuditReporters
import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// `vcaudit check [PATH...]`: replay every scenario, run the rules, report findings for CI.
public struct CheckCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check specs: replay every scenario and report the hierarchy problems the rules find.",
        discussion: """
            Folders are searched for *.yaml and *.yml files that have a top-level 'vcaudit:' key; \
            other YAML files are listed as skipped. Storyboards given or found are checked as one app, \
            imported as 'vcaudit import storyboard' does (a launch screen, and another platform's storyboard \
            found in a folder, are skipped); they have no scenarios, so add --explore to try every user path. \
            One bad file never stops the others.

            Configuration comes from --config, else the nearest .vcaudit.yml in the working directory \
            or a folder above it (rules to disable or run alone, severities, included and excluded paths, \
            devices, strict, baseline). Unknown keys and rule ids are errors.

            Exit status: 0 clean; 1 when findings at or above the failing severity remain (errors; \
            warnings too with --strict); 2 for bad input, bad configuration or a wrong command line.
            """
    )

    @Argument(help: ArgumentHelp(
        "Spec files, storyboards, or folders searched for them. Default: 'included' of the configuration.",
        valueName: "path"))
    public var paths: [String] = []

    @Option(help: ArgumentHelp("Standard output format: \(Reporters.identifiers.joined(separator: ", ")).", valueName: "format"))
    public var format = Choice(ReportFormat.text)

    @Option(name: .customLong("report"), help: ArgumentHelp(
        "Also write a report: FORMAT:PATH (repeatable), e.g. sarif:vcaudit.sarif.", valueName: "format:path"))
    public var reports: [String] = []

    @Option(name: .customLong("device"), help: ArgumentHelp(
        "Replay every scenario on each device: iphone, ipad, or iphone,ipad (repeatable). Default: the configuration's, else each spec's own.",
        valueName: "devices"))
    public var deviceLists: [DeviceList] = []

    @Option(help: ArgumentHelp("The configuration file (default: the nearest .vcaudit.yml).", valueName: "path"))
    public var config: String?

    @Option(help: ArgumentHelp("Leave out the findings recorded in this baseline file.", valueName: "path"))
    public var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp(
        "Record the current findings as the baseline in this file (sorted, written atomically), then check against it.",
        valueName: "path"))
    public var writeBaseline: String?

    @Option(help: ArgumentHelp("Check this many files at once (default: one per core); the output is the same whatever the number.",
                               valueName: "n"))
    public var jobs: Int?

    @Option(help: ArgumentHelp("Check only shard K of N (1-based): every Nth file, so a CI matrix of N jobs checks each file once.",
                               valueName: "K/N"))
    public var shard: String?

    @Flag(help: "Fail (exit 1) on warnings too, not only on errors.")
    public var strict = false

    @Option(help: "Colour the text format: auto (on a terminal, unless NO_COLOR is set), always, or never.")
    public var color: ColorChoice = .auto

    @Flag(help: "Also explore every user path from launch (as 'vcaudit explore', to --explore-depth, default 6 or the configuration's).")
    public var explore = false

    @Option(name: .customLong("explore-depth"), help: ArgumentHelp("How deep --explore goes (implies --explore).", valueName: "N"))
    public var exploreDepth: Int?

    @Flag(name: .customLong("explore-events"), help: "Explore with every code path run as an event, as 'vcaudit explore --events' (implies --explore).")
    public var exploreEvents = false

    @Flag(name: .customLong("explore-no-double-taps"), help: "Explore without double taps, as 'vcaudit explore --no-double-taps' (implies --explore).")
    public var exploreNoDoubleTaps = false

    @Option(help: ArgumentHelp("When the check passes, write this file, a Swift comment (the build-tool plugin's output).",
                               valueName: "path"))
    public var stamp: String?

    public init() {}

    public mutating func validate() throws {
        if let exploreDepth, !Configuration.exploreDepths.contains(exploreDepth) {
            throw ValidationError("--explore-depth must be from \(Configuration.exploreDepths.lowerBound) to \(Configuration.exploreDepths.upperBound)")
        }
        try format.validate()
        try Self.validateReports(reports)
        _ = try DeviceList.devices(deviceLists)
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        _ = try shardNumbers()
        if baseline != nil, writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline are alternatives: check against a baseline, or record a new one")
        }
        if shard != nil, writeBaseline != nil {
            throw ValidationError("--write-baseline records every finding, but --shard checks only some files; write the baseline without --shard")
        }
        if let empty = paths.firstIndex(where: \.isEmpty) {
            throw ValidationError("path \(empty + 1) is empty; give a spec file or folder")
        }
    }

    /// Each `--report` is `FORMAT:PATH` with a format there is, and no two write one file.
    static func validateReports(_ reports: [String]) throws {
        var paths: Set<String> = []
        for report in reports {
            let path = try parseReport(report).path
            guard paths.insert(path).inserted else {
                throw ValidationError("two --report options write \(path); give each report its own file")
            }
        }
    }

    /// `FORMAT:PATH` → its parts.
    static func parseReport(_ text: String) throws -> (format: String, path: String) {
        guard let colon = text.firstIndex(of: ":") else {
            throw ValidationError("--report takes FORMAT:PATH, for example sarif:vcaudit.sarif; got '\(text)'")
        }
        let format = String(text[..<colon])
        let path = String(text[text.index(after: colon)...])
        guard Reporters.named(format) != nil else {
            throw ValidationError("unknown format '\(format)' in --report '\(text)'"
                + Suggestions.insteadOf(format, in: Reporters.identifiers, use: "one of " + Reporters.identifiers.joined(separator: ", ")))
        }
        guard !path.isEmpty else { throw ValidationError("--report '\(text)' names no file; write FORMAT:PATH") }
        return (format, path)
    }

    /// `--shard K/N` as numbers, or nil without it.
    func shardNumbers() throws -> (index: Int, count: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, for example --shard 2/4; got '\(shard)'")
        }
        return (index, count)
    }

    public func run() throws {
        let output = try execute()
        try output.deliver()
        // Written once the check has passed (deliver throws otherwise), for build systems.
        if let stamp {
            try SubcommandOutput(files: [stamp: "// vcaudit check passed\n"]).deliver()
        }
    }

    /// The whole check as it is printed and written (reports, a baseline written with --write-baseline is written
    /// here, since the check reads it back), without printing anything.
    public func execute() throws -> SubcommandOutput {
        func badInput(_ text: String) -> SubcommandOutput { SubcommandOutput(stderr: text, status: CheckOutput.badInput) }
        // Configuration: errors in it stop the run (exit 2).
        let configuration: Configuration
        do {
            configuration = try ConfigurationFile.load(given: config)
        } catch {
            return badInput(error.report)
        }
        let inputs = paths.isEmpty ? configuration.includedPaths : paths
        guard !inputs.isEmpty else {
            return badInput("Error: give at least one spec file or folder (for example 'vcaudit check Examples'), or list them under 'included' in .vcaudit.yml\n")
        }
        let requestedDevices = try DeviceList.devices(deviceLists)
        var options = CheckRunner.Options(
            paths: inputs, configuration: configuration,
            devices: requestedDevices.isEmpty ? configuration.devices : requestedDevices,
            jobs: jobs ?? CheckRunner.defaultJobs, shard: try shardNumbers())
        options.pathsFromConfiguration = paths.isEmpty
        let runner = CheckRunner(options: options)
        // Exploration (every user path from launch) goes with each file's check, on the same load; what the
        // scenarios already found is not repeated.
        let asked = explore || exploreEvents || exploreNoDoubleTaps
        let depth = exploreDepth ?? (asked ? configuration.exploreDepth ?? Configuration.defaultExploreDepth : configuration.exploreDepth)
        let events = exploreEvents || configuration.exploreEvents
        let bounds = depth.map { Explorer.Bounds(depth: $0, events: events, doubleTaps: !exploreNoDoubleTaps && configuration.exploreDoubleTaps) }
        var (result, exploration, notes) = runner.run(checkingScenarios: true, exploring: bounds)
        let known = Set(result.findings.map(ExploredFinding.init))
        result.findings += exploration.findings.filter { !known.contains(ExploredFinding($0)) }
        let notesForStandardError = notes + exploration.summary

        // Baseline: write it from this run's findings, or leave out what it records.
        var stale: [Baseline.Key] = []
        if let path = writeBaseline ?? baseline ?? configuration.baselinePath {
            let step = CheckBaseline(path: path, writing: writeBaseline != nil,
                                     configuredBy: writeBaseline == nil && baseline == nil ? configuration : nil)
            switch step.apply(to: &result) {
            case .applied(let entries):
                stale = entries
            case .notWritten(let note):
                return CheckOutput(result, options: CheckOutput.Options(format: format.word.rawValue, color: color.enabled, notes: [note])).output
            case .badInput(let message):
                return badInput(message)
            }
        }

        var output = CheckOutput(result, options: CheckOutput.Options(
            format: format.word.rawValue, reports: try reports.map(Self.parseReport), color: color.enabled,
            strict: strict || configuration.strict, staleBaselineEntries: stale,
            reportOptions: ReportOptions(rootDirectory: FileManager.default.currentDirectoryPath)))
        // What the configuration says that does nothing comes first, with the input errors; the rest after the summary.
        // A run of the whole `included` (not one shard) found every file an `excluded` pattern could be about.
        let found = paths.isEmpty && shard == nil ? result.files + result.importedStoryboards + result.skipped.map(\.path) : nil
        output.standardError = ConfigurationFile.notes(configuration, found: found) + output.standardError + notesForStandardError
        return output.output
    }
}
