import VCAuditSpec
import VCAuditSupport

extension Decider {
    /// Runs a named transition: its calls in order in the current run-loop turn, or its segue.
    ///
    /// The calls after an animated `transition(from:to:)` in the same list are its
    /// completion block: they run once its animation has completed (its views
    /// swapped and its `Did` callbacks made), as in Apple's recipe where
    /// `removeFromParent` and `didMove(toParent:)` go in the completion handler.
    /// A `transition(from:to:)` that is the last call, like every other animation
    /// the calls start, stays in flight until the step ends, so a second one in the
    /// same turn (`simultaneously`, a second tap on a pager's tab) overlaps it.
    ///
    /// `resolved` is the transition's position as the step gives it, when it does (`Step.transitionPosition`).
    mutating func perform(_ name: String, resolvedAt resolved: Int?) {
        guard let position = parts.transitionPosition(name, resolvedAt: resolved) else { return }
        let saved = origin
        origin.transition = parts.transitionName(at: position)
        origin.depth += 1
        switch parts.spec.transitions[position].body {
        case .calls(let calls):
            // Each call read in place (`apply(stepAt:of:)`): taken out of the list, it was copied.
            calls.withUnsafeBufferPointer { calls in
                for index in calls.indices {
                    let pending = completions.count
                    apply(stepAt: index, of: calls)
                    if isDone { break }
                    if index < calls.count - 1, case .transition = calls[index].action, completions.count > pending,
                       completions.last?.kind == .transition {
                        run(completions.removeLast())
                    }
                }
            }
        case .segue(let segue):
            origin.at = InternedLocation(file: file, mark: segue.mark)
            performSegue(segue, transitionAt: position)
        }
        origin = saved
    }

    /// A storyboard segue as UIKit performs it (`performSegue`, then what the segue kind does).
    ///
    /// Every segue but an embed or an unwind instantiates its destination from the storyboard first, so
    /// running it again makes a new instance (docs/uikit-semantics.md): a double tap pushes two different controllers.
    /// An embed destination is made once, with its container; an unwind goes back to an existing one.
    mutating func performSegue(_ segue: Segue, transitionAt position: Int) {
        let from = state.current(segue.from.id)
        var to = state.current(segue.to.id)
        if segue.kind == .unwind {
            emit(.unwind) { $0.vc = from; $0.to = to }
            unwind(to: to, from: from, animated: segue.animated)
            return
        }
        if segue.kind == .embed {
            to = segue.to.id
        } else {
            var instances = borrowList()
            state.appendSegueInstances(of: segue.to.id, to: &instances)
            to = instances[0]
            emit(.instantiateViewController) { $0.vc = to; $0.vcs = instances.count > 1 ? instances : nil }
            giveBack(&instances)
        }
        emit(.performSegue) { $0.vc = from; $0.to = to; $0.segue = segue.kind }
        switch segue.kind {
        case .show: show(to, from: from, animated: segue.animated)
        case .push: pushSegue(to, from: from, segue: segue, transitionAt: position)
        case .showDetail: showDetail(to, from: from, animated: segue.animated)
        case .modal, .custom:
            present(to, from: from, style: segue.style?.value, anchor: segue.anchor, animated: segue.animated)
        case .popover:
            present(to, from: from, style: segue.style?.value ?? .popover, anchor: segue.anchor, animated: segue.animated)
        case .embed:
            addChild(to, to: from)
            addSubview(to, to: from)
            emit(.didMoveToParent) { $0.vc = to; $0.parent = from }
        case .unwind:
            break
        }
    }

    /// A legacy Push segue: `source.navigationController` pushes `vc`; with no navigation controller among the
    /// source's parents UIKit raises NSGenericException (docs/uikit-semantics.md), where a Show segue would present.
    ///
    /// `navigationController` is the nearest navigation controller among the source's parents, not through the
    /// controller that presents it, and not the source itself when it is one.
    mutating func pushSegue(_ vc: ControllerID, from source: ControllerID, segue: Segue, transitionAt position: Int) {
        guard let nav = state[source].parent.flatMap({ state.navigationController(of: $0) }) else {
            let identifier = segue.identifier(inTransitionNamed: parts.spec.transitions[position].name)
            exception(messages.pushSegueWithoutNavigationController(identifier), reason: .pushSegueWithoutNavigationController) {
                $0.vc = source
                $0.to = vc
            }
            return
        }
        push(vc, on: nav, animated: segue.animated)
    }

    /// An unwind segue from `source` back to `target`.
    ///
    /// UIKit searches from the source up its parents and presenting controllers
    /// for the first controller that is the target or contains it (through
    /// children). The containers between that controller and the target show the
    /// target (tab bars select the tab that holds it, navigation controllers pop
    /// to it), then the presentations above the source's path are dismissed, so
    /// the dismissal reveals the target. Without such a controller nothing happens (logged
    /// here as `unwind_not_found`).
    mutating func unwind(to target: ControllerID, from source: ControllerID, animated: Bool) {
        // The way is walked without making a list of it (`HierarchyState.unwindDestination`), and the containers
        // below the destination are held in place: the lists were three allocations an unwind.
        guard let (container, presenter) = state.unwindDestination(of: target, from: source) else {
            warning(messages.unwindNotFound(target, from: source), reason: .unwindNotFound) { $0.vc = source; $0.to = target }
            return
        }
        // The containers from the destination down to the target show it, outermost first; they do
        // it before the dismissal, so the dismissal reveals the target (covered containers change at once).
        var containers = ControllerList(unusedFrom: target)
        var children = ControllerList(unusedFrom: target)
        var child = target
        while child != container, let parent = state[child].parent {
            children.append(child)
            if let tabs = state.tabBar(ofMore: parent) {
                // A tab shown by the More navigation controller is shown by selecting it in its tab bar.
                containers.append(tabs)
                child = tabs
            } else {
                containers.append(parent)
                child = parent
            }
        }
        for index in containers.indices.reversed() {
            let (parent, child) = (containers[index], children[index])
            switch state[parent].kind {
            case .tabBar where state[parent].selected != child:
                select(child, in: parent)
            case .navigation where state.children(of: parent).last != child:
                popTo(child, in: parent, animated: animated)
            default:
                break
            }
            if isDone { return }
        }
        // The last presentation hop before the destination: its presenter dismisses everything above.
        if let presenter { dismiss(presenter, animated: animated) }
    }
}

extension SharedDeciderParts {
    /// The position in the spec's `transitions` of the transition named `name`: `resolved` when the transition
    /// there has that name (`Step.transitionPosition`), else the position the spec's index of names gives.
    ///
    /// Comparing the name with the one at `resolved` costs a fraction of hashing it for the index.
    func transitionPosition(_ name: String, resolvedAt resolved: Int?) -> Int? {
        if let resolved, resolved < spec.transitions.count, spec.transitions[resolved].name == name { return resolved }
        return spec.transitionPosition(name)
    }
}
