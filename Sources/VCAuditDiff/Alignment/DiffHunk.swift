/// A group of nearby differences with surrounding context, like a unified diff's `@@` hunk.
///
/// Lines refer to events by 0-based index into the old and new sequences;
/// formatters look the events up. Only context lines near a change are
/// materialized, so a million equal events cost nothing here.
public struct DiffHunk: Sendable, Hashable {
    /// What a line of a hunk shows.
    public enum LineKind: String, Sendable, Hashable, CaseIterable {
        /// The same event on both sides.
        case context
        /// Only in old.
        case deleted
        /// Only in new.
        case inserted
        /// In old here, and in new elsewhere (see the move).
        case movedOut
        /// In new here, and in old elsewhere (see the move).
        case movedIn
    }

    public struct Line: Sendable, Hashable {
        public var kind: LineKind
        /// Index into the old events (context, deleted, movedOut).
        public var old: Int?
        /// Index into the new events (context, inserted, movedIn).
        public var new: Int?
        /// Index into `EditScript.moves`, for moved lines.
        public var move: Int?

        public init(kind: LineKind, old: Int? = nil, new: Int? = nil, move: Int? = nil) {
            self.kind = kind
            self.old = old
            self.new = new
            self.move = move
        }
    }

    /// The old events the hunk covers (empty, at a position, when it only inserts).
    public var old: Range<Int>
    /// The new events the hunk covers.
    public var new: Range<Int>
    public var lines: [Line]

    public init(old: Range<Int>, new: Range<Int>, lines: [Line]) {
        self.old = old
        self.new = new
        self.lines = lines
    }

    /// The hunks of `script`, each change surrounded by up to `context` equal elements.
    ///
    /// Changes separated by at most `2 × context` equal elements share a hunk.
    public static func hunks(_ script: EditScript, context: Int) -> [DiffHunk] {
        let context = max(0, context)
        let operations = script.operations
        guard let lastChange = operations.lastIndex(where: \.isChange) else { return [] }
        var hunks: [DiffHunk] = []
        var lines: [Line] = []
        var open = false
        var hunkOld = 0, hunkNew = 0
        var oldCursor = 0, newCursor = 0

        func close() {
            let oldCount = lines.reduce(0) { $0 + ($1.old != nil ? 1 : 0) }
            let newCount = lines.reduce(0) { $0 + ($1.new != nil ? 1 : 0) }
            hunks.append(DiffHunk(old: hunkOld..<(hunkOld + oldCount), new: hunkNew..<(hunkNew + newCount), lines: lines))
            lines = []
            open = false
        }

        for (index, operation) in operations.enumerated() {
            switch operation {
            case .equal(let o, let n):
                if open {
                    let keep = index < lastChange && o.count <= 2 * context ? o.count : min(context, o.count)
                    for k in 0..<keep { lines.append(Line(kind: .context, old: o.lowerBound + k, new: n.lowerBound + k)) }
                    if keep < o.count || index > lastChange { close() }
                }
            default:
                if !open {
                    open = true
                    var lead = 0
                    if index > 0, case .equal(let o, let n) = operations[index - 1] {
                        lead = min(context, o.count)
                        for k in (o.count - lead)..<o.count {
                            lines.append(Line(kind: .context, old: o.lowerBound + k, new: n.lowerBound + k))
                        }
                    }
                    hunkOld = oldCursor - lead
                    hunkNew = newCursor - lead
                }
                switch operation {
                case .delete(let o): for i in o { lines.append(Line(kind: .deleted, old: i)) }
                case .insert(let n): for j in n { lines.append(Line(kind: .inserted, new: j)) }
                case .moveOut(let o, let move): for i in o { lines.append(Line(kind: .movedOut, old: i, move: move)) }
                case .moveIn(let n, let move): for j in n { lines.append(Line(kind: .movedIn, new: j, move: move)) }
                case .equal: break
                }
            }
            oldCursor += operation.oldCount
            newCursor += operation.newCount
        }
        if open { close() }
        return hunks
    }
}
