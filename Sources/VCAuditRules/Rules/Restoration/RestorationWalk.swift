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
    /// Where each controller's node is in `nodes`.
    private var positions: [ControllerID: Int] = [:]

    init(_ state: HierarchyState) {
        for (id, up) in state.preservationOrder {
            let above = up.flatMap { positions[$0] }.map { nodes[$0] }
            var missing = above?.unidentifiedAncestors ?? []
            if let up, state[up].restorationID == nil { missing.append(up) }
            var path: String?
            if let identifier = state[id].restorationID {
                if up == nil {
                    path = identifier
                } else if let upPath = above?.path {
                    path = upPath + "/" + identifier
                }
            }
            positions[id] = nodes.count
            nodes.append(Node(id: id, up: up, path: path, unidentifiedAncestors: missing))
        }
    }

    /// The structure preservation saw around each controller: what a relaunch must give back.
    func shape(_ state: HierarchyState) -> [ControllerID: Shape] {
        var result: [ControllerID: Shape] = [:]
        for node in nodes {
            let controller = state[node.id]
            result[node.id] = Shape(parent: controller.parent, presenter: controller.presenting, children: controller.children,
                                    selected: controller.selected)
        }
        return result
    }

    /// Where a controller sits in the hierarchy.
    struct Shape: Hashable {
        var parent: ControllerID?
        var presenter: ControllerID?
        var children: [ControllerID]
        var selected: ControllerID?
    }
}
