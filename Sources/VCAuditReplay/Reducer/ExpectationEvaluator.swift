/// Checks an `expect:` assertion against the replayed state.
struct ExpectationEvaluator {
    let state: HierarchyState

    /// Whether it holds, what it checks (for the log), and what was found instead.
    func evaluate(_ check: Expectation.Check) -> (passed: Bool, description: String, failure: String?) {
        switch check {
        case .visible(let refs):
            // Exactly these views are in the window, in any order.
            let ids = refs.map(\.id)
            let inWindow = state.controllersInWindow
            let missing = ids.filter { !state.isInWindow($0) }
            let extra = inWindow.filter { !ids.contains($0) }
            let description = "visible [\(ids.joined(separator: ", "))]"
            if missing.isEmpty, extra.isEmpty { return (true, description, nil) }
            var problems: [String] = []
            if !missing.isEmpty { problems.append("not in the window: \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { problems.append("also in the window: \(extra.joined(separator: ", "))") }
            return (false, description, problems.joined(separator: "; ") + " (in the window: \(list(inWindow)))")
        case .presented(let by, let vc):
            // Exactly the presenter UIKit resolved (docs/spec-format.md), not a controller below it: UIKit's own
            // `presentedViewController` would answer for those too, which hides a presentation from the wrong context.
            let actual = state[by.id].presented
            let description = "presented by \(by.id): \(vc?.id ?? "nothing")"
            if actual == vc?.id { return (true, description, nil) }
            var problem = "'\(by.id)' presents \(actual.map { "'\($0)'" } ?? "nothing")"
            if actual == nil, let via = state.presentedViewController(of: by.id), let presenter = state[via].presenting {
                problem += " ('\(via)' is presented by '\(presenter)', which contains it)"
            }
            return (false, description, problem)
        case .top(let nav, let vc):
            let actual = state[nav.id].children.last
            let description = "top of \(nav.id): \(vc.id)"
            if actual == vc.id { return (true, description, nil) }
            return (false, description, "the top of '\(nav.id)' is \(actual.map { "'\($0)'" } ?? "nothing") (stack: \(list(state[nav.id].children)))")
        case .stack(let nav, let vcs):
            let expected = vcs.map(\.id)
            let actual = state[nav.id].children
            let description = "stack of \(nav.id): [\(expected.joined(separator: ", "))]"
            if actual == expected { return (true, description, nil) }
            return (false, description, "the stack of '\(nav.id)' is \(list(actual))")
        case .selected(let tabs, let vc):
            let actual = state[tabs.id].selected
            let description = "selected in \(tabs.id): \(vc.id)"
            if actual == vc.id { return (true, description, nil) }
            return (false, description, "'\(tabs.id)' has \(actual.map { "'\($0)'" } ?? "nothing") selected")
        case .parent(let child, let parent):
            let actual = state[child.id].parent
            let description = "parent of \(child.id): \(parent?.id ?? "none")"
            if actual == parent?.id { return (true, description, nil) }
            return (false, description, "the parent of '\(child.id)' is \(actual.map { "'\($0)'" } ?? "none")")
        case .appearance(let vc, let expected):
            let actual = state[vc.id].appearance
            let description = "appearance of \(vc.id): \(expected.rawValue)"
            if actual == expected { return (true, description, nil) }
            return (false, description, "'\(vc.id)' is \(actual.rawValue)")
        }
    }

    private func list(_ ids: [ControllerID]) -> String { "[" + ids.joined(separator: ", ") + "]" }
}
