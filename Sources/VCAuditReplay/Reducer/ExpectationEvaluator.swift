/// Checks an `expect:` assertion against the replayed state.
struct ExpectationEvaluator {
    let state: HierarchyState

    /// Whether it holds, what it checks (for the log), and what was found instead.
    func evaluate(_ check: Expectation.Check) -> (passed: Bool, description: String, failure: String?) {
        // Only `id#n` and `tabs.more` can name a controller that does not exist (the decoder checked the rest).
        if let missing = check.references.first(where: { Self.mayBeMissing($0.id) && !state.contains(id($0)) }) {
            if let tabs = MoreNavigation.tabBarID(missing.id) {
                return (false, "\(missing.id) exists", "'\(tabs)' has no More tab: it has \(state[tabs].children.count) tabs, "
                    + "and a tab bar shows up to \(MoreNavigation.compactTabLimit) in compact width")
            }
            let scene = HierarchyState.scene(of: missing.id)
            let made = state.instanceCounts[scene] ?? 1
            return (false, "instance \(missing.id) exists",
                    "no instance '\(missing.id)' has been made (\(made == 1 ? "'\(scene)' is the only one" : "segues made \(made) of '\(scene)'"))")
        }
        switch check {
        case .visible(let refs):
            // Exactly these views are in the window, in any order.
            let ids = refs.map(id)
            let inWindow = state.controllersInWindow
            let missing = ids.filter { !state.isInWindow($0) }
            let extra = inWindow.filter { !ids.contains($0) }
            let description = "visible [\(refs.map(\.id).joined(separator: ", "))]"
            if missing.isEmpty, extra.isEmpty { return (true, description, nil) }
            var problems: [String] = []
            if !missing.isEmpty { problems.append("not in the window: \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { problems.append("also in the window: \(extra.joined(separator: ", "))") }
            return (false, description, problems.joined(separator: "; ") + " (in the window: \(list(inWindow)))")
        case .presented(let by, let vc):
            // Exactly the presenter UIKit resolved (docs/spec-format.md), not a controller below it: UIKit's own
            // `presentedViewController` would answer for those too, which hides a presentation from the wrong context.
            let actual = state[id(by)].presented
            let description = "presented by \(by.id): \(vc?.id ?? "nothing")"
            if actual == vc.map(id) { return (true, description, nil) }
            var problem = "'\(id(by))' presents \(actual.map { "'\($0)'" } ?? "nothing")"
            if actual == nil, let via = state.presentedViewController(of: id(by)), let presenter = state[via].presenting {
                problem += " ('\(via)' is presented by '\(presenter)', which contains it)"
            }
            return (false, description, problem)
        case .top(let nav, let vc):
            let actual = state[id(nav)].children.last
            let description = "top of \(nav.id): \(vc.id)"
            if actual == id(vc) { return (true, description, nil) }
            return (false, description, "the top of '\(id(nav))' is \(actual.map { "'\($0)'" } ?? "nothing") (stack: \(list(state[id(nav)].children)))")
        case .stack(let nav, let vcs):
            let expected = vcs.map(id)
            let actual = state[id(nav)].children
            let description = "stack of \(nav.id): [\(vcs.map(\.id).joined(separator: ", "))]"
            if actual == expected { return (true, description, nil) }
            return (false, description, "the stack of '\(id(nav))' is \(list(actual))")
        case .selected(let tabs, let vc):
            let actual = state[id(tabs)].selected
            let description = "selected in \(tabs.id): \(vc.id)"
            if actual == id(vc) { return (true, description, nil) }
            return (false, description, "'\(id(tabs))' has \(actual.map { "'\($0)'" } ?? "nothing") selected")
        case .parent(let child, let parent):
            let actual = state[id(child)].parent
            let description = "parent of \(child.id): \(parent?.id ?? "none")"
            if actual == parent.map(id) { return (true, description, nil) }
            return (false, description, "the parent of '\(id(child))' is \(actual.map { "'\($0)'" } ?? "none")")
        case .appearance(let vc, let expected):
            let actual = state[id(vc)].appearance
            let description = "appearance of \(vc.id): \(expected.rawValue)"
            if actual == expected { return (true, description, nil) }
            return (false, description, "'\(id(vc))' is \(actual.rawValue)")
        }
    }

    /// The instance an expectation naming `reference` means: the newest a segue made (docs/uikit-semantics.md).
    /// Whether a reference is an instance number or a More controller, which may not exist.
    private static func mayBeMissing(_ id: ControllerID) -> Bool {
        id.utf8.contains(UInt8(ascii: "#")) || MoreNavigation.tabBarID(id) != nil
    }

    /// `detail#2` names that instance and `detail#1` the declared one; a plain id names the newest.
    private func id(_ reference: Reference) -> ControllerID {
        let id = reference.id
        guard id.contains("#") else { return state.current(id) }
        return id.hasSuffix("#1") ? HierarchyState.scene(of: id) : id
    }

    private func list(_ ids: [ControllerID]) -> String { "[" + ids.joined(separator: ", ") + "]" }
}
