import VCAuditSpec

extension SharedDeciderParts {
    /// The anchor a presentation of `vc` as a popover uses (`Spec.popoverAnchor(for:override:)`), as the parts' cache
    /// keeps it for the scene and `override`: found, described and interned the first time.
    ///
    /// Asked of the parts, not the decider: a method of the decider that does not change it, called from one that
    /// does, copies the whole decider.
    func presentedAnchor(for vc: ControllerID, override: PopoverAnchor?) -> UIKitMessageCache.PresentedAnchor {
        messageCache.popoverAnchor(of: vc.scene, override: override) {
            let anchor = popoverAnchor(for: vc, override: override)
            return UIKitMessageCache.PresentedAnchor(isAnchored: anchor?.isAnchored ?? false, text: Event.Anchor(Self.describe(anchor)))
        }
    }

    /// A popover anchor as a presentation's event names it: `barButtonItem:x`, `sourceView:y`, both joined by `,`, or
    /// `none`; written in one interpolation, without a list of the parts to join.
    static func describe(_ anchor: PopoverAnchor?) -> String {
        switch (anchor?.barButtonItem, anchor?.sourceView) {
        case let (item?, view?): "barButtonItem:\(item.value),sourceView:\(view.value)"
        case let (item?, nil): "barButtonItem:\(item.value)"
        case let (nil, view?): "sourceView:\(view.value)"
        case (nil, nil): "none"
        }
    }
}

extension Decider {

    /// `source.present(vc, animated:)`.
    ///
    /// UIKit's checks, in its order: the exceptions about the controller being
    /// presented (itself, already presented, has a parent, active), then the
    /// warnings that drop the call (a presentation or dismissal in flight, the
    /// resolved presenter's view not in the window, the presenter already
    /// presenting), the detached-presenter warning that does not drop it, and
    /// the popover anchor exception. The presenter is resolved from the style as
    /// shown (after adaptation). Callback order, as UIKit's presentation
    /// transitions make them: presenter `viewWillDisappear` (only for styles that
    /// remove its view), presented `viewWillAppear`, then at completion presented
    /// `viewDidAppear`, presenter `viewDidDisappear`. The presentation is linked
    /// at the call; the presenter's view leaves when it completes.
    ///
    /// Simplifications: "in progress" means any presentation or dismissal in
    /// flight in the app (UIKit tracks it per presenting controller and window,
    /// which in a one-window app comes to the same for the common cases);
    /// `automatic` is resolved by iOS version only (UIKit also lets some system
    /// controllers, such as alerts and search controllers, pick their own style).
    mutating func present(_ vc: ControllerID, from source: ControllerID, style: PresentationStyle?, anchor override: PopoverAnchor?, animated: Bool) {
        var requested = style ?? .automatic
        if style == nil, let position = parts.controllerPosition(of: vc) {
            requested = parts.spec.controllers[position].modalPresentationStyle?.value ?? .automatic
        }
        let effective = parts.adaptedStyle(requested, for: vc, width: state.horizontalSizeClass, height: state.verticalSizeClass)
        // The anchor only for a popover, asked or shown: the event names it for a requested popover, and a popover
        // shown without one raises.
        let anchor = requested == .popover || effective == .popover ? parts.presentedAnchor(for: vc, override: override) : nil

        if vc == source {
            exception(messages.presentOnSelf(vc), reason: .presentSelf) { $0.vc = vc; $0.source = source }
            return
        }
        // The presented controller is looked up once for the three checks, and read by its position in the table.
        let position = state.controllers.position(of: vc)!
        if let presenter = state.controllers[position: position].presenting {
            exception(messages.alreadyBeingPresented(vc, by: presenter), reason: .alreadyPresented) {
                $0.vc = vc; $0.presenter = presenter; $0.source = source
            }
            return
        }
        if let parent = state.controllers[position: position].parent {
            exception(messages.hasParent(vc, parent: parent), reason: .hasParent) { $0.vc = vc; $0.parent = parent; $0.source = source }
            return
        }
        if vc == state.windowRoot || state.isInWindow(at: position) {
            exception(messages.activeController(vc), reason: .activeController) { $0.vc = vc; $0.source = source }
            return
        }
        let presenter = PresentationResolver.presenter(for: effective, from: source, in: state)
        if state.isAnimating(kinds: [.presentation, .dismissal]) {
            warning(messages.presentationInProgress(vc, on: presenter, from: source), reason: .presentationInProgress) {
                $0.vc = vc; $0.presenter = presenter; $0.source = source
            }
            return
        }
        if !state.isInWindow(presenter) {
            warning(messages.notInWindow(vc, on: presenter, from: source), reason: .notInWindow) {
                $0.vc = vc; $0.presenter = presenter; $0.source = source
            }
            return
        }
        if !state.isInHierarchy(source) {
            // On screen only through a view added without addChild: UIKit presents from it and complains.
            warning(messages.detachedPresenter(vc, from: source), reason: .detachedPresenter) { $0.vc = vc; $0.presenter = presenter; $0.source = source }
        }
        if let current = state[presenter].presented {
            warning(messages.alreadyPresenting(vc, on: presenter, from: source, presenting: current), reason: .alreadyPresenting) {
                $0.vc = vc; $0.presenter = presenter; $0.source = source; $0.presented = current
            }
            return
        }
        if effective == .popover, !(anchor?.isAnchored ?? false) {
            exception(messages.popoverWithoutAnchor(vc), reason: .popoverMissingAnchor) {
                $0.vc = vc; $0.presenter = presenter; $0.source = source; $0.style = effective; $0.anchor = "none"
            }
            return
        }

        let leaving = effective.removesPresenterView ? disappearing(presenter) : ControllerList(unusedFrom: presenter)
        emit(.present) {
            $0.vc = source
            $0.presenter = presenter
            $0.presented = vc
            $0.style = effective
            $0.requestedStyle = requested == effective ? nil : requested
            if requested == .popover, let anchor { $0.setOnlyPayload(anchor: anchor.text) }
            $0.animated = animated
        }
        let entering = appearing(vc)
        emitCallbacks(.viewWillDisappear, leaving)
        emitCallbacks(.viewWillAppear, entering)
        var done = completionEvents(capacity: entering.count + leaving.count + 1)
        appendCallbacks(.viewDidAppear, entering, to: &done)
        appendCallbacks(.viewDidDisappear, leaving, to: &done)
        done.append(event(.presentationDidComplete) { $0.vc = vc; $0.presenter = presenter })
        finish(animated: animated, kind: .presentation, owner: presenter, consume done)
    }

    /// `receiver.dismiss(animated:)`.
    ///
    /// A receiver that presents (itself or through an ancestor, UIKit's
    /// `presentedViewController`) dismisses that presentation; otherwise the call
    /// is forwarded to the presenter of the receiver (or of its nearest presented
    /// ancestor). Everything presented above goes too. Callback order: the
    /// dismissed controllers' `viewWillDisappear` (top first), the presenter's
    /// `viewWillAppear` when its view had been removed, then at completion the
    /// presenter's `viewDidAppear` and the dismissed `viewDidDisappear`. The
    /// presenter's view comes back at the call; the dismissed controllers stay
    /// presented (and `presentedViewController` set) until the dismissal completes.
    mutating func dismiss(_ receiver: ControllerID, animated: Bool) {
        guard let (presenter, presented) = PresentationResolver.dismissal(for: receiver, in: state) else {
            emit(.dismiss) { $0.vc = receiver; $0.animated = animated }
            return
        }
        if state.isAnimating(kinds: [.presentation, .dismissal]) {
            warning(messages.dismissInProgress(presenter), reason: .dismissInProgress) {
                $0.vc = receiver; $0.presenter = presenter; $0.presented = presented
            }
            return
        }
        // The dismissed chain, `presented` first, then what it presents, in a borrowed list, which then also holds
        // what leaves.
        var chain = borrowList()
        state.appendPresentationChain(from: presented, to: &chain)
        let leaving = disappearing(chainTopFirst: chain)
        emit(.dismiss) {
            $0.vc = receiver
            $0.presenter = presenter
            $0.presented = presented
            $0.animated = animated
        }
        // Appended one at a time: the array's append of a `ControllerList` took its generic path, about 200
        // instructions a dismissal for the one to four controllers that leave (callgrind, `check --specs 40`).
        for index in leaving.indices { chain.append(leaving[index]) }
        let entering = appearingInWindow(presenter, except: chain)
        giveBack(&chain)
        emitCallbacks(.viewWillDisappear, leaving)
        emitCallbacks(.viewWillAppear, entering)
        var done = completionEvents(capacity: entering.count + leaving.count + 1)
        appendCallbacks(.viewDidAppear, entering, to: &done)
        appendCallbacks(.viewDidDisappear, leaving, to: &done)
        done.append(event(.dismissalDidComplete) { $0.vc = presented; $0.presenter = presenter })
        finish(animated: animated, kind: .dismissal, owner: presenter, consume done)
    }
}
