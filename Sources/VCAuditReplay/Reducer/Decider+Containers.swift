import VCAuditSpec

extension Decider {
    /// Replaces a system container's children and what it shows: emits `call`, the
    /// containment callbacks, the view moves and the appearance callbacks in
    /// `order`, completing at the end of the turn when animated on screen.
    ///
    /// What leaves and what enters is decided from what the container shows
    /// before and after (its top, selected tab, columns or pages), not from which
    /// views happen to be mounted, so a call that arrives while an earlier one
    /// still animates sees the earlier one's outcome. Added children get
    /// `willMove(toParent:)` at the call and `didMove(toParent:)` at completion,
    /// removed ones `willMove(toParent: nil)` and `didMove(toParent: nil)`.
    mutating func changeChildren(of container: ControllerID, call: Event, to newChildren: [ControllerID],
                                 shown newShown: some Collection<ControllerID>, animated: Bool, order: AppearanceOrder) {
        var lists = takeScratch()
        state.appendShownChildren(of: container, to: &lists)
        let oldShown = 0..<lists.count
        // The old children are read in place: a view of them (`children(of:)`) and its iterator each held the
        // table's arena, a retain and a release apiece.
        let ends = state.controllers.withChildren(at: state.controllers.position(of: container)!) { oldChildren in
            for vc in newChildren where !oldChildren.contains(vc) { lists.append(vc) }
            let addedEnd = lists.count
            for vc in oldChildren where !newChildren.contains(vc) { lists.append(vc) }
            return (added: addedEnd, removed: lists.count)
        }
        let removedEnd = ends.removed
        for index in oldShown where !newShown.contains(lists[index]) { lists.append(lists[index]) }
        let leavingEnd = lists.count
        for vc in newShown where !oldShown.contains(where: { lists[$0] == vc }) { lists.append(vc) }
        let change = ChildrenChange(added: oldShown.upperBound..<ends.added, removed: ends.added..<removedEnd,
                                    leaving: removedEnd..<leavingEnd, entering: leavingEnd..<lists.count)
        changeChildren(of: container, call: call, lists: lists, change, animated: animated, order: order)
    }

    /// Where the lists of a change of a container's children are in the list that holds them (the decider's room for
    /// them, `scratch`, or a buffer on the stack): the children added and removed, and the shown children that leave
    /// and enter, each in the order its list is in.
    struct ChildrenChange {
        var added: Range<Int>
        var removed: Range<Int>
        var leaving: Range<Int>
        var entering: Range<Int>
    }

    /// The decider's room for `changeChildren`'s lists, emptied and taken out of the decider until the change gives it
    /// back: once it has grown to fit, a change allocates no list.
    mutating func takeScratch() -> [ControllerID] {
        var lists = scratch
        scratch = []
        lists.emptyKeepingRoom()
        return lists
    }

    /// `changeChildren` with its lists made, at `change`'s ranges of `lists` (the room `takeScratch` lent, which it
    /// takes back): the general change works them out there, and a pop to a controller, which knows them, puts them
    /// there without comparing the old children with the new.
    ///
    /// What was shown and the four lists share one array the decider keeps from call to call. Each list is a range
    /// of it, read through the array's buffer: a slice of the array (`lists[range]`) would hold the array, a retain
    /// and a release for each list.
    mutating func changeChildren(of container: ControllerID, call: Event, lists: consuming [ControllerID], _ change: ChildrenChange,
                                 animated: Bool, order: AppearanceOrder) {
        lists.withUnsafeBufferPointer { lists in
            changeChildren(of: container, call: call, in: lists, change, animated: animated, order: order)
        }
        scratch = consume lists
    }

    /// `changeChildren` of the lists at `change`'s ranges of `lists`, read in place (the decider's room for them, or
    /// the few of a push or a pop in a buffer on the stack).
    private mutating func changeChildren(of container: ControllerID, call: Event, in lists: UnsafeBufferPointer<ControllerID>,
                                         _ change: ChildrenChange, animated: Bool, order: AppearanceOrder) {
        let added = UnsafeBufferPointer(rebasing: lists[change.added])
        let removed = UnsafeBufferPointer(rebasing: lists[change.removed])
        let leaving = UnsafeBufferPointer(rebasing: lists[change.leaving])
        let entering = UnsafeBufferPointer(rebasing: lists[change.entering])
        // addChild takes a controller from its old parent first (a tab shown by its tab bar's More navigation
        // controller stays the tab bar's).
        for vc in added {
            if let old = state[vc].parent, old != container, state.tabBar(ofMore: container) != old {
                emit(.removeFromParent) { $0.vc = vc; $0.parent = old }
                emit(.didMoveToParent) { $0.vc = vc; $0.parent = nil }
            }
        }
        // Whether the container is in the window, asked once: nothing this change emits moves the container's own
        // view (`isShowingChildren`, which asks it too, is that and an appearance). Asked only when the answer is
        // used: for a container that has appeared or is appearing, or for an animated change of what it shows.
        // The container is looked up once for both: its position in the table does not change (controllers are only
        // added to it).
        let visibleChange = !leaving.isEmpty || !entering.isEmpty
        let containerPosition = state.controllers.position(of: container)!
        let appearance = state.controllers[position: containerPosition].appearance
        let passesAppearance = appearance == .appeared || appearance == .appearing
        let inWindow = (passesAppearance || (animated && visibleChange)) && state.isInWindow(at: containerPosition)
        let onScreen = passesAppearance && inWindow
        let disappearingIDs = onScreen ? disappearing(all: leaving) : []
        emit(call)
        for vc in added { emit(.willMoveToParent) { $0.vc = vc; $0.parent = container } }
        for vc in removed { emit(.willMoveToParent) { $0.vc = vc; $0.parent = nil } }
        // The `Will` callbacks in the container's order, with the entering views mounted where UIKit adds them.
        if order == .navigation { emitCallbacks(.viewWillDisappear, disappearingIDs) }
        for vc in entering { mount(vc, in: container) }
        let appearingIDs = onScreen ? appearing(all: entering) : []
        emitCallbacks(.viewWillAppear, appearingIDs)
        if order != .navigation { emitCallbacks(.viewWillDisappear, disappearingIDs) }
        var done = completionEvents(capacity: leaving.count + disappearingIDs.count + appearingIDs.count + added.count + removed.count + 1)
        for vc in leaving where state[vc].superview == .controller(container) { done.append(unmount(vc, from: container)) }
        if order == .pageScroll {
            appendCallbacks(.viewDidAppear, appearingIDs, to: &done)
            appendCallbacks(.viewDidDisappear, disappearingIDs, to: &done)
        } else {
            appendCallbacks(.viewDidDisappear, disappearingIDs, to: &done)
            appendCallbacks(.viewDidAppear, appearingIDs, to: &done)
        }
        for vc in added { done.append(event(.didMoveToParent) { $0.vc = vc; $0.parent = container }) }
        for vc in removed { done.append(event(.didMoveToParent) { $0.vc = vc }) }
        finish(animated: animated && inWindow && visibleChange, kind: .navigation, owner: container, consume done)
    }

    /// Refuses to make `container` contain itself: `vc` is the container or one of its ancestors.
    mutating func checkCycle(_ vcs: [ControllerID], in container: ControllerID) -> Bool {
        if let index = state.firstIndex(among: vcs, containing: container) { return refuseCycle(vcs[index], in: container) }
        return true
    }

    /// `checkCycle` of one controller (a push, a split's column, `addChild`), without a list to hold it.
    mutating func checkCycle(_ vc: ControllerID, in container: ControllerID) -> Bool {
        if state.isSelfOrAncestor(vc, of: container) { return refuseCycle(vc, in: container) }
        return true
    }

    /// Raises UIKit's exception for making `container` contain `vc`, its ancestor (or itself), and answers false.
    private mutating func refuseCycle(_ vc: ControllerID, in container: ControllerID) -> Bool {
        exception(messages.containmentCycle(vc, container), reason: .containmentCycle) { $0.vc = container; $0.child = vc }
        return false
    }

    /// Refuses to take `vc` from a parent whose view still holds its view, or to make a child of
    /// the window's root or of a presented controller while its view is the window's or a presentation's
    /// (UIViewControllerHierarchyInconsistency).
    mutating func checkReparenting(_ vc: ControllerID, to newParent: ControllerID) -> Bool {
        // Read once: each `state[vc]` looked the controller up again.
        let current = state[vc]
        if let old = current.parent, old != newParent, state.isView(vc, under: old) {
            exception(messages.requestedParent(vc, has: old, requested: newParent), reason: .reparentedWithoutRemoval) {
                $0.vc = vc; $0.parent = old; $0.to = newParent
            }
            return false
        }
        let hostedByWindow: Bool
        switch current.superview {
        case .window?, .presentation?: hostedByWindow = true
        default: hostedByWindow = vc == state.windowRoot || current.presenting != nil
        }
        if current.parent == nil, hostedByWindow {
            exception(messages.requestedParent(vc, has: nil, requested: newParent), reason: .reparentedWithoutRemoval) {
                $0.vc = vc; $0.to = newParent
            }
            return false
        }
        return true
    }

    /// Whether `id`, at `position` in the state's table, is a controller of `kind`; if not, logs UIKit's warning that
    /// `call` needs one and answers false.
    ///
    /// Always inlined, with the warning in a call of its own: a push, a pop or a selection asks it first, and the
    /// call cost more than the check. Given the position its caller reads the controller by, so that the controller
    /// is looked up once.
    @inline(__always)
    mutating func requireKind(_ kind: Controller.Kind, _ id: ControllerID, at position: Int, call: String, reason: ReplayReason) -> Bool {
        if state.controllers[position: position].kind == kind { return true }
        warnNotA(kind, id, call: call, reason: reason)
        return false
    }

    /// Logs UIKit's warning that `call` needs a controller of `kind`, which `id` is not.
    @inline(never)
    private mutating func warnNotA(_ kind: Controller.Kind, _ id: ControllerID, call: String, reason: ReplayReason) {
        let names: [Controller.Kind: String] = [.navigation: "navigation controller", .tabBar: "tab bar controller"]
        warning(messages.notA(names[kind] ?? kind.rawValue, id, call: call), reason: reason) { $0.vc = id }
    }

    // MARK: Navigation

    /// `nav.pushViewController(vc, animated:)`.
    ///
    /// A push while another push or pop of the same navigation controller animates
    /// is logged ("nested push animation") and still happens, as in UIKit.
    mutating func push(_ vc: ControllerID, on nav: ControllerID, animated: Bool, allowNavigationController: Bool = false) {
        // The navigation controller is looked up once, and read by its position in the table. Its stack is read in
        // place (`withChildren`), here and below: a view of it (`children(of:)`) held the table's arena, a retain and
        // a release.
        let stackPosition = state.controllers.position(of: nav)!
        guard requireKind(.navigation, nav, at: stackPosition, call: "pushViewController", reason: .notNavigation) else { return }
        // Read once: each `state[vc]` looks the controller up.
        let kind = state[vc].kind
        if kind == .navigation, !allowNavigationController {
            exception(messages.pushNavigationController(), reason: .pushNavigationController) { $0.vc = nav; $0.child = vc }
            return
        }
        if kind == .split {
            warning(messages.pushSplit(), reason: .pushSplitViewController) { $0.vc = nav; $0.child = vc }
            return
        }
        if state.controllers.withChildren(at: stackPosition, { $0.contains(vc) }) {
            exception(messages.pushDuplicate(nav, vc), reason: .pushDuplicate) { $0.vc = nav; $0.child = vc }
            return
        }
        guard checkCycle(vc, in: nav), checkReparenting(vc, to: nav) else { return }
        if state.isAnimating(nav, kinds: [.navigation]) {
            warning(messages.nestedPush(), reason: .nestedNavigationAnimation) { $0.vc = nav; $0.child = vc }
        }
        let call = event(.pushViewController) { $0.vc = nav; $0.child = vc; $0.animated = animated }
        // The change is known without comparing the stacks: `vc` (not on the stack) is added and enters, the top
        // leaves. Its lists are in a buffer on the stack: the decider's room for them was an array to empty.
        let top = state.controllers.withChildren(at: stackPosition) { $0.last }
        withUnsafeTemporaryAllocation(of: ControllerID.self, capacity: 2) { lists in
            lists.initializeElement(at: 0, to: vc)
            if let top { lists.initializeElement(at: 1, to: top) }
            let change = ChildrenChange(added: 0..<1, removed: 1..<1, leaving: 1..<(top == nil ? 1 : 2), entering: 0..<1)
            changeChildren(of: nav, call: call, in: UnsafeBufferPointer(lists), change, animated: animated, order: .navigation)
        }
    }

    /// `nav.popViewController(animated:)`; with only the root in the stack UIKit does nothing.
    mutating func pop(_ nav: ControllerID, animated: Bool) {
        let stackPosition = state.controllers.position(of: nav)!
        guard requireKind(.navigation, nav, at: stackPosition, call: "popViewController", reason: .notNavigation) else { return }
        let stack = state.controllers.children(at: stackPosition)
        guard stack.count > 1, let top = stack.last else {
            emit(.popViewController) { $0.vc = nav; $0.animated = animated }
            return
        }
        if state.isAnimating(nav, kinds: [.navigation]) {
            warning(messages.nestedPop(), reason: .nestedNavigationAnimation) { $0.vc = nav; $0.child = top }
        }
        let call = event(.popViewController) { $0.vc = nav; $0.child = top; $0.animated = animated }
        // The change is known without comparing the stacks: the top is removed (unless it is also lower on the
        // stack) and leaves, the controller below it enters (unless they are one). Its lists are in a buffer on the
        // stack, as a push's.
        let below = stack[stack.count - 2]
        let isRemoved = !stack.dropLast().contains(top)
        let moves = below != top ? 1 : 0
        withUnsafeTemporaryAllocation(of: ControllerID.self, capacity: 2) { lists in
            lists.initializeElement(at: 0, to: top)
            lists.initializeElement(at: 1, to: below)
            let change = ChildrenChange(added: 0..<0, removed: 0..<(isRemoved ? 1 : 0), leaving: 0..<moves, entering: 1..<(1 + moves))
            changeChildren(of: nav, call: call, in: UnsafeBufferPointer(lists), change, animated: animated, order: .navigation)
        }
    }

    /// `popToViewController` (or `popToRootViewController` when `target` is nil); `vcs` lists the popped, top first.
    mutating func popTo(_ target: ControllerID?, in nav: ControllerID, animated: Bool) {
        let name: EventName = target == nil ? .popToRootViewController : .popToViewController
        let stackPosition = state.controllers.position(of: nav)!
        guard requireKind(.navigation, nav, at: stackPosition, call: name.rawValue, reason: .notNavigation) else { return }
        let stack = state.controllers.children(at: stackPosition)
        let destination = target ?? stack.first
        guard let destination, let index = stack.firstIndex(of: destination) else {
            exception(messages.popToMissing(), reason: .popToMissing) { $0.vc = nav; $0.to = target }
            return
        }
        if index + 1 < stack.count, state.isAnimating(nav, kinds: [.navigation]) {
            warning(messages.nestedPop(), reason: .nestedNavigationAnimation) { $0.vc = nav; $0.to = destination }
        }
        // The popped (top first), for the event, in a borrowed list, read by position from the top (appending the
        // reversed slice took the generic path, about 250 instructions a pop).
        var popped = borrowList()
        var position = stack.count - 1
        while position > index {
            popped.append(stack[position])
            position -= 1
        }
        let call = event(name, vcs: popped) { $0.vc = nav; $0.to = destination; $0.animated = animated }
        giveBack(&popped)
        // The change is known without comparing the stacks: those above `destination` are removed (unless they are
        // also below it), the top leaves and `destination` enters (unless they are one).
        let top = stack[stack.count - 1]
        var lists = takeScratch()
        for vc in stack[(index + 1)...] where !stack[...index].contains(vc) { lists.append(vc) }
        let removedEnd = lists.count
        if top != destination { lists.append(top) }
        let leavingEnd = lists.count
        if top != destination { lists.append(destination) }
        let change = ChildrenChange(added: 0..<0, removed: 0..<removedEnd, leaving: removedEnd..<leavingEnd, entering: leavingEnd..<lists.count)
        changeChildren(of: nav, call: call, lists: lists, change, animated: animated, order: .navigation)
    }

    /// `setViewControllers(_:animated:)` of a navigation, tab bar, page or split view controller.
    ///
    /// Tab bars reselect the selected tab if it is still there, else the tab at
    /// the same index, else the first (the event's `to`), and swap content
    /// without animation (`animated` only animates the tab bar's items). A split
    /// view controller's `viewControllers` has no animation. Page controllers turn with the page-curl order (the
    /// default transition style): new page `viewWillAppear` first.
    mutating func setViewControllers(_ vcs: [ControllerID], of container: ControllerID, animated: Bool) {
        var call = event(.setViewControllers, vcs: vcs) { $0.vc = container; $0.animated = animated }
        let kind = state[container].kind
        if kind != .content, kind != .container {
            if let duplicate = vcs.enumerated().first(where: { vcs[..<$0.offset].contains($0.element) })?.element {
                let message = kind == .navigation ? messages.duplicateStack() : messages.duplicateChildren(container, duplicate)
                exception(message, reason: .duplicateViewControllers) { $0.vc = container; $0.vcs = vcs }
                return
            }
            if !checkCycle(vcs, in: container) { return }
        }
        switch kind {
        case .navigation:
            if let index = state.firstIndex(among: vcs, ofKind: .navigation) {
                let nested = vcs[index]
                exception(messages.pushNavigationController(), reason: .pushNavigationController) { $0.vc = container; $0.child = nested }
                return
            }
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            // The top shown as a slice of the list: an array made of it was an allocation a call.
            changeChildren(of: container, call: call, to: vcs, shown: vcs.suffix(1), animated: animated, order: .navigation)
        case .tabBar:
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            let oldChildren = state.children(of: container)
            let oldSelected = state[container].selected
            var selected = oldSelected.flatMap { vcs.contains($0) ? $0 : nil }
            if selected == nil, let old = oldSelected, let index = oldChildren.firstIndex(of: old), index < vcs.count { selected = vcs[index] }
            selected = selected ?? vcs.first
            call.to = selected
            changeChildren(of: container, call: call, to: vcs, shown: selected.map { [$0] } ?? [], animated: false, order: .tab)
        case .page:
            // Read in place: a copy of the declaration would retain each of its strings and lists.
            let declaration = parts.controllerPosition(of: container)
            let required = declaration.map { parts.spec.controllers[$0].spine.pageCount } ?? 1
            if vcs.count != required {
                exception(messages.pageCount(provided: vcs.count, required: required), reason: .pageCountMismatch) { $0.vc = container; $0.vcs = vcs }
                return
            }
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            let scrolls = declaration.map { parts.spec.controllers[$0].transitionStyle != .pageCurl } ?? true
            // A scrolling UIPageViewController queues its animated page turns in a `_UIQueuingScrollView`; a second
            // one while the first is in flight trips its assertion ("Duplicate states in queue"), as apps see on a
            // fast double tap of a pager's tab.
            if scrolls, animated, state.isInWindow(container), state.isAnimating(container, kinds: [.navigation]) {
                exception(messages.pageTransitionInProgress(), reason: .pageTransitionInProgress) { $0.vc = container; $0.vcs = vcs }
                return
            }
            changeChildren(of: container, call: call, to: vcs, shown: vcs, animated: animated, order: scrolls ? .pageScroll : .tab)
        case .split:
            for vc in vcs where !checkReparenting(vc, to: container) { return }
            // The columns shown as a slice of the list, as a navigation controller's top.
            let shown = state.horizontalSizeClass == .regular ? vcs[...] : vcs.prefix(1)
            call.animated = nil
            changeChildren(of: container, call: call, to: vcs, shown: shown, animated: false, order: .navigation)
        case .content, .container:
            warning(messages.notA("navigation, tab bar, split or page view controller", container, call: "setViewControllers"), reason: .notAContainer) { $0.vc = container }
        }
    }

    /// `tabs.selectedViewController = vc`: no animation; UIKit's order is the new
    /// tab's `viewWillAppear`, the old tab's `viewWillDisappear` and
    /// `viewDidDisappear`, then the new tab's `viewDidAppear`. Selecting the
    /// selected tab does nothing (the pop-to-root of a second tap on a tab is the
    /// tab bar's delegate behavior, written as its own step).
    ///
    /// A tab behind the More tab (beyond the fifth in compact width, the eighth in
    /// regular) is shown by the tab bar's More navigation controller (`tabs.more`):
    /// the More tab is shown, and the selected tab is the only controller on its
    /// stack. A split view controller cannot be pushed there: UIKit logs "Split View
    /// Controllers cannot be pushed to a Navigation Controller" and the More list
    /// stays. A navigation controller is shown inside it with its own stack.
    ///
    /// Simplifications: UIKit moves a navigation controller's stack into the More
    /// navigation controller; vcaudit keeps it in the navigation controller, shown
    /// inside the More one (`top`, `stack` and `visible` read the same). Which tabs
    /// are behind the More tab is decided when a tab is selected, not again when the
    /// width changes.
    mutating func select(_ vc: ControllerID, in tabs: ControllerID) {
        // The tab bar is looked up once, and read by its position in the table until the selection is emitted. The
        // tabs are read in place: a view of them (`children(of:)`) holds the table's children list.
        let tabsPosition = state.controllers.position(of: tabs)!
        guard requireKind(.tabBar, tabs, at: tabsPosition, call: "setSelectedViewController", reason: .notTabBar) else { return }
        guard state.controllers.withChildren(at: tabsPosition, { $0.contains(vc) }) else {
            exception(messages.selectUnknownTab(), reason: .selectUnknownTab) { $0.vc = tabs; $0.to = vc }
            return
        }
        let old = state.controllers[position: tabsPosition].selected
        guard old != vc else {
            emit(.setSelectedViewController) { $0.vc = tabs; $0.from = old; $0.to = vc }
            return
        }
        let more = state.moreTabsContain(vc, at: tabsPosition) ? state.controllers[position: tabsPosition].more : nil
        let oldShown = state.shownTab(at: tabsPosition)
        let newShown = more ?? vc
        // `isShowingChildren(tabs)`, read by position.
        let appearance = state.controllers[position: tabsPosition].appearance
        let onScreen = (appearance == .appeared || appearance == .appearing) && state.isInWindow(at: tabsPosition)
        if oldShown == newShown {
            // From one tab behind the More tab to another: the More navigation controller's stack changes.
            emit(.setSelectedViewController) { $0.vc = tabs; $0.from = old; $0.to = vc }
            if let more { showOnMore(vc, on: more) }
            return
        }
        // Not `oldShown.map { disappearing($0) }`: a closure that reads the decider in a mutating method copies it.
        var leaving = ControllerList(unusedFrom: tabs)
        if onScreen, let oldShown { leaving = disappearing(oldShown) }
        emit(.setSelectedViewController) { $0.vc = tabs; $0.from = old; $0.to = vc }
        if let more { showOnMore(vc, on: more) }
        mount(newShown, in: tabs)
        let entering = onScreen ? appearing(newShown) : ControllerList(unusedFrom: tabs)
        emitCallbacks(.viewWillAppear, entering)
        emitCallbacks(.viewWillDisappear, leaving)
        if let oldShown, state[oldShown].superview == .controller(tabs) { emit(unmount(oldShown, from: tabs)) }
        var done = completionEvents(capacity: leaving.count + entering.count)
        appendCallbacks(.viewDidDisappear, leaving, to: &done)
        appendCallbacks(.viewDidAppear, entering, to: &done)
        emitCompletions(consume done)
    }

    /// Puts `vc` alone on the stack of a tab bar's More navigation controller `more`, as UIKit does when a tab behind
    /// the More tab is selected; a split view controller is refused and the stack emptied (the More list shows).
    ///
    /// The change is known without comparing the stacks, as a push's: `vc` is added unless it is on the stack, the
    /// others are removed, the top leaves and `vc` enters unless they are one. Through the general `changeChildren`,
    /// which compares the old stack with the new (after comparing it with the new one here), a selection cost about
    /// 280 instructions more (callgrind, `check --specs 40`). The stack the event names is a borrowed list
    /// (`borrowList`): a tab bar with a More tab selects behind it every round of a long scenario, and an array made
    /// for each selection was an allocation a step.
    mutating func showOnMore(_ vc: ControllerID, on more: ControllerID) {
        let showsVC = state[vc].kind != .split
        if !showsVC {
            warning(messages.pushSplit(), reason: .pushSplitViewController) { $0.vc = more; $0.child = vc }
        }
        let stackPosition = state.controllers.position(of: more)!
        let (unchanged, top) = state.controllers.withChildren(at: stackPosition) { stack in
            (showsVC ? stack.count == 1 && stack[0] == vc : stack.isEmpty, stack.last)
        }
        if unchanged { return }
        var stack = borrowList()
        if showsVC { stack.append(vc) }
        let call = event(.setViewControllers, vcs: stack) { $0.vc = more; $0.animated = false }
        var lists = takeScratch()
        let addedEnd = state.controllers.withChildren(at: stackPosition) { oldStack in
            if showsVC, !oldStack.contains(vc) { lists.append(vc) }
            let addedEnd = lists.count
            for child in oldStack where !showsVC || child != vc { lists.append(child) }
            return addedEnd
        }
        let removedEnd = lists.count
        if let top, !showsVC || top != vc { lists.append(top) }
        let leavingEnd = lists.count
        if showsVC, top != vc { lists.append(vc) }
        let change = ChildrenChange(added: 0..<addedEnd, removed: addedEnd..<removedEnd, leaving: removedEnd..<leavingEnd,
                                    entering: leavingEnd..<lists.count)
        changeChildren(of: more, call: call, lists: lists, change, animated: false, order: .navigation)
        giveBack(&stack)
    }

    // MARK: Adaptive show

    /// `source.show(vc, sender:)`: UIKit asks the nearest ancestor that handles it
    /// (`targetViewController(forAction:sender:)`); a navigation controller pushes, a split view controller makes
    /// `vc` its primary column, and with neither the controller is presented with its own style.
    ///
    /// A navigation controller is never pushed by `show`: it is presented, as with no navigation controller
    /// around the source (a Show segue to a navigation controller opens it modally; docs/uikit-semantics.md).
    /// A source that is a split's column itself, outside any navigation controller, reaches the split, which
    /// replaces its primary column (`UISplitViewController.show(_:sender:)`; docs/uikit-semantics.md).
    mutating func show(_ vc: ControllerID, from source: ControllerID, animated: Bool) {
        emit(.showViewController) { $0.vc = source; $0.to = vc }
        let handler = state.lineage(of: source) { state[$0].kind == .navigation || state[$0].kind == .split }
        if let split = handler, state[split].kind == .split {
            showInSplit(vc, split)
        } else if state[vc].kind != .navigation, let nav = handler {
            push(vc, on: nav, animated: animated)
        } else {
            present(vc, from: source, style: nil, anchor: nil, animated: animated)
        }
    }

    /// `split.show(vc, sender:)`: `vc` replaces the primary column (`setViewControllers`, no animation), shown
    /// with the other columns in regular width and alone in compact width.
    private mutating func showInSplit(_ vc: ControllerID, _ split: ControllerID) {
        let children = state.children(of: split)
        guard children.first != vc, checkCycle(vc, in: split), checkReparenting(vc, to: split) else { return }
        // `vc` leaves the column it was in (a split shows a controller once).
        let newChildren = [vc] + children.dropFirst().filter { $0 != vc }
        let call = event(.setViewControllers, vcs: newChildren) { $0.vc = split }
        changeChildren(of: split, call: call, to: newChildren, shown: state.horizontalSizeClass == .regular ? newChildren : [vc],
                       animated: false, order: .navigation)
    }

    /// `source.showDetailViewController(vc, sender:)`.
    ///
    /// An expanded split (regular width) replaces its secondary column with `vc`
    /// (`setViewControllers([primary, vc])`, no animation). A collapsed split
    /// (compact width) forwards to `show` on its primary column: a primary
    /// navigation controller pushes `vc` (even a navigation controller, which UIKit
    /// allows here); otherwise `vc` is presented. Without a split (only
    /// `UISplitViewController` overrides the method), `vc` is presented modally
    /// with its own style, as `show` does without a navigation controller: a Show
    /// Detail segue in a plain navigation stack presents, it does not push.
    ///
    /// Expanding later pops the top of a primary navigation controller's stack into
    /// the secondary column (`traits`), as UIKit's default separation does.
    ///
    /// Simplifications: the split is looked for among the source's ancestors, not through the
    /// controllers that present them; and UIKit presents from the window's root,
    /// which vcaudit resolves from the source (the same presenter unless
    /// something is presented already, as for `show`).
    mutating func showDetail(_ vc: ControllerID, from source: ControllerID, animated: Bool) {
        emit(.showDetailViewController) { $0.vc = source; $0.to = vc }
        guard let split = state.splitViewController(of: source) else {
            present(vc, from: source, style: nil, anchor: nil, animated: animated)
            return
        }
        let children = state.children(of: split)
        if state.horizontalSizeClass == .regular || children.isEmpty {
            // `vc` leaves the primary column if it was there (a split shows a controller once). The new columns are
            // a borrowed list (`borrowList`), and the shown ones a slice of it: arrays made for them were
            // allocations for every Show Detail. In compact width `children` is empty: nothing is shown.
            let primary = children.first.flatMap { $0 == vc ? nil : $0 }
            guard checkCycle(vc, in: split), checkReparenting(vc, to: split) else { return }
            var newChildren = borrowList()
            if let primary { newChildren.append(primary) }
            newChildren.append(vc)
            let call = event(.setViewControllers, vcs: newChildren) { $0.vc = split }
            // Both columns in regular width; in compact width the primary alone.
            let shownCount = state.horizontalSizeClass == .regular ? newChildren.count : (primary == nil ? 0 : 1)
            changeChildren(of: split, call: call, to: newChildren, shown: newChildren[..<shownCount], animated: false, order: .navigation)
            giveBack(&newChildren)
        } else if let primary = children.first, state[primary].kind == .navigation {
            push(vc, on: primary, animated: animated, allowNavigationController: true)
        } else {
            present(vc, from: source, style: nil, anchor: nil, animated: animated)
        }
    }
}
