/// How to turn one sequence into another: runs of kept, deleted, inserted and moved elements, in order.
///
/// Indices are 0-based positions in the old and new sequences. Operations
/// cover both sequences exactly once and in order: `equal`, `delete` and
/// `moveOut` consume old elements, `equal`, `insert` and `moveIn` consume new
/// ones. A move is a block deleted in one place and inserted, unchanged,
/// elsewhere; its two halves share a move number (an index into `moves`).
public struct EditScript: Sendable, Hashable {
    public enum Operation: Sendable, Hashable {
        case equal(old: Range<Int>, new: Range<Int>)
        case delete(old: Range<Int>)
        case insert(new: Range<Int>)
        /// Where a moved block left: `old` no longer happens here.
        case moveOut(old: Range<Int>, move: Int)
        /// Where a moved block arrived: the same content now happens at `new`.
        case moveIn(new: Range<Int>, move: Int)

        /// Whether the operation is a difference (anything but `equal`).
        public var isChange: Bool {
            if case .equal = self { return false }
            return true
        }

        /// The old elements the operation consumes (empty for insertions).
        public var oldCount: Int {
            switch self {
            case .equal(let old, _), .delete(let old), .moveOut(let old, _): old.count
            case .insert, .moveIn: 0
            }
        }

        /// The new elements the operation consumes (empty for deletions).
        public var newCount: Int {
            switch self {
            case .equal(_, let new), .insert(let new), .moveIn(let new, _): new.count
            case .delete, .moveOut: 0
            }
        }
    }

    /// A block that moved: where it was in old, where it is in new.
    public struct Move: Sendable, Hashable {
        public var old: Range<Int>
        public var new: Range<Int>

        public init(old: Range<Int>, new: Range<Int>) {
            self.old = old
            self.new = new
        }
    }

    public var operations: [Operation]
    /// Moves ordered by their old position; `moveOut`/`moveIn` refer to them by index.
    public var moves: [Move]

    public init(operations: [Operation], moves: [Move] = []) {
        self.operations = operations
        self.moves = moves
    }

    /// Whether the two sequences are the same.
    public var isEmpty: Bool { !operations.contains(where: \.isChange) }

    /// Elements inserted, not counting moved ones.
    public var insertedCount: Int {
        operations.reduce(0) { if case .insert(let new) = $1 { $0 + new.count } else { $0 } }
    }

    /// Elements deleted, not counting moved ones.
    public var deletedCount: Int {
        operations.reduce(0) { if case .delete(let old) = $1 { $0 + old.count } else { $0 } }
    }

    /// Elements that moved.
    public var movedCount: Int { moves.reduce(0) { $0 + $1.old.count } }

    /// The script from alignment marks, with moves found among the deleted and inserted blocks.
    ///
    /// A move must be at least `minimumMoveLength` elements long, so single
    /// repeated events that happen to be dropped in one place and added in
    /// another are not called moves.
    public static func build(old: [Int32], new: [Int32], marks: SequenceAligner.Marks, minimumMoveLength: Int = 2) -> EditScript {
        var runs: [Operation] = []
        var i = 0, j = 0
        let n = old.count, m = new.count
        while i < n || j < m {
            if i < n, marks.deleted[i] {
                let start = i
                while i < n, marks.deleted[i] { i += 1 }
                runs.append(.delete(old: start..<i))
            } else if j < m, marks.inserted[j] {
                let start = j
                while j < m, marks.inserted[j] { j += 1 }
                runs.append(.insert(new: start..<j))
            } else {
                let start1 = i, start2 = j
                while i < n, j < m, !marks.deleted[i], !marks.inserted[j] {
                    i += 1
                    j += 1
                }
                precondition(i > start1, "alignment marks leave unmatched elements")
                runs.append(.equal(old: start1..<i, new: start2..<j))
            }
        }
        let deletedRuns = runs.compactMap { if case .delete(let old) = $0 { old } else { nil } }
        let insertedRuns = runs.compactMap { if case .insert(let new) = $0 { new } else { nil } }
        let moves = MoveDetector.moves(old: old, new: new, deleted: deletedRuns, inserted: insertedRuns, minimumLength: minimumMoveLength)
        guard !moves.isEmpty else { return EditScript(operations: runs) }

        // Split deleted and inserted runs around the moved blocks.
        let outs = moves.enumerated().map { (range: $1.old, move: $0) }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let ins = moves.enumerated().map { (range: $1.new, move: $0) }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var operations: [Operation] = []
        var outIndex = 0, inIndex = 0
        /// Cuts `range` around the moved blocks that start inside it: plain pieces and moved ones, in order.
        func split(_ range: Range<Int>, around pieces: [(range: Range<Int>, move: Int)], from index: inout Int,
                   plain: (Range<Int>) -> Operation, moved: (Range<Int>, Int) -> Operation) {
            var cursor = range.lowerBound
            while index < pieces.count, pieces[index].range.lowerBound < range.upperBound {
                let piece = pieces[index]
                if cursor < piece.range.lowerBound { operations.append(plain(cursor..<piece.range.lowerBound)) }
                operations.append(moved(piece.range, piece.move))
                cursor = piece.range.upperBound
                index += 1
            }
            if cursor < range.upperBound { operations.append(plain(cursor..<range.upperBound)) }
        }
        for run in runs {
            switch run {
            case .delete(let range):
                split(range, around: outs, from: &outIndex, plain: { .delete(old: $0) }, moved: { .moveOut(old: $0, move: $1) })
            case .insert(let range):
                split(range, around: ins, from: &inIndex, plain: { .insert(new: $0) }, moved: { .moveIn(new: $0, move: $1) })
            default:
                operations.append(run)
            }
        }
        return EditScript(operations: operations, moves: moves)
    }

    /// Rebuilds the new sequence from `old` and the script, taking inserted elements from `new`.
    ///
    /// Returns nil when the script is inconsistent: an `equal` or move whose
    /// elements differ, or operations that do not cover both sequences in order.
    /// Tests use this to check scripts; it is also a cheap self-check.
    public func apply<Element: Equatable>(to old: [Element], insertingFrom new: [Element]) -> [Element]? {
        var out: [Element] = []
        out.reserveCapacity(new.count)
        var oldCursor = 0, newCursor = 0
        for operation in operations {
            switch operation {
            case .equal(let o, let n):
                guard o.lowerBound == oldCursor, n.lowerBound == newCursor, o.count == n.count, o.upperBound <= old.count else { return nil }
                for (x, y) in zip(o, n) {
                    guard y < new.count, old[x] == new[y] else { return nil }
                    out.append(old[x])
                }
                oldCursor = o.upperBound
                newCursor = n.upperBound
            case .delete(let o):
                guard o.lowerBound == oldCursor, o.upperBound <= old.count else { return nil }
                oldCursor = o.upperBound
            case .moveOut(let o, let move):
                guard o.lowerBound == oldCursor, o.upperBound <= old.count, move < moves.count, moves[move].old == o else { return nil }
                oldCursor = o.upperBound
            case .insert(let n):
                guard n.lowerBound == newCursor, n.upperBound <= new.count else { return nil }
                out.append(contentsOf: new[n])
                newCursor = n.upperBound
            case .moveIn(let n, let move):
                guard n.lowerBound == newCursor, move < moves.count, moves[move].new == n else { return nil }
                let source = moves[move].old
                guard source.count == n.count, source.upperBound <= old.count else { return nil }
                out.append(contentsOf: old[source])
                newCursor = n.upperBound
            }
        }
        guard oldCursor == old.count, newCursor == new.count else { return nil }
        return out
    }
}
