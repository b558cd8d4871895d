import VCAuditReplay
import VCAuditSpec

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
        /// `root/…/id`, when every identifier on the way is set.
        var path: String?
        /// Ancestors on the way without a restoration identifier, root first.
        var unidentifiedAncestors: [ControllerID]
    }

    var nodes: [Node] = []

    init(_ state: HierarchyState) {
        let order = state.preservationOrder
        nodes.reserveCapacity(order.count)
        // Where each controller's node is in `nodes`, by the controller's position in the state's table (-1: none).
        var nodeAt = [Int](repeating: -1, count: state.controllers.count)
        for (id, up) in order {
            let above = up.map { nodeAt[state.controllers.position(of: $0)!] }.flatMap { $0 >= 0 ? $0 : nil }
            var missing = above.map { nodes[$0].unidentifiedAncestors } ?? []
            if let up, !state[up].hasRestorationID { missing.append(up) }
            var path: String?
            if let identifier = state[id].restorationID {
                if up == nil {
                    path = identifier
                } else if let above, let upPath = nodes[above].path {
                    path = upPath + "/" + identifier
                }
            }
            nodeAt[state.controllers.position(of: id)!] = nodes.count
            nodes.append(Node(id: id, up: up, path: path, unidentifiedAncestors: missing))
        }
    }

    /// The structure preservation saw around each controller: what a relaunch must give back.
    func shape(_ state: HierarchyState) -> [ControllerID: Shape] {
        var result: [ControllerID: Shape] = [:]
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
