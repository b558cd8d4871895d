import VCAuditSpec

extension Decider {
    /// `parent.addChild(child)`: UIKit calls `child.willMove(toParent: parent)` itself, not `didMove`.
    ///
    /// A child of another parent is removed from it first (`removeFromParent`,
    /// which calls `didMove(toParent: nil)`), unless its view is still in that
    /// parent's view, which UIKit refuses with UIViewControllerHierarchyInconsistency.
    mutating func addChild(_ child: ControllerID, to parent: ControllerID) {
        guard checkCycle(child, in: parent), checkReparenting(child, to: parent) else { return }
        if let old = state[child].parent, old != parent {
            emit(.removeFromParent) { $0.vc = child; $0.parent = old }
            emit(.didMoveToParent) { $0.vc = child; $0.parent = nil }
        }
        emit(.addChild) { $0.vc = parent; $0.child = child }
        emit(.willMoveToParent) { $0.vc = child; $0.parent = parent }
    }

    /// `child.removeFromParent()`: UIKit calls `didMove(toParent: nil)` itself, not `willMove`;
    /// the child's view stays where it is. Without a parent it does nothing.
    mutating func removeFromParent(_ child: ControllerID) {
        let parent = state[child].parent
        emit(.removeFromParent) { $0.vc = child; $0.parent = parent }
        if parent != nil { emit(.didMoveToParent) { $0.vc = child; $0.parent = nil } }
    }

    /// Whether appearance reaches `id` automatically from the controller whose view holds it.
    mutating func receivesForwardedAppearance(_ id: ControllerID) -> Bool {
        guard let owner = state.viewOwner(of: id), state[id].parent == owner else { return false }
        return state[owner].forwardsAppearance
    }

    /// `host.view.addSubview(view.view)`.
    ///
    /// The appearance callbacks follow the view: when it enters the window as a
    /// child of a forwarding parent that is on screen, `viewWillAppear` and
    /// `viewDidAppear` run at once (no animation); when an on-screen view moves
    /// out of the window, the disappearance callbacks run. A view added without
    /// `addChild` is detached: no callbacks. Adding a view into itself raises
    /// "Can't add self as subview"; into a view it contains would make a cycle.
    mutating func addSubview(_ view: ControllerID, to host: ControllerID) {
        if view == host {
            exception(messages.addSelfAsSubview(), reason: .addSelfAsSubview) { $0.vc = view; $0.parent = host }
            return
        }
        if state.isView(host, under: view) {
            exception(messages.viewCycle(view, into: host), reason: .viewHierarchyCycle) { $0.vc = view; $0.parent = host }
            return
        }
        let wasOnScreen = state.isInWindow(view)
        let leaving = wasOnScreen && receivesForwardedAppearance(view) ? disappearing(view) : ControllerList(unusedFrom: view)
        cancelPendingRemoval(of: view)
        emit(.addSubview) { $0.vc = view; $0.parent = host }
        let isOnScreen = state.isInWindow(view)
        if wasOnScreen, !isOnScreen {
            emitCallbacks(.viewWillDisappear, leaving)
            emitCallbacks(.viewDidDisappear, leaving)
        } else if !wasOnScreen, isOnScreen, receivesForwardedAppearance(view),
                  state[host].appearance == .appeared || state[host].appearance == .appearing {
            let entering = appearing(view)
            emitCallbacks(.viewWillAppear, entering)
            emitCallbacks(.viewDidAppear, entering)
        }
    }

    /// `vc.view.removeFromSuperview()`: an on-screen child of a forwarding parent disappears at once.
    mutating func removeFromSuperview(_ view: ControllerID) {
        let wasOnScreen = state.isInWindow(view)
        let leaving = wasOnScreen && receivesForwardedAppearance(view) ? disappearing(view) : ControllerList(unusedFrom: view)
        let host = state.viewOwner(of: view)
        emit(.removeFromSuperview) { $0.vc = view; $0.parent = host }
        emitCallbacks(.viewWillDisappear, leaving)
        emitCallbacks(.viewDidDisappear, leaving)
    }

    /// `vc.beginAppearanceTransition(appearing, animated:)`: manual forwarding.
    ///
    /// UIKit calls `viewWillAppear` (or `viewWillDisappear`) on `vc`, which forwards
    /// to its own children when it forwards automatically. A begin while an
    /// appearance transition of `vc` is outstanding (a manual begin not yet ended,
    /// or one its parent forwarded automatically) is logged as unbalanced, and the
    /// callback still runs again.
    mutating func beginAppearance(_ vc: ControllerID, appearing isAppearing: Bool, animated: Bool) {
        let appearance = state[vc].appearance
        if state[vc].manualAppearance != nil || appearance == .appearing || appearance == .disappearing {
            warning(messages.unbalanced(vc), reason: .unbalancedAppearance) { $0.vc = vc; $0.appearing = isAppearing }
        }
        emit(.beginAppearanceTransition) { $0.vc = vc; $0.appearing = isAppearing; $0.animated = animated }
        for id in state.appearanceTargets(from: vc) {
            emit(isAppearing ? .viewWillAppear : .viewWillDisappear) { $0.vc = id }
        }
    }

    /// `vc.endAppearanceTransition()`: ends the outstanding transition with the `Did` callback.
    ///
    /// The direction is that of the outstanding manual begin, else of the
    /// transition `vc` is in (`appearing` or `disappearing`). With neither, UIKit
    /// logs "Unbalanced calls" and calls nothing (the call is recorded only as
    /// the warning).
    mutating func endAppearance(_ vc: ControllerID) {
        let appearance = state[vc].appearance
        let direction = state[vc].manualAppearance ?? (appearance == .appearing ? true : appearance == .disappearing ? false : nil)
        guard let isAppearing = direction else {
            warning(messages.unbalanced(vc), reason: .unbalancedAppearance) { $0.vc = vc }
            return
        }
        emit(.endAppearanceTransition) { $0.vc = vc; $0.appearing = isAppearing }
        let targets = state.appearanceTargets(from: vc)
        for id in targets where id == vc || state[id].appearance == (isAppearing ? .appearing : .disappearing) {
            emit(isAppearing ? .viewDidAppear : .viewDidDisappear) { $0.vc = id }
        }
    }

    /// `parent.transition(from:to:duration:options:animations:completion:)`.
    ///
    /// Both controllers must be children of `parent` (else
    /// NSInvalidArgumentException). UIKit adds `to`'s view where `from`'s is,
    /// forwards `viewWillDisappear`/`viewWillAppear` when `parent` forwards
    /// appearance and is on screen, and at completion removes `from`'s view and
    /// makes the `Did` calls.
    mutating func transition(from: ControllerID, to: ControllerID, in parent: ControllerID, animated: Bool) {
        guard state[from].parent == parent, state[to].parent == parent else {
            exception(messages.commonParent(from, to), reason: .transitionWithoutCommonParent) { $0.vc = parent; $0.from = from; $0.to = to }
            return
        }
        let host = state.viewOwner(of: from) ?? parent
        let forwards = state[parent].forwardsAppearance && isShowingChildren(parent)
        let leaving = forwards && state.isInWindow(from) ? disappearing(from) : ControllerList(unusedFrom: from)
        emit(.transitionFromViewController) { $0.vc = parent; $0.from = from; $0.to = to; $0.animated = animated }
        // A second animated transition while the first is in flight begins appearance transitions on children
        // still in one: UIKit logs "Unbalanced calls" for a child asked again what it is already doing, and
        // for one asked the reverse (emitCallbacks, with this reason).
        let overlapping = forwards && state.isAnimating(parent, kinds: [.transition])
        if overlapping {
            if state[from].appearance == .disappearing {
                warning(messages.unbalanced(from), reason: .overlappingTransition) { $0.vc = from; $0.parent = parent }
            }
            if state[to].appearance == .appearing {
                warning(messages.unbalanced(to), reason: .overlappingTransition) { $0.vc = to; $0.parent = parent }
            }
        }
        let savedReason = reversalReason
        if overlapping { reversalReason = .overlappingTransition }
        defer { reversalReason = savedReason }
        // The leaving `Will` callbacks, then the entering view mounted, then the entering `Will` callbacks.
        emitCallbacks(.viewWillDisappear, leaving)
        mount(to, in: host)
        let entering = forwards && state.isInWindow(to) ? appearing(to) : ControllerList(unusedFrom: to)
        emitCallbacks(.viewWillAppear, entering)
        var done = completionEvents(capacity: leaving.count + entering.count + 2)
        if state[from].superview == .controller(host) { done.append(unmount(from, from: host)) }
        appendCallbacks(.viewDidDisappear, leaving, to: &done)
        appendCallbacks(.viewDidAppear, entering, to: &done)
        finish(animated: animated && state.isInWindow(parent), kind: .transition, owner: parent, consume done)
    }
}
