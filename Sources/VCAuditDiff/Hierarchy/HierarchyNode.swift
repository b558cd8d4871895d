/// A neutral description of a view-controller hierarchy at one point of a replay, for tree diffs.
///
/// The root is usually the window; each node is a controller that hangs from
/// its parent by a `relation` (`root`, `child`, `presented`, ...), carries
/// facts as string attributes (`kind`, `appearance`, `selected`, `stack`,
/// `style`, ...) and lists its children in order (a navigation stack bottom to
/// top, tabs in order, then anything it presents), built from the replay's
/// `HierarchyState` (`init(state:)`). The tree diff compares these nodes, so
/// it reads attributes as text, the way its output shows them.
public struct HierarchyNode: Sendable, Hashable {
    /// How the node hangs from its parent (empty for the root).
    public var relation: String
    /// The controller id (or `window` for the root).
    public var id: String
    public var attributes: [String: String]
    public var children: [HierarchyNode]

    public init(relation: String = "", id: String, attributes: [String: String] = [:], children: [HierarchyNode] = []) {
        self.relation = relation
        self.id = id
        self.attributes = attributes
        self.children = children
    }

    /// What identifies the node among its siblings: relation and id.
    public var key: String { relation.isEmpty ? id : relation + " " + id }

    /// The tree as indented lines (two spaces a level), attributes sorted: `relation id  key=value ...`.
    public var printout: String {
        var out = ""
        func write(_ node: HierarchyNode, depth: Int) {
            out += String(repeating: "  ", count: depth) + node.key
            let facts = node.attributes.keys.sorted().map { "\($0)=\(node.attributes[$0]!)" }
            if !facts.isEmpty { out += "  " + facts.joined(separator: " ") }
            out += "\n"
            for child in node.children { write(child, depth: depth + 1) }
        }
        write(self, depth: 0)
        return out
    }
}
