import VCAuditReplay
import VCAuditSpec
import VCAuditSupport

/// The window's hierarchy as state preservation walks it, with each controller's restoration path.
///
/// `HierarchyState.preservationOrder`, the order `preserve` encodes in. A controller's
/// path joins the restoration identifiers from the root down; it has one only
/// when it and every ancestor on the way (parents and presenters) have one.
struct RestorationWalk {
    struct Node {
        var id: ControllerID
        /// The parent or presenter it is reached from.
        var up: ControllerID?
        /// Where the node of `up` is in `nodes`.
        var above: Int?
        /// The restoration identifier, when the node has a path.
        var identifier: InternedString?
        /// The restoration path (`root/…/id`, when every identifier on the way is set) as a number: the position in
        /// `nodes` of the first node with that path, so two nodes of one walk have the same number exactly when their
        /// paths are the same (`path(at:)` spells it out).
        var pathKey: Int?
        /// Whether the controller has no restoration identifier of its own.
        var isUnidentified: Bool
        /// Whether `up` has no restoration identifier.
        var upIsUnidentified: Bool
        /// Whether an ancestor on the way has no restoration identifier (`unidentifiedAncestors(at:)` lists them).
        var hasUnidentifiedAncestors: Bool
    }

    var nodes: [Node] = []

    /// The walk of `state`: its nodes, the one array it keeps (`storage`, emptied, when its caller hands it one to
    /// reuse), and a list of where each controller's node is, which it drops.
    ///
    /// Each controller and the one it is reached from are looked up once in the state's table. A node's path number
    /// is found among the nodes before it (a walk has about as many nodes as the window shows controllers): a table
    /// of paths cost more to make than the search. The state is borrowed: an initializer's argument is otherwise the
    /// callee's own, and every caller copied the whole state (retaining each of its arrays) to walk it.
    init(_ state: borrowing HierarchyState, reusing storage: consuming [Node] = []) {
        let table = state.controllers
        nodes = consume storage
        if !nodes.isEmpty { nodes.removeAll(keepingCapacity: true) }
        nodes.reserveCapacity(table.count)
        // Where each controller's node is in `nodes`, by the controller's position in the state's table (-1: none).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: table.count) { nodeAt in
            nodeAt.initialize(repeating: -1)
            state.forEachInPreservationOrder { id, up in
                let position = table.position(of: id)!
                var above: Int?
                var upIsUnidentified = false
                if let up {
                    let upPosition = table.position(of: up)!
                    if nodeAt[upPosition] >= 0 { above = nodeAt[upPosition] }
                    upIsUnidentified = table[position: upPosition].internedRestorationID == nil
                }
                var pathKey: Int?
                var identifier: InternedString?
                let own = table[position: position].internedRestorationID
                // A path is its parent's path and its identifier: numbered by the first node with that pair. That node
                // comes after the node numbered `parentKey`, the first with the parent's path, since its own parent has
                // that path and comes before it: the search starts there.
                if let own, let parentKey = up == nil ? -1 : above.flatMap({ nodes[$0].pathKey }) {
                    pathKey = nodes.indices[(parentKey + 1)...].first { nodes[$0].identifier == own && parentPathKey(at: $0) == parentKey }
                        ?? nodes.count
                    identifier = own
                }
                nodeAt[position] = nodes.count
                nodes.append(Node(id: id, up: up, above: above, identifier: identifier, pathKey: pathKey,
                                  isUnidentified: own == nil, upIsUnidentified: upIsUnidentified,
                                  hasUnidentifiedAncestors: upIsUnidentified || above.map { nodes[$0].hasUnidentifiedAncestors } ?? false))
            }
        }
    }

    /// The path number of the parent of the node at `index`, which has a path: -1 for the root.
    private func parentPathKey(at index: Int) -> Int? {
        guard let above = nodes[index].above else { return -1 }
        return nodes[above].pathKey
    }

    /// The ancestors on the way to the node at `index` that have no restoration identifier, root first.
    func unidentifiedAncestors(at index: Int) -> [ControllerID] {
        var result: [ControllerID] = []
        var current: Int? = index
        while let position = current {
            if nodes[position].upIsUnidentified, let up = nodes[position].up { result.append(up) }
            current = nodes[position].above
        }
        return result.reversed()
    }

    /// The restoration path of the node at `index`, `root/…/id`, when it has one.
    func path(at index: Int) -> String? {
        guard nodes[index].pathKey != nil else { return nil }
        var identifiers: [String] = []
        var current: Int? = index
        while let position = current, let identifier = nodes[position].identifier {
            identifiers.append(identifier.string)
            current = nodes[position].above
        }
        return identifiers.reversed().joined(separator: "/")
    }

    /// The structure preservation saw around each node's controller, in the order of `nodes`: what a relaunch must
    /// give back.
    ///
    /// A list rather than a table by controller: it is read in the walk's order, and a table hashed every controller
    /// to fill it and again to read it.
    func shapes(_ state: HierarchyState) -> [Shape] {
        var shapes: [Shape] = []
        shapes.reserveCapacity(nodes.count)
        for node in nodes {
            let controller = state[node.id]
            shapes.append(Shape(parent: controller.parent, presenter: controller.presenting, children: state.children(of: node.id),
                                selected: controller.selected))
        }
        return shapes
    }

    /// Where a controller sits in the hierarchy.
    struct Shape: Hashable {
        var parent: ControllerID?
        var presenter: ControllerID?
        /// The children as the state's table holds them (no copy).
        var children: ControllerChildren
        var selected: ControllerID?

    }
}
