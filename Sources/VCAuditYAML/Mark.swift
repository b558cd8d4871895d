/// A 1-based position in a YAML source: line and column as an editor shows them.
///
/// libyaml counts from 0; the conversion happens once, in `Composer`. Columns
/// count characters (Unicode scalars), not bytes, like libyaml and like Xcode.
/// Both are stored in 32 bits (a spec is at most 64 MB), so a mark is 8 bytes:
/// every located value of a spec carries one.
public struct Mark: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline var storedLine: Int32
    @usableFromInline var storedColumn: Int32

    @inlinable
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    @inlinable
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    @inlinable
    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    public var description: String { "\(line):\(column)" }
}
