import VCAuditSpec

extension Decider {
    /// A size-class change (rotation, Split View, Slide Over, or `device:`).
    ///
    /// When a size class actually changes, the window (the event without `vc`)
    /// and then every controller of its hierarchy (pre-order, presented
    /// controllers included, detached ones not) get `traitCollectionDidChange`;
    /// when nothing changes UIKit calls nothing, so the step records nothing.
    /// A width change then collapses or expands each split view controller (the
    /// secondary column leaves or enters, with its appearance callbacks), and any
    /// change re-adapts every presentation to the new size classes, with the
    /// presenter's view removed or brought back as the new style requires.
    ///
    /// Simplifications: the split's delegate is assumed to be Apple's
    /// master-detail template's, which discards the declared (empty) secondary
    /// when collapsing and keeps one the app changed; adapting to a popover
    /// without an anchor raises as presenting one would.
    mutating func traits(width: SizeClass?, height: SizeClass?) {
        let oldWidth = state.horizontalSizeClass
        let oldHeight = state.verticalSizeClass
        let newWidth = width ?? oldWidth
        let newHeight = height ?? oldHeight
        guard newWidth != oldWidth || newHeight != oldHeight else { return }
        emit(.traitCollectionDidChange) { $0.width = newWidth; $0.height = newHeight }
        // The walk is made once: nothing below changes containment or presentation before the presentations adapt
        // (views are mounted and unmounted, appearances change). It is written into a borrowed list, which a replay
        // keeps from one change of traits to the next (a list made for each was an allocation each).
        var hierarchy = borrowList()
        defer { giveBack(&hierarchy) }
        state.appendHierarchyOrder(to: &hierarchy)
        for id in hierarchy {
            emit(.traitCollectionDidChange) { $0.vc = id; $0.width = newWidth; $0.height = newHeight }
        }
        // Splits collapse and expand with the width; presentations adapt to both size classes (a popover to a
        // compact height, from iOS 13 on).
        if newWidth != oldWidth { collapseOrExpandSplits(width: newWidth, inWindow: hierarchy) }
        if isDone { return }
        adaptPresentations(in: hierarchy, width: newWidth, height: newHeight)
    }

    /// Collapses (compact `width`) or expands (regular) every split view controller: the secondary column leaves or
    /// enters, with its appearance callbacks.
    ///
    /// A collapse keeps a secondary column the app changed (a Show Detail since launch): a primary navigation
    /// controller pushes it (`collapseSecondaryViewController(_:for:)`). Expanding pops the top of a primary
    /// navigation controller's stack, when it holds more than its root, into the secondary column
    /// (`separateSecondaryViewController(for:)`), however it got there (a collapse, or a Show Detail in compact
    /// width). The secondary the spec declares is the empty detail Apple's master-detail template discards on
    /// collapse, so that an iPhone starts on the primary column. Only splits in the window's hierarchy (`inWindow`)
    /// make UIKit calls; a detached split's columns are only mounted or set aside.
    private mutating func collapseOrExpandSplits(width newWidth: SizeClass, inWindow hierarchy: [ControllerID]) {
        // By table position: the kind and the children of every controller are read without looking each one up,
        // and the splits are found by a scan of the states in place (`firstPosition(ofKind:in:)`), a few
        // instructions a controller where reading each one's kind through the table took a dozen.
        let count = state.controllers.count
        var next = 0
        while let position = state.firstPosition(ofKind: .split, in: next..<count) {
            next = position + 1
            let split = state.controllers[position: position].id
            let columns = state.controllers.children(at: position).count
            guard columns > 0 else { continue }
            let primary = state.controllers.children(at: position)[0]
            // Whether the split separates (a scan of the hierarchy), and whether it shows its children (a walk up its
            // superviews), are asked only of a split whose columns the width changes: one whose secondary is already
            // as the width wants it (mounted in regular width, set aside in compact) changes nothing.
            if columns == 1 {
                // Collapsed onto its primary navigation controller: expanding separates the secondary again.
                if newWidth == .regular, separates(primary, split, inWindow: hierarchy) { separateSecondary(from: primary, in: split) }
                if isDone { return }
                continue
            }
            let secondary = state.controllers.children(at: position)[1]
            if newWidth == .regular, state.viewOwner(of: secondary) != split {
                // What a Show Detail in compact width pushed onto the primary is separated into the secondary column.
                if separates(primary, split, inWindow: hierarchy), state.children(of: primary).count > 1 {
                    separateSecondary(from: primary, in: split)
                    if isDone { return }
                    continue
                }
                let onScreen = isShowingChildren(split)
                mount(secondary, in: split)
                if onScreen {
                    let entering = appearing(secondary)
                    emitCallbacks(.viewWillAppear, entering)
                    emitCallbacks(.viewDidAppear, entering)
                }
            } else if newWidth == .compact, state.viewOwner(of: secondary) == split {
                if !isDeclaredSecondary(secondary, of: split), separates(primary, split, inWindow: hierarchy) {
                    collapseSecondary(secondary, onto: primary, in: split)
                } else {
                    let leaving = isShowingChildren(split) ? disappearing(secondary) : ControllerList(unusedFrom: secondary)
                    emitCallbacks(.viewWillDisappear, leaving)
                    emit(unmount(secondary, from: split))
                    emitCallbacks(.viewDidDisappear, leaving)
                }
            }
            if isDone { return }
        }
    }

    /// Whether `split`, whose primary column is `primary`, collapses onto a primary navigation controller and separates
    /// from it again (UIKit's default): its primary is a navigation controller, and it is in the window's hierarchy.
    private mutating func separates(_ primary: ControllerID, _ split: ControllerID, inWindow hierarchy: [ControllerID]) -> Bool {
        state[primary].kind == .navigation && hierarchy.contains(split)
    }

    /// The secondary column `split`'s declaration gives it, read in place (nil when it declares none).
    private func declaredSecondary(of split: ControllerID) -> ControllerID? {
        guard let position = parts.controllerPosition(of: split), parts.spec.controllers[position].children.count > 1 else { return nil }
        return parts.spec.controllers[position].children[1].id
    }

    /// Whether `secondary` is the empty detail `split`'s declaration gives it: for an instance a segue made (`split#2`),
    /// an instance of the declared secondary's scene (the segue made its columns anew).
    private func isDeclaredSecondary(_ secondary: ControllerID, of split: ControllerID) -> Bool {
        guard let declared = declaredSecondary(of: split) else { return false }
        return split.instance == 0 ? secondary == declared : secondary.scene == declared.scene
    }

    /// UIKit's default collapse of a changed secondary column: it leaves the split (whose `viewControllers` is then
    /// the primary alone) and the primary navigation controller pushes it, without animation.
    ///
    /// The split's new columns are a borrowed list (`borrowList`), as in `separateSecondary`: array literals were an
    /// allocation each for the event, the children and the shown columns.
    private mutating func collapseSecondary(_ secondary: ControllerID, onto primary: ControllerID, in split: ControllerID) {
        var columns = borrowList()
        columns.append(primary)
        let call = event(.setViewControllers, vcs: columns) { $0.vc = split }
        changeChildren(of: split, call: call, to: columns, shown: columns, animated: false, order: .navigation)
        giveBack(&columns)
        if isDone { return }
        push(secondary, on: primary, animated: false, allowNavigationController: true)
    }

    /// UIKit's default expansion of a split collapsed onto its primary navigation controller: the top of the primary's
    /// stack is popped and becomes the secondary column again; with the root alone left, the declared secondary comes
    /// back when it is free.
    private mutating func separateSecondary(from primary: ControllerID, in split: ControllerID) {
        let stack = state.children(of: primary)
        let secondary: ControllerID
        if stack.count > 1, let top = stack.last {
            pop(primary, animated: false)
            if isDone { return }
            secondary = top
        } else if split.instance == 0, let declared = declaredSecondary(of: split), state[declared].parent == nil,
                  state[declared].presenting == nil, state[declared].presented == nil, state[declared].superview == nil {
            // Only when it is free: not presented, presenting, or shown anywhere else.
            secondary = declared
        } else {
            return
        }
        var columns = borrowList()
        columns.append(primary)
        columns.append(secondary)
        let call = event(.setViewControllers, vcs: columns) { $0.vc = split }
        changeChildren(of: split, call: call, to: columns, shown: columns, animated: false, order: .navigation)
        giveBack(&columns)
    }

    /// Adapts every presentation in `hierarchy` to the new size classes, with the presenter's view removed or
    /// brought back as the new style requires.
    private mutating func adaptPresentations(in hierarchy: [ControllerID], width newWidth: SizeClass, height newHeight: SizeClass) {
        // Most changes of traits find nothing presented: one pass over the states in place says so, where the loop
        // below looks each controller of the hierarchy up by id.
        guard state.controllers.withContents({ $0.states.contains { $0.presenting != nil } }) else { return }
        for presented in hierarchy where state[presented].presenting != nil {
            guard let requested = state[presented].requestedPresentationStyle, let current = state[presented].presentationStyle,
                  let presenter = state[presented].presenting else { continue }
            let adapted = parts.adaptedStyle(requested, for: presented, width: newWidth, height: newHeight)
            guard adapted != current else { continue }
            if adapted == .popover, state[presented].popoverAnchor == nil || state[presented].popoverAnchor?.string == "none" {
                exception(messages.popoverWithoutAnchor(presented), reason: .popoverMissingAnchor) {
                    $0.vc = presented; $0.presenter = presenter; $0.style = adapted; $0.anchor = "none"
                }
                return
            }
            let wasCovered = state[presenter].coveredBy != nil
            let leaving = !wasCovered && adapted.removesPresenterView ? disappearing(presenter, except: presented) : ControllerList(unusedFrom: presenter)
            emit(.adaptivePresentationStyle) {
                $0.vc = presented; $0.presenter = presenter; $0.style = adapted; $0.requestedStyle = requested == adapted ? nil : requested
            }
            emitCallbacks(.viewWillDisappear, leaving)
            emitCallbacks(.viewDidDisappear, leaving)
            if wasCovered, state[presenter].coveredBy == nil {
                let entering = appearingInWindow(presenter, except: [presented])
                emitCallbacks(.viewWillAppear, entering)
                emitCallbacks(.viewDidAppear, entering)
            }
        }
    }
}
