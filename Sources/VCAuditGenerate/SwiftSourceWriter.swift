import VCAuditSupport

/// Writes Swift source the way an iOS engineer formats it: 4-space indent, `// MARK:`, wrapped comments.
struct SwiftSourceWriter {
    private(set) var lines: [String] = []
    private var depth = 0
    /// Comments and doc comments wrap at this column.
    let width = 120

    /// The source, each line ending in a newline, with no blank line doubled or left at the end.
    var text: String {
        var out: [String] = []
        for line in lines {
            if line.isEmpty, out.last?.isEmpty ?? true { continue }
            out.append(line)
        }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    var indentation: String { String(repeating: "    ", count: depth) }

    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : indentation + text)
    }

    mutating func blank() { lines.append("") }

    /// Rewrites line `index` (written before) as `text`, at the indentation it had.
    mutating func rewriteLine(_ index: Int, as text: String) {
        lines[index] = String(lines[index].prefix { $0 == " " }) + text
    }

    /// `opening {`, the body one level in, then `}`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftSourceWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// The body one level in, without braces (the elements of a multi-line literal).
    mutating func indented(_ body: (inout SwiftSourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Lines starting with `marker` (`//` or `///`), with `text` word-wrapped to the width.
    ///
    /// Each element of `paragraphs` starts a new line; an empty element is an empty comment line.
    mutating func comment(_ paragraphs: [String], marker: String = "//", hanging: String = "") {
        for paragraph in paragraphs {
            let clean = SwiftLiteral.commentSafe(paragraph)
            if clean.isEmpty {
                line(marker)
                continue
            }
            let available = max(40, width - indentation.count - marker.count - 1)
            for wrapped in Self.wrap(clean, width: available, hanging: hanging) {
                line(marker + " " + wrapped)
            }
        }
    }

    mutating func docComment(_ paragraphs: [String]) { comment(paragraphs, marker: "///") }

    /// `text` cut at spaces into lines of at most `width` characters (a longer word stays whole);
    /// continuation lines start with `hanging`, and the text's own leading spaces are kept on the first.
    static func wrap(_ text: String, width: Int, hanging: String = "") -> [String] {
        if text.count <= width { return [text] }
        let leading = String(text.prefix { $0 == " " })
        let words = text.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: true)
        var lines: [String] = []
        var current = leading
        var currentHasWord = false
        for word in words {
            let candidate = currentHasWord ? current + " " + word : current + word
            if currentHasWord, candidate.count > width {
                lines.append(current)
                current = hanging + word
            } else {
                current = candidate
            }
            currentHasWord = true
        }
        if currentHasWord || lines.isEmpty { lines.append(current) }
        return lines
    }
}

/// Spelling values as Swift source.
enum SwiftLiteral {
    /// A string literal cut at spaces into pieces of at most `width` characters, to be joined with `+`.
    static func stringPieces(_ text: String, width: Int) -> [String] {
        SwiftSourceWriter.wrap(text, width: max(20, width - 2)).enumerated().map { index, piece in
            string(index == 0 ? piece : " " + piece)
        }
    }

    /// A string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        QuotedLiteral.quoted(text) { scalar in
            if let escape = QuotedLiteral.lineBreakOrTabEscape(scalar) { return escape }
            let value = scalar.value
            guard value < 0x20 || value == 0x7F || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) else { return nil }
            return "\\u{" + String(value, radix: 16) + "}"
        }
    }

    /// `text` fit for a `//` comment: one line, no control or bidirectional-override characters, no trailing spaces.
    static func commentSafe(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                out += " "
            } else if scalar.value < 0x20 || scalar.value == 0x7F || (0x202A...0x202E).contains(scalar.value)
                        || (0x2066...0x2069).contains(scalar.value) {
                continue
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        while out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    /// A `Double` as Swift writes it: `44`, `12.5`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
