/// Double-quoted string literals in the languages vcaudit writes: JSON, Swift and YAML.
///
/// All three put the text between `"` and escape `"` and `\` with a
/// backslash; they differ only in which other characters they escape and how,
/// which each writer says in the `escape` it passes.
public enum QuotedLiteral {
    /// `text` between double quotes, with `"` and `\` escaped by a backslash and every other scalar as `escape` spells it.
    ///
    /// `escape` returns the escape sequence that stands for a scalar, or nil
    /// where the scalar stands for itself.
    public static func quoted(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if let escaped = escape(scalar) {
                    out += escaped
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The escape JSON and Swift share for a line feed, carriage return or tab (`\n`, `\r`, `\t`); nil for any other scalar.
    public static func lineBreakOrTabEscape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: nil
        }
    }
}
