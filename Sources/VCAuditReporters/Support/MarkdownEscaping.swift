import VCAuditSupport
import Foundation

/// Escaping for GitHub Flavored Markdown: table cells, list items, code spans.
///
/// Text from specs must render as itself: markdown punctuation is
/// backslash-escaped, HTML-significant characters become entities (a message
/// cannot open a tag), line breaks become `<br>` and control characters are
/// made visible.
enum MarkdownEscaping {
    /// `value` as inline text, safe in a table cell or a list item.
    static func inline(_ value: String) -> String {
        var out = ""
        for scalar in VisibleText.escapingControls(VisibleText.joiningLines(value, with: "\n")).unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "~", "|": out += "\\" + String(scalar)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n": out += "<br>"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `value` as a code span, fenced with more backticks than it contains in a row.
    ///
    /// Inside a table a `|` still ends the cell unless escaped (GFM removes the
    /// backslash there); elsewhere it needs no escape.
    static func code(_ value: String, inTable: Bool) -> String {
        var text = VisibleText.singleLine(value)
        var longestRun = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        if inTable { text = text.replacingOccurrences(of: "|", with: "\\|") }
        let fence = String(repeating: "`", count: longestRun + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + padded + fence
    }
}
