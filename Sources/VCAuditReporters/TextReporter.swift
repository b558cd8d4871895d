import VCAuditSupport
import VCAuditRules
import VCAuditSpec

/// Xcode-compatible lines: `file:line:col: error: message (scenario 'S', on ipad) [rule_id]`.
///
/// Each finding is one line (severity `error`, `warning`, or `note` for info),
/// followed by a `file:line:col: note: …` line per note. Before the findings
/// come the files that were skipped (`path: note: skipped: reason`) and
/// the input errors, worded like `Diagnostic.description` with their notes.
/// Line breaks in messages become spaces and control characters are escaped,
/// so every line stands alone. ANSI colour only when `ReportOptions.color`
/// is set. The summary line is not part of the report: the CLI prints
/// `Reporters.summaryLine(_:)` on standard error.
public struct TextReporter: Reporter {
    public static let identifier = "text"
    public static let help = "Xcode-style 'file:line:col: error: message [rule_id]' lines with notes"

    public var options: ReportOptions

    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    public func report(_ result: CheckResult) -> String {
        let ordered = OrderedResult(result)
        let style = TerminalStyle(enabled: options.color)
        var out = ""
        for skipped in ordered.skipped {
            out += Self.line(location: skipped.path, word: "note", message: "skipped: " + skipped.reason, style: style)
        }
        for diagnostic in ordered.inputErrors {
            out += Self.lines(for: diagnostic, style: style)
        }
        for finding in ordered.findings {
            out += Self.lines(for: finding, style: style)
        }
        return out
    }

    /// A finding's line and its note lines, each ending in a line break.
    static func lines(for finding: Finding, style: TerminalStyle) -> String {
        var message = style.bold(VisibleText.singleLine(finding.message))
        if let phrase = FindingContext.phrase(finding) { message += " " + VisibleText.singleLine(phrase) }
        message += " " + style.dim("[\(finding.ruleID)]")
        var out = line(location: finding.location.description, word: finding.severity.diagnosticWord, styledMessage: message, style: style)
        for note in finding.notes {
            out += line(location: note.location.description, word: "note", message: note.message, style: style)
        }
        return out
    }

    /// An input error's line and its note lines, each ending in a line break.
    static func lines(for diagnostic: Diagnostic, style: TerminalStyle) -> String {
        var out = line(location: diagnostic.location.description, word: diagnostic.severity.rawValue,
                       styledMessage: style.bold(VisibleText.singleLine(diagnostic.message)), style: style)
        for note in diagnostic.notes {
            out += line(location: note.location.description, word: "note", message: note.message, style: style)
        }
        return out
    }

    private static func line(location: String, word: String, message: String, style: TerminalStyle) -> String {
        line(location: location, word: word, styledMessage: VisibleText.singleLine(message), style: style)
    }

    private static func line(location: String, word: String, styledMessage: String, style: TerminalStyle) -> String {
        style.bold(VisibleText.singleLine(location) + ":") + " " + style.severity(word) + " " + styledMessage + "\n"
    }
}
