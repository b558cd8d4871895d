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
    /// Simplifications: the split's delegate is assumed to discard the secondary
    /// when collapsing (Apple's master-detail template) and to show it again when
    /// expanding; adapting to a popover without an anchor raises as presenting
    /// one would.
    mutating func traits(width: SizeClass?, height: SizeClass?) {
        let oldWidth = state.horizontalSizeClass
        let oldHeight = state.verticalSizeClass
        let newWidth = width ?? oldWidth
        let newHeight = height ?? oldHeight
        guard newWidth != oldWidth || newHeight != oldHeight else { return }
        emit(.traitCollectionDidChange) { $0.width = newWidth; $0.height = newHeight }
        // The walk is made once: nothing below changes containment or presentation before the presentations adapt
        // (views are mounted and unmounted, appearances change).
        let hierarchy = state.hierarchyOrder
        for id in hierarchy {
            emit(.traitCollectionDidChange) { $0.vc = id; $0.width = newWidth; $0.height = newHeight }
        }
        // Splits collapse and expand with the width; presentations adapt to both size classes (a popover to a
        // compact height, from iOS 13 on).
        if newWidth != oldWidth { collapseOrExpandSplits(width: newWidth) }
        if isDone { return }
        adaptPresentations(in: hierarchy, width: newWidth, height: newHeight)
    }

    /// Collapses (compact `width`) or expands (regular) every split view controller: the secondary column leaves or
    /// enters, with its appearance callbacks.
    private mutating func collapseOrExpandSplits(width newWidth: SizeClass) {
        // By table position: the kind and the children of every controller are read without looking each one up.
        for position in 0..<state.controllers.count
        where state.controllers[position: position].kind == .split && state.controllers.children(at: position).count > 1 {
            let split = state.controllers[position: position].id
            let secondary = state.controllers.children(at: position)[1]
            let onScreen = isShowingChildren(split)
            if newWidth == .regular, state.viewOwner(of: secondary) != split {
                mount(secondary, in: split)
                if onScreen {
                    let entering = appearing(secondary)
                    emitCallbacks(.viewWillAppear, entering)
                    emitCallbacks(.viewDidAppear, entering)
                }
            } else if newWidth == .compact, state.viewOwner(of: secondary) == split {
                let leaving = onScreen ? disappearing(secondary) : []
                emitCallbacks(.viewWillDisappear, leaving)
                emit(unmount(secondary, from: split))
                emitCallbacks(.viewDidDisappear, leaving)
            }
            if isDone { return }
        }
    }

    /// Adapts every presentation in `hierarchy` to the new size classes, with the presenter's view removed or
    /// brought back as the new style requires.
    private mutating func adaptPresentations(in hierarchy: [ControllerID], width newWidth: SizeClass, height newHeight: SizeClass) {
        for presented in hierarchy where state[presented].presenting != nil {
            guard let requested = state[presented].requestedPresentationStyle, let current = state[presented].presentationStyle,
                  let presenter = state[presented].presenting else { continue }
            let adapted = PresentationResolver.adaptedStyle(requested, for: presented, spec: spec, width: newWidth, height: newHeight)
            guard adapted != current else { continue }
            if adapted == .popover, state[presented].popoverAnchor == nil || state[presented].popoverAnchor?.string == "none" {
                exception(messages.popoverWithoutAnchor(presented), reason: .popoverMissingAnchor) {
                    $0.vc = presented; $0.presenter = presenter; $0.style = adapted; $0.anchor = "none"
                }
                return
            }
            let wasCovered = state[presenter].coveredBy != nil
            let leaving = !wasCovered && adapted.removesPresenterView ? disappearing(presenter, except: presented) : []
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
