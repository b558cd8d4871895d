import Foundation
import VCAuditSupport
import VCAuditYAML

/// Finds spec files and loads each one independently.
///
/// A folder is searched (recursively, in sorted order) for `*.yaml`/`*.yml`
/// files; a file found that way is a spec when it has a top-level `vcaudit:`
/// key, and every other YAML file is listed in `LoadReport.skipped` with the
/// reason, so nothing is skipped silently. A file named explicitly is always
/// loaded. One bad file never stops the others.
public enum SpecLoader {
    /// What loading one file gave.
    public enum Outcome: Sendable {
        case loaded(Spec, source: SourceText)
        case failed([Diagnostic], source: SourceText?)
    }

    /// One file and what loading it gave.
    public struct LoadedFile: Sendable {
        public var path: String
        public var outcome: Outcome

        public var spec: Spec? {
            if case .loaded(let spec, _) = outcome { return spec }
            return nil
        }

        public var diagnostics: [Diagnostic] {
            if case .failed(let diagnostics, _) = outcome { return diagnostics }
            return []
        }

        public var source: SourceText? {
            switch outcome {
            case .loaded(_, let source): source
            case .failed(_, let source): source
            }
        }
    }

    /// An input file found in a folder but not loaded (a YAML file that is not a spec, a storyboard of another
    /// platform), or a storyboard given but left out of the app (a launch screen), and why.
    public struct Skipped: Sendable, Hashable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// `path: note: skipped: reason`, as commands say it on standard error.
        public var note: String { "\(path): note: skipped: \(reason)" }

        /// The notes of `skipped`, in order, one for each reason that more than three files share (at its first file,
        /// with how many more): the copies a localization catalog exports, the YAML files of a repository that are not
        /// specs, would otherwise fill the screen. `--format json` lists every file.
        public static func notes(_ skipped: [Skipped]) -> [String] {
            var count: [String: Int] = [:]
            for file in skipped { count[file.reason, default: 0] += 1 }
            var said: Set<String> = []
            return skipped.compactMap { file in
                let sharing = count[file.reason]!
                guard sharing > 3 else { return file.note }
                guard said.insert(file.reason).inserted else { return nil }
                return "\(file.path): note: skipped, with \(sharing - 1) more files for the same reason ('--format json' lists them): \(file.reason)"
            }
        }
    }

    /// What `discover` found under the paths it was given.
    public struct Discovery: Sendable {
        /// The spec files to load.
        public var files: [String]
        /// YAML files that are not specs, with why.
        public var skipped: [Skipped]
        /// Paths that do not exist, and folders with nothing to read, as diagnostics at `path:1:1`.
        public var missing: [Diagnostic]
        /// The other input the caller reads (`alongside`): the paths given that end with one of its suffixes, and
        /// such files found in the folders given.
        public var alongside: [String]
    }

    /// The files to load under `paths`, and the YAML files left out with their reasons.
    ///
    /// Files come in the order of `paths`, each folder's in sorted order, each
    /// file once. Hidden files and folders (a name starting with `.`) are not
    /// searched. A path that does not exist, and a folder without any YAML
    /// file, are reported in `missing` as diagnostics at `path:1:1`. Files
    /// whose name ends with one of `alongside` (other input the caller reads,
    /// such as `.storyboard`) are found in the same search, given or in the
    /// folders, and a folder holding one is not reported empty.
    public static func discover(_ paths: [String], alongside otherInputs: [String] = []) -> Discovery {
        var discovery = Discovery(files: [], skipped: [], missing: [], alongside: [])
        var seen: Set<String> = []
        let fm = FileManager.default
        func isOtherInput(_ path: String) -> Bool { otherInputs.contains(where: path.hasSuffix) }
        func add(_ file: String) {
            guard seen.insert(file).inserted else { return }
            if isOtherInput(file) { discovery.alongside.append(file) } else { discovery.files.append(file) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                discovery.missing.append(Diagnostic(.error, at: SourceLocation(file: path, line: 1, column: 1), "no such file or folder; check the path"))
                continue
            }
            guard isDirectory.boolValue else {
                add(path)
                continue
            }
            guard fm.isReadableFile(atPath: path), fm.isExecutableFile(atPath: path) else {
                discovery.missing.append(Diagnostic(.error, at: SourceLocation(file: path, line: 1, column: 1),
                                                    "cannot read this folder (permission denied); check its permissions"))
                continue
            }
            let found = InputFolder.files(under: path) { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || isOtherInput($0) }
            for file in found where isOtherInput(file) { add(file) }
            if found.isEmpty {
                let kinds = (["*.yaml", "*.yml"] + otherInputs.map { "*" + $0 })
                let listed = kinds.count == 2 ? kinds.joined(separator: " or ")
                    : kinds.dropLast().joined(separator: ", ") + " or " + kinds.last!
                discovery.missing.append(Diagnostic(.error, at: SourceLocation(file: path, line: 1, column: 1), "no \(listed) file in this folder; check the path"))
            }
            for file in found where !isOtherInput(file) {
                if declaresSpec(file) {
                    add(file)
                } else if seen.insert(file).inserted {
                    discovery.skipped.append(Skipped(path: file, reason: "no top-level 'vcaudit:' key, so not a vcaudit spec"))
                }
            }
        }
        return discovery
    }

    /// Whether the file has a top-level `vcaudit:` key, judged from its text without parsing it.
    ///
    /// Only a bounded prefix is read. A UTF-8 byte order mark is ignored; a
    /// UTF-16 file (a UTF-16 byte order mark, or NUL bytes) is read as UTF-16,
    /// so that loading it reports its encoding instead of it being skipped.
    static func declaresSpec(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: 64 * 1024)) ?? Data())
        return declaresSpec(prefix: bytes)
    }

    static func declaresSpec(prefix bytes: [UInt8]) -> Bool {
        // UTF-8 (the usual case): scan the bytes for a line that starts with the key, without decoding them.
        if !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]), !bytes.contains(0) {
            return bytes.withUnsafeBufferPointer { declaresSpec(utf8: $0) } || looksLikeSpec(String(decoding: bytes, as: UTF8.self))
        }
        var text: String
        if bytes.starts(with: [0xFF, 0xFE]) || (bytes.contains(0) && bytes.count > 1 && bytes[1] == 0) {
            text = String(decoding: stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }, as: UTF16.self)
        } else if bytes.starts(with: [0xFE, 0xFF]) || bytes.contains(0) {
            text = String(decoding: stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }, as: UTF16.self)
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return looksLikeSpec(text)
    }

    /// Whether `text` (a file's beginning) has a top-level `vcaudit:` key, or is a spec whose key is misspelled
    /// (`vcadit:`, `VCAudit:`) or missing while its top-level keys are a spec's (`controllers:` with `window:`,
    /// `transitions:` or `scenarios:`): loaded, it gets an error that says so, where skipping it would check nothing
    /// and pass.
    static func looksLikeSpec(_ text: String) -> Bool {
        var keys: Set<String> = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            guard let first = line.first, first.isLetter || first == "\"" || first == "'", let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            guard !key.isEmpty, key.count <= 40 else { continue }
            if key.lowercased() == "vcaudit" || Suggestions.closest(to: key, in: ["vcaudit"]) != nil { return true }
            keys.insert(key)
        }
        return keys.contains("controllers") && !keys.isDisjoint(with: ["window", "transitions", "scenarios"])
    }

    /// Whether a line of the UTF-8 `bytes` (after a byte order mark) starts with `vcaudit:`, `"vcaudit":` or `'vcaudit':`.
    private static func declaresSpec(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let keys: [[UInt8]] = [Array("vcaudit:".utf8), Array("\"vcaudit\":".utf8), Array("'vcaudit':".utf8)]
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            for key in keys where bytes.count - start >= key.count {
                var matches = true
                for (offset, byte) in key.enumerated() where bytes[start + offset] != byte {
                    matches = false
                    break
                }
                if matches { return true }
            }
            // The next line: after the next \n or \r.
            while start < bytes.count, bytes[start] != 0x0A, bytes[start] != 0x0D { start += 1 }
            start += 1
        }
        return false
    }

    /// Loads and decodes one file; with `rules`, unknown rule ids in `ignore:` are among its errors; with
    /// `storyboards`, the storyboards it lists are imported under it.
    public static func load(path: String, limits: Composer.Limits = .default, rules: RuleVocabulary? = nil,
                            storyboards: StoryboardImport? = nil) -> LoadedFile {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular, type != .typeSymbolicLink, type != .typeDirectory {
            return LoadedFile(path: path, outcome: .failed([Diagnostic(.error, at: start, "not a regular file (a device, a pipe or a socket); give the path of a spec file")], source: nil))
        }
        if attributes?[.type] as? FileAttributeType == .typeDirectory {
            // Commands that read one spec (replay, tree, diff, verify) are given a folder: `check` and `explore` take those.
            return LoadedFile(path: path, outcome: .failed([Diagnostic(.error, at: start, "a folder, not a spec file; give the path of a spec file "
                + "('vcaudit check' and 'explore' read folders)")], source: nil))
        }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > limits.maxBytes {
            return LoadedFile(path: path, outcome: .failed([Diagnostic(.error, at: start, "the file is \(size) bytes, more than the \(limits.maxBytes) a spec may have; split it into several specs")], source: nil))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            // Worded as `check` words a missing path, whichever command reads it.
            let message = attributes == nil ? "no such file or folder; check the path" : "cannot read the file; check that it is readable"
            return LoadedFile(path: path, outcome: .failed([Diagnostic(.error, at: start, message)], source: nil))
        }
        return load(bytes: [UInt8](data), path: path, limits: limits, rules: rules, storyboards: storyboards)
    }

    /// Imports the storyboards a spec lists under `storyboards:` (paths as the spec's folder resolves them: files, or
    /// folders that hold them) into the text of a spec, or says why it cannot: each error with the index of the path
    /// it comes from (`file:line:column: error: ...`). Supplied by the storyboard module.
    public typealias StoryboardImport = @Sendable (_ paths: [String]) -> (yaml: String?, errors: [(path: Int, message: String)])

    /// Decodes `bytes` as the spec at `path`; with `rules`, unknown rule ids in `ignore:` are among its errors; with
    /// `storyboards`, a `storyboards:` key imports those files and the spec builds on their declarations.
    public static func load(bytes: [UInt8], path: String, limits: Composer.Limits = .default, rules: RuleVocabulary? = nil,
                            storyboards: StoryboardImport?) -> LoadedFile {
        let source = SourceText(bytes: bytes)
        let root: Node
        do {
            root = try Composer.compose(bytes, limits: limits)
        } catch {
            return load(bytes: bytes, path: path, limits: limits, rules: rules)
        }
        guard let list = root.mapping?.value(forKey: "storyboards") else {
            return load(bytes: bytes, path: path, limits: limits, rules: rules)
        }
        let entries = list.sequence.map { Array($0.items) } ?? []
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
        // Each path with the entry that lists it, where its errors are located.
        let listed = entries.compactMap { entry in entry.scalar.map { (entry: entry, path: $0.value) } }
        // Named as the command line names files (`FilePath.shortest`): `Specs/../UI/Main.storyboard` is `UI/Main.storyboard`.
        let workingDirectory = FileManager.default.currentDirectoryPath
        let paths = listed.map(\.path).map { FilePath.shortest($0.hasPrefix("/") || folder.isEmpty ? $0 : folder + "/" + $0, workingDirectory: workingDirectory) }
        guard let storyboards else {
            let diagnostic = Diagnostic(.error, at: SourceLocation(file: path, mark: list.mark),
                                        "this command needs every controller written in the spec and does not read 'storyboards:' "
                                        + "(check, explore, replay, tree, graph and generate do); write them with 'vcaudit import storyboard "
                                        + "\(entries.compactMap { $0.scalar?.value }.joined(separator: " ")) --out <spec>', add the scenarios there, "
                                        + "and give that spec")
            return LoadedFile(path: path, outcome: .failed([diagnostic], source: source))
        }
        let imported = storyboards(paths)
        var problems = imported.errors.map { error in
            let mark = listed.indices.contains(error.path) ? listed[error.path].entry.mark : list.mark
            return Diagnostic(.error, at: SourceLocation(file: path, mark: mark), "a storyboard listed here cannot be read: \(error.message)")
        }
        guard problems.isEmpty, let yaml = imported.yaml else { return LoadedFile(path: path, outcome: .failed(problems, source: source)) }
        // The import is numbered on after the spec's last line, so that a mark says whose text it is in.
        let firstImportedLine = bytes.reduce(2) { $1 == 0x0A ? $0 + 1 : $0 }
        // The import names the storyboards from the working directory, as they were given to it.
        let base = load(bytes: Array(repeating: 0x0A, count: firstImportedLine - 1) + Array(yaml.utf8), path: path, limits: limits, rules: rules,
                        sourcesFromWorkingDirectory: true)
        guard let baseSpec = base.spec else {
            problems = base.diagnostics.map { Diagnostic(.error, at: SourceLocation(file: path, mark: list.mark),
                                                         "the spec imported from the storyboards does not load (\($0.message)); please report it") }
            return LoadedFile(path: path, outcome: .failed(problems, source: source))
        }
        do throws(DiagnosticList) {
            var spec = try SpecDecoder.decode(root, file: path, rules: rules, base: baseSpec)
            spec.firstImportedLine = firstImportedLine
            locateSources(of: &spec, before: firstImportedLine)
            spec.setDigest(of: bytes)
            return LoadedFile(path: path, outcome: .loaded(spec, source: source))
        } catch {
            return LoadedFile(path: path, outcome: .failed(error.diagnostics, source: source))
        }
    }

    /// Decodes `bytes` as the spec at `path`; with `rules`, unknown rule ids in `ignore:` are among its errors.
    ///
    /// A relative `source:` path is read from the spec's folder (`locateSources(of:before:)`), unless
    /// `sourcesFromWorkingDirectory`: a spec imported in memory names the storyboards as they were given.
    public static func load(bytes: [UInt8], path: String, limits: Composer.Limits = .default, rules: RuleVocabulary? = nil,
                            sourcesFromWorkingDirectory: Bool = false) -> LoadedFile {
        let source = SourceText(bytes: bytes)
        // XML is never a spec (a spec is a mapping): most likely a storyboard given to a command that reads specs.
        let text = bytes.dropFirst(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if text.starts(with: "<?xml".utf8) || text.starts(with: "<document".utf8) {
            let diagnostic = Diagnostic(.error, at: SourceLocation(file: path, line: 1, column: 1),
                                        "XML, not a spec: this command reads specs; for a storyboard, write its spec with 'vcaudit "
                                        + "import storyboard \(path) --out app.yaml' and add scenarios there (check, explore and graph "
                                        + "read storyboards themselves)")
            return LoadedFile(path: path, outcome: .failed([diagnostic], source: source))
        }
        let root: Node
        do {
            root = try Composer.compose(bytes, limits: limits)
        } catch {
            let notes = error.notes.map { Diagnostic.Note(location: SourceLocation(file: path, mark: $0.mark), message: $0.message) }
            let diagnostic = Diagnostic(.error, at: SourceLocation(file: path, mark: error.mark), error.message, length: error.length, notes: notes)
            return LoadedFile(path: path, outcome: .failed([diagnostic], source: source))
        }
        do {
            var spec = try SpecDecoder.decode(root, file: path, rules: rules)
            if !sourcesFromWorkingDirectory { locateSources(of: &spec) }
            spec.setDigest(of: bytes)
            return LoadedFile(path: path, outcome: .loaded(spec, source: source))
        } catch {
            return LoadedFile(path: path, outcome: .failed(error.diagnostics, source: source))
        }
    }

    /// Names the files of `spec`'s `source:` references as the working directory reaches them: a relative path is
    /// read from the spec's folder when that folder holds the file, else as written.
    ///
    /// `source:` paths are relative to the spec, as `storyboards:` entries are (`vcaudit import storyboard --out`
    /// writes them so). Specs imported by earlier versions name the storyboards from the folder the import ran in:
    /// when the spec's folder holds no such file, the path is kept as written, read from the working directory. An
    /// absolute path is kept as it is. Only declarations on lines before `firstImportedLine` are the spec's own: the
    /// rest were imported from its `storyboards:`, already named from the working directory.
    static func locateSources(of spec: inout Spec, before firstImportedLine: Int = .max) {
        let folder = FilePath.folder(of: spec.file)
        // From the spec's own folder, a path already reads as it is written.
        guard folder != "." else { return }
        // Read when a reference needs it: most specs have none.
        var workingDirectory: String?
        var located: [String: String] = [:]
        func locate(_ reference: inout SourceReference?, at mark: Mark) {
            guard mark.line < firstImportedLine, let file = reference?.file, !file.hasPrefix("/") else { return }
            if located[file] == nil {
                // Joined as written, `..` kept: through a folder that is a symbolic link, `Specs/../UI` is not `UI`.
                let fromSpec = folder + "/" + file
                if workingDirectory == nil { workingDirectory = FileManager.default.currentDirectoryPath }
                located[file] = FileManager.default.fileExists(atPath: fromSpec)
                    ? FilePath.shortest(fromSpec, workingDirectory: workingDirectory!) : file
            }
            reference?.file = located[file]!
        }
        // By index, changing fields in place.
        for index in spec.controllers.indices where spec.controllers[index].source != nil {
            locate(&spec.controllers[index].source, at: spec.controllers[index].mark)
        }
        for index in spec.transitions.indices where spec.transitions[index].source != nil {
            locate(&spec.transitions[index].source, at: spec.transitions[index].mark)
        }
    }
}
