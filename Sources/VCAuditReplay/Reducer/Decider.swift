/// Turns steps into events for one scenario, folding each event into the state as it is emitted.
///
/// Within one step (one run-loop turn) animated transitions stay in flight;
/// their completions (the `Did` callbacks, views leaving, `didMove`) run when
/// the step ends, which is what makes `simultaneously` and back-to-back calls
/// in one transition behave as they do on a device.
struct Decider<Observer: ReplayObserver> {
    /// Where the events being emitted come from.
    struct Origin {
        var at: SourceLocation
        var step: Int
        var transition: String?
        var depth: Int
    }

    /// Work UIKit does when an animation completes.
    struct Completion {
        var origin: Origin
        var events: [Event]
    }

    let spec: Spec
    let messages: UIKitMessages
    var state: HierarchyState
    var builder: EventLog.Builder
    var observer: Observer
    var origin: Origin
    var completions: [Completion] = []

    init(spec: Spec, state: HierarchyState, header: EventLog.Header, observer: Observer) {
        self.spec = spec
        self.messages = UIKitMessages(spec: spec)
        self.state = state
        self.builder = EventLog.Builder(header: header)
        self.observer = observer
        self.origin = Origin(at: SourceLocation(file: spec.file, line: 1, column: 1), step: 0, transition: nil, depth: 0)
    }

    var isDone: Bool { state.isTerminated }

    // MARK: Emitting

    /// Records `event` at the current origin and folds it into the state.
    mutating func emit(_ event: Event) {
        guard !state.isTerminated else { return }
        var event = event
        event.at = origin.at
        event.step = origin.step
        event.transition = origin.transition
        event.depth = origin.depth
        event.seq = builder.events.count + 1
        observer.willApply(event, state: state)
        Replay.evolve(&state, event)
        builder.append(event)
        observer.didApply(event, state: state)
    }

    /// An event with a placeholder position; `emit` fills it in.
    func event(_ name: EventName) -> Event {
        Event(name: name, at: origin.at)
    }

    mutating func emit(_ name: EventName, _ configure: (inout Event) -> Void = { _ in }) {
        var e = event(name)
        configure(&e)
        emit(e)
    }

    /// Records UIKit's exception; the app has crashed and the scenario ends.
    mutating func exception(_ message: String, reason: String, _ configure: (inout Event) -> Void = { _ in }) {
        emit(.exception) {
            $0.message = message
            $0.reason = reason
            configure(&$0)
        }
    }

    /// Records what UIKit logs to the console.
    mutating func warning(_ message: String, reason: String, _ configure: (inout Event) -> Void = { _ in }) {
        emit(.warning) {
            $0.message = message
            $0.reason = reason
            configure(&$0)
        }
    }

    /// Emits `events` now, or when the run-loop turn ends if `animated`, as one animation of `owner`.
    mutating func finish(animated: Bool, kind: Animation.Kind, owner: ControllerID, _ events: [Event]) {
        if animated {
            emit(.animationDidStart) {
                $0.vc = owner
                $0.reason = kind.rawValue
            }
            var done = event(.animationDidComplete)
            done.vc = owner
            done.reason = kind.rawValue
            completions.append(Completion(origin: origin, events: [done] + events))
        } else {
            for e in events { emit(e) }
        }
    }

    /// Runs every pending completion, in the order the animations started.
    mutating func completeAnimations() {
        let saved = origin
        while !completions.isEmpty {
            let completion = completions.removeFirst()
            origin = completion.origin
            for e in completion.events { emit(e) }
        }
        origin = saved
    }

    // MARK: Appearance

    /// Controllers that get callbacks when `root`'s view enters the window and have not appeared.
    func appearing(_ root: ControllerID) -> [ControllerID] {
        state.appearanceTargets(from: root).filter { state[$0].appearance == .disappeared || state[$0].appearance == .disappearing }
    }

    /// Controllers that get callbacks when `root`'s view leaves the window and are on screen.
    func disappearing(_ root: ControllerID) -> [ControllerID] {
        state.appearanceTargets(from: root).filter { state[$0].appearance == .appeared || state[$0].appearance == .appearing }
    }

    func callbacks(_ name: EventName, _ ids: [ControllerID]) -> [Event] {
        ids.map {
            var e = event(name)
            e.vc = $0
            return e
        }
    }

    mutating func emitCallbacks(_ name: EventName, _ ids: [ControllerID]) {
        for e in callbacks(name, ids) { emit(e) }
    }

    // MARK: Steps

    mutating func run(step: Step, index: Int) {
        origin = Origin(at: SourceLocation(file: spec.file, mark: step.mark), step: index, transition: nil, depth: 0)
        observer.stepWillBegin(step, index: index, state: state)
        apply(step)
        completeAnimations()
        observer.stepDidEnd(step, index: index, state: state)
    }

    /// Applies one step or transition call at the current depth.
    mutating func apply(_ step: Step) {
        guard !isDone else { return }
        origin.at = SourceLocation(file: spec.file, mark: step.mark)
        switch step.action {
        case .launch: launch()
        case let .present(vc, from, style, anchor, animated):
            present(vc.id, from: from.id, style: style?.value, anchor: anchor, animated: animated)
        case let .dismiss(vc, animated): dismiss(vc.id, animated: animated)
        case let .push(nav, vc, animated): push(vc.id, on: nav.id, animated: animated)
        case let .pop(nav, animated): pop(nav.id, animated: animated)
        case let .popToRoot(nav, animated): popTo(nil, in: nav.id, animated: animated)
        case let .popTo(nav, vc, animated): popTo(vc.id, in: nav.id, animated: animated)
        case let .setViewControllers(of, vcs, animated): setViewControllers(vcs.map(\.id), of: of.id, animated: animated)
        case let .select(tabs, vc): select(vc.id, in: tabs.id)
        case let .show(from, vc): show(vc.id, from: from.id)
        case let .showDetail(from, vc): showDetail(vc.id, from: from.id)
        case let .perform(name): perform(name.value)
        case let .addChild(parent, child): addChild(child.id, to: parent.id)
        case let .removeFromParent(child): removeFromParent(child.id)
        case let .willMove(child, parent):
            emit(.willMoveToParent) {
                $0.vc = child.id
                $0.parent = parent?.id
            }
        case let .didMove(child, parent):
            emit(.didMoveToParent) {
                $0.vc = child.id
                $0.parent = parent?.id
            }
        case let .addSubview(view, to): addSubview(view.id, to: to.id)
        case let .removeFromSuperview(view): removeFromSuperview(view.id)
        case let .beginAppearance(vc, appearing, animated): beginAppearance(vc.id, appearing: appearing, animated: animated)
        case let .endAppearance(vc): endAppearance(vc.id)
        case let .transition(parent, from, to, animated): transition(from: from.id, to: to.id, in: parent.id, animated: animated)
        case let .traits(width, height): traits(width: width, height: height)
        case let .device(device): traits(width: device.horizontalSizeClass, height: nil)
        case .preserve: preserve()
        case .restore: restore()
        case let .simultaneously(steps):
            let saved = origin
            origin.depth += 1
            for inner in steps {
                apply(inner)
                if isDone { break }
            }
            origin = saved
        case let .expect(expectations):
            for expectation in expectations {
                origin.at = SourceLocation(file: spec.file, mark: expectation.mark)
                let (passed, description, failure) = ExpectationEvaluator(state: state).evaluate(expectation.check)
                emit(.expect) {
                    $0.passed = passed
                    $0.expectation = description
                    $0.message = failure
                }
            }
        }
    }

    // MARK: Launch

    mutating func launch() {
        guard let root = spec.window?.id else {
            exception(messages.windowWithoutRoot(), reason: "window_without_root")
            return
        }
        emit(.setRootViewController) { $0.vc = root }
        // Page controllers get their initial pages when their views load.
        for id in state.appearanceTargets(from: root) + state.order.filter({ state[$0].kind == .page && state.containmentRoot(of: $0) == root }) {
            if let controller = spec.controller(id), controller.kind == .page, controller.children.count != controller.spine.pageCount {
                exception(messages.pageCount(provided: controller.children.count, required: controller.spine.pageCount), reason: "page_count_mismatch") {
                    $0.vc = id
                    $0.vcs = controller.children.map(\.id)
                }
                return
            }
        }
        emit(.makeKeyAndVisible) { $0.vc = root }
        let targets = appearingOnScreen()
        emitCallbacks(.viewWillAppear, targets)
        emitCallbacks(.viewDidAppear, targets)
    }

    /// Every controller in the window that has not appeared: the root's targets, then each presentation's.
    func appearingOnScreen() -> [ControllerID] {
        guard let root = state.windowRoot else { return [] }
        var result: [ControllerID] = []
        var roots = [root]
        var index = 0
        while index < roots.count {
            let current = roots[index]
            index += 1
            for id in state.appearanceTargets(from: current) where !result.contains(id) {
                result.append(id)
                if let presented = state[id].presented, !roots.contains(presented) { roots.append(presented) }
            }
        }
        return result.filter { state.isInWindow($0) && state[$0].appearance != .appeared }
    }

    // MARK: Presentation

    /// The anchor a presentation of `vc` uses: the step's or segue's, else the controller's `popover:`.
    func anchor(for vc: ControllerID, override: PopoverAnchor?) -> PopoverAnchor? {
        let declared = spec.controller(vc)?.popover?.anchor
        if let override, override.isAnchored || override.sourceRect != nil { return override }
        return declared ?? override
    }

    static func describe(_ anchor: PopoverAnchor?) -> String {
        guard let anchor, anchor.isAnchored else { return "none" }
        var parts: [String] = []
        if let item = anchor.barButtonItem { parts.append("barButtonItem:\(item.value)") }
        if let view = anchor.sourceView { parts.append("sourceView:\(view.value)") }
        return parts.joined(separator: ",")
    }

    mutating func present(_ vc: ControllerID, from source: ControllerID, style: PresentationStyle?, anchor override: PopoverAnchor?, animated: Bool) {
        let requested = style ?? spec.controller(vc)?.modalPresentationStyle?.value ?? .automatic
        let effective = PresentationResolver.adaptedStyle(requested, for: vc, spec: spec, width: state.horizontalSizeClass)
        let anchor = anchor(for: vc, override: override)
        let anchorText = requested == .popover ? Self.describe(anchor) : nil

        if vc == source {
            exception(messages.presentOnSelf(vc), reason: "present_self") { $0.vc = vc; $0.source = source }
            return
        }
        if let presenter = state[vc].presenting {
            exception(messages.alreadyBeingPresented(vc, by: presenter), reason: "already_presented") {
                $0.vc = vc; $0.presenter = presenter; $0.source = source
            }
            return
        }
        if let parent = state[vc].parent {
            exception(messages.hasParent(vc, parent: parent), reason: "has_parent") { $0.vc = vc; $0.parent = parent; $0.source = source }
            return
        }
        if vc == state.windowRoot || state.isInWindow(vc) {
            exception(messages.activeController(vc), reason: "active_controller") { $0.vc = vc; $0.source = source }
            return
        }
        let presenter = PresentationResolver.presenter(for: effective, from: source, in: state)
        if state.isAnimating(kinds: [.presentation, .dismissal]) {
            warning(messages.presentationInProgress(vc, on: presenter, from: source), reason: "presentation_in_progress") {
                $0.vc = vc; $0.presenter = presenter; $0.source = source
            }
            return
        }
        var actualPresenter = presenter
        if !state.isInWindow(source) {
            warning(messages.notInWindow(vc, on: presenter, from: source), reason: "not_in_window") {
                $0.vc = vc; $0.presenter = presenter; $0.source = source
            }
            return
        }
        if !state.isInHierarchy(source) {
            // On screen, but only through a view added without addChild: UIKit presents from it and complains.
            warning(messages.detachedPresenter(vc, from: source), reason: "detached_presenter") { $0.vc = vc; $0.source = source }
            actualPresenter = source
        }
        if let current = state[actualPresenter].presented {
            warning(messages.alreadyPresenting(vc, on: actualPresenter, from: source, presenting: current), reason: "already_presenting") {
                $0.vc = vc; $0.presenter = actualPresenter; $0.source = source; $0.presented = current
            }
            return
        }
        if effective == .popover, !(anchor?.isAnchored ?? false) {
            exception(messages.popoverWithoutAnchor(vc), reason: "popover_missing_anchor") {
                $0.vc = vc; $0.presenter = actualPresenter; $0.source = source; $0.style = effective; $0.anchor = "none"
            }
            return
        }

        let leaving = effective.removesPresenterView ? disappearing(actualPresenter) : []
        emit(.present) {
            $0.vc = source
            $0.presenter = actualPresenter
            $0.presented = vc
            $0.style = effective
            $0.requestedStyle = requested == effective ? nil : requested
            $0.anchor = anchorText
            $0.animated = animated
        }
        let entering = appearing(vc)
        emitCallbacks(.viewWillDisappear, leaving)
        emitCallbacks(.viewWillAppear, entering)
        var done = callbacks(.viewDidDisappear, leaving) + callbacks(.viewDidAppear, entering)
        var complete = event(.presentationDidComplete)
        complete.vc = vc
        complete.presenter = actualPresenter
        done.append(complete)
        finish(animated: animated, kind: .presentation, owner: actualPresenter, done)
    }

    mutating func dismiss(_ receiver: ControllerID, animated: Bool) {
        guard let (presenter, presented) = PresentationResolver.dismissal(for: receiver, in: state) else {
            emit(.dismiss) { $0.vc = receiver; $0.animated = animated }
            return
        }
        if state.isAnimating(kinds: [.presentation, .dismissal]) {
            warning(messages.dismissInProgress(receiver), reason: "dismiss_in_progress") {
                $0.vc = receiver; $0.presenter = presenter; $0.presented = presented
            }
            return
        }
        let chain = [presented] + state.presentationChain(above: presented)
        var leaving: [ControllerID] = []
        for id in chain.reversed() where state.isInWindow(id) {
            leaving += disappearing(id).filter { !leaving.contains($0) }
        }
        let wasCovered = state[presenter].coveredBy != nil
        emit(.dismiss) {
            $0.vc = receiver
            $0.presenter = presenter
            $0.presented = presented
            $0.animated = animated
        }
        let entering = wasCovered ? appearing(presenter).filter { state.isInWindow($0) } : []
        emitCallbacks(.viewWillDisappear, leaving)
        emitCallbacks(.viewWillAppear, entering)
        var done = callbacks(.viewDidDisappear, leaving) + callbacks(.viewDidAppear, entering)
        var complete = event(.dismissalDidComplete)
        complete.vc = presented
        complete.presenter = presenter
        done.append(complete)
        finish(animated: animated, kind: .dismissal, owner: presenter, done)
    }

    // MARK: Containers (navigation, tab bar, split, page)

    /// Replaces what `container` shows: emits `call`, the containment callbacks, the view moves and
    /// the appearance callbacks, completing at the end of the turn when animated on screen.
    mutating func changeChildren(of container: ControllerID, call: Event, to newChildren: [ControllerID],
                                 mounted newMounted: [ControllerID], animated: Bool) {
        let oldChildren = state[container].children
        let oldMounted = state.order.filter { state.viewOwner(of: $0) == container }
        let added = newChildren.filter { !oldChildren.contains($0) }
        let removed = oldChildren.filter { !newChildren.contains($0) }
        // addChild removes a controller from its old parent first.
        for vc in added {
            if let old = state[vc].parent, old != container {
                emit(.removeFromParent) { $0.vc = vc; $0.parent = old }
                emit(.didMoveToParent) { $0.vc = vc; $0.parent = nil }
            }
        }
        let onScreen = state.isInWindow(container)
        let leaving = oldMounted.filter { !newMounted.contains($0) }
        let entering = newMounted.filter { !oldMounted.contains($0) }
        let disappearingIDs = onScreen ? leaving.flatMap { disappearing($0) } : []
        emit(call)
        for vc in added { emit(.willMoveToParent) { $0.vc = vc; $0.parent = container } }
        for vc in removed { emit(.willMoveToParent) { $0.vc = vc; $0.parent = nil } }
        emitCallbacks(.viewWillDisappear, disappearingIDs)
        var appearingIDs: [ControllerID] = []
        for vc in entering {
            emit(.addSubview) { $0.vc = vc; $0.parent = container }
            if onScreen { appearingIDs += appearing(vc) }
        }
        emitCallbacks(.viewWillAppear, appearingIDs)
        var done: [Event] = []
        for vc in leaving {
            var e = event(.removeFromSuperview)
            e.vc = vc
            done.append(e)
        }
        done += callbacks(.viewDidDisappear, disappearingIDs) + callbacks(.viewDidAppear, appearingIDs)
        for vc in added {
            var e = event(.didMoveToParent)
            e.vc = vc
            e.parent = container
            done.append(e)
        }
        for vc in removed {
            var e = event(.didMoveToParent)
            e.vc = vc
            done.append(e)
        }
        let visibleChange = !leaving.isEmpty || !entering.isEmpty
        finish(animated: animated && onScreen && visibleChange, kind: .navigation, owner: container, done)
    }

    /// Refuses to take `vc` from a parent whose view still holds its view.
    mutating func checkReparenting(_ vc: ControllerID, to newParent: ControllerID) -> Bool {
        if let old = state[vc].parent, old != newParent, state.isView(vc, under: old) {
            exception(messages.requestedParent(vc, has: old, requested: newParent), reason: "reparented_without_removal") {
                $0.vc = vc; $0.parent = old; $0.to = newParent
            }
            return false
        }
        return true
    }

    mutating func requireKind(_ kind: Controller.Kind, _ id: ControllerID, call: String, reason: String) -> Bool {
        if state[id].kind == kind { return true }
        let names: [Controller.Kind: String] = [.navigation: "navigation controller", .tabBar: "tab bar controller", .split: "split view controller", .page: "page view controller"]
        warning(messages.notA(names[kind] ?? kind.rawValue, id, call: call), reason: reason) { $0.vc = id }
        return false
    }

    mutating func push(_ vc: ControllerID, on nav: ControllerID, animated: Bool, allowNavigationController: Bool = false) {
        guard requireKind(.navigation, nav, call: "pushViewController", reason: "not_navigation") else { return }
        if state[vc].kind == .navigation, !allowNavigationController {
            exception(messages.pushNavigationController(), reason: "push_navigation_controller") { $0.vc = nav; $0.child = vc }
            return
        }
        if state[vc].kind == .split {
            warning(messages.pushSplit(), reason: "push_split_view_controller") { $0.vc = nav; $0.child = vc }
            return
        }
        if state[nav].children.contains(vc) {
            exception(messages.pushDuplicate(nav, vc), reason: "push_duplicate") { $0.vc = nav; $0.child = vc }
            return
        }
        guard checkReparenting(vc, to: nav) else { return }
        if state.isAnimating(nav, kinds: [.navigation]) {
            warning(messages.nestedNavigation(), reason: "nested_navigation_animation") { $0.vc = nav; $0.child = vc }
        }
        var call = event(.pushViewController)
        call.vc = nav
        call.child = vc
        call.animated = animated
        changeChildren(of: nav, call: call, to: state[nav].children + [vc], mounted: [vc], animated: animated)
    }

    mutating func pop(_ nav: ControllerID, animated: Bool) {
        guard requireKind(.navigation, nav, call: "popViewController", reason: "not_navigation") else { return }
        let stack = state[nav].children
        guard stack.count > 1, let top = stack.last else {
            emit(.popViewController) { $0.vc = nav; $0.animated = animated }
            return
        }
        if state.isAnimating(nav, kinds: [.navigation]) {
            warning(messages.nestedNavigation(), reason: "nested_navigation_animation") { $0.vc = nav; $0.child = top }
        }
        var call = event(.popViewController)
        call.vc = nav
        call.child = top
        call.animated = animated
        let rest = Array(stack.dropLast())
        changeChildren(of: nav, call: call, to: rest, mounted: [rest.last!], animated: animated)
    }

    /// `popToViewController` (or `popToRootViewController` when `target` is nil).
    mutating func popTo(_ target: ControllerID?, in nav: ControllerID, animated: Bool) {
        let name: EventName = target == nil ? .popToRootViewController : .popToViewController
        guard requireKind(.navigation, nav, call: name.rawValue, reason: "not_navigation") else { return }
        let stack = state[nav].children
        let destination = target ?? stack.first
        guard let destination, let index = stack.firstIndex(of: destination) else {
            exception(messages.popToMissing(), reason: "pop_to_missing") { $0.vc = nav; $0.to = target }
            return
        }
        let popped = Array(stack[(index + 1)...])
        if !popped.isEmpty, state.isAnimating(nav, kinds: [.navigation]) {
            warning(messages.nestedNavigation(), reason: "nested_navigation_animation") { $0.vc = nav; $0.to = destination }
        }
        var call = event(name)
        call.vc = nav
        call.to = destination
        call.vcs = popped.reversed()
        call.animated = animated
        changeChildren(of: nav, call: call, to: Array(stack[...index]), mounted: [destination], animated: animated)
    }

    mutating func setViewControllers(_ vcs: [ControllerID], of container: ControllerID, animated: Bool) {
        var call = event(.setViewControllers)
        call.vc = container
        call.vcs = vcs
        call.animated = animated
        switch state[container].kind {
        case .navigation:
            if Set(vcs).count != vcs.count {
                exception(messages.duplicateStack(), reason: "duplicate_view_controllers") { $0.vc = container; $0.vcs = vcs }
                return
            }
            if let nested = vcs.first(where: { state[$0].kind == .navigation }) {
                exception(messages.pushNavigationController(), reason: "push_navigation_controller") { $0.vc = container; $0.child = nested }
                return
            }
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            changeChildren(of: container, call: call, to: vcs, mounted: vcs.last.map { [$0] } ?? [], animated: animated)
        case .tabBar:
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            let selected = state[container].selected.flatMap { vcs.contains($0) ? $0 : nil } ?? vcs.first
            changeChildren(of: container, call: call, to: vcs, mounted: selected.map { [$0] } ?? [], animated: false)
        case .page:
            let required = spec.controller(container)?.spine.pageCount ?? 1
            if vcs.count != required {
                exception(messages.pageCount(provided: vcs.count, required: required), reason: "page_count_mismatch") { $0.vc = container; $0.vcs = vcs }
                return
            }
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            changeChildren(of: container, call: call, to: vcs, mounted: vcs, animated: animated)
        case .split:
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            let mounted = state.horizontalSizeClass == .regular ? vcs : Array(vcs.prefix(1))
            changeChildren(of: container, call: call, to: vcs, mounted: mounted, animated: false)
        case .content, .container:
            warning(messages.notA("navigation, tab bar or page view controller", container, call: "setViewControllers"), reason: "not_a_container") { $0.vc = container }
        }
    }

    mutating func select(_ vc: ControllerID, in tabs: ControllerID) {
        guard requireKind(.tabBar, tabs, call: "setSelectedViewController", reason: "not_tab_bar") else { return }
        guard state[tabs].children.contains(vc) else {
            exception(messages.selectUnknownTab(), reason: "select_unknown_tab") { $0.vc = tabs; $0.to = vc }
            return
        }
        let old = state[tabs].selected
        guard old != vc else {
            emit(.setSelectedViewController) { $0.vc = tabs; $0.from = old; $0.to = vc }
            return
        }
        let onScreen = state.isInWindow(tabs)
        let leaving = onScreen ? (old.map { disappearing($0) } ?? []) : []
        emit(.setSelectedViewController) { $0.vc = tabs; $0.from = old; $0.to = vc }
        emitCallbacks(.viewWillDisappear, leaving)
        emit(.addSubview) { $0.vc = vc; $0.parent = tabs }
        let entering = onScreen ? appearing(vc) : []
        emitCallbacks(.viewWillAppear, entering)
        if let old { emit(.removeFromSuperview) { $0.vc = old } }
        emitCallbacks(.viewDidDisappear, leaving)
        emitCallbacks(.viewDidAppear, entering)
    }

    mutating func show(_ vc: ControllerID, from source: ControllerID) {
        emit(.showViewController) { $0.vc = source; $0.to = vc }
        if let nav = state.navigationController(of: source) {
            push(vc, on: nav, animated: true)
        } else {
            present(vc, from: source, style: nil, anchor: nil, animated: true)
        }
    }

    mutating func showDetail(_ vc: ControllerID, from source: ControllerID) {
        emit(.showDetailViewController) { $0.vc = source; $0.to = vc }
        guard let split = state.splitViewController(of: source) else {
            // No split view controller: UIKit forwards to show(_:sender:).
            if let nav = state.navigationController(of: source) {
                push(vc, on: nav, animated: true)
            } else {
                present(vc, from: source, style: nil, anchor: nil, animated: true)
            }
            return
        }
        let children = state[split].children
        if state.horizontalSizeClass == .regular || children.isEmpty {
            // Expanded: the detail replaces the secondary column.
            let primary = children.first.map { [$0] } ?? []
            let newChildren = primary + [vc]
            var call = event(.setViewControllers)
            call.vc = split
            call.vcs = newChildren
            call.animated = false
            if !checkReparenting(vc, to: split) { return }
            changeChildren(of: split, call: call, to: newChildren, mounted: state.horizontalSizeClass == .regular ? newChildren : primary, animated: false)
        } else if let primary = children.first, state[primary].kind == .navigation {
            // Collapsed: the primary navigation controller pushes the detail (a navigation controller too, as UIKit allows here).
            push(vc, on: primary, animated: true, allowNavigationController: true)
        } else {
            present(vc, from: source, style: nil, anchor: nil, animated: true)
        }
    }

    // MARK: Transitions

    mutating func perform(_ name: String) {
        guard let transition = spec.transition(name) else { return }
        let saved = origin
        origin.transition = name
        origin.depth += 1
        switch transition.body {
        case .calls(let steps):
            for step in steps {
                apply(step)
                if isDone { break }
            }
        case .segue(let segue):
            origin.at = SourceLocation(file: spec.file, mark: segue.mark)
            performSegue(segue)
        }
        origin = saved
    }

    mutating func performSegue(_ segue: Segue) {
        let from = segue.from.id
        let to = segue.to.id
        if segue.kind == .unwind {
            emit(.unwind) { $0.vc = from; $0.to = to }
            unwind(to: to, from: from, animated: segue.animated)
            return
        }
        emit(.performSegue) { $0.vc = from; $0.to = to; $0.reason = segue.kind.rawValue }
        switch segue.kind {
        case .show: show(to, from: from)
        case .showDetail: showDetail(to, from: from)
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

    mutating func unwind(to target: ControllerID, from source: ControllerID, animated: Bool) {
        let targetRoot = state.containmentRoot(of: target)
        // Walk down the presentations from the target's root: the source must be above it.
        let above = state.presentationChain(above: targetRoot)
        let sourceRoot = state.containmentRoot(of: source)
        if above.contains(sourceRoot) {
            dismiss(targetRoot, animated: animated)
            if let nav = state.navigationController(of: target), nav != target, state[nav].children.last != target {
                popTo(target, in: nav, animated: animated)
            }
            return
        }
        if let nav = state.navigationController(of: source), state[nav].children.contains(target) {
            popTo(target, in: nav, animated: animated)
            return
        }
        warning(messages.unwindNotFound(target, from: source), reason: "unwind_not_found") { $0.vc = source; $0.to = target }
    }

    // MARK: Custom containment

    mutating func addChild(_ child: ControllerID, to parent: ControllerID) {
        if child == parent || state.ancestors(of: parent).contains(child) {
            exception(messages.containmentCycle(child, parent), reason: "containment_cycle") { $0.vc = parent; $0.child = child }
            return
        }
        guard checkReparenting(child, to: parent) else { return }
        if let old = state[child].parent, old != parent {
            emit(.removeFromParent) { $0.vc = child; $0.parent = old }
            emit(.didMoveToParent) { $0.vc = child; $0.parent = nil }
        }
        emit(.addChild) { $0.vc = parent; $0.child = child }
        emit(.willMoveToParent) { $0.vc = child; $0.parent = parent }
    }

    mutating func removeFromParent(_ child: ControllerID) {
        let parent = state[child].parent
        emit(.removeFromParent) { $0.vc = child; $0.parent = parent }
        if parent != nil { emit(.didMoveToParent) { $0.vc = child; $0.parent = nil } }
    }

    /// Whether appearance reaches `id` automatically from the controller whose view holds it.
    func receivesForwardedAppearance(_ id: ControllerID) -> Bool {
        guard let owner = state.viewOwner(of: id), state[id].parent == owner else { return false }
        return state[owner].forwardsAppearance
    }

    mutating func addSubview(_ view: ControllerID, to host: ControllerID) {
        let wasOnScreen = state.isInWindow(view)
        let leaving = wasOnScreen && receivesForwardedAppearance(view) ? disappearing(view) : []
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

    mutating func removeFromSuperview(_ view: ControllerID) {
        let wasOnScreen = state.isInWindow(view)
        let leaving = wasOnScreen && receivesForwardedAppearance(view) ? disappearing(view) : []
        emit(.removeFromSuperview) { $0.vc = view }
        emitCallbacks(.viewWillDisappear, leaving)
        emitCallbacks(.viewDidDisappear, leaving)
    }

    mutating func beginAppearance(_ vc: ControllerID, appearing isAppearing: Bool, animated: Bool) {
        if state[vc].manualAppearance != nil {
            warning(messages.unbalanced(vc), reason: "unbalanced_appearance") { $0.vc = vc; $0.appearing = isAppearing }
        }
        emit(.beginAppearanceTransition) { $0.vc = vc; $0.appearing = isAppearing; $0.animated = animated }
        emitCallbacks(isAppearing ? .viewWillAppear : .viewWillDisappear, state.appearanceTargets(from: vc))
    }

    mutating func endAppearance(_ vc: ControllerID) {
        guard let isAppearing = state[vc].manualAppearance else {
            warning(messages.unbalanced(vc), reason: "unbalanced_appearance") { $0.vc = vc }
            return
        }
        emit(.endAppearanceTransition) { $0.vc = vc; $0.appearing = isAppearing }
        emitCallbacks(isAppearing ? .viewDidAppear : .viewDidDisappear, state.appearanceTargets(from: vc))
    }

    mutating func transition(from: ControllerID, to: ControllerID, in parent: ControllerID, animated: Bool) {
        guard state[from].parent == parent, state[to].parent == parent else {
            exception(messages.commonParent(from, to), reason: "transition_without_common_parent") { $0.vc = parent; $0.from = from; $0.to = to }
            return
        }
        let host = state.viewOwner(of: from) ?? parent
        let forwards = state[parent].forwardsAppearance && state.isInWindow(parent)
        let leaving = forwards && state.isInWindow(from) ? disappearing(from) : []
        emit(.transitionFromViewController) { $0.vc = parent; $0.from = from; $0.to = to; $0.animated = animated }
        emit(.addSubview) { $0.vc = to; $0.parent = host }
        let entering = forwards && state.isInWindow(to) ? appearing(to) : []
        emitCallbacks(.viewWillDisappear, leaving)
        emitCallbacks(.viewWillAppear, entering)
        var remove = event(.removeFromSuperview)
        remove.vc = from
        let done = [remove] + callbacks(.viewDidDisappear, leaving) + callbacks(.viewDidAppear, entering)
        finish(animated: animated && state.isInWindow(parent), kind: .transition, owner: parent, done)
    }

    // MARK: Traits

    mutating func traits(width: SizeClass?, height: SizeClass?) {
        let oldWidth = state.horizontalSizeClass
        let root = state.windowRoot
        emit(.traitCollectionDidChange) { $0.vc = root; $0.width = width; $0.height = height }
        let newWidth = state.horizontalSizeClass
        guard newWidth != oldWidth else { return }
        // Split view controllers collapse or expand their secondary column.
        for split in state.order where state[split].kind == .split && state[split].children.count > 1 {
            let secondary = state[split].children[1]
            let onScreen = state.isInWindow(split)
            if newWidth == .regular, state.viewOwner(of: secondary) != split {
                emit(.addSubview) { $0.vc = secondary; $0.parent = split }
                if onScreen {
                    let entering = appearing(secondary)
                    emitCallbacks(.viewWillAppear, entering)
                    emitCallbacks(.viewDidAppear, entering)
                }
            } else if newWidth == .compact, state.viewOwner(of: secondary) == split {
                let leaving = onScreen ? disappearing(secondary) : []
                emitCallbacks(.viewWillDisappear, leaving)
                emit(.removeFromSuperview) { $0.vc = secondary }
                emitCallbacks(.viewDidDisappear, leaving)
            }
        }
        // Presented controllers adapt to the new width.
        for presented in state.order where state[presented].presenting != nil {
            guard let requested = state[presented].requestedPresentationStyle, let current = state[presented].presentationStyle,
                  let presenter = state[presented].presenting else { continue }
            let adapted = PresentationResolver.adaptedStyle(requested, for: presented, spec: spec, width: newWidth)
            guard adapted != current else { continue }
            let anchor = state[presented].popoverAnchor
            if adapted == .popover, anchor == nil || anchor == "none" {
                exception(messages.popoverWithoutAnchor(presented), reason: "popover_missing_anchor") {
                    $0.vc = presented; $0.presenter = presenter; $0.style = adapted; $0.anchor = "none"
                }
                return
            }
            let wasCovered = state[presenter].coveredBy != nil
            let leaving = !wasCovered && adapted.removesPresenterView ? disappearing(presenter) : []
            emit(.adaptivePresentationStyle) { $0.vc = presented; $0.presenter = presenter; $0.style = adapted; $0.requestedStyle = requested }
            emitCallbacks(.viewWillDisappear, leaving)
            emitCallbacks(.viewDidDisappear, leaving)
            if wasCovered, state[presenter].coveredBy == nil {
                let entering = appearing(presenter).filter { state.isInWindow($0) }
                emitCallbacks(.viewWillAppear, entering)
                emitCallbacks(.viewDidAppear, entering)
            }
        }
    }

    // MARK: Restoration

    /// Controllers in the window's hierarchy in preservation order: children, then what each presents.
    func preservationOrder() -> [(id: ControllerID, parentPath: ControllerID?)] {
        guard let root = state.windowRoot else { return [] }
        var result: [(ControllerID, ControllerID?)] = []
        var stack: [(ControllerID, ControllerID?)] = [(root, nil)]
        var seen: Set<ControllerID> = []
        while let (id, up) = stack.popLast() {
            guard seen.insert(id).inserted else { continue }
            result.append((id, up))
            var next: [(ControllerID, ControllerID?)] = state[id].children.map { ($0, id) }
            if let presented = state[id].presented { next.append((presented, id)) }
            stack.append(contentsOf: next.reversed())
        }
        return result
    }

    mutating func preserve() {
        let root = state.windowRoot
        emit(.shouldSaveApplicationState) { $0.vc = root }
        var paths: [ControllerID: String] = [:]
        for (id, up) in preservationOrder() {
            guard let identifier = state[id].restorationID else { continue }
            let path: String
            if let up {
                guard let upPath = paths[up] else { continue }
                path = upPath + "/" + identifier
            } else {
                path = identifier
            }
            paths[id] = path
            emit(.encodeRestorableState) { $0.vc = id; $0.restorationPath = path }
        }
    }

    mutating func restore() {
        let window = spec.window?.id
        emit(.shouldRestoreApplicationState) { $0.vc = window }
        let archive = state.archive ?? RestorationArchive()
        emit(.relaunch)
        guard let root = spec.window?.id else {
            exception(messages.windowWithoutRoot(), reason: "window_without_root")
            return
        }
        emit(.setRootViewController) { $0.vc = root }
        for entry in archive.entries {
            emit(.decodeRestorableState) { $0.vc = entry.id; $0.restorationPath = entry.path }
        }
        let saved = Set(archive.entries.map(\.id))
        // Rebuild containers' children from what was saved; unsaved controllers are gone.
        for entry in archive.entries where !entry.children.isEmpty {
            let kind = state[entry.id].kind
            let restored = entry.children.filter { saved.contains($0) }
            let pageCount = spec.controller(entry.id)?.spine.pageCount ?? 1
            let rebuilds = kind == .navigation || kind == .split || (kind == .page && restored.count == pageCount)
            if rebuilds, !restored.isEmpty, restored != state[entry.id].children {
                setViewControllers(restored, of: entry.id, animated: false)
            }
            if kind == .tabBar, let selected = entry.selected, saved.contains(selected), state[entry.id].selected != selected,
               state[entry.id].children.contains(selected) {
                select(selected, in: entry.id)
            }
        }
        emit(.makeKeyAndVisible) { $0.vc = root }
        for entry in archive.entries {
            guard let presenter = entry.presenter, saved.contains(presenter), state[entry.id].presenting == nil else { continue }
            let style = entry.presentationStyle ?? .fullScreen
            emit(.present) {
                $0.vc = presenter
                $0.presenter = presenter
                $0.presented = entry.id
                $0.style = style
                $0.animated = false
            }
        }
        let targets = appearingOnScreen()
        emitCallbacks(.viewWillAppear, targets)
        emitCallbacks(.viewDidAppear, targets)
    }
}
