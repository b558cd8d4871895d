import VCAuditSpec

/// Prints the hierarchy like UIKit's `_printHierarchy`: children with `|`, presented controllers with `+`.
///
/// ```
/// <UITabBarController: tabs>, state: appeared, view: in window
///    | <UINavigationController: charactersNav>, state: appeared, view: in window
///    |    | <CharacterListViewController: characterList>, state: appeared, view: in window
///    + <AuthorInfoViewController: info>, state: appeared, view: in window, presented: popover
/// ```
/// Controllers outside the window's hierarchy follow under a heading, then
/// what `preserve` saved and the animations in flight, so nothing in the state
/// is hidden: two states print the same only when they are equal (given the
/// same spec).
public struct HierarchyPrinter {
    public let spec: Spec
    public let state: HierarchyState

    public init(spec: Spec, state: HierarchyState) {
        self.spec = spec
        self.state = state
    }

    public func render() -> String {
        var out = ""
        var printed: Set<ControllerID> = []
        if let root = state.windowRoot {
            out += "window (\(state.isLaunched ? "key and visible" : "not visible"); width \(state.horizontalSizeClass.rawValue), height \(state.verticalSizeClass.rawValue))\n"
            write(root, prefix: "", marker: "", into: &out, printed: &printed)
        } else {
            out += "window: no root view controller (not launched)\n"
        }
        // An instance a segue made that nothing holds any more (popped, dismissed) is gone, as UIKit releases it.
        let rest = state.order.filter {
            !printed.contains($0) && state[$0].parent == nil && state[$0].presenting == nil
                && (state.declared.position(of: $0) != nil || state[$0].superview != nil || state[$0].appearance != .disappeared)
        }
        if !rest.isEmpty {
            out += "not in the window's hierarchy:\n"
            for id in rest { write(id, prefix: "", marker: "", into: &out, printed: &printed) }
        }
        if let archive = state.archive {
            let paths = archive.entries.map(\.path)
            out += "restoration archive: " + (paths.isEmpty ? "empty" : paths.joined(separator: ", ")) + "\n"
        }
        if state.isTerminated { out += "(the app crashed: UIKit raised an exception)\n" }
        if !state.animations.isEmpty {
            out += "animations in flight: " + state.animations.map { "\($0.kind.rawValue) of \($0.owner)" }.joined(separator: ", ") + "\n"
        }
        return out
    }

    private func write(_ id: ControllerID, prefix: String, marker: String, into out: inout String, printed: inout Set<ControllerID>) {
        guard printed.insert(id).inserted else { return }
        out += prefix + marker + describe(id) + "\n"
        let childPrefix = prefix + (marker.isEmpty ? "   " : marker == "| " ? "|    " : "     ")
        // A tab behind the More tab is printed under the More navigation controller that shows it.
        for child in state.childControllers(of: id) where state[child].parent == id || state[id].kind != .tabBar {
            write(child, prefix: childPrefix, marker: "| ", into: &out, printed: &printed)
        }
        if let presented = state[id].presented {
            write(presented, prefix: childPrefix, marker: "+ ", into: &out, printed: &printed)
        }
    }

    private func describe(_ id: ControllerID) -> String {
        let controller = state[id]
        var parts = [spec.uikitName(id), "state: \(controller.appearance.rawValue)"]
        let view: String
        if state.isInWindow(id) {
            view = "in window"
        } else if controller.coveredBy != nil {
            view = "removed (covered by \(controller.coveredBy!))"
        } else if controller.superview != nil {
            view = "mounted, not in window"
        } else {
            view = "not mounted"
        }
        parts.append("view: \(view)")
        if state.isDetached(id), let owner = state.viewOwner(of: id) {
            parts.append("DETACHED (view inside \(owner) without addChild)")
        }
        if let selected = controller.selected { parts.append("selected: \(selected)") }
        if let style = controller.presentationStyle {
            var presented = "presented: \(style.rawValue)"
            if let requested = controller.requestedPresentationStyle, requested != style { presented += " (requested \(requested.rawValue))" }
            parts.append(presented)
        }
        if let anchor = controller.popoverAnchor { parts.append("anchor: \(anchor)") }
        if !controller.forwardsAppearance { parts.append("forwards appearance: no") }
        // Printed where it differs from UIKit's default (a navigation controller defines the context).
        if controller.definesPresentationContext != (controller.kind == .navigation) {
            parts.append(controller.definesPresentationContext ? "defines presentation context" : "does not define presentation context")
        }
        if let manual = controller.manualAppearance { parts.append("begin \(manual ? "appearing" : "disappearing") without end") }
        if let restorationID = controller.restorationID { parts.append("restorationID: \(restorationID)") }
        return parts.joined(separator: ", ")
    }
}
