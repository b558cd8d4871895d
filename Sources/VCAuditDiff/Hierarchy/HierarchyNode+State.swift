import VCAuditReplay
import VCAuditSpec

extension HierarchyNode {
    /// The replayed hierarchy as a tree: the window, its root controller's subtree, and controllers touched but outside it.
    ///
    /// Children hang by `child` (a navigation stack bottom to top, tabs in
    /// order, embedded children) and presented controllers by `presented`, as
    /// in `HierarchyPrinter`. Controllers outside the window's hierarchy are
    /// listed under the window as `outside` only when something happened to
    /// them (a parent, a mounted view, an appearance state other than
    /// `disappeared`), so the never-shown ones of a large spec do not crowd the diff.
    public init(state: HierarchyState) {
        var placed: Set<ControllerID> = []
        func node(_ id: ControllerID, relation: String) -> HierarchyNode? {
            guard placed.insert(id).inserted else { return nil }
            let controller = state[id]
            var children = state.children(of: id).compactMap { node($0, relation: "child") }
            if let presented = controller.presented, let child = node(presented, relation: "presented") { children.append(child) }
            return HierarchyNode(relation: relation, id: id.name, attributes: Self.attributes(of: id, in: state), children: children)
        }
        var window: [String: String] = [
            "visible": state.isLaunched ? "yes" : "no",
            "width": state.horizontalSizeClass.rawValue,
            "height": state.verticalSizeClass.rawValue,
        ]
        if state.isTerminated { window["crashed"] = "yes" }
        if !state.animations.isEmpty {
            window["animations"] = state.animations.map { "\($0.kind.rawValue):\($0.owner)" }.joined(separator: ",")
        }
        var children: [HierarchyNode] = []
        if let root = state.windowRoot, let rootNode = node(root, relation: "root") { children.append(rootNode) }
        for id in state.order where !placed.contains(id) {
            let controller = state[id]
            let touched = controller.superview != nil || controller.appearance != .disappeared || controller.presented != nil
                || controller.manualAppearance != nil
            guard controller.parent == nil, controller.presenting == nil, touched, let outside = node(id, relation: "outside") else { continue }
            children.append(outside)
        }
        self.init(relation: "", id: "window", attributes: window, children: children)
    }

    static func attributes(of id: ControllerID, in state: HierarchyState) -> [String: String] {
        let controller = state[id]
        var attributes: [String: String] = [
            "kind": controller.kind.rawValue,
            "appearance": controller.appearance.rawValue,
        ]
        if state.isInWindow(id) {
            attributes["view"] = "in-window"
        } else if let cover = controller.coveredBy {
            attributes["view"] = "covered-by:\(cover)"
        } else if controller.superview != nil {
            attributes["view"] = "mounted"
        } else {
            attributes["view"] = "not-mounted"
        }
        if state.isDetached(id), let owner = state.viewOwner(of: id) { attributes["detached"] = "in:\(owner)" }
        if let selected = controller.selected { attributes["selected"] = selected.name }
        if let style = controller.presentationStyle { attributes["style"] = style.rawValue }
        if let requested = controller.requestedPresentationStyle, requested != controller.presentationStyle {
            attributes["requestedStyle"] = requested.rawValue
        }
        if let manual = controller.manualAppearance { attributes["beginAppearance"] = manual ? "appearing" : "disappearing" }
        return attributes
    }
}
