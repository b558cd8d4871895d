@testable import VCAuditReplay
import VCAuditSpec

/// The consistency every replayed state keeps, whatever the steps did.
enum HierarchyInvariants {
    /// Every broken invariant, described; empty when the state is consistent.
    static func problems(in state: HierarchyState) -> [String] {
        var problems: [String] = []
        for id in state.order {
            let controller = state[id]
            let children = state.children(of: id)
            // Containment: parent and children agree, children are distinct, no cycle.
            // A tab bar's More navigation controller is its child without being a tab, and a tab it shows has it
            // as parent while staying one of the tab bar's view controllers (docs/uikit-semantics.md).
            if let parent = controller.parent, !state.childControllers(of: parent).contains(id) {
                problems.append("\(id) has parent \(parent), which does not list it")
            }
            if Set(children).count != children.count {
                problems.append("\(id) lists a child twice: \(children)")
            }
            for child in children where state[child].parent != id
                && !(controller.kind == .tabBar && state[child].parent == controller.more) {
                problems.append("\(id) lists \(child), whose parent is \(state[child].parent ?? "nil")")
            }
            var seen: Set<ControllerID> = [id]
            var current = controller.parent
            while let up = current {
                if !seen.insert(up).inserted { problems.append("containment cycle through \(id)"); break }
                current = state[up].parent
            }
            // Presentation: links are symmetric, one presented controller per presenter, no cycle.
            if let presented = controller.presented, state[presented].presenting != id {
                problems.append("\(id) presents \(presented), whose presenter is \(state[presented].presenting ?? "nil")")
            }
            if let presenter = controller.presenting, state[presenter].presented != id {
                problems.append("\(id) is presented by \(presenter), which presents \(state[presenter].presented ?? "nil")")
            }
            if controller.presenting != nil, controller.parent != nil {
                problems.append("\(id) is both presented and a child")
            }
            var chain: Set<ControllerID> = [id]
            var next = controller.presented
            while let up = next {
                if !chain.insert(up).inserted { problems.append("presentation cycle through \(id)"); break }
                next = state[up].presented
            }
            // Views: no view is inside itself.
            var hosts: Set<ControllerID> = [id]
            var host = state.viewOwner(of: id)
            while let owner = host {
                if !hosts.insert(owner).inserted { problems.append("view cycle through \(id)"); break }
                host = state.viewOwner(of: owner)
            }
            if let cover = controller.coveredBy, state[cover].presenting != id {
                problems.append("\(id) is covered by \(cover), which it does not present")
            }
            if controller.kind == .tabBar, let selected = controller.selected, !children.contains(selected) {
                problems.append("tab bar \(id) selects \(selected), which is not one of its tabs")
            }
        }
        if let root = state.windowRoot, state[root].parent != nil {
            problems.append("the window root \(root) has a parent")
        }
        return problems
    }
}
