import VCAuditSpec
import VCAuditYAML

/// The least any decoder that reads a composed document must do: visit every node once, and look every scalar up
/// in a table of the spec's controller ids.
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
        return withExtendedLifetime(root.document) {
            let storage = root.document.storage
            var found = 0
            var slot = root.slot
            let end = storage.end(root.slot)
            while slot < end {
                if storage.kind(slot) == .scalar, let number = storage.withBytes(slot, { ids.number(of: $0) }) {
                    found &+= number &+ 1
                }
                slot += 1
            }
            return found
        }
    }
}
