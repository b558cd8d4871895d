import VCAuditSpec
import VCAuditSupport

/// Checks an `expect:` assertion against the replayed state.
struct ExpectationEvaluator {
    let state: HierarchyState

    /// Whether it holds, what was found instead, and what it checks (for the log).
    ///
    /// What it checks is text only a log or a failure's finding reads: it is made when `describing` or when the
    /// check fails, and is nil otherwise.
    func check(_ check: Expectation.Check, describing: Bool) -> (passed: Bool, failure: String?, description: String?) {
        // Only `id#n` and `tabs.more` can name a controller that does not exist (the decoder checked the rest).
        // Whether the state holds it first: a table lookup, where telling a More controller by name reads the name.
        if let missing = check.firstReference(where: { !state.contains(id($0.id)) && Self.mayBeMissing($0.id) }) {
            if let tabs = MoreNavigation.tabBarID(missing.id) {
                return (false, "'\(tabs)' has no More tab: it has \(state.children(of: tabs).count) tabs, "
                    + "and a tab bar shows up to \(MoreNavigation.compactTabLimit) in compact width", "\(missing.id) exists")
            }
            let scene = missing.id.sceneID
            let made = state.instanceCount(of: scene) ?? 1
            return (false, "no instance '\(missing.id)' has been made (\(made == 1 ? "'\(scene)' is the only one" : "segues made \(made) of '\(scene)'"))",
                    "instance \(missing.id) exists")
        }
        // A check that holds, with nothing to describe, is answered from the references as written: the fact, its
        // lists and the failure's text are made only when they are read.
        if !describing, holds(check) { return (true, nil, nil) }
        let fact = HierarchyFact(check)
        let (passed, failure) = self.check(fact)
        return (passed, failure, describing || !passed ? fact.summary : nil)
    }

    /// Whether `check` holds: what `check(HierarchyFact(check)).passed` answers, read in place without making the
    /// fact or any list.
    private func holds(_ check: Expectation.Check) -> Bool {
        switch check {
        case .visible(let written):
            // Exactly these views are in the window: each written one is, and each in the window is written.
            for reference in written where !state.isInWindow(id(reference.id)) { return false }
            for candidate in state.order where state.isInWindow(candidate) {
                var isWritten = false
                for reference in written where id(reference.id) == candidate {
                    isWritten = true
                    break
                }
                if !isWritten { return false }
            }
            return true
        case .presented(let by, let vc):
            return state[id(by.id)].presented == vc.map { id($0.id) }
        case .top(let nav, let vc):
            return state.children(of: id(nav.id)).last == id(vc.id)
        case .stack(let nav, let vcs):
            return state.children(of: id(nav.id)).elementsEqual(vcs) { $0 == id($1.id) }
        case .selected(let tabs, let vc):
            return state[id(tabs.id)].selected == id(vc.id)
        case .parent(let child, let parent):
            return state[id(child.id)].parent == parent.map { id($0.id) }
        case .appearance(let vc, let expected):
            return state[id(vc.id)].appearance == expected
        }
    }

    /// Whether `fact` (in the ids the spec writes) holds, what it checks (for the log), and what was found instead.
    func evaluate(_ fact: HierarchyFact) -> (passed: Bool, description: String, failure: String?) {
        let (passed, failure) = check(fact)
        return (passed, fact.summary, failure)
    }

    /// Whether `fact` (in the ids the spec writes) holds, and what was found instead.
    func check(_ fact: HierarchyFact) -> (passed: Bool, failure: String?) {
        switch fact {
        case .visible(let written):
            // Exactly these views are in the window, in any order.
            let ids = written.map(id)
            let missing = ids.filter { !state.isInWindow($0) }
            let inWindow = state.controllersInWindow
            let extra = inWindow.filter { !ids.contains($0) }
            if missing.isEmpty, extra.isEmpty { return (true, nil) }
            var problems: [String] = []
            if !missing.isEmpty { problems.append("not in the window: \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { problems.append("also in the window: \(extra.joined(separator: ", "))") }
            return (false, problems.joined(separator: "; ") + " (in the window: \(list(inWindow)))")
        case .presented(let by, let vc):
            // Exactly the presenter UIKit resolved (docs/spec-format.md), not a controller below it: UIKit's own
            // `presentedViewController` would answer for those too, which hides a presentation from the wrong context.
            let actual = state[id(by)].presented
            if actual == vc.map(id) { return (true, nil) }
            let presenter = id(by)
            // When it presents nothing: the controller presented from a controller it contains, and that one (looked
            // up once, not in each of the text's two passes).
            var containedPresentation: (presented: ControllerID, by: ControllerID)?
            if actual == nil, let via = state.presentedViewController(of: presenter), let by = state[via].presenting {
                containedPresentation = (via, by)
            }
            return (false, TextWriter.text { problem in
                problem.write("'")
                problem.write(presenter.name)
                if let actual {
                    problem.write("' presents '")
                    problem.write(actual.name)
                    problem.write("'")
                } else {
                    problem.write("' presents nothing")
                }
                if let containedPresentation {
                    problem.write(" ('")
                    problem.write(containedPresentation.presented.name)
                    problem.write("' is presented by '")
                    problem.write(containedPresentation.by.name)
                    problem.write("', which contains it)")
                }
            })
        case .isPresented(let vc, let presented):
            let presenter = state[id(vc)].presenting
            if (presenter != nil) == presented { return (true, nil) }
            return (false, presenter.map { "'\(id(vc))' is presented by '\($0)'" } ?? "'\(id(vc))' is not presented")
        case .top(let nav, let vc):
            let stack = state.children(of: id(nav))
            if stack.last == id(vc) { return (true, nil) }
            let nav = id(nav)
            return (false, TextWriter.text { problem in
                problem.write("the top of '")
                problem.write(nav.name)
                if let top = stack.last {
                    problem.write("' is '")
                    problem.write(top.name)
                    problem.write("' (stack: [")
                } else {
                    problem.write("' is nothing (stack: [")
                }
                problem.write(joined: stack)
                problem.write("])")
            })
        case .stack(let nav, let vcs):
            return children(of: nav, are: vcs, named: "stack")
        case .tabs(let tabs, let vcs):
            return children(of: tabs, are: vcs, named: "tabs")
        case .pages(let pages, let vcs):
            return children(of: pages, are: vcs, named: "pages")
        case .selected(let tabs, let vc):
            let actual = state[id(tabs)].selected
            if actual == id(vc) { return (true, nil) }
            let tabs = id(tabs)
            return (false, TextWriter.text { problem in
                problem.write(quoted: tabs)
                problem.write(" has ")
                if let actual { problem.write(quoted: actual) } else { problem.write("nothing") }
                problem.write(" selected")
            })
        case .parent(let child, let parent):
            let actual = state[id(child)].parent
            if actual == parent.map(id) { return (true, nil) }
            let child = id(child)
            return (false, TextWriter.text { problem in
                problem.write("the parent of ")
                problem.write(quoted: child)
                problem.write(" is ")
                if let actual { problem.write(quoted: actual) } else { problem.write("none") }
            })
        case .appearance(let vc, let expected):
            let actual = state[id(vc)].appearance
            if actual == expected { return (true, nil) }
            let vc = id(vc)
            return (false, TextWriter.text { problem in
                problem.write(quoted: vc)
                problem.write(" is ")
                problem.write(actual.rawValue)
            })
        case .restorationPath(let vc, let path):
            let saved = state.archive?.entries.first { $0.id == id(vc) }?.path
            if saved == path { return (true, nil) }
            return (false, saved.map { "'\(id(vc))' was saved as \($0)" } ?? "'\(id(vc))' was not saved")
        case .notRestorable(let vc):
            guard let saved = state.archive?.entries.first(where: { $0.id == id(vc) })?.path else { return (true, nil) }
            return (false, "'\(id(vc))' was saved as \(saved)")
        case .forwardsAppearance(let vc, let forwards):
            let actual = state[id(vc)].forwardsAppearance
            if actual == forwards { return (true, nil) }
            return (false, "'\(id(vc))' \(actual ? "forwards" : "does not forward") appearance")
        }
    }

    /// A container's ordered children (a navigation stack, tabs, pages) against the ones expected.
    private func children(of container: ControllerID, are expected: [ControllerID], named what: String) -> (passed: Bool, failure: String?) {
        let actual = state.children(of: id(container))
        if actual.elementsEqual(expected, by: { $0 == id($1) }) { return (true, nil) }
        let container = id(container)
        return (false, TextWriter.text { problem in
            problem.write("the ")
            problem.write(what)
            problem.write(" of '")
            problem.write(container.name)
            problem.write(what == "stack" ? "' is [" : "' are [")
            problem.write(joined: actual)
            problem.write("]")
        })
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
