import Foundation
import VCAuditReporters
import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// The `.vcaudit.yml` a command reads: the one `--config` names, else the nearest one above the working directory.
enum ConfigurationFile {
    /// A configuration that does not load: its errors, rendered with their source lines for standard error.
    struct Failure: Error {
        var diagnostics: [Diagnostic]
        var rendered: String

        /// What a run that reads the configuration (`check`, `explore`) prints for it: the errors, then the summary.
        var report: String { rendered + Reporters.summaryLine(CheckResult(inputErrors: diagnostics)) + "\n" }
    }

    /// The path `--config` gives, else the nearest `.vcaudit.yml`, named relative to the working directory like the
    /// spec paths; nil when there is none.
    static func path(given: String?) -> String? {
        let workingDirectory = FileManager.default.currentDirectoryPath
        return given ?? Configuration.find(from: workingDirectory).map { FilePath.relative($0, to: workingDirectory, workingDirectory: workingDirectory) }
    }

    /// The notes about what the configuration says that does nothing (an `excluded` path to nothing), rendered with
    /// their source lines for standard error.
    ///
    /// With `found` (every file a run of the whole `included` found, excluded ones too), an `excluded` pattern that
    /// matches none of them is noted as well.
    static func notes(_ configuration: Configuration, found: [String]? = nil) -> String {
        let notes = configuration.excludedPathsMissing() + (found.map(configuration.excludedPatternsMatchingNothing) ?? [])
        guard let path = configuration.path, !notes.isEmpty else { return "" }
        let source = (try? InputFile.read(path, limit: InputFile.Limit.configuration, what: "the configuration")).map { SourceText(bytes: $0) }
        return notes.map { $0.rendered(source: source) }.joined()
    }

    /// The configuration at `path(given:)`, or the defaults without one; errors in it are never ignored.
    static func load(given: String?) throws(Failure) -> Configuration {
        guard let path = path(given: given) else { return Configuration() }
        do {
            return try Configuration.load(path: path, ruleIDs: RuleCatalog.identifiers)
        } catch {
            let source = FileManager.default.contents(atPath: path).map { SourceText(bytes: [UInt8]($0)) }
            throw Failure(diagnostics: error.diagnostics, rendered: error.diagnostics.map { $0.rendered(source: source) }.joined())
        }
    }
}
