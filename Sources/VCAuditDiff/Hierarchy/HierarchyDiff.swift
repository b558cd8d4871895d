/// Two hierarchies side by side: every node of either, marked same, added, removed or changed.
///
/// Nodes are matched by their key (relation and id) under matched parents;
/// siblings are aligned in order, so a reordered navigation stack shows as
/// the controllers that left and arrived. A node present on both sides whose
/// attributes differ is `changed`, with each attribute's old and new value.
public struct HierarchyDiff: Sendable, Hashable {
    public enum Change: String, Sendable, Hashable {
        case same, added, removed, changed
    }

    /// One attribute of a node: its value on each side (nil where the side lacks it).
    public struct Attribute: Sendable, Hashable {
        public var key: String
        public var old: String?
        public var new: String?

        public init(key: String, old: String?, new: String?) {
            self.key = key
            self.old = old
            self.new = new
        }

        public var isChanged: Bool { old != new }
    }

    public struct Line: Sendable, Hashable {
        public var depth: Int
        public var change: Change
        public var relation: String
        public var id: String
        /// Sorted by key.
        public var attributes: [Attribute]

        public init(depth: Int, change: Change, relation: String, id: String, attributes: [Attribute]) {
            self.depth = depth
            self.change = change
            self.relation = relation
            self.id = id
            self.attributes = attributes
        }

        /// `relation id`, or just the id for the root.
        public var key: String { relation.isEmpty ? id : relation + " " + id }
    }

    /// The merged tree, depth first, in order.
    public var lines: [Line]

    public init(lines: [Line]) {
        self.lines = lines
    }

    /// Whether both hierarchies are the same.
    public var isIdentical: Bool { lines.allSatisfy { $0.change == .same } }

    /// The diff of two hierarchies; either may be missing (nothing on that side).
    public static func between(_ old: HierarchyNode?, _ new: HierarchyNode?) -> HierarchyDiff {
        var lines: [Line] = []
        switch (old, new) {
        case (nil, nil): break
        case (let old?, nil): emit(old, change: .removed, depth: 0, into: &lines)
        case (nil, let new?): emit(new, change: .added, depth: 0, into: &lines)
        case (let old?, let new?):
            if old.key == new.key {
                compare(old, new, depth: 0, into: &lines)
            } else {
                emit(old, change: .removed, depth: 0, into: &lines)
                emit(new, change: .added, depth: 0, into: &lines)
            }
        }
        return HierarchyDiff(lines: lines)
    }

    private static func emit(_ node: HierarchyNode, change: Change, depth: Int, into lines: inout [Line]) {
        let attributes = node.attributes.keys.sorted().map {
            Attribute(key: $0, old: change == .added ? nil : node.attributes[$0], new: change == .removed ? nil : node.attributes[$0])
        }
        lines.append(Line(depth: depth, change: change, relation: node.relation, id: node.id, attributes: attributes))
        for child in node.children { emit(child, change: change, depth: depth + 1, into: &lines) }
    }

    private static func compare(_ old: HierarchyNode, _ new: HierarchyNode, depth: Int, into lines: inout [Line]) {
        let keys = Set(old.attributes.keys).union(new.attributes.keys).sorted()
        let attributes = keys.map { Attribute(key: $0, old: old.attributes[$0], new: new.attributes[$0]) }
        let change: Change = attributes.contains(where: \.isChanged) ? .changed : .same
        lines.append(Line(depth: depth, change: change, relation: new.relation, id: new.id, attributes: attributes))

        // Align the children by key.
        var symbols: [String: Int32] = [:]
        func symbol(_ key: String) -> Int32 {
            if let existing = symbols[key] { return existing }
            let next = Int32(symbols.count)
            symbols[key] = next
            return next
        }
        let a = old.children.map { symbol($0.key) }
        let b = new.children.map { symbol($0.key) }
        let marks = SequenceAligner.align(a, b, symbolCount: symbols.count, options: .exact)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, marks.deleted[i] {
                emit(old.children[i], change: .removed, depth: depth + 1, into: &lines)
                i += 1
            } else if j < b.count, marks.inserted[j] {
                emit(new.children[j], change: .added, depth: depth + 1, into: &lines)
                j += 1
            } else {
                compare(old.children[i], new.children[j], depth: depth + 1, into: &lines)
                i += 1
                j += 1
            }
        }
    }
}
