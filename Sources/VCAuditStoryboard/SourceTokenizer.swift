import Foundation

/// Splits Swift or Objective-C source into identifiers, punctuation and one-line string literals, with their lines:
/// what the scans of an app's sources read (`UnwindActions`, `AppSourceLiterals`).
///
/// Comments and character literals are skipped, numbers and other characters dropped. A string literal is a token
/// when it is on one line and has no interpolation (Swift's `"..."` and raw `#"..."#`, Objective-C's `"..."` after
/// `@` or not), its text as written between its quotes, escapes included; multi-line strings and interpolated ones
/// are skipped, with the code inside their interpolations read as code. Linear in the input.
enum SourceTokenizer {
    struct Token: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case identifier, punctuation, string
        }

        var text: String
        var line: Int
        var kind: Kind

        var isIdentifier: Bool { kind == .identifier }
    }

    private static let punctuation: Set<UInt8> = Set("{}()<>:;.,@-=!#".utf8)

    static func tokens(of bytes: [UInt8], swift: Bool) -> [Token] {
        var tokens: [Token] = []
        var index = 0, line = 1
        let count = bytes.count
        let newline = UInt8(ascii: "\n"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#"), apostrophe = UInt8(ascii: "'")
        let openParen = UInt8(ascii: "("), closeParen = UInt8(ascii: ")")
        // Swift string interpolations open: per one, the parentheses open inside it and how its string ends.
        var interpolations: [(parens: Int, hashes: Int, multiline: Bool)] = []
        // Whether the last string skipped ended at its closing delimiter (not at its line's end, nor the input's).
        var closed = false

        func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
                || byte == 0x24 || byte >= 0x80
        }
        /// Skips a string's body from `index` (after its opening delimiter) to after its end or an interpolation's
        /// `\(`, which it enters (returns true).
        func skipString(hashes: Int, multiline: Bool) -> Bool {
            closed = false
            while index < count {
                let byte = bytes[index]
                if byte == newline {
                    line += 1
                    // A single-line string ends at the line's end, whatever it lacks.
                    if !multiline { index += 1; return false }
                }
                if byte == backslash {
                    // An escape needs as many `#` after the backslash as the raw string has.
                    var at = index + 1, marks = 0
                    while marks < hashes, at < count, bytes[at] == hash { marks += 1; at += 1 }
                    if marks == hashes, at < count {
                        if swift, bytes[at] == openParen {
                            index = at + 1
                            return true
                        }
                        if bytes[at] == newline { line += 1 }
                        index = at + 1
                        continue
                    }
                }
                if byte == quote {
                    var at = index, quotes = 0
                    if multiline {
                        while at < count, bytes[at] == quote, quotes < 3 { quotes += 1; at += 1 }
                    } else {
                        quotes = 1; at += 1
                    }
                    if quotes == (multiline ? 3 : 1) {
                        var marks = 0
                        while marks < hashes, at < count, bytes[at] == hash { marks += 1; at += 1 }
                        if marks == hashes { index = at; closed = true; return false }
                    }
                    index += 1
                    continue
                }
                index += 1
            }
            return false
        }

        while index < count {
            let byte = bytes[index]
            if byte == newline { line += 1; index += 1; continue }
            if byte == slash, index + 1 < count, bytes[index + 1] == slash {
                while index < count, bytes[index] != newline { index += 1 }
                continue
            }
            if byte == slash, index + 1 < count, bytes[index + 1] == star {
                // Swift's block comments nest; Objective-C's do not.
                var nesting = 1
                index += 2
                while index < count, nesting > 0 {
                    if bytes[index] == newline { line += 1 }
                    if bytes[index] == star, index + 1 < count, bytes[index + 1] == slash { nesting -= 1; index += 2; continue }
                    if swift, bytes[index] == slash, index + 1 < count, bytes[index + 1] == star { nesting += 1; index += 2; continue }
                    index += 1
                }
                continue
            }
            // A string: Swift's "...", """...""", #"..."# (any number of #), Objective-C's "..." and @"...".
            var hashes = 0
            if swift, byte == hash {
                var at = index
                while at < count, bytes[at] == hash { hashes += 1; at += 1 }
                if at < count, bytes[at] == quote { index = at } else { hashes = 0 }
            }
            if bytes[index] == quote {
                let multiline = swift && index + 2 < count && bytes[index + 1] == quote && bytes[index + 2] == quote
                index += multiline ? 3 : 1
                let (start, startLine) = (index, line)
                if skipString(hashes: hashes, multiline: multiline) {
                    interpolations.append((0, hashes, multiline))
                } else if !multiline, closed, line == startLine {
                    // Ended by its closing quote (and as many `#`) on its line: its text is what the quotes hold.
                    tokens.append(Token(text: String(decoding: bytes[start..<(index - hashes - 1)], as: UTF8.self), line: line, kind: .string))
                }
                continue
            }
            if !swift, byte == apostrophe {
                index += 1
                while index < count, bytes[index] != apostrophe, bytes[index] != newline {
                    index += bytes[index] == backslash ? 2 : 1
                }
                index += 1
                continue
            }
            if swift, !interpolations.isEmpty {
                if byte == openParen { interpolations[interpolations.count - 1].parens += 1 }
                if byte == closeParen {
                    if interpolations[interpolations.count - 1].parens == 0 {
                        // The interpolation ends: the rest of its string follows.
                        let open = interpolations.removeLast()
                        index += 1
                        if skipString(hashes: open.hashes, multiline: open.multiline) { interpolations.append((0, open.hashes, open.multiline)) }
                        continue
                    }
                    interpolations[interpolations.count - 1].parens -= 1
                }
            }
            if isIdentifierByte(byte) {
                let start = index
                while index < count, isIdentifierByte(bytes[index]) { index += 1 }
                // Numbers are not identifiers; their digits are dropped.
                if !(byte >= 0x30 && byte <= 0x39) {
                    tokens.append(Token(text: String(decoding: bytes[start..<index], as: UTF8.self), line: line, kind: .identifier))
                }
                continue
            }
            if punctuation.contains(byte) {
                tokens.append(Token(text: String(UnicodeScalar(byte)), line: line, kind: .punctuation))
            }
            index += 1
        }
        return tokens
    }

    /// `tokens` of Swift source without its Xcode previews, which the app never runs: a `#Preview` macro's body, and
    /// the body of a type that conforms to `PreviewProvider`.
    ///
    /// AltStore makes a storyboard controller by its identifier only in a `#Preview`: read as the app's code, it had
    /// `explore` present that controller from the root, where an unwind inside it finds no destination.
    static func withoutPreviews(_ tokens: [Token]) -> [Token] {
        // For each position, where the next `{`, the next `{`, `}` or `;`, and the next `PreviewProvider` are: read
        // once from the end, so that no keyword searches ahead again (a hostile file of `class class class ...` would
        // take quadratic time).
        let end = tokens.count
        var nextOpen = [Int](repeating: end, count: end + 1)
        var nextStop = [Int](repeating: end, count: end + 1)
        var nextProvider = [Int](repeating: end, count: end + 1)
        for at in stride(from: end - 1, through: 0, by: -1) {
            let token = tokens[at]
            let isPunctuation = token.kind == .punctuation
            nextOpen[at] = isPunctuation && token.text == "{" ? at : nextOpen[at + 1]
            nextStop[at] = isPunctuation && (token.text == "{" || token.text == "}" || token.text == ";") ? at : nextStop[at + 1]
            nextProvider[at] = token.kind == .identifier && token.text == "PreviewProvider" ? at : nextProvider[at + 1]
        }
        /// The index after the `}` that closes the `{` at `open`, or the end.
        func afterBlock(openingAt open: Int) -> Int {
            var depth = 0, at = open
            while at < end {
                if tokens[at].kind == .punctuation {
                    if tokens[at].text == "{" { depth += 1 }
                    if tokens[at].text == "}" { depth -= 1; if depth == 0 { return at + 1 } }
                }
                at += 1
            }
            return at
        }
        var kept: [Token] = []
        kept.reserveCapacity(end)
        var index = 0
        while index < end {
            let token = tokens[index]
            // `#Preview("Name", traits: ...) { ... }`: the body is the first `{` after the macro's name.
            if token.kind == .punctuation, token.text == "#", index + 1 < end, tokens[index + 1].kind == .identifier,
               tokens[index + 1].text == "Preview", nextOpen[index + 2] < end {
                index = afterBlock(openingAt: nextOpen[index + 2])
                continue
            }
            // `struct Home_Previews: PreviewProvider { ... }`: a type whose declaration, before its body, names the protocol.
            if token.kind == .identifier, ["struct", "class", "enum", "extension"].contains(token.text) {
                let stop = nextStop[index + 1]
                if stop < end, tokens[stop].text == "{", nextProvider[index + 1] < stop {
                    index = afterBlock(openingAt: stop)
                    continue
                }
            }
            kept.append(token)
            index += 1
        }
        return kept
    }
}
