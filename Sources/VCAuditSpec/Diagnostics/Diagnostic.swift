import VCAuditSupport

/// A problem with an input file, located and worded like a compiler diagnostic.
///
/// `rendered(source:)` prints it the way clang and swiftc do: the
/// `file:line:column: error: message` line, the source line, and a caret under
/// the column.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// A further location that explains the diagnostic ("first defined here").
    public struct Note: Hashable, Sendable {
        public var location: SourceLocation
        public var message: String

        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// How many characters from `location` the caret underlines (at least 1).
    public var length: Int
    public var notes: [Note]

    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String, length: Int = 1, notes: [Note] = []) {
        self.severity = severity
        self.location = location
        self.message = message
        self.length = max(1, length)
        self.notes = notes
    }

    /// The one-line form: `file:line:column: error: message`, control characters the message quotes from the input
    /// shown as escapes (`\u{1B}`), so that a hostile file cannot drive the terminal.
    public var description: String { "\(location): \(severity.rawValue): \(VisibleText.escapingControls(message))" }

    /// The full form: the diagnostic line, the source line and a caret line, then each note likewise.
    public func rendered(source: SourceText?) -> String {
        var out = description + "\n"
        if let source { out += Self.excerpt(source, line: location.line, column: location.column, length: length) }
        for note in notes {
            out += "\(note.location): note: \(VisibleText.escapingControls(note.message))\n"
            if let source, note.location.file == location.file {
                out += Self.excerpt(source, line: note.location.line, column: note.location.column, length: 1)
            }
        }
        return out
    }

    /// The source line and a caret line under `column`, or nothing when the line does not exist or is empty.
    ///
    /// Control characters show as U+FFFD so the excerpt stays printable; a
    /// line longer than `maxExcerptWidth` characters is cut to a window around
    /// the column, with "..." where text was left out.
    static func excerpt(_ source: SourceText, line: Int, column: Int, length: Int) -> String {
        guard let text = source.line(line), !text.isEmpty else { return "" }
        var scalars = Array(text.unicodeScalars)
        var column = column
        var prefix = ""
        var suffix = ""
        if scalars.count > maxExcerptWidth {
            let start = max(0, min(column - 1 - maxExcerptWidth / 2, scalars.count - maxExcerptWidth))
            let end = min(scalars.count, start + maxExcerptWidth)
            if start > 0 { prefix = "..." }
            if end < scalars.count { suffix = "..." }
            scalars = Array(scalars[start..<end])
            column = column - start + prefix.count
        }
        var shown = prefix
        for scalar in scalars {
            let isControl = scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F
            shown.unicodeScalars.append(isControl ? "\u{FFFD}" : scalar)
        }
        shown += suffix
        let visible = Array(shown.unicodeScalars)
        // The caret line is padded cell for cell (`TerminalWidth`): a wide character before the column takes two
        // spaces, a combining mark none, a tab stays a tab.
        var caret = ""
        var index = 1
        while index < column {
            if index <= visible.count, visible[index - 1] == "\t" {
                caret.unicodeScalars.append("\t")
            } else {
                let cells = index <= visible.count ? TerminalWidth.of(visible[index - 1]) : 1
                caret.unicodeScalars.append(contentsOf: repeatElement(" ", count: cells))
            }
            index += 1
        }
        let available = max(1, visible.count - suffix.count - (column - 1))
        let underlined = min(length, available)
        let start = min(column - 1, visible.count)
        let cells = max(1, TerminalWidth.of(visible[start..<min(visible.count, start + underlined)]))
        caret += "^" + String(repeating: "~", count: cells - 1)
        return shown + "\n" + caret + "\n"
    }

    /// The widest source line an excerpt shows in full.
    static let maxExcerptWidth = 160
}

/// The text of a source file, for excerpts in diagnostics.
public struct SourceText: Sendable {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public init(_ text: String) {
        self.bytes = Array(text.utf8)
    }

    /// The 1-based line `number` without its line break, decoded leniently.
    ///
    /// A UTF-8 byte order mark is not part of line 1, as it is not for marks.
    public func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count, current < number {
            if bytes[index] == 0x0A {
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == number, start <= bytes.count else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        if start == bytes.count, number > 1 { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// Every diagnostic of one file, in source order.
public struct DiagnosticList: Error, Sendable, Hashable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }
}
