import VCAuditSpec

extension Spec {
    /// The controllers the app's code can make from a storyboard: by storyboard ID
    /// (`instantiateViewController(withIdentifier:)`), or as a storyboard's initial controller
    /// (`instantiateInitialViewController()`), in declaration order.
    public var storyboardEntryPoints: [ControllerID] {
        controllers.filter { $0.storyboard != nil && ($0.storyboardID != nil || $0.storyboardInitial) }.map(\.id)
    }

    /// The controllers `entries` can bring on screen: each with what it holds, and, repeatedly, where the transitions
    /// of what is reached lead (segues other than unwinds; calls that name a reached 'from:', and code paths).
    public func reachable(from entries: [ControllerID]) -> Set<ControllerID> {
        var reachable: Set<ControllerID> = []
        func reach(_ id: ControllerID) {
            guard reachable.insert(id).inserted, let controller = controller(id) else { return }
            for child in controller.children { reach(child.id) }
        }
        entries.forEach(reach)
        var changed = true
        while changed {
            changed = false
            for transition in transitions {
                let before = reachable.count
                switch transition.body {
                case .segue(let segue):
                    if reachable.contains(segue.from.id), segue.kind != .unwind { reach(segue.to.id) }
                case .calls(let steps):
                    if transition.trigger.map({ reachable.contains($0.id) }) ?? true {
                        for step in steps { Spec.destinations(of: step).forEach(reach) }
                    }
                }
                if reachable.count != before { changed = true }
            }
        }
        return reachable
    }

    /// The controllers a call brings into the hierarchy.
    static func destinations(of step: Step) -> [ControllerID] {
        switch step.action {
        case let .present(vc, _, _, _, _): return [vc.id]
        case let .push(_, vc, _), let .show(_, vc), let .showDetail(_, vc), let .select(_, vc): return [vc.id]
        case let .setViewControllers(_, vcs, _): return vcs.map(\.id)
        case let .addChild(_, child): return [child.id]
        case let .addSubview(view, _): return [view.id]
        case let .transition(_, _, to, _): return [to.id]
        case let .simultaneously(steps): return steps.flatMap(destinations)
        default: return []
        }
    }
}
