/// A small, strict JSON parser into `JSONValue`, for reading logs and baselines.
///
/// Depth is bounded (64) so hostile input cannot overflow the stack.
public struct JSONParser {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// Byte offset into the text.
        public var offset: Int
        public var message: String
        public var description: String { "\(message) at byte \(offset + 1)" }

        /// The 1-based line and column (in characters, as diagnostics count them) of `offset` in `text`, the text
        /// that was parsed.
        public func position(in text: some StringProtocol) -> (line: Int, column: Int) {
            var line = 1
            var lineStart = text.utf8.startIndex
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: min(offset, text.utf8.count))
            var index = text.utf8.startIndex
            while index < end {
                if text.utf8[index] == 0x0A { line += 1; lineStart = text.utf8.index(after: index) }
                index = text.utf8.index(after: index)
            }
            // Characters as scalars: a continuation byte starts none.
            let column = text.utf8[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
            return (line, column)
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses one JSON value that fills `text` (surrounding whitespace allowed).
    public static func parse(_ text: some StringProtocol) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    /// Parses one JSON object that fills `text`, handing each member to `visit` in source order.
    ///
    /// For flat records read in bulk (event log lines): no dictionary is built.
    public static func forEachMember(ofObject text: some StringProtocol, _ visit: (String, JSONValue) -> Void) throws(Failure) {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else {
            throw parser.failure("expected a JSON object")
        }
        try parser.members(visit)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func failure(_ message: String) -> Failure { Failure(offset: index, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    /// Reads `word`; a mismatch is located at the word's start, where a reader looks for the mistake.
    private mutating func literal(_ word: String) throws(Failure) {
        let start = index
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw Failure(offset: start, message: "invalid literal (expected \(word), or a string in double quotes)")
            }
            index += 1
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > 64 { throw failure("nesting deeper than 64 levels") }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        var result: [String: JSONValue] = [:]
        try members { result[$0] = $1 }
        return .object(result)
    }

    /// Parses the object at `index` (its `{` included), handing each member to `visit` in order.
    private mutating func members(_ visit: (String, JSONValue) -> Void) throws(Failure) {
        try list(closing: UInt8(ascii: "}"), kind: "an object") { parser throws(Failure) in
            let (key, value) = try parser.member()
            visit(key, value)
        }
    }

    /// Parses one member of an object at `index`: its key, the colon and its value.
    private mutating func member() throws(Failure) -> (key: String, value: JSONValue) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
        let key = try string()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
        index += 1
        skipWhitespace()
        return (key, try value())
    }

    private mutating func array() throws(Failure) -> JSONValue {
        var items: [JSONValue] = []
        try list(closing: UInt8(ascii: "]"), kind: "an array") { parser throws(Failure) in
            items.append(try parser.value())
        }
        return .array(items)
    }

    /// Parses the comma-separated items of the object or array at `index` (its opening bracket included) up to `closing`.
    ///
    /// `item` parses one item, from its first byte after any whitespace.
    /// `kind` names the list in the message for input that ends inside it.
    private mutating func list(closing: UInt8, kind: String, _ item: (inout JSONParser) throws(Failure) -> Void) throws(Failure) {
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == closing {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try item(&self)
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of input in \(kind)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == closing { index += 1; break }
            throw failure("expected ',' or '\(Unicode.Scalar(closing))'")
        }
        depth -= 1
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        // Fast path: no escape before the closing quote, so the bytes are the string.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            return text
        }
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            // A high surrogate without its low half (found by fuzzing): a replacement character, then
                            // the second escape on its own.
                            out.append(contentsOf: Array("\u{FFFD}".utf8))
                            code = low
                        }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw failure("invalid escape")
                }
                continue
            }
            if byte < 0x20 { throw failure("control character in a string") }
            out.append(byte)
            index += 1
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        var isInteger = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1; continue }
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                isInteger = false
                index += 1
                continue
            }
            break
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        if let value = Double(text), !text.isEmpty { return .double(value) }
        index = start
        throw failure("invalid value")
    }
}

extension JSONValue {
    /// The members of an object, or an empty dictionary.
    public var objectMembers: [String: JSONValue] {
        if case .object(let members) = self { return members }
        return [:]
    }

    public var stringValue: String? { if case .string(let value) = self { return value }; return nil }
    public var intValue: Int? { if case .int(let value) = self { return value }; return nil }
    public var boolValue: Bool? { if case .bool(let value) = self { return value }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { return value }; return nil }
    public subscript(key: String) -> JSONValue? { objectMembers[key] }
}
