/// Where two event logs first part ways, and the hierarchy on each side there.
///
/// Events before the divergence are identical on both sides, so the state
/// `before` differs only where the specs' declarations do (a controller's
/// kind, a presentation style). `after` compares the two sides where the
/// first run of differences ends, which is where the behaviour change shows.
public struct FirstDivergence: Sendable, Hashable {
    /// Index of the first old event that is not matched in place (the old count when the change is an insertion at the end).
    public var old: Int
    /// Index of the first new event that is not matched in place.
    public var new: Int
    /// Where the first run of differences ends in old (exclusive).
    public var oldEnd: Int
    /// Where the first run of differences ends in new (exclusive).
    public var newEnd: Int
    /// Old hierarchy against new, just before the first difference; nil when state is not available.
    public var before: HierarchyDiff?
    /// Old hierarchy against new, just after the first run of differences; nil when state is not available.
    public var after: HierarchyDiff?

    public init(old: Int, new: Int, oldEnd: Int, newEnd: Int, before: HierarchyDiff? = nil, after: HierarchyDiff? = nil) {
        self.old = old
        self.new = new
        self.oldEnd = oldEnd
        self.newEnd = newEnd
        self.before = before
        self.after = after
    }

    /// The positions of the first run of differences in `script`, without state; nil when the script has none.
    public static func locate(in script: EditScript) -> FirstDivergence? {
        var oldCursor = 0, newCursor = 0
        var start: (Int, Int)?
        for operation in script.operations {
            if operation.isChange {
                if start == nil { start = (oldCursor, newCursor) }
            } else if let start {
                return FirstDivergence(old: start.0, new: start.1, oldEnd: oldCursor, newEnd: newCursor)
            }
            oldCursor += operation.oldCount
            newCursor += operation.newCount
        }
        guard let start else { return nil }
        return FirstDivergence(old: start.0, new: start.1, oldEnd: oldCursor, newEnd: newCursor)
    }
}
