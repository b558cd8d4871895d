import VCAuditSpec
import VCAuditSupport

extension Replay {
    /// Folds one event into the state: the only way a `HierarchyState` changes.
    ///
    /// Callbacks that UIKit makes (`willMoveToParent`, `didMoveToParent`, ...) and
    /// outcomes (`warning`, `expect`, ...) change nothing; every other event sets
    /// exactly the fields its UIKit call sets. A presentation is linked by
    /// `present` and its presenter's view removed (for `fullScreen` and
    /// `currentContext`) by `presentationDidComplete`; a dismissal brings the
    /// presenter's view back at `dismiss` and unlinks the presented chain at
    /// `dismissalDidComplete`, as UIKit does around the animation.
    ///
    /// Always inlined, so that a decider folds each event it records without a call: the call's entry, exit and
    /// jump were about 20 instructions of every event's (callgrind). The events most replays are made of (appearance
    /// callbacks, views mounted and removed, traits, animations, and the events that change nothing) are folded here;
    /// the others in `evolveStructure`, a call of its own. Folded in one large function, each write to the table of
    /// controllers called out for its uniqueness and bounds checks (three calls a write); in this small one they are
    /// inline.
    @inline(__always)
    public static func evolve(_ state: inout HierarchyState, _ event: Event) {
        evolve(&state, event, receiverAt: nil)
    }

    /// `evolve(_:_:)`, given the position in the state's table of the event's receiver (`vc`) when the caller looked
    /// it up already: an appearance callback or a view's removal is written there without a second lookup.
    @inline(__always)
    static func evolve(_ state: inout HierarchyState, _ event: Event, receiverAt position: Int?) {
        switch event.name {
        case .viewWillAppear: setAppearance(.appearing, ofReceiverOf: event, at: position, in: &state)
        case .viewDidAppear: setAppearance(.appeared, ofReceiverOf: event, at: position, in: &state)
        case .viewWillDisappear: setAppearance(.disappearing, ofReceiverOf: event, at: position, in: &state)
        case .viewDidDisappear: setAppearance(.disappeared, ofReceiverOf: event, at: position, in: &state)
        case .addSubview:
            guard let vc = event.vc, let host = event.parent else { return }
            state[vc].superview = .controller(host)
        case .removeFromSuperview:
            if let position {
                state.controllers[position: position].superview = nil
            } else if let vc = event.vc {
                state[vc].superview = nil
            }
        case .traitCollectionDidChange:
            if let width = event.width { state.horizontalSizeClass = width }
            if let height = event.height { state.verticalSizeClass = height }
        case .animationDidStart:
            if let owner = event.vc, let kind = event.animation {
                state.animations.append(Animation(kind: kind, owner: owner))
            }
        case .animationDidComplete:
            if let owner = event.vc, let index = state.animations.firstIndex(where: { $0.owner == owner && (event.animation == nil || $0.kind == event.animation) }) {
                // Nearly always the last animation (most steps start one): removed from the end, not through
                // `remove(at:)`, whose general move of the animations after it cost about 65 instructions (callgrind).
                if index == state.animations.count - 1 {
                    state.animations.removeLast()
                } else {
                    state.animations.remove(at: index)
                }
            }
        case .shouldRestoreApplicationState, .decodeRestorableState:
            break
        case .transitionFromViewController, .willMoveToParent, .didMoveToParent,
             .showViewController, .showDetailViewController, .performSegue, .unwind, .expect, .warning:
            break
        default:
            evolveStructure(&state, event)
        }
    }

    /// Sets the appearance of `event`'s receiver, at `position` in the table when it is given.
    @inline(__always)
    private static func setAppearance(_ appearance: AppearanceState, ofReceiverOf event: Event, at position: Int?,
                                      in state: inout HierarchyState) {
        if let position {
            state.controllers[position: position].appearance = appearance
        } else if let vc = event.vc {
            state[vc].appearance = appearance
        }
    }

    /// `evolve` of the events that change the hierarchy's structure, presentations, instances, restoration archive
    /// and whether the app still runs: most events of a replay are not these.
    @inline(never)
    static func evolveStructure(_ state: inout HierarchyState, _ event: Event) {
        switch event.name {
        case .setRootViewController:
            if let old = state.windowRoot, state[old].superview == .window { state[old].superview = nil }
            state.windowRoot = event.vc
            if let vc = event.vc { state[vc].superview = .window }
        case .makeKeyAndVisible:
            state.isLaunched = true
        case .relaunch:
            state.relaunch()

        case .addChild, .pushViewController:
            guard let parent = event.vc, let child = event.child else { return }
            link(&state, child: child, to: parent)
        case .popViewController:
            if let popped = event.child { unlink(&state, child: popped) }
        case .popToViewController, .popToRootViewController:
            for popped in event.vcs ?? [] { unlink(&state, child: popped) }
        case .removeFromParent:
            guard let child = event.vc else { return }
            unlink(&state, child: child)
        case .setViewControllers:
            guard let container = event.vc, let vcs = event.vcs else { return }
            // The old children are read before any list changes: a view of the table's lists kept across a change
            // would make the change copy every list.
            // The container and each controller are looked up once, by their positions in the table.
            let containerPosition = state.controllers.position(of: container)!
            let oldChildren = state.controllers.children(at: containerPosition)
            let oldSelected = state.controllers[position: containerPosition].selected
            let oldSelectedIndex = oldSelected.flatMap { oldChildren.firstIndex(of: $0) }
            let tabBar = state.controllers[position: containerPosition].moreOf
            for old in oldChildren where !vcs.contains(old) { state[old].parent = tabBar }
            for vc in vcs {
                let position = state.controllers.position(of: vc)!
                guard let previous = state.controllers[position: position].parent else {
                    state.controllers[position: position].parent = container
                    continue
                }
                guard previous != container else { continue }
                if previous != tabBar { state.removeChild(vc, from: previous) }
                state.controllers[position: position].parent = container
            }
            state.controllers.setChildren(vcs, at: containerPosition)
            if state.controllers[position: containerPosition].kind == .tabBar {
                // UIKit reselects the selected tab, else the tab at the same index, else the first.
                let selected: ControllerID?
                if let requested = event.to, vcs.contains(requested) {
                    selected = requested
                } else if let old = oldSelected, vcs.contains(old) {
                    selected = old
                } else if let index = oldSelectedIndex, index < vcs.count {
                    selected = vcs[index]
                } else {
                    selected = vcs.first
                }
                state.controllers[position: containerPosition].selected = selected
            }
        case .setSelectedViewController:
            guard let tabs = event.vc else { return }
            state[tabs].selected = event.to

        case .beginAppearanceTransition:
            if let vc = event.vc { state[vc].manualAppearance = event.appearing ?? true }
        case .endAppearanceTransition:
            if let vc = event.vc { state[vc].manualAppearance = nil }

        case .present:
            // The presentation is linked and its view is in the container from the call on;
            // the presenter's view leaves only when the transition completes.
            guard let presenter = event.presenter, let presented = event.presented else { return }
            state[presenter].presented = presented
            state[presented].presenting = presenter
            state[presented].presentationStyle = event.style
            state[presented].requestedPresentationStyle = event.requestedStyle ?? event.style
            state[presented].popoverAnchor = event.anchor.map { InternedString($0) }
            state[presented].superview = .presentation(presenter)
        case .presentationDidComplete:
            guard let presented = event.vc, let presenter = event.presenter, state[presenter].presented == presented else { return }
            if state[presented].presentationStyle?.removesPresenterView == true { state[presenter].coveredBy = presented }
        case .adaptivePresentationStyle:
            guard let presented = event.vc, let style = event.style else { return }
            state[presented].presentationStyle = style
            if let presenter = state[presented].presenting {
                state[presenter].coveredBy = style.removesPresenterView ? presented : nil
            }
        case .dismiss:
            // The presenter's view comes back for the dismissal animation; the
            // presentation stays linked until the dismissal completes.
            guard let presenter = event.presenter else { return }
            state[presenter].coveredBy = nil
        case .dismissalDidComplete:
            guard let presenter = event.presenter, let presented = event.vc else { return }
            // The chain is read before any link is cut, into a list that holds a few in place.
            var chain = ControllerList()
            state.appendPresentationChain(from: presented, to: &chain)
            for id in chain {
                if let up = state[id].presenting { state[up].presented = nil }
                state[id].presenting = nil
                state[id].presentationStyle = nil
                state[id].requestedPresentationStyle = nil
                state[id].popoverAnchor = nil
                state[id].coveredBy = nil
                if case .presentation = state[id].superview { state[id].superview = nil }
            }
            if state[presenter].presented == presented { state[presenter].presented = nil }
            state[presenter].coveredBy = nil

        case .instantiateViewController:
            // One instance (the common segue) is passed without an array to hold it.
            if let vcs = event.vcs {
                instantiate(&state, vcs)
            } else if let vc = event.vc {
                instantiate(&state, CollectionOfOne(vc))
            }

        case .shouldSaveApplicationState:
            // Room for an entry per controller from the start (preservation encodes those on screen next): grown one
            // entry at a time, the list was allocated three or four times for every preservation.
            var archive = RestorationArchive()
            archive.entries.reserveCapacity(state.controllers.count)
            state.archive = archive
        case .encodeRestorableState:
            guard let vc = event.vc else { return }
            let controller = state[vc]
            let entry = RestorationArchive.Entry(
                id: vc, path: event.restorationPath ?? "", parent: controller.parent, presenter: controller.presenting,
                children: Array(state.children(of: vc)), selected: controller.selected, presentationStyle: controller.presentationStyle,
                requestedPresentationStyle: controller.requestedPresentationStyle)
            if state.archive == nil { state.archive = RestorationArchive() }
            state.archive!.entries.append(entry)
        case .exception:
            state.isTerminated = true
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .addSubview, .removeFromSuperview,
             .traitCollectionDidChange, .animationDidStart, .animationDidComplete, .shouldRestoreApplicationState,
             .decodeRestorableState, .transitionFromViewController, .willMoveToParent, .didMoveToParent,
             .showViewController, .showDetailViewController, .performSegue, .unwind, .expect, .warning:
            // Folded by `evolve`.
            break
        }
    }

    /// Sets `child`'s parent to `parent` and appends it to `parent`'s children (moving it from an old parent).
    ///
    /// A tab pushed onto its tab bar's More navigation controller stays one of the tab bar's view controllers.
    static func link(_ state: inout HierarchyState, child: ControllerID, to parent: ControllerID) {
        // Both looked up once, by their positions in the table.
        let childPosition = state.controllers.position(of: child)!
        let parentPosition = state.controllers.position(of: parent)!
        if let previous = state.controllers[position: childPosition].parent, previous != parent,
           state.controllers[position: parentPosition].moreOf != previous {
            state.removeChild(child, from: previous)
        }
        state.controllers[position: childPosition].parent = parent
        let isChild = state.controllers.withChildren(at: parentPosition) { $0.contains(child) }
        if !isChild { state.controllers.appendChild(child, at: parentPosition) }
    }

    /// Adds the instances a segue made (`HierarchyState.segueInstances`), each a copy of its scene's declared
    /// controller whose parent, children, selected tab and mounted views are the copies made with it.
    /// An instance that exists already, or whose scene is not declared, is skipped (a log edited by hand).
    ///
    /// Which instances are made is marked in a temporary buffer, one flag per instance, and a scene's copy is found
    /// by a search of the few instances (no dictionary): the copy of a scene is the last instance of it made, as a
    /// dictionary filled in order would keep.
    static func instantiate(_ state: inout HierarchyState, _ instances: some RandomAccessCollection<ControllerID>) {
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: instances.count) { isMade in
            for (index, instance) in instances.enumerated() {
                isMade[index] = false
                let scene = instance.sceneID
                guard let position = state.declared.position(of: scene) else { continue }
                let number = max(Int(instance.instance), 1)
                state.instances.setCount(max(state.instances.count(at: position) ?? 1, number), at: position,
                                         declaredCount: state.declared.count)
                isMade[index] = instance != scene && !state.contains(instance)
            }
            /// The copy made of `scene`, if one is.
            func made(_ scene: ControllerID) -> ControllerID? {
                var copy: ControllerID?
                for (index, instance) in instances.enumerated() where isMade[index] && instance.sceneID == scene { copy = instance }
                return copy
            }
            for instance in instances {
                let scene = instance.sceneID
                guard made(scene) == instance, let declared = state.declared[scene] else { continue }
                var copy = ControllerState(id: instance, kind: declared.kind, forwardsAppearance: declared.forwardsAppearance,
                                           definesPresentationContext: declared.definesPresentationContext,
                                           internedRestorationID: declared.internedRestorationID)
                copy.parent = declared.parent.flatMap { made($0) }
                let children = state.declared.children(at: state.declared.position(of: scene)!).compactMap { made($0) }
                copy.selected = declared.selected.flatMap { made($0) } ?? (declared.kind == .tabBar ? children.first : nil)
                if case .controller(let host)? = declared.superview, let hostCopy = made(host) { copy.superview = .controller(hostCopy) }
                state.controllers[instance] = copy
                state.setChildren(of: instance, to: children)
                state.instances.setNewest(instance, at: state.declared.position(of: scene)!, declaredCount: state.declared.count)
            }
        }
    }

    /// Clears `child`'s parent and removes it from that parent's children.
    static func unlink(_ state: inout HierarchyState, child: ControllerID) {
        // Both looked up once, by their positions in the table.
        let childPosition = state.controllers.position(of: child)!
        guard let parent = state.controllers[position: childPosition].parent else { return }
        let parentPosition = state.controllers.position(of: parent)!
        state.controllers.removeChild(child, at: parentPosition)
        if state.controllers[position: parentPosition].selected == child {
            state.controllers[position: parentPosition].selected = state.controllers.withChildren(at: parentPosition) { $0.first }
        }
        // A tab leaving the More navigation controller is still its tab bar's.
        state.controllers[position: childPosition].parent = state.controllers[position: parentPosition].moreOf
    }
}
