import VCAuditRules
import VCAuditSpec

/// What `check` prints and the status it exits with, for one `CheckResult`.
///
/// Results go to standard output (none yet: findings come with the rules);
/// bad input goes to standard error, rendered like a compiler's diagnostics,
/// with a note for each YAML file skipped; the summary line is for people at
/// a terminal only.
public struct CheckReport: Sendable, Equatable {
    public var standardOutput: String
    public var standardError: String
    public var exitStatus: Int32

    /// Exit status when every input was read and nothing failed.
    public static let success: Int32 = 0
    /// Exit status when any input was bad (unreadable, not a valid spec) or the command line was wrong.
    public static let badInput: Int32 = 2

    public init(_ result: CheckResult, summaryForTerminal: Bool) {
        var errorText = ""
        for diagnostic in result.inputErrors {
            errorText += diagnostic.rendered(source: result.sources[diagnostic.location.file])
        }
        for skipped in result.skipped {
            errorText += "\(skipped.path): note: skipped: \(skipped.reason)\n"
        }
        if summaryForTerminal {
            errorText += Self.summary(result) + "\n"
        }
        standardOutput = ""
        standardError = errorText
        exitStatus = result.inputErrors.isEmpty ? Self.success : Self.badInput
    }

    /// One line: how many specs were checked, how many had errors, how many files were skipped.
    static func summary(_ result: CheckResult) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let badFiles = Set(result.inputErrors.map(\.location.file)).count
        var line = "vcaudit: checked \(count(result.files.count, "spec file"))"
        if result.inputErrors.isEmpty {
            line += ", no errors"
        } else {
            line += ", \(count(result.inputErrors.count, "error")) in \(count(badFiles, "file"))"
        }
        if !result.skipped.isEmpty {
            line += "; skipped \(count(result.skipped.count, "YAML file"))"
        }
        return line
    }
}
