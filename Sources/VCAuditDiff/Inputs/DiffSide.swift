import Foundation
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// One side of a comparison as the user named it: an event log, a spec, or a folder of specs, loaded.
///
/// Loading never stops at the first problem: each file that cannot be read,
/// parsed or replayed is recorded in `errors` (a located message), and the
/// rest is still compared.
public struct DiffSide: Sendable {
    public enum Kind: String, Sendable, Hashable {
        /// A `.jsonl` event log from `vcaudit replay`.
        case log
        /// A spec file, replayed scenario by scenario.
        case spec
        /// A folder searched for specs.
        case folder
    }

    public var path: String
    public var kind: Kind
    public var runs: [ScenarioRun]
    /// Findings of everything on this side, each with its spec key.
    public var findings: [FindingsDelta.Entry]
    /// Input problems, each a located message (`file:line:column: error: ...`, possibly with an excerpt).
    public var errors: [String]
    /// YAML files in a folder that were not loaded as specs, and why.
    public var skipped: [SpecLoader.Skipped]
    /// The specs (as the logs' headers name them) whose logs this side holds without the spec they were replayed
    /// from, missing or changed since: their findings are unknown.
    public var specsWithoutFindings: [String] = []

    public init(path: String, kind: Kind, runs: [ScenarioRun] = [], findings: [FindingsDelta.Entry] = [], errors: [String] = [],
                skipped: [SpecLoader.Skipped] = []) {
        self.path = path
        self.kind = kind
        self.runs = runs
        self.findings = findings
        self.errors = errors
        self.skipped = skipped
    }

    /// The tool versions that wrote this side's logs, sorted.
    public var tools: [String] { Set(runs.map(\.log.header.tool)).sorted() }

    /// Keeps only the runs of the scenario named `scenario`, its findings and the findings about declarations.
    ///
    /// When no run has that name, an error says so and lists the names there are.
    mutating func narrow(to scenario: String) {
        let names = Set(runs.map(\.scenario)).sorted()
        runs.removeAll { $0.scenario != scenario }
        findings.removeAll { $0.finding.scenario.map { $0 != scenario } ?? false }
        if runs.isEmpty, errors.isEmpty {
            let list = names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")
            let hint = Suggestions.closest(to: scenario, in: names).map { "did you mean '\($0)'? (the scenarios are \(list))" }
                ?? "the scenarios are \(list)"
            errors.append("\(path):1:1: error: no scenario named '\(scenario)' here; \(hint)")
        }
    }

    /// Whether the side is one file (a log or a spec) rather than a folder.
    public var isSingleFile: Bool { kind != .folder }

    /// Loads `path`, replaying specs and checking their findings with the rules `configuration` enables; in a folder,
    /// a spec `excluded` says to leave out (given its path and its path from the folder) is skipped.
    public static func load(_ path: String, configuration: RuleConfiguration = RuleConfiguration(),
                            excluded: (_ file: String, _ key: String) -> String? = { _, _ in nil }) -> DiffSide {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return DiffSide(path: path, kind: .spec, errors: ["\(path):1:1: error: no such file or folder; check the path"])
        }
        if isDirectory.boolValue { return loadFolder(path, configuration: configuration, excluded: excluded) }
        if isEventLog(path) { return loadLog(path, configuration: configuration) }
        var side = DiffSide(path: path, kind: .spec)
        side.addSpec(at: path, key: fileName(path), configuration: configuration)
        return side
    }

    /// Whether `path` names an event log: a `.jsonl`/`.ndjson`/`.json` file, or any non-YAML file whose text starts with `{`.
    static func isEventLog(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || lower.hasSuffix(".json") { return true }
        if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 64)) ?? Data()
        return start.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } == UInt8(ascii: "{")
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private static func loadFolder(_ path: String, configuration: RuleConfiguration,
                                   excluded: (_ file: String, _ key: String) -> String?) -> DiffSide {
        var side = DiffSide(path: path, kind: .folder)
        let found = SpecLoader.discover([path])
        side.skipped = found.skipped
        side.errors += found.missing.map(\.description)
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        for file in found.files {
            let key = file.hasPrefix(base + "/") ? String(file.dropFirst(base.count + 1)) : file
            if let reason = excluded(file, key) {
                side.skipped.append(SpecLoader.Skipped(path: file, reason: reason))
                continue
            }
            side.addSpec(at: file, key: key, configuration: configuration)
        }
        return side
    }

    private mutating func addSpec(at file: String, key: String, configuration: RuleConfiguration) {
        let loaded = SpecLoader.load(path: file)
        guard let spec = loaded.spec else {
            errors += loaded.diagnostics.map { $0.rendered(source: loaded.source).trimmingTrailingNewlines }
            return
        }
        add(spec, key: key, source: file, configuration: configuration)
    }

    /// Replays a loaded spec into this side: one run per log, and the spec's findings.
    mutating func add(_ spec: Spec, key: String, source: String, configuration: RuleConfiguration = RuleConfiguration()) {
        let logs = ScenarioRuns.logs(spec)
        for log in logs {
            runs.append(ScenarioRun(spec: key, scenario: log.header.scenario, log: log, specModel: spec, source: source))
        }
        findings += ScenarioRuns.findings(spec, logs: logs, configuration: configuration).map { FindingsDelta.Entry($0, spec: key) }
    }

    private static func loadLog(_ path: String, configuration: RuleConfiguration) -> DiffSide {
        var side = DiffSide(path: path, kind: .log)
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: InputFile.Limit.eventLog, what: "the log")
        } catch {
            side.errors.append(error.description)
            return side
        }
        let parts: [EventLog.FilePart]
        do {
            parts = try EventLog.parseFile(String(decoding: bytes, as: UTF8.self))
        } catch {
            side.errors.append("\(path):\(error.line):\(error.column): error: \(error.message)")
            return side
        }
        var specs: [String: Spec?] = [:]
        var logsBySpec: [(key: String, path: String, spec: Spec?, logs: [EventLog])] = []
        for part in parts {
            let log = part.log
            let specPath = log.header.spec
            if specs[specPath] == nil { specs[specPath] = .some(matchingSpec(of: log)) }
            let spec = specs[specPath]!
            let key = fileName(specPath)
            side.runs.append(ScenarioRun(spec: key, scenario: log.header.scenario, log: log, specModel: spec, source: path))
            if let index = logsBySpec.firstIndex(where: { $0.key == key }) {
                logsBySpec[index].logs.append(log)
            } else {
                logsBySpec.append((key, specPath, spec, [log]))
            }
        }
        // Without the spec the log was replayed from, the rules cannot run: the log's findings are unknown.
        for group in logsBySpec {
            guard let spec = group.spec else {
                side.specsWithoutFindings.append(group.path)
                continue
            }
            side.findings += ScenarioRuns.findings(spec, logs: group.logs, configuration: configuration).map { FindingsDelta.Entry($0, spec: group.key) }
        }
        return side
    }

    /// The spec a log was replayed from, when its file is still there with the same digest (so folding state can use its declarations).
    static func matchingSpec(of log: EventLog) -> Spec? {
        let path = log.header.spec
        guard !path.isEmpty, let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard "sha256:" + SHA256.hex(bytes) == log.header.specDigest else { return nil }
        return SpecLoader.load(bytes: bytes, path: path).spec
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
