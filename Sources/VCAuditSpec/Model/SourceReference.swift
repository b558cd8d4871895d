/// Where a declaration really lives, outside the spec: `source: Main.storyboard:42:9` on a controller or transition.
///
/// Specs written by `vcaudit import storyboard` carry one on everything they import, so that findings about a
/// controller or a segue point at the storyboard element the user edits (with a note at the spec line).
public struct SourceReference: Sendable, Hashable {
    public var file: String
    public var line: Int
    /// 1 when the reference names no column.
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Parses `path:line` or `path:line:column` (the path may contain colons); nil when it has no line number.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]), line > 0, column > 0 {
            self.init(file: parts[..<(parts.count - 2)].joined(separator: ":"), line: line, column: column)
        } else if let line = Int(parts[parts.count - 1]), line > 0 {
            self.init(file: parts[..<(parts.count - 1)].joined(separator: ":"), line: line)
        } else {
            return nil
        }
        if file.isEmpty { return nil }
    }

    /// `path:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
