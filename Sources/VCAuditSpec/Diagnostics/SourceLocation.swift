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
