import VCAuditSpec

/// Checks an `expect:` assertion against the replayed state.
struct ExpectationEvaluator {
    let state: HierarchyState

    /// Whether it holds, what it checks (for the log), and what was found instead.
    func evaluate(_ check: Expectation.Check) -> (passed: Bool, description: String, failure: String?) {
        // Only `id#n` and `tabs.more` can name a controller that does not exist (the decoder checked the rest).
        // Whether the state holds it first: a table lookup, where telling a More controller by name reads the name.
        if let missing = check.references.first(where: { !state.contains(id($0.id)) && Self.mayBeMissing($0.id) }) {
            if let tabs = MoreNavigation.tabBarID(missing.id) {
                return (false, "\(missing.id) exists", "'\(tabs)' has no More tab: it has \(state[tabs].children.count) tabs, "
                    + "and a tab bar shows up to \(MoreNavigation.compactTabLimit) in compact width")
            }
            let scene = missing.id.sceneID
            let made = state.instanceCounts[scene] ?? 1
            return (false, "instance \(missing.id) exists",
                    "no instance '\(missing.id)' has been made (\(made == 1 ? "'\(scene)' is the only one" : "segues made \(made) of '\(scene)'"))")
        }
        return evaluate(HierarchyFact(check))
    }

    /// Whether `fact` (in the ids the spec writes) holds, what it checks (for the log), and what was found instead.
    func evaluate(_ fact: HierarchyFact) -> (passed: Bool, description: String, failure: String?) {
        switch fact {
        case .visible(let written):
            // Exactly these views are in the window, in any order.
            let ids = written.map(id)
            let inWindow = state.controllersInWindow
            let missing = ids.filter { !state.isInWindow($0) }
            let extra = inWindow.filter { !ids.contains($0) }
            let description = "visible [\(written.joined(separator: ", "))]"
            if missing.isEmpty, extra.isEmpty { return (true, description, nil) }
            var problems: [String] = []
            if !missing.isEmpty { problems.append("not in the window: \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { problems.append("also in the window: \(extra.joined(separator: ", "))") }
            return (false, description, problems.joined(separator: "; ") + " (in the window: \(list(inWindow)))")
        case .presented(let by, let vc):
            // Exactly the presenter UIKit resolved (docs/spec-format.md), not a controller below it: UIKit's own
            // `presentedViewController` would answer for those too, which hides a presentation from the wrong context.
            let actual = state[id(by)].presented
            let description = "presented by \(by): \(vc ?? "nothing")"
            if actual == vc.map(id) { return (true, description, nil) }
            var problem = "'\(id(by))' presents \(actual.map { "'\($0)'" } ?? "nothing")"
            if actual == nil, let via = state.presentedViewController(of: id(by)), let presenter = state[via].presenting {
                problem += " ('\(via)' is presented by '\(presenter)', which contains it)"
            }
            return (false, description, problem)
        case .isPresented(let vc, let presented):
            let presenter = state[id(vc)].presenting
            let description = "\(vc) \(presented ? "presented" : "dismissed")"
            if (presenter != nil) == presented { return (true, description, nil) }
            return (false, description, presenter.map { "'\(id(vc))' is presented by '\($0)'" } ?? "'\(id(vc))' is not presented")
        case .top(let nav, let vc):
            let actual = state[id(nav)].children.last
            let description = "top of \(nav): \(vc)"
            if actual == id(vc) { return (true, description, nil) }
            return (false, description, "the top of '\(id(nav))' is \(actual.map { "'\($0)'" } ?? "nothing") (stack: \(list(state[id(nav)].children)))")
        case .stack(let nav, let vcs):
            return children(of: nav, are: vcs, named: "stack")
        case .tabs(let tabs, let vcs):
            return children(of: tabs, are: vcs, named: "tabs")
        case .pages(let pages, let vcs):
            return children(of: pages, are: vcs, named: "pages")
        case .selected(let tabs, let vc):
            let actual = state[id(tabs)].selected
            let description = "selected in \(tabs): \(vc)"
            if actual == id(vc) { return (true, description, nil) }
            return (false, description, "'\(id(tabs))' has \(actual.map { "'\($0)'" } ?? "nothing") selected")
        case .parent(let child, let parent):
            let actual = state[id(child)].parent
            let description = "parent of \(child): \(parent ?? "none")"
            if actual == parent.map(id) { return (true, description, nil) }
            return (false, description, "the parent of '\(id(child))' is \(actual.map { "'\($0)'" } ?? "none")")
        case .appearance(let vc, let expected):
            let actual = state[id(vc)].appearance
            let description = "appearance of \(vc): \(expected.rawValue)"
            if actual == expected { return (true, description, nil) }
            return (false, description, "'\(id(vc))' is \(actual.rawValue)")
        case .restorationPath(let vc, let path):
            let saved = state.archive?.entries.first { $0.id == id(vc) }?.path
            let description = "restoration path of \(vc): \(path)"
            if saved == path { return (true, description, nil) }
            return (false, description, saved.map { "'\(id(vc))' was saved as \($0)" } ?? "'\(id(vc))' was not saved")
        case .notRestorable(let vc):
            let saved = state.archive?.entries.first { $0.id == id(vc) }?.path
            let description = "\(vc) not saved"
            guard let saved else { return (true, description, nil) }
            return (false, description, "'\(id(vc))' was saved as \(saved)")
        case .forwardsAppearance(let vc, let forwards):
            let actual = state[id(vc)].forwardsAppearance
            let description = "\(vc) forwards appearance: \(forwards)"
            if actual == forwards { return (true, description, nil) }
            return (false, description, "'\(id(vc))' \(actual ? "forwards" : "does not forward") appearance")
        }
    }

    /// A container's ordered children (a navigation stack, tabs, pages) against the ones expected.
    private func children(of container: ControllerID, are expected: [ControllerID], named what: String)
        -> (passed: Bool, description: String, failure: String?) {
        let actual = state[id(container)].children
        let description = "\(what) of \(container): [\(expected.joined(separator: ", "))]"
        if actual == expected.map(id) { return (true, description, nil) }
        return (false, description, "the \(what) of '\(id(container))' \(what == "stack" ? "is" : "are") \(list(actual))")
    }

    /// The instance an expectation naming `reference` means: the newest a segue made (docs/uikit-semantics.md).
    /// Whether a reference is an instance number or a More controller, which may not exist.
    private static func mayBeMissing(_ id: ControllerID) -> Bool {
        id.isInstance || MoreNavigation.tabBarID(id) != nil
    }

    /// `detail#2` names that instance and `detail#1` the declared one; a plain id names the newest.
    private func id(_ id: ControllerID) -> ControllerID {
        guard id.isInstance else { return state.current(id) }
        return id.instance == 1 ? id.sceneID : id
    }

    private func list(_ ids: [ControllerID]) -> String { "[" + ids.joined(separator: ", ") + "]" }
}
