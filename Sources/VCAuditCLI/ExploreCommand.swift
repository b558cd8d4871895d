import ArgumentParser
import Foundation
import VCAuditExplore
import VCAuditReplay
import VCAuditReporters
import VCAuditRules
import VCAuditSpec
import VCAuditStoryboard

/// `vcaudit explore PATH...`: every user path from launch, and the shortest scenario to each finding.
public struct ExploreCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Try every user path from launch and report each finding once, with the shortest scenario that reaches it.",
        discussion: """
            Breadth first from launch, explore tries what a user can do in each state: perform a segue whose \
            source is on screen (or calls that name the controller whose control runs them, with 'from:'), \
            select a tab, the back button, swipe down a sheet, tap outside a popover, the double tap (the same \
            action twice in one run-loop turn), rotate an iPhone or resize an iPad app in Split View, and go \
            to the background and back where the spec restores state. Code paths (calls without 'from:') are not user actions. States already explored are not \
            explored again. Each finding is reported once, where 'check' would report it, with its witness: \
            the actions that reach it, as notes, and with --write-scenarios as scenarios to paste into the spec.

            Specs need no scenarios; storyboards are imported first, as 'check' does. The defaults (depth 6, \
            20000 states) finish in seconds on a real app's storyboards; the output says when a bound stopped \
            the search. Exit status: as 'check' (1 when findings at or above the failing severity remain), \
            2 for bad input.
            """)

    @Argument(help: "Spec files, storyboards, or folders holding them.")
    public var paths: [String]

    @Option(help: "The most user actions after launch in one path.")
    public var depth: Int = 6

    @Option(name: .customLong("max-states"), help: "The most distinct states to explore per spec and device.")
    public var maxStates: Int = 20_000

    @Option(name: .customLong("device"), help: ArgumentHelp("Explore on each device: iphone, ipad, or iphone,ipad. Default: each spec's own.",
                                                           valueName: "devices"))
    public var deviceList: String?

    @Option(help: ArgumentHelp("Standard output format: \(Reporters.identifiers.joined(separator: ", ")).", valueName: "format"))
    public var format: String = "text"

    @Option(name: .customLong("report"), help: ArgumentHelp("Also write a report: FORMAT:PATH (repeatable).", valueName: "format:path"))
    public var reports: [String] = []

    @Option(name: .customLong("write-scenarios"), help: ArgumentHelp(
        "Write each finding's witness as a scenario to this YAML file (to paste under the spec's 'scenarios:').", valueName: "path"))
    public var writeScenarios: String?

    public init() {}

    public mutating func validate() throws {
        guard depth >= 1 else { throw ValidationError("--depth must be at least 1") }
        guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1") }
        guard Reporters.named(format) != nil else {
            throw ValidationError("unknown format '\(format)'\(Suggestions.didYouMean(format, in: Reporters.identifiers)); use one of \(Reporters.identifiers.joined(separator: ", "))")
        }
        _ = try reports.map(CheckCommand.parseReport)
        _ = try devices()
    }

    func devices() throws -> [Device] {
        guard let deviceList else { return [] }
        return try deviceList.split(separator: ",").map { name in
            guard let device = Device(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("unknown device '\(name)'; use iphone, ipad or iphone,ipad")
            }
            return device
        }
    }

    public func run() throws {
        let output = try execute(progress: isatty(2) != 0)
        for (path, contents) in output.files.sorted(by: { $0.key < $1.key }) {
            do { try AtomicFile.write(contents, to: path) } catch {
                StandardStreams.writeError("\(path): error: \(error.reason)\n")
                throw ExitCode(CheckOutput.badInput)
            }
        }
        StandardStreams.writeOutput(output.standardOutput)
        StandardStreams.writeError(output.standardError)
        if output.exitStatus != 0 { throw ExitCode(output.exitStatus) }
    }

    /// What an exploration prints and writes, without touching the process's output.
    public struct Output {
        public var standardOutput: String
        public var standardError: String
        public var files: [String: String]
        public var exitStatus: Int32
    }

    public func execute(progress: Bool = false) throws -> Output {
        var result = CheckResult()
        let exploration = Self.explore(paths: paths, bounds: Explorer.Bounds(depth: depth, maxStates: maxStates),
                                       devices: try devices(), progress: progress, into: &result)
        result.rules = Checker().enabledDescriptions
        let output = CheckOutput(result, options: CheckOutput.Options(
            format: format, reports: try reports.map(CheckCommand.parseReport),
            reportOptions: ReportOptions(rootDirectory: FileManager.default.currentDirectoryPath)))
        var files = output.files
        if let writeScenarios {
            files[writeScenarios] = Self.scenariosYAML(exploration.results)
        }
        return Output(standardOutput: output.standardOutput, standardError: output.standardError + exploration.summary,
                      files: files, exitStatus: output.exitStatus)
    }

    /// Loads the specs and storyboards under `paths`, explores each on each device, and adds what it finds to
    /// `result` (findings with their witnesses as notes, input errors, files); returns the explorations and the
    /// summary for standard error. `check --explore` uses it too.
    static func explore(paths: [String], bounds: Explorer.Bounds, devices requested: [Device], progress: Bool,
                        into result: inout CheckResult) -> (results: [Explorer.Result], summary: String) {
        var explorations: [Explorer.Result] = []
        let explorer = Explorer(bounds: bounds)
        var specs: [Spec] = []
        let storyboards = paths.filter { $0.hasSuffix(".storyboard") }
        let discovered = SpecLoader.discover(paths.filter { !$0.hasSuffix(".storyboard") })
        result.inputErrors += discovered.missing
        result.skipped = discovered.skipped
        for file in discovered.files {
            result.files.append(file)
            let loaded = SpecLoader.load(path: file, rules: RuleCatalog.vocabulary, storyboards: StoryboardImporter.specImport)
            if let spec = loaded.spec { specs.append(spec) } else {
                result.inputErrors += loaded.diagnostics
                result.notReplayed.append(file)
                if let source = loaded.source { result.sources[file] = source }
            }
        }
        if !storyboards.isEmpty {
            result.files += storyboards
            let (imported, errors) = StoryboardImporter.importReadable(storyboards)
            for error in errors {
                result.inputErrors.append(Diagnostic(.error, at: SourceLocation(file: error.file, line: error.line, column: error.column), error.message))
            }
            let readable = storyboards.filter { path in !errors.contains { $0.file == path } }
            if !readable.isEmpty, let spec = SpecLoader.load(bytes: Array(imported.yaml.utf8), path: readable[0]).spec { specs.append(spec) }
        }
        var notes = ""
        for spec in specs {
            guard spec.window != nil else {
                // A storyboard other than the app's main one has no initial controller: nothing launches.
                notes += "\(spec.file): note: not explored: it declares no window root, so nothing launches; "
                    + "explore the app's main storyboard (the one with the initial view controller) or set 'window:'\n"
                continue
            }
            for device in requested.isEmpty ? [spec.device] : requested {
                let started = Date()
                let exploration = explorer.explore(spec, device: device) { depth, states in
                    guard progress, states % 200 == 0 else { return }
                    let rate = Double(states) / max(Date().timeIntervalSince(started), 0.001)
                    StandardStreams.writeError("\r\(spec.file): depth \(depth), \(states) states, \(Int(rate)) states/s   ")
                }
                if progress { StandardStreams.writeError("\r\u{1B}[K") }
                explorations.append(exploration)
                result.scenarioCount += exploration.paths
                for discovery in exploration.discoveries {
                    var finding = discovery.finding
                    finding.notes += Self.witnessNotes(discovery.witness, spec: spec)
                    result.findings.append(finding)
                }
            }
        }
        return (explorations, notes + explorations.map(Self.summary).joined())
    }

    /// One note per witness step, at the declaration the step comes from.
    static func witnessNotes(_ witness: [UserAction], spec: Spec) -> [Finding.Note] {
        guard !witness.isEmpty else {
            return [Finding.Note(location: SourceLocation(file: spec.file, mark: spec.window?.mark ?? .init(line: 1, column: 1)),
                                 message: "witness: launch")]
        }
        return witness.enumerated().map { offset, action in
            Finding.Note(location: SourceLocation(file: spec.file, mark: action.mark(in: spec)),
                         message: "witness, after launch, action \(offset + 1) of \(witness.count): \(action.description)")
        }
    }

    /// How far one exploration went, its bounds and its coverage, for standard error.
    static func summary(_ exploration: Explorer.Result) -> String {
        var text = "explored \(exploration.spec.file) on \(exploration.device.rawValue): \(exploration.states) states, "
            + "\(exploration.paths) paths, depth \(exploration.deepest), \(exploration.discoveries.count) distinct findings\n"
        if exploration.stateBoundHit {
            text += "note: stopped at --max-states \(exploration.states) with \(exploration.unexplored) states left to explore; raise it to see more\n"
        }
        if exploration.depthBoundHit {
            text += "note: paths longer than --depth \(exploration.deepest) were not tried; raise it to see more\n"
        }
        if !exploration.transitionsNeverPerformed.isEmpty {
            text += "note: transitions never performed as a user action: \(exploration.transitionsNeverPerformed.joined(separator: ", "))"
                + " (code paths need 'from:' to be explored)\n"
        }
        if !exploration.controllersNeverOnScreen.isEmpty {
            text += "note: controllers never on screen: \(exploration.controllersNeverOnScreen.joined(separator: ", "))\n"
        }
        return text
    }

    /// Each finding's witness as a scenario, grouped by spec, ready to paste under `scenarios:`.
    static func scenariosYAML(_ explorations: [Explorer.Result]) -> String {
        var lines = ["# Written by 'vcaudit explore': the shortest path to each finding, as scenarios to paste under",
                     "# a spec's 'scenarios:'. Each reproduces its finding with 'vcaudit check'."]
        for exploration in explorations where !exploration.discoveries.isEmpty {
            lines.append("")
            lines.append("# \(exploration.spec.file), on \(exploration.device.rawValue)")
            lines.append("scenarios:")
            for discovery in exploration.discoveries {
                let finding = discovery.finding
                lines.append("  - name: \"\(finding.ruleID) at line \(finding.location.line)\"")
                lines.append("    device: \(exploration.device.rawValue)")
                lines.append("    steps:")
                lines.append("      - launch")
                for action in discovery.witness { lines += action.yaml(indent: "      ") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
