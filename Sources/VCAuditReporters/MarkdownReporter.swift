import VCAuditRules
import VCAuditSpec

/// A Markdown summary for a pull-request comment (GitHub Flavored Markdown).
///
/// A `## vcaudit` headline and the summary line; input errors in a table;
/// then a section per spec file with a table of its findings (severity, rule,
/// line:column, message with its scenario and devices) and the findings'
/// notes in a `<details>` block; skipped files in a last `<details>`
/// block. A clean run says `No findings in …`. Text from specs is escaped so
/// it renders as written. Paths are relative to `ReportOptions.rootDirectory`.
public struct MarkdownReporter: Reporter {
    public static let identifier = "markdown"
    public static let help = "a Markdown summary with a table per spec, for pull-request comments"

    public var options: ReportOptions

    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    public func report(_ result: CheckResult) -> String {
        let ordered = OrderedResult(result)
        let summary = ordered.summary.line
        var out = "## \(ReportOptions.toolName)\n\n" + summary.prefix(1).uppercased() + summary.dropFirst() + "\n"

        if !ordered.inputErrors.isEmpty {
            out += "\n### Input errors\n\n| Location | Message |\n| --- | --- |\n"
            for diagnostic in ordered.inputErrors {
                var message = MarkdownEscaping.inline(diagnostic.message)
                for note in diagnostic.notes {
                    message += "<br>note at " + MarkdownEscaping.code(path(note.location), inTable: true) + ": " + MarkdownEscaping.inline(note.message)
                }
                let severity = diagnostic.severity == .error ? "" : diagnostic.severity.rawValue + ": "
                out += "| \(MarkdownEscaping.code(path(diagnostic.location), inTable: true)) | \(severity)\(message) |\n"
            }
        }

        for (file, findings) in ordered.findingsByFile {
            out += "\n### \(MarkdownEscaping.code(relative(file), inTable: false))\n\n"
            out += "| Severity | Rule | Location | Message |\n| --- | --- | --- | --- |\n"
            for finding in findings {
                out += "| \(finding.severity.rawValue) | \(MarkdownEscaping.code(finding.ruleID, inTable: true))"
                out += " | \(finding.location.line):\(finding.location.column)"
                out += " | \(MarkdownEscaping.inline(FindingContext.message(finding))) |\n"
            }
            let withNotes = findings.filter { !$0.notes.isEmpty }
            if !withNotes.isEmpty {
                out += "\n<details>\n<summary>Notes</summary>\n\n"
                for finding in withNotes {
                    out += "- \(MarkdownEscaping.code(finding.ruleID, inTable: false)) at \(finding.location.line):\(finding.location.column)\n"
                    for note in finding.notes {
                        let place = note.location.file == file
                            ? "\(note.location.line):\(note.location.column)"
                            : MarkdownEscaping.code(path(note.location), inTable: false)
                        out += "  - \(place): \(MarkdownEscaping.inline(note.message))\n"
                    }
                }
                out += "\n</details>\n"
            }
        }

        if !ordered.skipped.isEmpty {
            out += "\n<details>\n<summary>\(ReportSummary.counted(ordered.skipped.count, "file", "files")) skipped</summary>\n\n"
            for skipped in ordered.skipped {
                out += "- \(MarkdownEscaping.code(relative(skipped.path), inTable: false)): \(MarkdownEscaping.inline(skipped.reason))\n"
            }
            out += "\n</details>\n"
        }
        return out
    }

    private func relative(_ file: String) -> String { ReportPath.relative(file, to: options.rootDirectory) }

    private func path(_ location: SourceLocation) -> String {
        "\(relative(location.file)):\(location.line):\(location.column)"
    }
}
