/// The output formats of `vcaudit diff`.
public enum DiffFormat: String, Sendable, Hashable, CaseIterable {
    case text, json, markdown
}

/// What `vcaudit diff` prints and the status it exits with, for one report.
///
/// The formatted report goes to standard output; input errors go to standard
/// error (JSON and Markdown also carry them, for machines and pull requests).
public struct DiffOutput: Sendable, Hashable {
    public var standardOutput: String
    public var standardError: String
    public var exitStatus: Int32

    public init(report: DiffReport, format: DiffFormat, failOn: FailPolicy = .anyChange, color: Bool = false) {
        switch format {
        case .text: standardOutput = TextDiffFormatter(color: color).format(report)
        case .json: standardOutput = JSONDiffFormatter().format(report)
        case .markdown: standardOutput = MarkdownDiffFormatter().format(report)
        }
        standardError = report.errors.map { $0 + "\n" }.joined()
        exitStatus = failOn.exitStatus(for: report)
        // Exit 2 without an input error is --fail-on new-findings on findings that cannot be known: say why where
        // a CI log shows it, not only in the report.
        if exitStatus == 2, report.errors.isEmpty {
            standardError += report.notes.filter { $0.hasPrefix("findings not compared") }.map { "error: \($0)\n" }.joined()
        }
    }
}
