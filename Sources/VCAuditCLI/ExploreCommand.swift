import ArgumentParser
import Foundation
import VCAuditExplore
import VCAuditReplay
import VCAuditReporters
import VCAuditRules
import VCAuditSpec
import VCAuditSupport

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
            to the background and back where the spec restores state. Code paths (calls without 'from:') are not user actions; \
            those the spec marks 'event: true' (all of them with --events) are run as events the system may \
            deliver in any state (a completion handler, a timer, a push), alone and while a user transition animates. States already explored are not \
            explored again. Each finding is reported once, where 'check' would report it, with its witness: \
            the actions that reach it, as notes, and with --write-scenarios as scenarios to paste into the spec.

            Specs need no scenarios; storyboards are imported first, as 'check' does. The defaults (depth 6, \
            20000 states) finish in seconds on a real app's storyboards; the output says when a bound stopped \
            the search. Exit status: as 'check' (1 when findings at or above the failing severity remain), \
            2 for bad input.
            """)

    @Argument(help: "Spec files, storyboards, or folders holding them. Default: 'included' of the configuration.")
    public var paths: [String] = []

    @Option(help: ArgumentHelp("The most user actions after launch in one path (default: the configuration's 'explore', else 6).", valueName: "n"))
    public var depth: Int?

    @Option(name: .customLong("max-states"), help: "The most distinct states to explore per spec and device.")
    public var maxStates: Int = 20_000

    @Option(name: .customLong("device"), help: ArgumentHelp(
        "Explore on each device: iphone, ipad, or iphone,ipad (repeatable). Default: the configuration's, else each spec's own.", valueName: "devices"))
    public var deviceLists: [DeviceList] = []

    @Option(help: ArgumentHelp("Standard output format: \(Reporters.identifiers.joined(separator: ", ")).", valueName: "format"))
    public var format = Choice(ReportFormat.text)

    @Option(name: .customLong("report"), help: ArgumentHelp("Also write a report: FORMAT:PATH (repeatable).", valueName: "format:path"))
    public var reports: [String] = []

    @Option(name: .customLong("write-scenarios"), help: ArgumentHelp(
        "Write each finding's witness as a scenario to this YAML file (to paste under the spec's 'scenarios:').", valueName: "path"))
    public var writeScenarios: String?

    @Flag(help: "Let --write-scenarios replace a file that vcaudit explore did not write.")
    public var force = false

    @Flag(help: "Run every code path (calls without 'from:') as an event the system may deliver in any state, alone and while a user transition animates, not only those marked 'event: true' (default: the configuration's 'explore_events').")
    public var events = false

    @Flag(name: .customLong("no-double-taps"), help: "Tap no control twice in one run-loop turn: the app's controls ignore a second tap while their transition runs (default: the configuration's 'explore_double_taps').")
    public var noDoubleTaps = false

    @Option(help: ArgumentHelp("The configuration file (default: the nearest .vcaudit.yml): its rules, severities, paths and devices.", valueName: "path"))
    public var config: String?

    @Option(help: ArgumentHelp("How many specs are explored at once (default: one per core); the output is the same.", valueName: "N"))
    public var jobs: Int?

    public init() {}

    public mutating func validate() throws {
        if let depth, !Configuration.exploreDepths.contains(depth) {
            throw ValidationError("--depth must be from \(Configuration.exploreDepths.lowerBound) to \(Configuration.exploreDepths.upperBound)")
        }
        guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        try format.validate()
        try CheckCommand.validateReports(reports)
        _ = try DeviceList.devices(deviceLists)
    }

    public func run() throws {
        try execute(progress: isatty(2) != 0).deliver()
    }

    /// What the exploration prints and writes (reports, `--write-scenarios`), without touching the process's output.
    public func execute(progress: Bool = false) throws -> CheckOutput {
        // The configuration `check` reads: which rules report and how severely, what is excluded, the devices.
        let configuration: Configuration
        do {
            configuration = try ConfigurationFile.load(given: config)
        } catch {
            return CheckOutput(badInput: error.report)
        }
        let inputs = paths.isEmpty ? configuration.includedPaths : paths
        guard !inputs.isEmpty else {
            return CheckOutput(badInput: "Error: give at least one spec, storyboard or folder (for example 'vcaudit explore Examples'), "
                + "or list them under 'included' in .vcaudit.yml\n")
        }
        // Scenarios are written over a file explore wrote before, never over a spec or anything else, unless asked.
        if let writeScenarios, !force, AtomicFile.holdsOtherText(at: writeScenarios, than: Self.scenariosHeader) {
            return CheckOutput(badInput: "\(writeScenarios):1:1: error: exists and was not written by vcaudit explore (a spec, say); "
                + "choose another --write-scenarios file, or pass --force\n")
        }
        let requestedDevices = try DeviceList.devices(deviceLists)
        var options = CheckRunner.Options(
            paths: inputs, configuration: configuration, devices: requestedDevices.isEmpty ? configuration.devices : requestedDevices,
            jobs: jobs ?? CheckRunner.defaultJobs)
        options.pathsFromConfiguration = paths.isEmpty
        let runner = CheckRunner(options: options)
        let bounds = Explorer.Bounds(depth: depth ?? configuration.exploreDepth ?? Configuration.defaultExploreDepth, maxStates: maxStates,
                                     events: events || configuration.exploreEvents,
                                     doubleTaps: !noDoubleTaps && configuration.exploreDoubleTaps)
        var (result, exploration, notes) = runner.run(checkingScenarios: false, exploring: bounds, progress: progress ? ExploreProgress() : nil)
        result.findings = exploration.findings
        result.rules = Explorer.checker(RuleConfiguration(configuration)).enabledDescriptions
        var output = CheckOutput(result, options: CheckOutput.Options(
            format: format.word.rawValue, reports: try reports.map(CheckCommand.parseReport),
            reportOptions: ReportOptions(rootDirectory: FileManager.default.currentDirectoryPath)))
        if let writeScenarios {
            output.files[writeScenarios] = Self.scenariosYAML(exploration.results)
        }
        output.standardError = ConfigurationFile.notes(configuration) + output.standardError + notes + exploration.summary
        return output
    }

    /// One note per witness step, at the declaration the step comes from.
    static func witnessNotes(_ witness: [UserAction], spec: Spec) -> [Finding.Note] {
        guard !witness.isEmpty else {
            return [Finding.Note(location: spec.sourceLocation(of: SourceLocation(file: spec.file, mark: spec.window?.mark ?? .init(line: 1, column: 1))),
                                 message: "witness: launch")]
        }
        return witness.enumerated().map { offset, action in
            Finding.Note(location: spec.sourceLocation(of: SourceLocation(file: spec.file, mark: action.mark(in: spec))),
                         message: "witness, after launch, action \(offset + 1) of \(witness.count): \(action.description)")
        }
    }

    /// How far one exploration went, its bounds and its coverage, for standard error; a bound hit names the option
    /// that raises it.
    static func summary(_ exploration: Explorer.Result, depthOption: String = "--depth", statesOption: String = "--max-states",
                        eventsOption: String = "--events") -> String {
        var text = "explored \(exploration.spec.file) on \(exploration.device.rawValue)"
            + (exploration.spec.rootIsAGuess ? " from a guessed root: " : ": ")
            + "\(ReportSummary.counted(exploration.states, "state", "states")), \(ReportSummary.counted(exploration.paths, "path", "paths")), "
            + "depth \(exploration.deepest), \(ReportSummary.counted(exploration.discoveries.count, "distinct finding", "distinct findings"))"
            // How much of the app that was: a run that reached a fraction of it says so where it says it found nothing.
            + ", \(exploration.spec.controllers.count - exploration.controllersNeverOnScreen.count) "
            + "of \(ReportSummary.counted(exploration.spec.controllers.count, "controller", "controllers")) on screen"
            + (exploration.triedDoubleTaps ? "" : ", no double taps tried")
            + "\n"
        // Double taps are most of a real app's first findings, and one fix covers them all: say so once.
        let doubleTaps = exploration.discoveries.filter { discovery in
            if case .doubleTap = discovery.witness.last { true } else { false }
        }.count
        if doubleTaps > 1 {
            text += "note: \(doubleTaps) of them end with a double tap (the same control's transition twice in one run-loop turn); "
                + "a control that ignores taps while its transition runs fixes them all (if the app's do, 'explore_double_taps: false' "
                + "in .vcaudit.yml, or explore --no-double-taps, stops trying them)\n"
        }
        if exploration.stateBoundHit {
            text += "note: stopped at \(exploration.states) states (\(statesOption)) with \(exploration.unexplored) states left to explore; raise it to see more\n"
        }
        if exploration.depthBoundHit {
            text += "note: paths longer than \(depthOption) \(exploration.deepest) were not tried; raise it to see more\n"
        }
        if !exploration.transitionsNeverPerformed.isEmpty {
            // A user action whose controller no path brought on screen, apart from the code paths explore tries only as
            // events (calls without 'from:').
            func isCodePath(_ name: String) -> Bool {
                guard let transition = exploration.spec.transition(name), case .calls = transition.body else { return false }
                return transition.trigger == nil && !transition.isEvent
            }
            let codePaths = exploration.triedEvents ? [] : exploration.transitionsNeverPerformed.filter(isCodePath)
            let unreached = exploration.transitionsNeverPerformed.filter { !codePaths.contains($0) }
            if !unreached.isEmpty {
                text += "note: transitions never performed: \(unreached.joined(separator: ", ")) (no path explored brought their controller on screen)\n"
            }
            if !codePaths.isEmpty {
                text += "note: code paths not explored: \(codePaths.joined(separator: ", ")) (calls without 'from:' are tried only as "
                    + "events: pass \(eventsOption), or mark those the system runs 'event: true')\n"
            }
        }
        // Those only what the app's code makes from a storyboard (by storyboard ID, or as its initial controller) brings
        // on screen are listed apart: no path can reach them until that code is declared.
        let spec = exploration.spec
        let fromLaunch = spec.window.map { spec.reachable(from: [$0.id]) } ?? []
        let fromCode = spec.reachable(from: spec.storyboardEntryPoints)
        let madeByCode = exploration.controllersNeverOnScreen.filter { fromCode.contains($0) && !fromLaunch.contains($0) }
        let unseen = exploration.controllersNeverOnScreen.filter { !madeByCode.contains($0) }
        if !unseen.isEmpty {
            text += "note: controllers never on screen: \(unseen.map(\.name).joined(separator: ", "))\n"
        }
        if !madeByCode.isEmpty {
            text += "note: controllers code makes from a storyboard, never on screen: \(madeByCode.map(\.name).joined(separator: ", ")) (by storyboard ID "
                + "or as a storyboard's initial controller). To explore what they show, declare the code that shows each as a transition "
                + "from the controller whose action runs it: '{ segue: modal, from: <it>, to: <controller>, identifier: null }' (or "
                + "'segue: show' for a push), since instantiating makes a new controller on each call, as a segue does; 'calls' name "
                + "one instance the code keeps\n"
        }
        return text
    }

    /// How a file `--write-scenarios` wrote starts: it may be written over.
    static let scenariosHeader = "# Written by 'vcaudit explore'"

    /// Each finding's witness as a scenario, grouped by spec, ready to paste under `scenarios:`.
    ///
    /// A spec explored on several devices gets one `scenarios:` list: a finding the devices share is written once,
    /// with the first device's witness (as `check` and `explore` report it once), and each scenario says its device.
    /// An app that shows other storyboards on iPad gets a list for them.
    static func scenariosYAML(_ explorations: [Explorer.Result]) -> String {
        var lines = [Self.scenariosHeader + ": the shortest path to each finding, as scenarios to paste under",
                     "# a spec's 'scenarios:'. Each reproduces its finding with 'vcaudit check', and 'vcaudit generate tests'",
                     "# makes each a test that runs it against the app's controllers."]
        // Scenarios of storyboards belong in a spec that builds on them: listing the folders the app was imported
        // from when they hold it alone, else its storyboards. An app that shows others on iPad is two such specs.
        func storyboards(_ spec: Spec) -> [String] {
            spec.importedFrom ?? (spec.controllers.compactMap(\.source?.file) + spec.transitions.compactMap(\.source?.file))
                .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        }
        var groups: [[Explorer.Result]] = []
        for exploration in explorations where !exploration.discoveries.isEmpty {
            let spec = exploration.spec
            if let index = groups.firstIndex(where: { $0[0].spec.file == spec.file && storyboards($0[0].spec) == storyboards(spec) }) {
                groups[index].append(exploration)
            } else {
                groups.append([exploration])
            }
        }
        for results in groups {
            let spec = results[0].spec
            let devices = results.map(\.device.rawValue).joined(separator: " and ")
            lines.append("")
            if spec.isImportedInMemory {
                let boards = storyboards(spec)
                // The window the exploration launched: the app's settings may have chosen it, which a spec that
                // lists the storyboards does not read.
                let window = spec.window.map { " with 'window: \($0.id)'" } ?? ""
                let folders = spec.importedFrom?.allSatisfy { !$0.hasSuffix(".storyboard") } == true
                let what = folders ? (boards.count == 1 ? "the folder" : "the folders") : (boards.count == 1 ? "it" : "them")
                lines.append("# \(spec.file), on \(devices): in a spec that lists \(what) under 'storyboards:' (\(boards.joined(separator: ", ")))\(window)")
            } else {
                lines.append("# \(spec.file), on \(devices)")
            }
            // A finding of the paths as a whole (a controller nothing shows) has no scenario that shows it. Its place
            // is a line of the spec, else the path of the file as given: storyboards of one app often share a name
            // (`Base.lproj/Main.storyboard` in the folders of two targets).
            func place(_ finding: Finding) -> String {
                finding.location.file == spec.file && !spec.isImportedInMemory ? "line \(finding.location.line)"
                    : "\(finding.location.file):\(finding.location.line)"
            }
            func onlyExploring(_ discovery: Explorer.Discovery) -> Bool {
                RuleCatalog.rule(discovery.finding.ruleID)?.onlyWhenExploring == true
            }
            // Each finding once, on the first device that found it.
            var seen: Set<ExploredFinding> = []
            let discoveries = results.flatMap { result in result.discoveries.map { (device: result.device, discovery: $0) } }
                .filter { seen.insert(ExploredFinding($0.discovery.finding)).inserted }
            let written = discoveries.filter { !onlyExploring($0.discovery) }
            let exploringOnly = discoveries.filter { onlyExploring($0.discovery) }.map(\.discovery.finding)
            if !exploringOnly.isEmpty {
                lines.append("# Found by exploring alone, with no scenario to write ('vcaudit check --explore' finds them):")
                lines += exploringOnly.map { "#   \($0.ruleID) at \(place($0))" }
            }
            guard !written.isEmpty else { continue }
            lines.append("scenarios:")
            var named: [String: Int] = [:]
            for (device, discovery) in written {
                // Named by the rule and the path, not by a line: the name stays when the spec or storyboard is edited
                // above it, so a scenario pasted from one version pairs with the next one's in `vcaudit diff`. Two
                // findings of one rule on one path are numbered.
                let path = discovery.witness.isEmpty ? "at launch" : "after " + discovery.witness.map(\.description).joined(separator: ", ")
                var name = "\(discovery.finding.ruleID) \(path)"
                named[name, default: 0] += 1
                if named[name]! > 1 { name += " (\(named[name]!))" }
                let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                lines.append("  - name: \"\(quoted)\"")
                lines.append("    device: \(device.rawValue)")
                lines.append("    steps:")
                lines.append("      - launch")
                for action in discovery.witness { lines += action.yaml(indent: "      ") }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The progress line `explore` keeps on standard error while it searches (only on a terminal): the spec, the depth
/// reached, the states found and the states per second. Explorations on several threads share it.
public final class ExploreProgress: @unchecked Sendable {
    private let lock = NSLock()

    public init() {}

    /// What an exploration of `file` calls as its search grows.
    func reporter(for file: String) -> @Sendable (_ depth: Int, _ states: Int) -> Void {
        let started = Date()
        return { [self] depth, states in
            guard states % 200 == 0 else { return }
            let rate = Double(states) / max(Date().timeIntervalSince(started), 0.001)
            lock.lock()
            StandardStreams.writeError("\r\u{1B}[K\(file): depth \(depth), \(states) states, \(Int(rate)) states/s")
            lock.unlock()
        }
    }

    /// Erases the line.
    func clear() {
        lock.lock()
        StandardStreams.writeError("\r\u{1B}[K")
        lock.unlock()
    }
}
