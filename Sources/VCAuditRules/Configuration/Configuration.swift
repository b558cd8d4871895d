import Foundation
import VCAuditSpec
import VCAuditSupport
import VCAuditYAML

/// What `.vcaudit.yml` says: which rules run, at which severity, on which files and devices.
///
/// Every key is checked: an unknown key or rule id is an error with a
/// suggestion, never silently ignored.
///
/// ```yaml
/// disabled_rules: [pop_root]
/// only_rules: []                  # when not empty, exactly these rules run
/// severities: { present_while_presenting: error, restoration_id_missing: info }
/// included: [Specs, Examples]     # paths checked when the command line names none
/// excluded: [Examples/Bugs]       # never checked; both take globs: Specs/**/*.yaml, **/Drafts
/// devices: [iphone, ipad]         # the device matrix when --device is not given
/// strict: false                   # warnings fail the run too
/// baseline: .vcaudit-baseline.json
/// explore: 6                      # `check` also explores every user path to this depth (true: 6)
/// explore_events: true            # explores (at `explore`'s depth, else 6) with code paths run as events (`explore --events`)
/// explore_double_taps: false      # exploring taps no control twice in one turn: the app's controls ignore it (`explore --no-double-taps`)
/// ```
public struct Configuration: Sendable, Equatable {
    public var disabledRules: Set<String> = []
    public var onlyRules: Set<String> = []
    public var severities: [String: Severity] = [:]
    public var included: [String] = []
    public var excluded: [String] = []
    public var devices: [Device] = []
    public var strict = false
    public var baseline: String?
    /// With a depth, `check` also explores every user path from launch that deep (`vcaudit explore`).
    public var exploreDepth: Int?
    /// Whether that exploration also runs code paths as events the system may deliver (`vcaudit explore --events`).
    public var exploreEvents = false
    /// Whether exploring tries the double tap (false when the app's controls ignore a second tap while their transition
    /// runs: `vcaudit explore --no-double-taps`).
    public var exploreDoubleTaps = true
    /// The depths exploring takes, here and on the command line: beyond 50 actions, paths are bounded by states.
    public static let exploreDepths = 1...50

    /// The file it was read from, if any.
    public var path: String?
    /// The folder that holds the file, as a path from the working directory (`.` without a file): `included`,
    /// `excluded` and `baseline` are read from it, as SwiftLint reads its configuration's paths, so a run from a
    /// subfolder (which finds the file above) checks the same files.
    public var folder = "."
    /// Where each `included` entry, each `excluded` entry and the `baseline` path are written in that file, for
    /// errors about them.
    public var includedMarks: [String: Mark] = [:]
    public var excludedMarks: [String: Mark] = [:]
    public var baselineMark: Mark?

    /// An error about a path the configuration gives, at the place it gives it: `entry` of `included` (as written,
    /// or as `includedPaths` gives it), or the `baseline` when `entry` is nil. Nil when the configuration does not
    /// give it (a path from the command line).
    public func diagnostic(about entry: String?, _ message: String) -> Diagnostic? {
        let written = entry.map { entry in included.first { $0 == entry || resolved($0) == entry } ?? entry }
        guard let path, let mark = written.map({ includedMarks[$0] }) ?? baselineMark else { return nil }
        let what = written.map { "'\($0)' in 'included'" } ?? "'\(baseline ?? "")', the 'baseline' of the configuration,"
        return Diagnostic(.error, at: SourceLocation(file: path, mark: mark), "\(what) \(message)", length: (written ?? baseline ?? "").unicodeScalars.count)
    }

    /// A note about each `excluded` entry that is a plain path to nothing (a typo excludes nothing, silently), at
    /// the place it is written.
    public func excludedPathsMissing() -> [Diagnostic] {
        guard let path else { return [] }
        return excluded.compactMap { entry in
            guard !GlobPattern.isPattern(entry), !FileManager.default.fileExists(atPath: resolved(entry)), let mark = excludedMarks[entry] else { return nil }
            return Diagnostic(.note, at: SourceLocation(file: path, mark: mark),
                              "'\(entry)' in 'excluded' is no file or folder, so it excludes nothing; fix the path, or remove it", length: entry.unicodeScalars.count)
        }
    }

    /// A path the file gives (`included`, `excluded` or `baseline`), as a path from the working directory.
    public func resolved(_ entry: String) -> String {
        guard folder != "." else { return FilePath.tidy(entry) }
        return FilePath.relative(FilePath.joined(folder, entry), to: ".", workingDirectory: FileManager.default.currentDirectoryPath)
    }

    /// The baseline the file names, as a path from the working directory.
    public var baselinePath: String? { baseline.map(resolved) }

    public init() {}

    public static let fileName = ".vcaudit.yml"
    static let keys = ["disabled_rules", "only_rules", "severities", "included", "excluded", "devices", "strict", "baseline", "explore", "explore_events", "explore_double_taps"]
    /// The depth `explore: true` means.
    public static let defaultExploreDepth = 6

    /// Whether rule `id` runs.
    public func isEnabled(_ id: String) -> Bool {
        if !onlyRules.isEmpty { return onlyRules.contains(id) }
        return !disabledRules.contains(id)
    }

    /// The severity of rule `id`: the override, else its default.
    public func severity(of id: String, default defaultSeverity: Severity) -> Severity {
        severities[id] ?? defaultSeverity
    }

    /// Why a file `excluded` covers is skipped, as every command that skips one says it.
    public var exclusionReason: String { "excluded by \(path ?? Self.fileName)" }

    /// Whether `path` is excluded: it or a folder above it is listed in `excluded`, or it matches a glob there.
    ///
    /// Both are compared as absolute paths, so a file excluded from the configuration's folder is excluded however
    /// the command line names it (`Specs/Drafts/a.yaml`, `./Drafts/a.yaml` from `Specs`, `../Specs/Drafts/a.yaml`).
    public func isExcluded(_ path: String) -> Bool {
        guard !excluded.isEmpty else { return false }
        return excluded.contains { excludes($0, path) }
    }

    /// Whether the `excluded` entry `entry` excludes `path` (as `isExcluded` reads it).
    func excludes(_ entry: String, _ path: String) -> Bool {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let pattern = FilePath.tidy(entry)
        // From the configuration's folder: `../x/a.yaml` for a file beside it, which a `**` pattern still reaches.
        let file = pattern.hasPrefix("/") ? FilePath.absolute(path, from: workingDirectory)
            : FilePath.relative(path, to: folder, workingDirectory: workingDirectory)
        if GlobPattern.isPattern(entry) { return GlobPattern(pattern).matchesItselfOrAFolderAbove(file) }
        return file == pattern || pattern == "." || file.hasPrefix(pattern == "/" ? "/" : pattern + "/")
    }

    /// A note about each `excluded` glob that excludes none of `files` (every file a run of the whole `included`
    /// found), at the place it is written: a typo in a pattern excludes nothing, silently.
    public func excludedPatternsMatchingNothing(among files: [String]) -> [Diagnostic] {
        guard let path else { return [] }
        return excluded.compactMap { entry in
            guard GlobPattern.isPattern(entry), !files.contains(where: { excludes(entry, $0) }), let mark = excludedMarks[entry] else { return nil }
            return Diagnostic(.note, at: SourceLocation(file: path, mark: mark),
                              "'\(entry)' in 'excluded' matches none of the files 'included' holds, so it excludes nothing; fix the pattern, or remove it",
                              length: entry.unicodeScalars.count)
        }
    }

    /// `included` read from the configuration's folder, with its glob patterns expanded to the files they match
    /// (sorted; a pattern matching nothing is kept, so that the check names it as missing).
    public var includedPaths: [String] {
        included.flatMap { entry -> [String] in
            let path = resolved(entry)
            guard GlobPattern.isPattern(entry) else { return [path] }
            let files = GlobPattern(path).files()
            return files.isEmpty ? [path] : files
        }
    }

    static func normalize(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.hasSuffix("/"), p.count > 1 { p.removeLast() }
        return p
    }

    /// The nearest `.vcaudit.yml` in `directory` or a folder above it.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let up = url.deletingLastPathComponent()
            if up.path == url.path { return nil }
            url = up
        }
    }

    /// Reads the configuration at `path`, checking every key and rule id against `ruleIDs`.
    public static func load(path: String, ruleIDs: [String]) throws(DiagnosticList) -> Configuration {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue > InputFile.Limit.configuration {
            throw DiagnosticList([Diagnostic(.error, at: SourceLocation(file: path, line: 1, column: 1),
                "the configuration file is \(size.intValue) bytes, more than the \(InputFile.Limit.configuration) vcaudit reads; check the path")])
        }
        // A device such as /dev/null (`--config /dev/null`: no configuration) is read through a file handle.
        var isFolder: ObjCBool = false
        let isFile = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        guard isFile, let data = FileManager.default.contents(atPath: path) ?? FileHandle(forReadingAtPath: path).map({ handle in
            defer { try? handle.close() }
            return (try? handle.read(upToCount: InputFile.Limit.configuration + 1)) ?? Data()
        }) else {
            throw DiagnosticList([Diagnostic(.error, at: SourceLocation(file: path, line: 1, column: 1), "cannot read the configuration file; check the path given to --config")])
        }
        return try parse(bytes: [UInt8](data), path: path, ruleIDs: ruleIDs)
    }

    /// Parses configuration text.
    public static func parse(bytes: [UInt8], path: String, ruleIDs: [String]) throws(DiagnosticList) -> Configuration {
        var problems: [Diagnostic] = []
        func error(_ mark: Mark, _ message: String, length: Int = 1) {
            problems.append(Diagnostic(.error, at: SourceLocation(file: path, mark: mark), message, length: length))
        }
        var configuration = Configuration()
        configuration.path = path
        configuration.folder = FilePath.folder(of: path)
        let root: Node
        do {
            root = try Composer.compose(bytes)
        } catch {
            if case .empty = error.kind { return configuration }
            throw DiagnosticList([Diagnostic(.error, at: SourceLocation(file: path, mark: error.mark), error.message)])
        }
        guard let mapping = root.mapping else {
            throw DiagnosticList([Diagnostic(.error, at: SourceLocation(file: path, mark: root.mark), "the configuration must be a mapping of settings (\(keys.joined(separator: ", ")))")])
        }
        func strings(_ node: Node, key: String) -> [(String, Mark)] {
            if let scalar = node.scalar, scalar.isNull { return [] }
            guard let items = node.sequence?.items else {
                error(node.mark, "expected a list for '\(key)'")
                return []
            }
            return items.compactMap { item in
                guard let scalar = item.scalar, !scalar.isNull else {
                    error(item.mark, "expected a string in '\(key)'")
                    return nil
                }
                // An empty path would name the configuration's own folder: everything.
                guard !scalar.value.isEmpty else {
                    error(item.mark, "an empty entry in '\(key)' names no file; remove it")
                    return nil
                }
                // A quoted entry is located at its text, past the quote, so that a caret underlines the text.
                let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
                return (scalar.value, quoted ? Mark(line: scalar.mark.line, column: scalar.mark.column + 1) : scalar.mark)
            }
        }
        func ruleList(_ node: Node, key: String) -> Set<String> {
            var result: Set<String> = []
            for (id, mark) in strings(node, key: key) {
                if ruleIDs.contains(id) {
                    result.insert(id)
                } else {
                    error(mark, RuleCatalog.unknownIdentifierMessage(id, in: "'\(key)'", among: ruleIDs), length: id.count)
                }
            }
            return result
        }
        for entry in mapping.entries {
            let key = entry.key.scalar?.value ?? ""
            let value = entry.value
            switch key {
            case "disabled_rules": configuration.disabledRules = ruleList(value, key: key)
            case "only_rules": configuration.onlyRules = ruleList(value, key: key)
            case "severities":
                guard let map = value.mapping else {
                    error(value.mark, "expected a mapping of rule id to severity (error, warning, info) for 'severities'")
                    continue
                }
                for pair in map.entries {
                    let id = pair.key.scalar?.value ?? ""
                    guard ruleIDs.contains(id) else {
                        error(pair.key.mark, RuleCatalog.unknownIdentifierMessage(id, in: "'severities'", among: ruleIDs), length: id.count)
                        continue
                    }
                    guard let text = pair.value.scalar?.value, let severity = Severity(rawValue: text) else {
                        let found = pair.value.scalar?.value ?? pair.value.kindDescription
                        error(pair.value.mark, "unknown severity '\(found)' for rule '\(id)'" + Suggestions.insteadOf(found, in: Severity.allCases.map(\.rawValue), use: "error, warning or info"))
                        continue
                    }
                    configuration.severities[id] = severity
                }
            case "included":
                let entries = strings(value, key: key)
                configuration.included = entries.map(\.0)
                for (entry, mark) in entries where configuration.includedMarks[entry] == nil { configuration.includedMarks[entry] = mark }
            case "excluded":
                let entries = strings(value, key: key)
                configuration.excluded = entries.map(\.0)
                for (entry, mark) in entries where configuration.excludedMarks[entry] == nil { configuration.excludedMarks[entry] = mark }
            case "devices":
                for (name, mark) in strings(value, key: key) {
                    if let device = Device(rawValue: name) {
                        if !configuration.devices.contains(device) { configuration.devices.append(device) }
                    } else {
                        error(mark, "unknown device '\(name)'" + Suggestions.insteadOf(name, in: Device.allCases.map(\.rawValue), use: "iphone or ipad"), length: name.count)
                    }
                }
            case "strict":
                if let flag = value.scalar?.bool { configuration.strict = flag } else { error(value.mark, "expected true or false for 'strict'") }
            case "explore":
                if let flag = value.scalar?.bool {
                    configuration.exploreDepth = flag ? Self.defaultExploreDepth : nil
                } else if let text = value.scalar?.value, let depth = Int(text), Self.exploreDepths.contains(depth) {
                    configuration.exploreDepth = depth
                } else {
                    error(value.mark, "expected true, false or a depth from \(Self.exploreDepths.lowerBound) to \(Self.exploreDepths.upperBound) for 'explore'")
                }
            case "explore_events":
                if let flag = value.scalar?.bool { configuration.exploreEvents = flag } else { error(value.mark, "expected true or false for 'explore_events'") }
            case "explore_double_taps":
                if let flag = value.scalar?.bool { configuration.exploreDoubleTaps = flag } else {
                    error(value.mark, "expected true or false for 'explore_double_taps'")
                }
            case "baseline":
                if let scalar = value.scalar, !scalar.isNull {
                    configuration.baseline = scalar.value
                    configuration.baselineMark = scalar.mark
                } else {
                    error(value.mark, "expected a file path for 'baseline'")
                }
            default:
                let hint = Suggestions.closest(to: key, in: keys).map { "; did you mean '\($0)'?" } ?? " (known keys: \(keys.joined(separator: ", ")))"
                error(entry.key.mark, "unknown configuration key '\(key)'\(hint)", length: key.count)
            }
        }
        // Running code paths as events is a way of exploring, as `--explore-events` implies `--explore`.
        if configuration.exploreEvents, configuration.exploreDepth == nil {
            if let explore = mapping["explore"], explore.scalar?.bool == false {
                error(explore.mark, "'explore: false' contradicts 'explore_events: true', which explores; remove one of them")
            } else {
                configuration.exploreDepth = Self.defaultExploreDepth
            }
        }
        if !configuration.onlyRules.isEmpty, !configuration.disabledRules.isEmpty, let mark = mapping["only_rules"]?.mark {
            error(mark, "'only_rules' and 'disabled_rules' cannot both be set; 'only_rules' already lists exactly the rules that run")
        }
        if !problems.isEmpty { throw DiagnosticList(problems) }
        return configuration
    }
}
