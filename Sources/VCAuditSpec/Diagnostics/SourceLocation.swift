import VCAuditSupport
import VCAuditYAML

/// A 1-based position in a named file, printed `file:line:column`.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public init(file: String, mark: Mark) {
        self.init(file: file, line: mark.line, column: mark.column)
    }

    public var mark: Mark { Mark(line: line, column: column) }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A source location whose file is interned: twelve bytes to copy, no string to retain.
///
/// What an event carries for the step or call that caused it; `location` spells it out when something is written.
public struct InternedLocation: Hashable, Sendable {
    public var file: InternedString
    public var mark: Mark

    public init(file: InternedString, mark: Mark) {
        self.file = file
        self.mark = mark
    }

    public init(file: InternedString, line: Int, column: Int) {
        self.init(file: file, mark: Mark(line: line, column: column))
    }

    /// `location`, its file interned.
    public init(_ location: SourceLocation) {
        self.init(file: InternedString(location.file), mark: location.mark)
    }

    /// The location with its file's path.
    public var location: SourceLocation { SourceLocation(file: file.string, mark: mark) }
}
