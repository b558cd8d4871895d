/// A 1-based position in a YAML source: line and column as an editor shows them.
///
/// libyaml counts from 0; the conversion happens once, in `Composer`. Columns
/// count characters (Unicode scalars), not bytes, like libyaml and like Xcode.
public struct Mark: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
