import VCAuditSpec
import VCAuditYAML

/// The least any decoder that reads a composed document must do: visit every node once, and look every scalar up
/// in a table of the spec's controller ids, through the borrowed views the decoder reads with.
///
/// `load` adds to `compose` the cost of decoding. This stage bounds from below what a decoder over the same tree
/// could cost: it reads each node record and scalar's bytes once and does one `NameTable` lookup per scalar, as the
/// decoder does for each controller reference, but builds nothing and checks nothing.
enum TreeFloor {
    /// Reads `root`'s whole document; returns a sum of what it found, so the work cannot be optimised away.
    static func read(_ root: Node) -> Int {
        var table = NameTable()
        if let controllers = root.mapping?["controllers"]?.mapping {
            for entry in controllers.entries {
                if let id = entry.key.scalar?.value { table.insert(id) }
            }
        }
        let ids = table
        return withExtendedLifetime(root.document) { visit(BorrowedNode(root), ids) }
    }

    /// Looks up every scalar of `node`'s subtree in `ids`; returns the sum of one more than each number found.
    private static func visit(_ node: BorrowedNode, _ ids: NameTable) -> Int {
        if let scalar = node.scalar {
            return scalar.withUTF8 { ids.number(of: $0) }.map { $0 &+ 1 } ?? 0
        }
        var found = 0
        if let mapping = node.mapping {
            for entry in mapping.entries { found &+= visit(entry.key, ids) &+ visit(entry.value, ids) }
        } else if let sequence = node.sequence {
            for item in sequence.items { found &+= visit(item, ids) }
        }
        return found
    }
}
