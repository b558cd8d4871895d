import VCAuditRules
import VCAuditSpec

/// Runs `check` on a set of paths and returns what it found, without printing anything.
///
/// Each file is discovered, loaded and validated on its own: a bad file adds
/// its diagnostics to `CheckResult.inputErrors` and the next file is checked
/// all the same. Only the text of files with errors is kept (for excerpts),
/// so memory is bounded by the largest spec, not by the corpus.
///
/// This stage loads and validates specs; replay, rules and configuration
/// plug in here, per loaded spec, without changing the command.
public struct CheckRunner: Sendable {
    /// What to check and how.
    public struct Options: Sendable {
        /// Spec files or folders, as the user gave them.
        public var paths: [String]
        /// Bounds on each spec file's size and shape.
        public var limits: Composer.Limits

        public init(paths: [String], limits: Composer.Limits = .default) {
            self.paths = paths
            self.limits = limits
        }
    }

    public var options: Options

    public init(options: Options) {
        self.options = options
    }

    /// Discovers, loads and validates every spec under `options.paths`, in the order the paths are given.
    public func run() -> CheckResult {
        var result = CheckResult()
        var seen: Set<String> = []
        for path in options.paths {
            let found = SpecLoader.discover([path])
            result.inputErrors += found.missing
            result.skipped += found.skipped.filter { seen.insert($0.path).inserted }
            for file in found.files where seen.insert(file).inserted {
                result.files.append(file)
                check(file, into: &result)
            }
        }
        return result
    }

    /// Loads one spec; its diagnostics, if any, become input errors.
    private func check(_ path: String, into result: inout CheckResult) {
        let loaded = SpecLoader.load(path: path, limits: options.limits)
        if loaded.spec == nil {
            result.inputErrors += loaded.diagnostics
            if let source = loaded.source { result.sources[path] = source }
        }
    }
}
