/// Escaping for XML 1.0 text and attribute values.
///
/// Control characters XML cannot carry (even as character references) are
/// first made visible with `VisibleText`; markup characters become entities;
/// attribute values (always written in double quotes) also escape `"`, and
/// tab and line breaks become character references so a parser's
/// attribute-value normalisation keeps them.
enum XMLEscaping {
    static func text(_ value: String) -> String {
        var out = ""
        for scalar in VisibleText.escapingControls(value).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func attribute(_ value: String) -> String {
        var out = ""
        for scalar in VisibleText.escapingControls(value).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
