/// Canonical JSON text: escaping and an object writer with sorted keys.
///
/// Used wherever output must be byte-identical across runs (event logs,
/// reports, baselines): keys sorted by their UTF-8 bytes, no insignificant
/// whitespace, numbers as integers.
public enum JSONText {
    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> String {
        // Most values (ids, names, paths) need no escaping: copy them whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            return "\"" + value + "\""
        }
        return QuotedLiteral.quoted(value) { scalar in
            if let escape = QuotedLiteral.lineBreakOrTabEscape(scalar) { return escape }
            guard scalar.value < 0x20 else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}

/// A JSON value for canonical output.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The canonical, single-line text.
    public var canonical: String {
        var out = ""
        write(to: &out, pretty: false, indent: 0)
        return out
    }

    /// Indented text (two spaces), keys sorted, for files people read.
    public var pretty: String {
        var out = ""
        write(to: &out, pretty: true, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 { out += String(Int(value)) } else { out += String(value) }
        case .string(let value): out += JSONText.quoted(value)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                out += JSONText.quoted(key)
                out += pretty ? ": " : ":"
                members[key]!.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }
}
