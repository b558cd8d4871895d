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
        /// Whether `up` has no restoration identifier.
        var upIsUnidentified: Bool
        /// Whether an ancestor on the way has no restoration identifier (`unidentifiedAncestors(at:)` lists them).
        var hasUnidentifiedAncestors: Bool
    }

    var nodes: [Node] = []

    /// The walk of `state`: its nodes, the one array it keeps, and its stack and a table of paths, which it drops.
    init(_ state: HierarchyState) {
        nodes.reserveCapacity(state.controllers.count)
        // A path is its parent's path and its identifier: numbered by that pair (no path is a string until a
        // finding needs it).
        var pathKeys = [UInt64: Int](minimumCapacity: state.controllers.count)
        // Where each controller's node is in `nodes`, by the controller's position in the state's table (-1: none).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: state.controllers.count) { nodeAt in
            nodeAt.initialize(repeating: -1)
            state.forEachInPreservationOrder { id, up in
                let above = up.map { nodeAt[state.controllers.position(of: $0)!] }.flatMap { $0 >= 0 ? $0 : nil }
                let upIsUnidentified = up.map { !state[$0].hasRestorationID } ?? false
                var pathKey: Int?
                var identifier: InternedString?
                if let own = state[id].internedRestorationID {
                    let parentKey: Int? = up == nil ? -1 : above.flatMap { nodes[$0].pathKey }
                    if let parentKey {
                        let pair = UInt64(UInt32(truncatingIfNeeded: parentKey + 1)) << 32 | UInt64(own.number)
                        pathKey = pathKeys[pair] ?? {
                            pathKeys[pair] = nodes.count
                            return nodes.count
                        }()
                        identifier = own
                    }
                }
                nodeAt[state.controllers.position(of: id)!] = nodes.count
                nodes.append(Node(id: id, up: up, above: above, identifier: identifier, pathKey: pathKey,
                                  upIsUnidentified: upIsUnidentified,
                                  hasUnidentifiedAncestors: upIsUnidentified || above.map { nodes[$0].hasUnidentifiedAncestors } ?? false))
            }
        }
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

    /// The structure preservation saw around each controller: what a relaunch must give back.
    func shape(_ state: HierarchyState) -> [ControllerID: Shape] {
        // Room for every node from the start: a table grown one node at a time reallocates again and again.
        var result = [ControllerID: Shape](minimumCapacity: nodes.count)
        for node in nodes {
            let controller = state[node.id]
            result[node.id] = Shape(parent: controller.parent, presenter: controller.presenting, children: state.children(of: node.id),
                                    selected: controller.selected)
        }
        return result
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
