/// Text made safe to print: control characters shown as escapes instead of acting.
///
/// Messages quote names from specs, which may hold any character. A raw
/// escape or bell would drive the terminal, break a workflow command or make
/// XML invalid (XML 1.0 allows no C0 control but tab and line breaks), so
/// every control character except tab and line breaks is shown as Swift
/// writes it, `\u{1B}`; so are DEL, the C1 controls and the noncharacters
/// U+FFFE and U+FFFF.
public enum VisibleText {
    /// `text` with control characters escaped; line breaks kept.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` on one line: each line break (LF, CR or CRLF) becomes a space, control characters escaped.
    public static func singleLine(_ text: String) -> String {
        escapingControls(joiningLines(text, with: " "))
    }

    /// `text` with each line break (LF, CR or CRLF) replaced by `separator`.
    public static func joiningLines(_ text: String, with separator: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return text }
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                out += separator
                previousWasCR = true
            case "\n":
                if !previousWasCR { out += separator }
                previousWasCR = false
            default:
                out.unicodeScalars.append(scalar)
                previousWasCR = false
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}
