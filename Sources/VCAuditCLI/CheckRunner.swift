import Dispatch
import Foundation
import VCAuditExplore
import VCAuditReporters
import VCAuditRules
import VCAuditSpec
import VCAuditStoryboard
import VCAuditSupport
import VCAuditYAML

/// Work handed out by index to several threads, and their results, each in its own slot.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var values: [T?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    /// The next index to work on, or nil when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < values.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: T, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    var results: [T] {
        lock.lock()
        defer { lock.unlock() }
        return values.map { $0! }
    }
}

/// Runs `check` on a set of paths and returns what it found, without printing anything.
///
/// Each file is discovered, loaded, validated, replayed on every requested
/// device and checked by the enabled rules on its own: a bad file adds its
/// diagnostics to `CheckResult.inputErrors` and the next file is checked all
/// the same. Only the text of files with errors is kept (for excerpts), and a
/// spec is dropped once checked, so memory is bounded by the largest spec,
/// not by the corpus.
public struct CheckRunner: Sendable {
    /// What to check and how.
    public struct Options: Sendable {
        /// Spec files or folders, as the user gave them.
        public var paths: [String]
        /// Bounds on each spec file's size and shape.
        public var limits: Composer.Limits
        /// Rules, severities and exclusions (from `.vcaudit.yml`).
        public var configuration: Configuration
        /// The device matrix; empty means each spec's own device.
        public var devices: [Device]
        /// How many files are checked at once; the result is the same whatever the number.
        public var jobs: Int
        /// Check only shard `index` (1-based) of `count`: every count-th file of the discovered list, so that the
        /// shards of a CI matrix together check each file exactly once. Storyboards (one app) go to shard 1.
        public var shard: (index: Int, count: Int)?
        /// Whether `paths` are the configuration's `included` (none were given): a path that is missing is then
        /// reported where the configuration names it.
        public var pathsFromConfiguration = false

        public init(paths: [String], limits: Composer.Limits = .default, configuration: Configuration = Configuration(), devices: [Device] = [],
                    jobs: Int = CheckRunner.defaultJobs, shard: (index: Int, count: Int)? = nil) {
            self.paths = paths
            self.limits = limits
            self.configuration = configuration
            self.devices = devices
            self.jobs = max(1, jobs)
            self.shard = shard
        }
    }

    public var options: Options

    /// A runner of `options`, its paths tidied (`FilePath.tidy`): a file has one name in every report and baseline
    /// however it was typed (`./Specs`, `Specs/`, `Specs/../Specs`).
    public init(options: Options) {
        self.options = options
        let workingDirectory = FileManager.default.currentDirectoryPath
        self.options.paths = options.paths.map { FilePath.shortest($0, workingDirectory: workingDirectory) }
    }

    /// What exploring adds to a run: the explorations, the findings they found and what to say about them.
    public struct Exploration: Sendable {
        /// One per spec and device explored, in input order.
        public var results: [Explorer.Result] = []
        /// Each distinct finding with its witness as notes, in exploration order.
        public var findings: [Finding] = []
        /// Specs that could not be explored, then each exploration's bounds and coverage: for standard error.
        public var summary: String = ""
    }

    /// Discovers, loads and checks every spec under `options.paths`, in the order the paths are given.
    public func run() -> CheckResult {
        run(checkingScenarios: true, exploring: nil).result
    }

    /// Discovers and loads every spec under `options.paths` once, checks its scenarios (when `checkingScenarios`)
    /// and explores it from launch within `bounds` (when given; `progress` reports on standard error); `notes` are
    /// for standard error (what the storyboards' import could not say).
    ///
    /// Each file is loaded, replayed, checked and explored on its own, on `jobs` threads; the results are merged in
    /// input order, so output is byte for byte that of a sequential run. Only each file's findings are kept, never
    /// its logs, so memory stays that of the largest specs being worked on at once.
    public func run(checkingScenarios: Bool, exploring bounds: Explorer.Bounds?,
                    progress: ExploreProgress? = nil) -> (result: CheckResult, exploration: Exploration, notes: String) {
        let checker = Checker(RuleConfiguration(options.configuration))
        var (result, storyboards) = inputs()
        result.rules = checker.enabledDescriptions
        // Exploration reports what the configuration enables, at its severities, as the scenarios' check does.
        let explorer = bounds.map { Explorer(bounds: $0, checker: Explorer.checker(RuleConfiguration(options.configuration))) }
        let files = result.files
        let partials = Self.inParallel(count: files.count, jobs: options.jobs) { index in
            var partial = CheckResult()
            var exploration = Exploration()
            var notes = ""
            if let (spec, source) = load(files[index], into: &partial) {
                notes += Self.missingSources(of: spec)
                if checkingScenarios { check(spec, source: (files[index], source), with: checker, into: &partial) }
                if let explorer { explore(spec, with: explorer, progress: progress, into: &exploration) }
            }
            return (partial, exploration, notes)
        }
        var exploration = Exploration()
        var summaries: [String] = []
        func merge(_ other: Exploration) {
            exploration.results += other.results
            exploration.findings += other.findings
            exploration.summary += other.summary
            // The options that raise the bounds are `explore`'s, or `check`'s (which has no bound on states).
            summaries += other.results.map { ExploreCommand.summary($0, depthOption: checkingScenarios ? "--explore-depth" : "--depth",
                                                                    statesOption: checkingScenarios ? "vcaudit explore --max-states" : "--max-states",
                                                                    eventsOption: checkingScenarios ? "--explore-events" : "--events") }
        }
        var notes = ""
        for (partial, explored, fileNotes) in partials {
            notes += fileNotes
            result.findings += partial.findings
            result.suppressed += partial.suppressed
            result.inputErrors += partial.inputErrors
            result.scenarioCount += partial.scenarioCount
            result.runs += partial.runs
            result.notReplayed += partial.notReplayed
            result.sources.merge(partial.sources) { first, _ in first }
            merge(explored)
        }
        let apps = importStoryboards(storyboards, exploring: explorer != nil, into: &result, notes: &notes)
        let (checkedBefore, exploredBefore) = (result.findings.count, exploration.findings.count)
        for app in apps {
            for (position, spec) in app.enumerated() {
                // Of an app that is two (its iPhone and its iPad storyboards), the other one runs on a device one leaves out.
                let devices = devices(for: spec, notes: &notes, inPlace: app.count == 1)
                if devices.isEmpty {
                    // Not checked, so not counted (unless the other app, which is, is named after the same storyboard).
                    if !app.indices.contains(where: { $0 != position && app[$0].file == spec.file }) { result.files.removeAll { $0 == spec.file } }
                    continue
                }
                if checkingScenarios { check(spec, source: nil, devices: devices, with: checker, into: &result) }
                if let explorer {
                    var explored = Exploration()
                    explore(spec, devices: devices, with: explorer, progress: progress, into: &explored)
                    merge(explored)
                }
            }
        }
        if apps.joined().count > 1 {
            // What several apps' shared storyboards show alike is one finding, on all their devices, as one app's devices are.
            let checked = Self.mergingDevices(Array(result.findings[checkedBefore...]), by: Self.appFinding)
            result.findings.replaceSubrange(checkedBefore..., with: checked)
            let explored = Self.mergingDevices(Array(exploration.findings[exploredBefore...]), by: Self.appFinding)
            exploration.findings.replaceSubrange(exploredBefore..., with: explored)
        }
        exploration.summary += summaries.joined()
        result.replayedScenarios = checkingScenarios
        if explorer != nil { result.exploredPaths = exploration.results.map(\.paths).reduce(0, +) }
        result.findings.sort(by: Finding.reportOrder)
        result.suppressed.sort(by: Finding.reportOrder)
        return (result, exploration, notes)
    }

    /// The spec files under `options.paths` (in `files`, with what was skipped or missing) and the storyboards,
    /// in the order the paths are given, each once, without what the configuration excludes; with a shard, its files.
    func inputs() -> (result: CheckResult, storyboards: [String]) {
        var result = CheckResult()
        var seen: Set<String> = []
        var storyboards: [String] = []
        let workingDirectory = FileManager.default.currentDirectoryPath
        /// Whether the configuration excludes `file`, which is then recorded as skipped.
        func skipsExcluded(_ file: String) -> Bool {
            guard options.configuration.isExcluded(file) else { return false }
            result.skipped.append(SpecLoader.Skipped(path: file, reason: options.configuration.exclusionReason))
            return true
        }
        for path in options.paths {
            if path.hasSuffix(".storyboard") {
                storyboards.append(path)
                continue
            }
            let found = SpecLoader.discover([path], alongside: [".storyboard"])
            storyboards += found.alongside.map { FilePath.shortest($0, workingDirectory: workingDirectory) }
            result.inputErrors += found.missing.map { missing in
                guard options.pathsFromConfiguration else { return missing }
                // A glob that matches nothing is kept as the pattern itself.
                let message = if GlobPattern.isPattern(path) { "matches no file; fix the pattern, or remove it" }
                    else if FileManager.default.fileExists(atPath: path) { "is a folder with no spec or storyboard in it; fix the path, or remove it" }
                    else { "is no file or folder; fix the path, or remove it" }
                return options.configuration.diagnostic(about: path, message) ?? missing
            }
            // An error about the configuration is shown with its line and a caret, as every other error is.
            if let configuration = options.configuration.path, result.sources[configuration] == nil,
               result.inputErrors.contains(where: { $0.location.file == configuration }),
               let bytes = try? InputFile.read(configuration, limit: InputFile.Limit.configuration, what: "the configuration") {
                result.sources[configuration] = SourceText(bytes: bytes)
            }
            result.skipped += found.skipped.filter { seen.insert($0.path).inserted }
            for file in found.files.map({ FilePath.shortest($0, workingDirectory: workingDirectory) })
            where seen.insert(file).inserted && !skipsExcluded(file) {
                result.files.append(file)
            }
        }
        if let shard = options.shard, shard.count > 1 {
            result.files = result.files.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            if shard.index != 1 {
                // What is not a file's own (missing paths, skipped files, storyboards) is reported by shard 1 alone.
                result.inputErrors = []
                result.skipped = []
                storyboards = []
            }
        }
        storyboards = storyboards.filter { seen.insert($0).inserted && !skipsExcluded($0) }
        return (result, storyboards)
    }

    /// One per core: what `--jobs` defaults to.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `work(0..<count)` on up to `jobs` threads, results in index order.
    static func inParallel<T: Sendable>(count: Int, jobs: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 1, jobs > 1 else { return (0..<count).map(work) }
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
            while let index = slots.claim() { slots.store(work(index), at: index) }
        }
        return slots.results
    }

    /// Imports the storyboards as one app, in memory (`vcaudit import storyboard`), recording them in `result`
    /// (those left out as skipped) and noting on `notes` what the import could not say; none when there are none or
    /// none can be read.
    ///
    /// An app that shows other storyboards on iPad (a `~ipad` key, iPad-only twins) is two: as it starts on iPhone,
    /// on iphone, and as it starts on iPad, on ipad (`StoryboardImporter.Result.startsOnPadWithAnother`).
    func importStoryboards(_ paths: [String], exploring: Bool, into result: inout CheckResult, notes: inout String) -> [[Spec]] {
        guard !paths.isEmpty else { return [] }
        // The storyboards, the app's settings and what its code spells (for what exploring presents at launch), from
        // the folders given, are read once for every app.
        let read = StoryboardImporter.read(paths, named: Set(options.paths))
        let sourceNames = exploring ? AppSourceLiterals.find(inFolders: options.paths.sorted()) : nil
        let apps = read.separateApps()
        guard apps.count > 1 else {
            var specs = importApp(read, sourceNames: sourceNames, exploring: exploring, into: &result, notes: &notes)
            // Folders given that hold this app alone: a spec listing them imports it as this one was (the iPad app
            // of one that starts on iPad with other storyboards is not that import).
            let folders = Set(options.paths.filter(InputFolder.isFolder))
            if !folders.isEmpty, !specs.isEmpty {
                specs[0].importedFrom = options.paths.filter { $0.hasSuffix(".storyboard") || folders.contains($0) }
            }
            return [specs].filter { !$0.isEmpty }
        }
        // A folder of several apps: each is imported on its own, and what they share (a framework's storyboard) is
        // recorded and said once.
        var specs: [[Spec]] = []
        var said: Set<Substring> = []
        var imported: Set<String> = []
        for app in apps {
            var appResult = CheckResult()
            var appNotes = ""
            let app = importApp(app, sourceNames: sourceNames, exploring: exploring, into: &appResult, notes: &appNotes)
            if !app.isEmpty { specs.append(app) }
            result.files += appResult.files.filter { !result.files.contains($0) }
            result.skipped += appResult.skipped.filter { skipped in !result.skipped.contains { $0.path == skipped.path } }
            Self.addImportRecords(of: appResult, to: &result)
            imported.formUnion(appResult.importedStoryboards)
            for line in appNotes.split(separator: "\n") where said.insert(line).inserted { notes += line + "\n" }
        }
        result.skipped.removeAll { imported.contains($0.path) }
        return specs
    }

    /// Imports one app: as it starts on iPhone, and as it starts on iPad when it shows other storyboards there (two
    /// specs then); none when none of its storyboards can be read.
    private func importApp(_ read: StoryboardImporter.AppStoryboards, sourceNames: SourceNames?, exploring: Bool,
                           into result: inout CheckResult, notes: inout String) -> [Spec] {
        var importNotes: [String] = []
        guard let spec = importStoryboards(read, startingOnPad: false, sourceNames: sourceNames, exploring: exploring, into: &result,
                                           notes: &notes, importNotes: &importNotes) else { return [] }
        guard spec.startsOnPadWithAnother else { return [spec] }
        // The iPad app's storyboards are no longer left out, and the iPhone one, which it leaves out, is checked.
        var padResult = CheckResult()
        var padNotes = ""
        guard let padSpec = importStoryboards(read, startingOnPad: true, sourceNames: sourceNames, exploring: exploring, into: &padResult,
                                              notes: &padNotes, importNotes: &importNotes) else { return [spec] }
        let checked = Set(result.importedStoryboards + padResult.importedStoryboards)
        result.skipped = result.skipped.filter { !checked.contains($0.path) }
        result.files += padResult.files
        Self.addImportRecords(of: padResult, to: &result)
        notes += padNotes
        return [spec, padSpec]
    }

    /// Adds to `result` the input errors, files not replayed and storyboards imported that the import of another app
    /// of the same storyboards recorded in `other`, those `result` has already once.
    private static func addImportRecords(of other: CheckResult, to result: inout CheckResult) {
        result.inputErrors += other.inputErrors.filter { error in !result.inputErrors.contains { $0.location == error.location } }
        result.notReplayed += other.notReplayed.filter { !result.notReplayed.contains($0) }
        result.importedStoryboards += other.importedStoryboards.filter { !result.importedStoryboards.contains($0) }
    }

    /// Imports the storyboards as one app, as it starts on iPad when `startingOnPad`, recording it in `result`;
    /// `importNotes` are the notes of the import as it starts elsewhere (which `vcaudit import storyboard` lists): the
    /// iPad app's are said only when they are not among them.
    private func importStoryboards(_ read: StoryboardImporter.AppStoryboards, startingOnPad: Bool, sourceNames: SourceNames?, exploring: Bool,
                                   into result: inout CheckResult, notes: inout String, importNotes: inout [String]) -> Spec? {
        let paths = read.paths
        var app = Self.importApp(read, limits: options.limits, startingOnPad: startingOnPad)
        app.spec?.sourceNames = sourceNames
        if let spec = app.spec, let note = Self.rootSetInCode(spec) {
            // A note on the root, among the notes as its kind are (the count of the others stays theirs).
            app.rootNotes.append(note)
            app.notes.append(note)
        }
        // The storyboards are one app: one spec, named after the one it starts with (those that cannot be read are
        // named in `notReplayed`).
        result.files += app.spec.map { [$0.file] } ?? paths.filter { path in !app.leftOut.contains { $0.path == path } }
        result.skipped += app.leftOut
        result.inputErrors += app.errors
        result.notReplayed += app.notReplayed
        guard let spec = app.spec else { return nil }
        result.importedStoryboards += paths.filter { path in !app.leftOut.contains { $0.path == path } && !app.notReplayed.contains(path) }
        // What says the root is a stand-in is said as it is (what was found is about that root); the rest is counted.
        notes += app.rootNotes.map { $0 + "\n" }.joined()
        if startingOnPad {
            // Those of the iPad storyboards: no command lists them, so they are said here.
            let listed = Set(importNotes)
            notes += app.notes.filter { !listed.contains($0) && !app.rootNotes.contains($0) }.map { $0 + "\n" }.joined()
            return spec
        }
        importNotes = app.notes
        let otherNotes = app.notes.count - app.rootNotes.count
        if otherNotes > 0 {
            // The paths given that hold the storyboards, as given: the import reads them the same way.
            let given = options.paths.filter { path in paths.contains { FilePath.isInside($0, folder: path) } }
            let command = "vcaudit import storyboard " + given.joined(separator: " ")
            notes += "\(spec.file): note: importing the storyboards left \(ReportSummary.counted(otherNotes, "note", "notes")) on what "
                + "their XML cannot say; '\(command)' lists them\n"
        }
        if !exploring && spec.scenarios.isEmpty {
            notes += "\(spec.file): note: storyboards have no scenarios, so only their declarations were checked; add --explore to "
                + "try every user path from launch, or write scenarios in a spec that lists the storyboards under 'storyboards:'\n"
        }
        return spec
    }

    /// A note when the app's code sets the window's root to a declared controller other than the spec's root (by its
    /// storyboard identifier): what was explored starts elsewhere, at least on some device (synthone makes its
    /// iPhone root in code). Nil when the code sets none, or sets the spec's root too.
    static func rootSetInCode(_ spec: Spec) -> String? {
        guard let assignments = spec.sourceNames?.rootAssignments, !assignments.isEmpty, let root = spec.window?.id else { return nil }
        let rootID = spec.controllers.first { $0.id == root }?.storyboardID
        guard !assignments.contains(where: { $0.identifier == rootID }) else { return nil }
        var named: [String] = []
        for assignment in assignments {
            guard let controller = spec.controllers.first(where: { $0.storyboardID == assignment.identifier }) else { continue }
            let byID = controller.id.description == assignment.identifier ? "" : "storyboard ID '\(assignment.identifier)', "
            named.append("'\(controller.id)' (\(byID)\(assignment.file):\(assignment.line))")
        }
        guard !named.isEmpty else { return nil }
        return "\(spec.file): note: the app's code sets the window's root to \(StoryboardImporter.listing(named)), where it was explored "
            + "from '\(root)'; if the app starts there, on a device or always, write a spec that lists the storyboards under "
            + "'storyboards:' and sets 'window:'"
    }

    /// One app imported in memory from storyboards (`importApp`).
    struct ImportedApp {
        /// The spec, located in the storyboards (`Spec.locateInStoryboards()`); nil when none can be read or the
        /// import does not load.
        var spec: Spec?
        var errors: [Diagnostic]
        /// The storyboards not replayed: those with errors, or all of them when the import does not load.
        var notReplayed: [String]
        /// The storyboards left out of the app, and why (`StoryboardImporter.Result.leftOut`).
        var leftOut: [SpecLoader.Skipped]
        /// What the import could not say (`StoryboardImporter.Result.notes`).
        var notes: [String]
        /// Of `notes`, those that say the window's root is a stand-in (`StoryboardImporter.Result.rootNotes`).
        var rootNotes: [String] = []
    }

    /// The storyboards at `paths` imported in memory as one app.
    ///
    /// The spec is named after the storyboard the app starts with (`StoryboardImporter.Result.mainPath`). A
    /// storyboard of another platform found in a folder, not among the paths the user `named`, is left out.
    static func importApp(_ paths: [String], named: Set<String>, limits: Composer.Limits) -> ImportedApp {
        importApp(StoryboardImporter.read(paths, named: named), limits: limits)
    }

    /// The storyboards of `read` imported in memory as one app, as it starts on iPad when `startingOnPad`
    /// (`importApp(_:named:limits:)`).
    static func importApp(_ read: StoryboardImporter.AppStoryboards, limits: Composer.Limits, startingOnPad: Bool = false) -> ImportedApp {
        let paths = read.paths
        let imported = StoryboardImporter.importReadable(read, startingOnPad: startingOnPad)
        let failures = read.errors
        var app = ImportedApp(
            spec: nil, errors: failures.map { Diagnostic(.error, at: SourceLocation(file: $0.file, line: $0.line, column: $0.column), $0.message) },
            notReplayed: failures.map(\.file), leftOut: imported.leftOut, notes: imported.notes, rootNotes: imported.rootNotes)
        let readable = paths.filter { path in !failures.contains { $0.file == path } && !imported.leftOut.contains { $0.path == path } }
        guard !readable.isEmpty else { return app }
        // Its `source:` paths name the storyboards as they were given, from the working directory.
        let loaded = SpecLoader.load(bytes: Array(imported.yaml.utf8), path: imported.mainPath ?? readable[0], limits: limits,
                                     rules: RuleCatalog.vocabulary, sourcesFromWorkingDirectory: true)
        guard var spec = loaded.spec else {
            // An import that does not load is vcaudit's bug, not the user's: say so with the spec it wrote.
            app.errors += loaded.diagnostics.map {
                Diagnostic(.error, at: $0.location, "the spec imported from the storyboards does not load (\($0.message)); "
                    + "please report it with 'vcaudit import storyboard \(paths.joined(separator: " "))'")
            }
            app.notReplayed += readable
            return app
        }
        spec.locateInStoryboards()
        spec.deviceRestriction = imported.deviceRestriction
        spec.startsOnPadWithAnother = imported.startsOnPadWithAnother && !startingOnPad
        spec.rootIsAGuess = imported.rootIsAGuess
        app.spec = spec
        return app
    }

    /// A note for each file the `source:` entries of `spec` name that does not exist, once a file, at the first
    /// declaration that names it: findings still point there, and Xcode, annotations and SARIF open nothing.
    static func missingSources(of spec: Spec) -> String {
        var seen: Set<String> = []
        var notes = ""
        let declared = spec.controllers.map { ($0.source, $0.mark) } + spec.transitions.map { ($0.source, $0.mark) }
        for case let (source?, mark) in declared where mark.line < spec.firstImportedLine ?? .max && seen.insert(source.file).inserted {
            guard !FileManager.default.fileExists(atPath: source.file) else { continue }
            notes += "\(spec.file):\(mark.line):\(mark.column): note: 'source:' names \(source.file), which is no file from the spec's "
                + "folder or the working directory; findings point there all the same: fix the path (relative to the spec), "
                + "or import the storyboards again with --out\n"
        }
        return notes
    }

    /// Loads one spec, with its source; load errors become input errors in `result` (with the source, for their
    /// caret lines).
    func load(_ path: String, into result: inout CheckResult) -> (spec: Spec, source: SourceText?)? {
        let loaded = SpecLoader.load(path: path, limits: options.limits, rules: RuleCatalog.vocabulary,
                                     storyboards: StoryboardImporter.specImport)
        guard let spec = loaded.spec else {
            result.inputErrors += loaded.diagnostics
            result.notReplayed.append(path)
            if let source = loaded.source { result.sources[path] = source }
            return nil
        }
        return (spec, loaded.source)
    }

    /// The devices to run `spec` on: those requested, else its own, without those the app never shows its storyboards
    /// on (`Spec.deviceRestriction`), each left out named on `notes`; when that leaves none, the devices it allows
    /// `inPlace`, so that a run never passes without checking anything (else none: the app's other storyboards run there).
    func devices(for spec: Spec, notes: inout String, inPlace: Bool = true) -> [Device] {
        let requested = options.devices.isEmpty ? [spec.device] : options.devices
        guard let restriction = spec.deviceRestriction else { return requested }
        let allowed = requested.filter(restriction.devices.contains)
        let instead = allowed.isEmpty && inPlace ? restriction.devices : []
        let insteadText = instead.map(\.rawValue).joined(separator: " and ")
        for device in requested where !restriction.devices.contains(device) {
            // Of an app that is two, the other one is checked on that device.
            let other = inPlace ? "" : " from these storyboards (the app's others are, there)"
            notes += "\(spec.file): note: not checked on \(device.rawValue)\(other)"
                + (instead.isEmpty ? "" : ", checked on \(insteadText) in its place") + ": \(restriction.reason)\n"
        }
        return allowed.isEmpty ? instead : allowed
    }

    /// Explores `spec` on each of `devices` (else each requested, else its own), adding the explorations and their findings (with
    /// their witnesses as notes) to `exploration`; a spec with no window root is noted instead (nothing launches).
    private func explore(_ spec: Spec, devices: [Device]? = nil, with explorer: Explorer, progress: ExploreProgress?,
                         into exploration: inout Exploration) {
        guard spec.window != nil else {
            // A storyboard other than the app's main one has no initial controller: nothing launches.
            exploration.summary += "\(spec.file):1:1: note: not explored: it declares no window root, so nothing launches; "
                + "explore the app's main storyboard (the one with the initial view controller) or set 'window:'\n"
            return
        }
        var found: [Finding] = []
        for device in devices ?? (options.devices.isEmpty ? [spec.device] : options.devices) {
            let result = explorer.explore(spec, device: device, progress: progress?.reporter(for: spec.file))
            progress?.clear()
            exploration.results.append(result)
            for discovery in result.discoveries {
                var finding = discovery.finding
                // A finding about the declarations (an unreachable controller) has no path to show.
                if finding.scenario != nil { finding.notes += ExploreCommand.witnessNotes(discovery.witness, spec: spec) }
                found.append(finding)
            }
        }
        exploration.findings += Self.mergingDevices(found)
    }

    /// `findings` (each device's explored findings, in device order) with the same explored finding on several
    /// devices made one, on all of them, with the first device's witness (in the order first found), as `check`
    /// merges its device matrix: an unreachable controller, or a double tap on one segue that iPad reaches after a
    /// resize, is one finding.
    static func mergingDevices(_ findings: [Finding]) -> [Finding] { mergingDevices(findings, by: ExploredFinding.init) }

    /// A finding of one of the two apps a folder can be (`importStoryboards`), as both can make it in the storyboards
    /// they share: its rule, where it points, and what it says.
    struct AppFinding: Hashable {
        var ruleID: String
        var location: SourceLocation
        var message: String
    }

    static func appFinding(_ finding: Finding) -> AppFinding {
        AppFinding(ruleID: finding.ruleID, location: finding.location, message: finding.message)
    }

    /// `findings` with those `key` says are one, on devices none of the others is on, made one on all of them (the
    /// first one's witness, then each other device's when it differs).
    static func mergingDevices<Key: Hashable>(_ findings: [Finding], by key: (Finding) -> Key) -> [Finding] {
        var merged: [Finding] = []
        var positions: [Key: Int] = [:]
        for finding in findings {
            let key = key(finding)
            // Explore reports a finding once per device: one with a device in common is another one.
            if let position = positions[key],
               finding.spec != merged[position].spec || !merged[position].devices.contains(where: finding.devices.contains) {
                // A device that reaches it by another path (iPad after a resize) says so: the first witness need not
                // reproduce there. Each witness then names its device.
                let first = merged[position].notes.filter(Self.isWitness), other = finding.notes.filter(Self.isWitness)
                if first != other {
                    let firstDevices = merged[position].devices.map(\.rawValue).joined(separator: " and ")
                    let otherDevices = finding.devices.map(\.rawValue).joined(separator: " and ")
                    merged[position].notes = merged[position].notes.map { Self.isWitness($0) ? Self.witness($0, on: firstDevices) : $0 }
                        + other.map { Self.witness($0, on: otherDevices) }
                }
                merged[position].addDevices(finding.devices)
                if let spec = finding.spec, spec != merged[position].spec, !merged[position].alsoFoundIn.contains(spec) {
                    merged[position].alsoFoundIn.append(spec)
                }
            } else {
                if positions[key] == nil { positions[key] = merged.count }
                merged.append(finding)
            }
        }
        return merged
    }

    /// Whether `note` is a step of a witness (`ExploreCommand.witnessNotes`).
    static func isWitness(_ note: Finding.Note) -> Bool { note.message.hasPrefix("witness") }

    /// A witness note that says the devices it is the path on: `witness on ipad, after launch, ...`.
    static func witness(_ note: Finding.Note, on devices: String) -> Finding.Note {
        guard !note.message.hasPrefix("witness on ") else { return note }
        var note = note
        note.message = "witness on \(devices)" + note.message.dropFirst("witness".count)
        return note
    }

    /// Checks a loaded spec on `devices` (else those requested); bad `ignore:` entries become input errors, shown
    /// with the spec's source when given.
    private func check(_ spec: Spec, source: (path: String, text: SourceText?)?, devices: [Device]? = nil, with checker: Checker,
                       into result: inout CheckResult) {
        let report = checker.check(spec, devices: devices ?? options.devices)
        result.findings += report.findings
        result.suppressed += report.suppressed
        result.scenarioCount += report.replayCount
        result.runs += report.runs
        if !report.diagnostics.isEmpty {
            result.inputErrors += report.diagnostics
            if let source, let text = source.text { result.sources[source.path] = text }
        }
    }
}
