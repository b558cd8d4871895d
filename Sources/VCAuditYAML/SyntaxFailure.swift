/// Words libyaml's scanner and parser errors like a compiler: what is wrong, then what to do.
///
/// libyaml says what it expected ("did not find expected key") and what it was
/// doing ("while parsing a block mapping"); this adds the usual cause and fix,
/// and turns the context into a note at the place it names.
enum SyntaxFailure {
    /// A flow collection (`[` or `{`) still open when parsing failed.
    struct OpenFlow {
        var isMapping: Bool
        var mark: Mark
    }

    static func error(problem: String, at mark: Mark, context: String?, contextMark: Mark, openFlow: OpenFlow? = nil,
                      in bytes: UnsafeBufferPointer<UInt8>) -> YAMLError {
        // Input that ends inside a flow collection: the useful place is where it opens.
        if let openFlow, onlyWhitespaceAndComments(from: mark, in: bytes) {
            let message = openFlow.isMapping
                ? "this '{' mapping is never closed; add the closing '}'"
                : "this '[' list is never closed; add the closing ']'"
            return YAMLError(kind: .syntax, mark: openFlow.mark, message: message)
        }
        var notes: [YAMLError.Note] = []
        if let context, let what = subject(ofContext: context), contextMark != mark {
            notes.append(YAMLError.Note(mark: contextMark, message: "\(what) starts here"))
        }
        let character = self.character(at: mark, in: bytes)
        switch problem {
        case "could not find expected ':'" where context?.contains("simple key") == true && contextMark.line == mark.line
            && mark.column - contextMark.column > 1024:
            // libyaml gives up on a key longer than 1024 characters even when its ':' follows.
            return YAMLError(kind: .syntax, mark: contextMark,
                             message: "this key is longer than the 1024 characters YAML allows an implicit key; shorten it")
        case "found unexpected end of stream" where context?.contains("quoted scalar") == true:
            return YAMLError(kind: .syntax, mark: contextMark, message: "this quoted string is never closed; add the closing quote")
        case "found character that cannot start any token", "found a tab character that violates indentation",
             "found a tab character that violate indentation", "found a tab character where an indentation space is expected":
            if character == "\t" {
                return YAMLError(kind: .syntax, mark: mark, message: "a tab character cannot indent YAML; indent with spaces")
            }
            let shown = character.map { "'\($0)'" } ?? "this character"
            return YAMLError(kind: .syntax, mark: mark,
                             message: "\(shown) cannot start a plain value; put the value in quotes", notes: notes)
        default:
            return YAMLError(kind: .syntax, mark: mark, message: "\(problem)\(hint(for: problem))", notes: notes)
        }
    }

    /// "; what to do" for a libyaml problem.
    static func hint(for problem: String) -> String {
        switch problem {
        case "mapping values are not allowed in this context":
            "; check the indentation of this line, or quote a value that contains ': '"
        case "did not find expected key":
            "; check the indentation: the keys of one mapping start in the same column"
        case "did not find expected '-' indicator":
            "; check the indentation: the items of one list start in the same column"
        case "did not find expected ',' or ']'":
            "; separate the items with ',' and close the list with ']'"
        case "did not find expected ',' or '}'":
            "; separate the entries with ',' and close the mapping with '}'"
        case "did not find expected node content":
            "; write a value here, or quote the text"
        case "could not find expected ':'":
            "; a key must be followed by ': ' on the same line"
        case "block sequence entries are not allowed in this context":
            "; start the list on its own line, below its key"
        case "found incompatible YAML document":
            "; remove the '%YAML' line (vcaudit reads YAML 1.1 and 1.2)"
        case "found undefined tag handle":
            "; use a '!!' tag or remove the tag"
        case "found unexpected end of stream":
            "; the file ends before this is closed"
        default:
            "; check the YAML syntax here"
        }
    }

    /// "the block mapping" from "while parsing a block mapping"; nil when the context names no construct.
    static func subject(ofContext context: String) -> String? {
        var text = Substring(context)
        for prefix in ["while parsing ", "while scanning "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        if text.hasPrefix("for ") { return nil }
        if text.hasPrefix("a ") { text = text.dropFirst(2) } else if text.hasPrefix("an ") { text = text.dropFirst(3) }
        return "the " + text
    }

    /// Whether nothing but spaces, line breaks and comments follows `mark` (it is at the end of the input).
    static func onlyWhitespaceAndComments(from mark: Mark, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var index = offset(of: mark, in: bytes) else { return true }
        var inComment = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                inComment = false
            } else if byte == UInt8(ascii: "#") {
                inComment = true
            } else if !inComment, byte != 0x20, byte != 0x09 {
                return false
            }
            index += 1
        }
        return true
    }

    /// The byte offset of a 1-based mark, or nil when the buffer ends before it.
    static func offset(of mark: Mark, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var line = 1
        var index = 0
        while index < bytes.count, line < mark.line {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        guard line == mark.line else { return nil }
        var column = 1
        while index < bytes.count, column < mark.column, bytes[index] != 0x0A {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
        return index
    }

    /// The character at a 1-based mark, if the buffer has one there.
    static func character(at mark: Mark, in bytes: UnsafeBufferPointer<UInt8>) -> Character? {
        guard let index = offset(of: mark, in: bytes), index < bytes.count, bytes[index] != 0x0A else { return nil }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).first
    }
}
