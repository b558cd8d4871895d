import VCAuditSupport
/// Escaping for XML 1.0 text and attribute values.
///
/// Control characters XML cannot carry (even as character references) are
/// first made visible with `VisibleText`; markup characters become entities;
/// attribute values (always written in double quotes) also escape `"`, and
/// tab and line breaks become character references so a parser's
/// attribute-value normalisation keeps them.
enum XMLEscaping {
    static func text(_ value: String) -> String {
        escaped(value) { markup($0) }
    }

    static func attribute(_ value: String) -> String {
        escaped(value) { scalar in
            switch scalar {
            case "\"": "&quot;"
            case "\t": "&#9;"
            case "\n": "&#10;"
            default: markup(scalar)
            }
        }
    }

    /// The entity or character reference text and attribute values both need for `scalar`, if any.
    private static func markup(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\r": "&#13;"
        default: nil
        }
    }

    /// `value` with controls made visible, then each scalar `replacement` names replaced.
    private static func escaped(_ value: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in VisibleText.escapingControls(value).unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
