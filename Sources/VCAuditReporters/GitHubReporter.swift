import VCAuditSupport
import VCAuditRules
import VCAuditSpec

/// GitHub Actions workflow commands: an annotation per finding on the pull request's diff.
///
/// `::error file=F,line=L,col=C,title=rule_id::message (scenario 'S', on ipad)`,
/// with `::warning` for warnings and `::notice` for info; the finding's notes
/// follow in the message as `file:line:col: note: …` lines. Input errors are
/// `::error` annotations titled `input error`, skipped files `::notice`
/// annotations titled `skipped`. Values are escaped as the runner
/// expects: `%`, CR and LF in messages, and also `:` and `,` in properties.
/// Paths are relative to `ReportOptions.rootDirectory`.
public struct GitHubReporter: Reporter {
    public static let identifier = "github"
    public static let help = "GitHub Actions workflow commands (::error file=...), annotating the pull request"

    public var options: ReportOptions

    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    public func report(_ result: CheckResult) -> String {
        let ordered = OrderedResult(result)
        var out = ""
        for skipped in ordered.skipped {
            out += command("notice", file: skipped.path, line: nil, column: nil, title: "skipped", message: skipped.reason)
        }
        for diagnostic in ordered.inputErrors {
            let word = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
            var message = diagnostic.message
            for note in diagnostic.notes { message += "\n" + noteLine(note.location, note.message) }
            out += command(word, file: diagnostic.location.file, line: diagnostic.location.line,
                           column: diagnostic.location.column, title: "input error", message: message)
        }
        for finding in ordered.findings {
            var message = FindingContext.message(finding)
            for note in finding.notes { message += "\n" + noteLine(note.location, note.message) }
            out += command(Self.command(finding.severity), file: finding.location.file, line: finding.location.line,
                           column: finding.location.column, title: finding.ruleID, message: message)
        }
        return out
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    private func noteLine(_ location: SourceLocation, _ message: String) -> String {
        "\(ReportPath.relative(location.file, to: options.rootDirectory)):\(location.line):\(location.column): note: \(message)"
    }

    private func command(_ name: String, file: String, line: Int?, column: Int?, title: String, message: String) -> String {
        var properties = ["file=" + Self.escapeProperty(ReportPath.relative(file, to: options.rootDirectory))]
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=" + Self.escapeProperty(title))
        return "::\(name) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
    }

    /// A message as the runner reads it back: `%`, CR and LF percent-encoded, other controls made visible.
    public static func escapeData(_ value: String) -> String {
        var out = ""
        for scalar in VisibleText.escapingControls(value).unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: as a message, and `:` and `,` percent-encoded too.
    public static func escapeProperty(_ value: String) -> String {
        var out = ""
        for scalar in escapeData(value).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
