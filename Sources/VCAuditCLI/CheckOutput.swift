import ArgumentParser
import VCAuditReporters
import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// What `check` prints and writes, and the status it exits with, for one `CheckResult`.
///
/// The report in the chosen format goes to standard output; bad input goes
/// to standard error rendered like a compiler's diagnostics (source line and
/// caret), with a note for each file skipped and for each baseline entry
/// that matched nothing, then the summary line. With the `text` format, input
/// errors and skipped files are said once, on standard error, not again on
/// standard output.
public struct CheckOutput: Sendable, Equatable {
    public var standardOutput: String
    public var standardError: String
    /// Extra reports: path → contents, to be written atomically.
    public var files: [String: String]
    public var exitStatus: Int32

    /// Exit status when nothing failed.
    public static let success: Int32 = 0
    /// Exit status when findings at or above the failing severity remain.
    public static let findingsFailed: Int32 = 1
    /// Exit status when any input was bad (unreadable, not a valid spec, bad configuration) or the command line was wrong.
    public static let badInput: Int32 = 2

    /// How to render.
    public struct Options: Sendable {
        public var format = "text"
        /// `(format, path)` pairs for `--report`.
        public var reports: [(format: String, path: String)] = []
        public var color = false
        public var strict = false
        /// Baseline entries that matched nothing, to report so the baseline shrinks.
        public var staleBaselineEntries: [Baseline.Key] = []
        /// Notes for standard error after the input errors and skipped files, before the summary line.
        public var notes: [String] = []
        public var reportOptions = ReportOptions()
    }

    /// What the command ends with: the reports as files, the text, the status.
    public var output: SubcommandOutput {
        SubcommandOutput(stdout: standardOutput, stderr: standardError, files: files, status: exitStatus)
    }

    /// Writes the reports, then standard output and standard error, and exits with the status (`SubcommandOutput.deliver()`).
    func deliver() throws {
        try output.deliver()
    }

    public static func == (a: CheckOutput, b: CheckOutput) -> Bool {
        a.standardOutput == b.standardOutput && a.standardError == b.standardError && a.files == b.files && a.exitStatus == b.exitStatus
    }

    /// Bad input found before anything was checked (a configuration that does not load, no paths): `text` on
    /// standard error, exit status 2.
    init(badInput text: String) {
        standardOutput = ""
        standardError = text
        files = [:]
        exitStatus = Self.badInput
    }

    init(_ result: CheckResult, options: Options = Options()) {
        var errorText = ""
        for diagnostic in result.inputErrors {
            errorText += diagnostic.rendered(source: result.sources[diagnostic.location.file])
        }
        for note in SpecLoader.Skipped.notes(result.skipped) {
            errorText += note + "\n"
        }
        for key in options.staleBaselineEntries {
            errorText += "\(key.spec): note: baseline entry matches nothing any more: \(key.description); run with --write-baseline to drop it\n"
        }
        for note in options.notes { errorText += note + "\n" }
        errorText += Reporters.summaryLine(result) + "\n"

        var reportOptions = options.reportOptions
        reportOptions.color = options.color && options.format == "text"
        reportOptions.failingSeverity = options.strict ? .warning : .error
        var shown = result
        if options.format == "text" {
            shown.inputErrors = []
            shown.skipped = []
        }
        standardOutput = Reporters.named(options.format, options: reportOptions)?.report(shown) ?? ""
        var files: [String: String] = [:]
        var plain = options.reportOptions
        plain.color = false
        plain.failingSeverity = reportOptions.failingSeverity
        for (format, path) in options.reports {
            files[path] = Reporters.named(format, options: plain)?.report(result) ?? ""
        }
        self.files = files
        standardError = errorText
        exitStatus = Self.exitStatus(result, strict: options.strict)
    }

    /// 2 for bad input, 1 for findings at or above the failing severity (error; warning too when strict), else 0.
    public static func exitStatus(_ result: CheckResult, strict: Bool) -> Int32 {
        if !result.inputErrors.isEmpty { return badInput }
        let failing: Severity = strict ? .warning : .error
        return result.findings.contains { $0.severity >= failing } ? findingsFailed : success
    }
}
