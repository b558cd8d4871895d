import VCAuditSpec
import VCAuditSupport

/// The whole view-controller hierarchy at one point of a replay: a value.
///
/// Only `Replay.evolve` changes it, one event at a time, so folding a log's
/// events from `Replay.initialState` rebuilds it exactly. Iteration order is
/// always the spec's declaration order (`order`), never a dictionary's.
public struct HierarchyState: Sendable, Hashable {
    /// Every controller's state: the declared ones, then the instances segues made.
    public var controllers: ControllerTable
    /// Controller ids in declaration order, then the instances segues made, in the order they were made.
    public var order: [ControllerID] { controllers.ids }
    /// The controllers as declared, before launch: what a relaunch starts from.
    @inlinable
    public var declared: ControllerTable { declaredControllers.table }
    /// `declared`, held by reference: it never changes once the state is made, so every copy of the state shares it.
    @usableFromInline
    private(set) var declaredControllers: DeclaredControllers
    /// The declared controller ids in declaration order.
    public var declaredOrder: [ControllerID] { declared.ids }
    /// The instances segues have made of each declared scene (`current`, `instanceCount(of:)`).
    public internal(set) var instances = SceneInstances()
    /// The newest instance of each scene a segue has instantiated more than once (`detail` → `detail#3`):
    /// what a step or expectation naming the scene means (docs/uikit-semantics.md). Made on each read.
    public var newest: [ControllerID: ControllerID] {
        var result: [ControllerID: ControllerID] = [:]
        for (position, scene) in declared.ids.enumerated() {
            if let instance = instances.newest(at: position) { result[scene] = instance }
        }
        return result
    }
    /// How many instances of each scene segues have made, the declared one counted as the first. Made on each read.
    public var instanceCounts: [ControllerID: Int] {
        var result: [ControllerID: Int] = [:]
        for (position, scene) in declared.ids.enumerated() {
            if let count = instances.count(at: position) { result[scene] = count }
        }
        return result
    }
    /// `window.rootViewController`.
    public var windowRoot: ControllerID?
    /// `makeKeyAndVisible()` has run: the window is on screen.
    public var isLaunched = false
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass = .regular
    /// Animated transitions started in this run-loop turn and not yet completed.
    public var animations: [Animation] = []
    /// What the last `preserve` saved.
    public var archive: RestorationArchive?
    /// UIKit raised an exception: the app crashed and the scenario ended.
    public var isTerminated = false

    public init(controllers: [ControllerState], horizontalSizeClass: SizeClass) {
        self.controllers = ControllerTable(controllers)
        self.declaredControllers = DeclaredControllers(self.controllers)
        self.horizontalSizeClass = horizontalSizeClass
    }

    /// A state of `controllers` with their children lists.
    public init(controllers: [(state: ControllerState, children: [ControllerID])], horizontalSizeClass: SizeClass) {
        self.controllers = ControllerTable(controllers)
        self.declaredControllers = DeclaredControllers(self.controllers)
        self.horizontalSizeClass = horizontalSizeClass
    }

    /// `state` with its current controllers recorded as the declared ones (what a relaunch returns to).
    init(declaring state: HierarchyState) {
        self.controllers = state.controllers
        self.declaredControllers = DeclaredControllers(state.controllers)
        self.horizontalSizeClass = state.horizontalSizeClass
    }

    /// Makes this state equal to `initial`, copying into its own arrays where they have room (a replay started over
    /// in a `ReplayWorkspace`), so that the replay's first changes to its tables copy nothing.
    ///
    /// Sets every stored property (a test checks that one added is set here too). With `sharingIndex`, the
    /// controllers' ids and index are `initial`'s, shared (`ControllerTable.restart(from:sharingIndex:)`).
    mutating func restart(from initial: HierarchyState, sharingIndex: Bool = false) {
        controllers.restart(from: initial.controllers, sharingIndex: sharingIndex)
        // The same object in every state of a replay and its copies: assigning it again retained and released it.
        if declaredControllers !== initial.declaredControllers { declaredControllers = initial.declaredControllers }
        instances.restart(from: initial.instances)
        windowRoot = initial.windowRoot
        isLaunched = initial.isLaunched
        horizontalSizeClass = initial.horizontalSizeClass
        verticalSizeClass = initial.verticalSizeClass
        animations.replaceContents(with: initial.animations)
        archive = initial.archive
        isTerminated = initial.isTerminated
    }

    /// What a relaunch leaves: the controllers as declared, no instance made, nothing in the window, not launched.
    ///
    /// The declared table is copied into the state's own arrays, which keep their room: assigned, the state shared
    /// the declared table's arrays, and the launch that follows (or the next replay in a `ReplayWorkspace`) copied
    /// each of them again, an allocation per array for every relaunch.
    @inline(never)
    mutating func relaunch() {
        controllers.restart(from: declared)
        instances.restart(from: SceneInstances())
        windowRoot = nil
        isLaunched = false
        animations.removeAll(keepingCapacity: true)
    }

    /// The state of the declared controller `id` (a precondition: every id the reducer uses is declared).
    ///
    /// Inlinable, so that a rule in another module reads a field without a call; read with a getter, not a
    /// coroutine (the state is plain memory: a read that uses one field loads that field, where a `_read`
    /// coroutine that is not inlined, as reading a computed property such as `parent` through it is not, is a call
    /// per read, and allocates its frame on the heap when called across modules).
    @inlinable
    public subscript(id: ControllerID) -> ControllerState {
        get { controllers.states[controllers.position(of: id)!] }
        _modify { yield &controllers[position: controllers.position(of: id)!] }
    }

    /// `children` of the controller `id`: a navigation stack bottom to top, tabs, [primary, secondary], visible
    /// pages, or embedded children.
    @inlinable
    public func children(of id: ControllerID) -> ControllerChildren { controllers.children(at: controllers.position(of: id)!) }

    /// Makes `children` the children of the controller `id`.
    public mutating func setChildren(of id: ControllerID, to children: some Collection<ControllerID>) {
        controllers.setChildren(children, at: controllers.position(of: id)!)
    }

    /// Appends `child` to the children of the controller `parent`.
    public mutating func appendChild(_ child: ControllerID, to parent: ControllerID) {
        controllers.appendChild(child, at: controllers.position(of: parent)!)
    }

    /// Removes `child` from the children of the controller `parent`.
    public mutating func removeChild(_ child: ControllerID, from parent: ControllerID) {
        controllers.removeChild(child, at: controllers.position(of: parent)!)
    }

    /// Whether the id is declared or an instance a segue made.
    public func contains(_ id: ControllerID) -> Bool { controllers.position(of: id) != nil }

    // MARK: The More tab

    /// How many tabs a tab bar shows at the current width: five in compact width, eight in regular. With more
    /// tabs than that it shows one fewer and a More tab, whose navigation controller holds the rest.
    public var visibleTabLimit: Int {
        horizontalSizeClass == .compact ? MoreNavigation.compactTabLimit : MoreNavigation.regularTabLimit
    }

    /// The tab bar whose More navigation controller `id` is, if it is one.
    public func tabBar(ofMore id: ControllerID) -> ControllerID? { controllers[id]?.moreOf }

    /// The tabs a tab bar keeps behind its More tab at the current width (empty when all fit): a slice of its
    /// children, indexed as they are.
    public func moreTabs(of tabs: ControllerID) -> Slice<ControllerChildren> { moreTabs(at: controllers.position(of: tabs)!) }

    /// Whether `tab` is one of `moreTabs(of:)` of the tab bar at `position` in the table, read in place (a slice of
    /// the tabs holds the table's children list: a retain and a release).
    func moreTabsContain(_ tab: ControllerID, at position: Int) -> Bool {
        guard controllers[position: position].more != nil else { return false }
        let limit = visibleTabLimit
        return controllers.withChildren(at: position) { tabs in Self.tabsBehindMore(tabs, limit: limit).contains(tab) }
    }

    /// `moreTabs(of:)` of the tab bar at `position` in the table.
    private func moreTabs(at position: Int) -> Slice<ControllerChildren> {
        let children = controllers.children(at: position)
        guard controllers[position: position].more != nil else { return children[children.endIndex...] }
        return Self.tabsBehindMore(children, limit: visibleTabLimit)
    }

    /// The tabs, of a tab bar that has a More tab, kept behind it when the bar shows `limit` at most: all but the
    /// first `limit - 1` (the last slot is the More tab's), none when all fit.
    @inline(__always)
    private static func tabsBehindMore<Tabs: Collection>(_ tabs: Tabs, limit: Int) -> Tabs.SubSequence where Tabs.Index == Int {
        tabs.count > limit ? tabs[(tabs.startIndex + limit - 1)...] : tabs[tabs.endIndex...]
    }

    /// `children`, and for a tab bar its More navigation controller too (a child UIKit adds itself).
    public func childControllers(of id: ControllerID) -> [ControllerID] {
        var children = Array(children(of: id))
        if let more = self[id].more { children.append(more) }
        return children
    }

    // MARK: Instances

    /// The instance a step naming `id` means: the newest one a segue made of that scene, else `id` itself.
    @inlinable
    public func current(_ id: ControllerID) -> ControllerID {
        guard !instances.newestIsEmpty, let position = declared.position(of: id) else { return id }
        return instances.newest(at: position) ?? id
    }

    /// The table position of `current(_:)` of the declared controller at `position` of `declared` (the declared
    /// controllers come first in the table, in declaration order): a caller that knows the declared position finds
    /// the current instance's without hashing the declared id, and the declared one's without any lookup.
    /// Inlinable, as `current(_:)` is: `explore` asks it for each transitions' source of each state it explores.
    @inlinable
    package func currentPosition(ofDeclaredAt position: Int) -> Int {
        guard !instances.newestIsEmpty, let newest = instances.newest(at: position) else { return position }
        return controllers.position(of: newest)!
    }

    /// The name a step (or a generated test's property) gives instance `id`: its scene's, when that means `id` (the
    /// newest instance); nil for an older one, which no step can name.
    public func sceneName(of id: ControllerID) -> ControllerID? {
        current(id.sceneID) == id ? id.sceneID : nil
    }

    /// How many instances of the declared scene `scene` segues have made, the declared one counted as the first;
    /// nil when none is recorded (or `scene` is not declared).
    public func instanceCount(of scene: ControllerID) -> Int? {
        guard !instances.countIsEmpty, let position = declared.position(of: scene) else { return nil }
        return instances.count(at: position)
    }

    /// The instances a segue to `scene` makes, the destination first, then what it holds from load (a
    /// navigation controller's root, a tab bar's tabs, embedded children), in pre-order.
    ///
    /// A segue instantiates its destination from the storyboard every time it runs (docs/uikit-semantics.md). The
    /// declared controller is the first instance when nothing has used it yet (no segue made it, it has no
    /// parent, it is not presented, not the window's root, and its view is nowhere); otherwise each controller
    /// of the scene's declared tree gets its next number: `detail#2`, `detail#3`.
    public func segueInstances(of scene: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        appendSegueInstances(of: scene, to: &result)
        return result
    }

    /// Appends `segueInstances(of: scene)` to `list`: for a caller that keeps a list from call to call.
    ///
    /// The scene's declared tree is walked by table position on a temporary stack, and a scene met again (only a
    /// hand-edited log repeats one) is told by the instances already appended, each of which names its scene.
    public func appendSegueInstances(of scene: ControllerID, to list: inout [ControllerID]) {
        let plain = self[scene]
        if instanceCount(of: scene) == nil, current(scene) == scene, plain.parent == nil, plain.presenting == nil,
           plain.superview == nil, windowRoot != scene, plain.appearance == .disappeared {
            list.append(scene)
            return
        }
        guard let root = declared.position(of: scene) else { return }
        let start = list.count
        let instances = instances
        HierarchyWalk.run(over: declared) { walk, declared, contents in
            walk.push(root)
            while let position = walk.pop() {
                let id = contents.states[position].id
                guard !list[start...].contains(where: { $0.sceneID == id }) else { continue }
                list.append(ControllerID(scene: id, instance: (instances.count(at: position) ?? 1) + 1))
                for child in contents.children(at: position).reversed() {
                    if let childPosition = declared.position(of: child) { walk.push(childPosition) }
                }
            }
        }
    }

    // MARK: Views and the window

    /// Whether `id`'s root view is in the window: its superview chain reaches the
    /// window or a presentation's container, and nothing on the way is covered by
    /// a presentation that removed its view.
    ///
    /// A view presented with a context style (`currentContext`,
    /// `overCurrentContext`) is shown in its presenter's place, so it is in the
    /// window exactly when that place is (whether or not the presenter's own view
    /// was removed for it).
    public func isInWindow(_ id: ControllerID) -> Bool { isInWindow(at: controllers.position(of: id)!) }

    /// Whether the root view of the controller at `position` in the table (`controllers`) is in the window:
    /// `isInWindow(_:)` for a caller that goes through the table by position, which spares it looking the id up.
    package func isInWindow(at position: Int) -> Bool {
        guard isLaunched else { return false }
        return Self.isInWindow(at: position, in: controllers, windowRoot: windowRoot)
    }

    /// `isInWindow(at:)` of a launched state whose controllers are `table`: walked by table position, each field read
    /// in place through the table's lent pointers (`self[position:]` checks a bound for each read). Handed the table
    /// rather than reading it from `self`, so that the closure that reads it captures no copy of it.
    private static func isInWindow(at position: Int, in table: borrowing ControllerTable, windowRoot: ControllerID?) -> Bool {
        table.withContents { isInWindow(at: position, in: $0, of: table, windowRoot: windowRoot) }
    }

    /// `isInWindow(at:in:windowRoot:)` read from `contents`, what `table.withContents` lends (`table` finds the owners
    /// and presenters on the way by id).
    private static func isInWindow(
        at position: Int, in contents: ControllerTable.Contents, of table: borrowing ControllerTable, windowRoot: ControllerID?
    ) -> Bool {
        let states = contents.states
        var position = position
        var inPlaceOf = false
        for _ in 0...states.count {
            if states[position].coveredBy != nil, !inPlaceOf { return false }
            inPlaceOf = false
            switch states[position].superview {
            case nil:
                return false
            case .window:
                return states[position].id == windowRoot
            case .presentation(let presenter):
                guard let style = states[position].presentationStyle, style.isContextStyle else { return true }
                position = table.position(of: presenter)!
                inPlaceOf = true
            case .controller(let owner):
                position = table.position(of: owner)!
            }
        }
        return false
    }

    /// Marks each controller whose view is in the window: initializes `marks[position]` to `inWindow` for the
    /// controller at `position` in the table (`isInWindow(at:)`), to `notInWindow` for the others; `marks` has room
    /// for every controller.
    ///
    /// For a reader of the whole window (a `visible` expectation): the table's contents are lent once for every
    /// controller, where `isInWindow(at:)` lends them again at each call.
    package func markControllersInWindow<Mark: BitwiseCopyable>(
        _ marks: UnsafeMutableBufferPointer<Mark>, inWindow: Mark, notInWindow: Mark
    ) {
        precondition(marks.count >= controllers.count, "a mark for every controller")
        guard isLaunched else {
            marks.initialize(repeating: notInWindow)
            return
        }
        Self.markControllersInWindow(marks, inWindow: inWindow, notInWindow: notInWindow, in: controllers, windowRoot: windowRoot)
    }

    /// `markControllersInWindow(_:inWindow:notInWindow:)` of a launched state whose controllers are `table`.
    private static func markControllersInWindow<Mark: BitwiseCopyable>(
        _ marks: UnsafeMutableBufferPointer<Mark>, inWindow: Mark, notInWindow: Mark,
        in table: borrowing ControllerTable, windowRoot: ControllerID?
    ) {
        table.withContents { contents in
            for position in contents.states.indices {
                let shown = isInWindow(at: position, in: contents, of: table, windowRoot: windowRoot)
                marks.initializeElement(at: position, to: shown ? inWindow : notInWindow)
            }
        }
    }

    /// Every controller whose view is in the window, in declaration order.
    ///
    /// A loop, not `order.filter(isInWindow)`: a closure that reads `self` copies the whole state. By table position
    /// (the declaration order), so that no controller is looked up by id.
    public var controllersInWindow: [ControllerID] {
        var result: [ControllerID] = []
        result.reserveCapacity(controllers.count)
        for (position, id) in order.enumerated() where isInWindow(at: position) { result.append(id) }
        return result
    }

    /// The controller that owns the view `id`'s view is mounted in, if it is mounted in a controller's view.
    public func viewOwner(of id: ControllerID) -> ControllerID? { controllers.viewOwner(of: id) }

    /// Whether `id`'s view is in the view tree of `ancestor`'s view (at any depth).
    public func isView(_ id: ControllerID, under ancestor: ControllerID) -> Bool {
        var current = id
        var steps = 0
        while let owner = viewOwner(of: current), steps <= controllers.count {
            if owner == ancestor { return true }
            current = owner
            steps += 1
        }
        return false
    }

    /// A view added to another controller's view without being that controller's child ("detached").
    ///
    /// The controller is looked up once for both fields (`viewOwner(of:)` and `self[id]` each looked it up).
    public func isDetached(_ id: ControllerID) -> Bool {
        let position = controllers.position(of: id)!
        guard case .controller(let owner) = controllers[position: position].superview else { return false }
        return controllers[position: position].parent != owner
    }

    /// The controllers that get appearance callbacks when `id`'s view enters or
    /// leaves the window, in UIKit's order (pre-order: a controller, then its
    /// children, then what it presents in its place).
    ///
    /// A controller is a target unless a presentation removed its view; each child
    /// mounted in its parent's view follows when the parent forwards appearance
    /// automatically; a controller presented with a context style follows its
    /// presenter's place, since its view sits there. Detached views (mounted
    /// without `addChild`) never follow.
    public func appearanceTargets(from id: ControllerID) -> [ControllerID] { Array(appearanceTargetList(from: id)) }

    /// `appearanceTargets(from:)` in a list that holds a few controllers without allocating (the reducer's form).
    func appearanceTargetList(from id: ControllerID) -> ControllerList {
        appearanceTargetList(from: id, except: nil)
    }

    /// `appearanceTargetList(from:)` without the targets whose appearance state is either of `excluded`, read as the
    /// walk visits them (the reducer's `appearing` and `disappearing`, which would otherwise look each one up again).
    func appearanceTargetList(from id: ControllerID, except excluded: (AppearanceState, AppearanceState)?) -> ControllerList {
        // The common case, a controller that holds and presents nothing and is not covered, is its own only target:
        // answered without the walk's lists.
        let root = controllers.position(of: id)!
        if controllers.childCount(at: root) == 0, controllers[position: root].more == nil,
           controllers[position: root].presented == nil, controllers[position: root].coveredBy == nil {
            // Made of `id` (`ControllerList(unusedFrom:)`): the list is made on most of the reducer's calls.
            var only = ControllerList(unusedFrom: id)
            let appearance = controllers[position: root].appearance
            if !Self.isTarget(appearance, except: excluded) { return only }
            only.append(id)
            return only
        }
        var shallow = ControllerList(unusedFrom: id)
        if Self.appendShallowAppearanceTargets(from: root, id: id, in: controllers, except: excluded, to: &shallow) { return shallow }
        // The walk reads the table it is handed: a closure that read `self` would copy the whole state. The list is
        // the walk's result, not a variable of this function it fills: that one was copied out when the walk ended.
        return HierarchyWalk.run(over: controllers) { walk, table, contents in
            var result = ControllerList(unusedFrom: id)
            // The walk holds positions in the table: each controller is looked up once, when it is pushed. Fields are
            // read in place, through the table's lent pointers.
            let states = contents.states
            walk.push(root)
            while let position = walk.pop() {
                guard walk.mark(position) else { continue }
                let current = states[position].id
                // What to visit next, pushed last first: children in order, then More, then what it presents.
                if let cover = states[position].coveredBy {
                    let covering = table.position(of: cover)!
                    if states[covering].presenting == current, states[covering].presentationStyle?.isContextStyle == true {
                        walk.push(covering)
                    }
                    continue
                }
                let appearance = states[position].appearance
                if Self.isTarget(appearance, except: excluded) { result.append(current) }
                if let presented = states[position].presented {
                    let presentedPosition = table.position(of: presented)!
                    if states[presentedPosition].presentationStyle?.isContextStyle == true { walk.push(presentedPosition) }
                }
                if states[position].forwardsAppearance {
                    // A child follows when its view is mounted in this controller's view.
                    let mountedHere = ViewHost.controller(current)
                    if let more = states[position].more {
                        let morePosition = table.position(of: more)!
                        if states[morePosition].superview == mountedHere { walk.push(morePosition) }
                    }
                    for child in contents.children(at: position).reversed() {
                        let childPosition = table.position(of: child)!
                        if states[childPosition].superview == mountedHere { walk.push(childPosition) }
                    }
                }
            }
            return result
        }
    }

    /// Whether a controller whose appearance state is `appearance` is an appearance target when those in either of
    /// `excluded`'s states are left out (all are targets when `excluded` is nil).
    @inline(__always)
    private static func isTarget(_ appearance: AppearanceState, except excluded: (AppearanceState, AppearanceState)?) -> Bool {
        excluded.map { appearance != $0.0 && appearance != $0.1 } ?? true
    }

    /// Appends to `targets` the appearance targets of the controller `id` at `root` in `table`, when they are itself
    /// and children that hold, present and cover nothing (a container of content controllers); false, with `targets`
    /// to be thrown away, when the walk is needed.
    ///
    /// Half the walks the reducer made were of such a container (24 k of 46 k, `check --specs 40`): read in place,
    /// its targets cost about 100 instructions, where the walk's buffers, marks and stack made it about 300. A child
    /// the list names twice, or the root named as its own child, is left to the walk, which visits each controller
    /// once (only a hand-edited log makes either).
    private static func appendShallowAppearanceTargets(from root: Int, id: ControllerID, in table: borrowing ControllerTable,
                                                       except excluded: (AppearanceState, AppearanceState)?,
                                                       to targets: inout ControllerList) -> Bool {
        table.withContents { contents in
            let states = contents.states
            guard states[root].more == nil, states[root].presented == nil, states[root].coveredBy == nil else { return false }
            let appearance = states[root].appearance
            if Self.isTarget(appearance, except: excluded) { targets.append(id) }
            guard states[root].forwardsAppearance else { return true }
            // A child follows when its view is mounted in this controller's view; one mounted elsewhere is not visited.
            let mountedHere = ViewHost.controller(id)
            let children = contents.children(at: root)
            var mountedCount = 0
            for index in children.indices {
                let child = children[index]
                let position = table.position(of: child)!
                guard states[position].superview == mountedHere else { continue }
                guard contents.childCount(at: position) == 0, states[position].more == nil, states[position].presented == nil,
                      states[position].coveredBy == nil, child != id else { return false }
                if mountedCount > 0, children[..<index].contains(child) { return false }
                mountedCount += 1
                let appearance = states[position].appearance
                if Self.isTarget(appearance, except: excluded) { targets.append(child) }
            }
            return true
        }
    }

    /// The child the tab bar `tabs` shows: its selected tab, or its More navigation controller when the selected tab
    /// is behind the More tab; nil when none is selected.
    public func shownTab(of tabs: ControllerID) -> ControllerID? { shownTab(at: controllers.position(of: tabs)!) }

    /// `shownTab(of:)` of the tab bar at `position` in the table.
    func shownTab(at position: Int) -> ControllerID? {
        guard let selected = controllers[position: position].selected else { return nil }
        if let more = controllers[position: position].more, moreTabsContain(selected, at: position) { return more }
        return selected
    }

    /// The children whose views a container shows in its own view: a navigation
    /// controller's top, a tab bar's selected tab, a split's two columns in regular
    /// width (the primary only when collapsed in compact width), a page controller's
    /// visible pages, and a custom container's children mounted in its view.
    public func shownChildren(of id: ControllerID) -> [ControllerID] {
        var shown: [ControllerID] = []
        appendShownChildren(of: id, to: &shown)
        return shown
    }

    /// Appends `shownChildren(of: id)` to `list`: for a caller that keeps one list for several.
    public func appendShownChildren(of id: ControllerID, to list: inout [ControllerID]) {
        let position = controllers.position(of: id)!
        let children = controllers.children(at: position)
        switch controllers[position: position].kind {
        case .navigation:
            if let top = children.last { list.append(top) }
        case .tabBar:
            if let shown = shownTab(at: position) { list.append(shown) }
        case .split: appendChildren(at: position, count: horizontalSizeClass == .regular ? children.count : min(children.count, 1), to: &list)
        case .page: appendChildren(at: position, count: children.count, to: &list)
        case .container, .content:
            for child in children where viewOwner(of: child) == id { list.append(child) }
        }
    }

    /// Appends the first `count` children of the controller at `position` in the table to `list`.
    ///
    /// Copied from the table's buffer in place: appending the children's view, or a slice of it, went through the
    /// array's generic append of a sequence, about 140 instructions for a split's columns (callgrind,
    /// `check --specs 40`).
    private func appendChildren(at position: Int, count: Int, to list: inout [ControllerID]) {
        controllers.withChildren(at: position) { children in list.append(contentsOf: UnsafeBufferPointer(rebasing: children[..<count])) }
    }

    /// The window's controller hierarchy in pre-order: the root, each controller's
    /// children, then what it presents. Detached controllers are not in it.
    public var hierarchyOrder: [ControllerID] {
        var result: [ControllerID] = []
        appendHierarchyOrder(to: &result)
        return result
    }

    /// Appends `hierarchyOrder` to `list`: for a caller that keeps a list from call to call.
    ///
    /// The walk writes the ids into a temporary buffer, appended to `list` in one go: appending each to the array
    /// checked that its storage was unique, a call for each controller. Each controller is written once (the walk
    /// marks it), so the buffer has room for them all.
    public func appendHierarchyOrder(to list: inout [ControllerID]) {
        guard let root = windowRoot else { return }
        withUnsafeTemporaryAllocation(of: ControllerID.self, capacity: controllers.count) { visited in
            // The walk reads the table it is handed: a closure that read `self` would copy the whole state.
            let visitedCount = HierarchyWalk.run(over: controllers) { walk, table, contents in
                // The walk holds positions in the table: each controller is looked up once, when it is pushed. Fields
                // are read in place, through the table's lent pointers.
                let states = contents.states
                var count = 0
                walk.push(table.position(of: root)!)
                while let position = walk.pop() {
                    guard walk.mark(position) else { continue }
                    visited.initializeElement(at: count, to: states[position].id)
                    count += 1
                    // Pushed last first, so that the children pop in order, then More, then what it presents.
                    if let presented = states[position].presented { walk.push(table.position(of: presented)!) }
                    if let more = states[position].more { walk.push(table.position(of: more)!) }
                    for child in contents.children(at: position).reversed() { walk.push(table.position(of: child)!) }
                }
                return count
            }
            list.append(contentsOf: UnsafeBufferPointer(rebasing: visited[..<visitedCount]))
        }
    }

    /// Appends the table positions of `hierarchyOrder`'s controllers, in that order, to `list`: for a caller that
    /// reads their fields by position (`explore` lists the moves of every state it explores), where each id was looked
    /// up in the table again.
    ///
    /// The same walk as `appendHierarchyOrder(to:)`, writing the positions it holds instead of the ids.
    package func appendHierarchyPositions(to list: inout [Int]) {
        guard let root = windowRoot else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: controllers.count) { visited in
            let visitedCount = HierarchyWalk.run(over: controllers) { walk, table, contents in
                let states = contents.states
                var count = 0
                walk.push(table.position(of: root)!)
                while let position = walk.pop() {
                    guard walk.mark(position) else { continue }
                    visited.initializeElement(at: count, to: position)
                    count += 1
                    if let presented = states[position].presented { walk.push(table.position(of: presented)!) }
                    if let more = states[position].more { walk.push(table.position(of: more)!) }
                    for child in contents.children(at: position).reversed() { walk.push(table.position(of: child)!) }
                }
                return count
            }
            list.append(contentsOf: UnsafeBufferPointer(rebasing: visited[..<visitedCount]))
        }
    }

    /// The window's hierarchy as state preservation walks it: depth first from the
    /// root, each controller's children, then what it presents, each with the parent
    /// or presenter it is reached from. A split view controller's children are the
    /// ones it shows (its primary alone when collapsed), as its `viewControllers` are.
    public var preservationOrder: [(id: ControllerID, up: ControllerID?)] {
        var result: [(id: ControllerID, up: ControllerID?)] = []
        result.reserveCapacity(controllers.count)
        forEachInPreservationOrder { id, up in result.append((id, up)) }
        return result
    }

    /// Calls `body` with each controller of `preservationOrder`, in that order, and the parent or presenter it is
    /// reached from, without making the list.
    ///
    /// The walk holds table positions (`HierarchyWalk`): each controller is looked up once, when it is pushed, and
    /// its fields are read in place; with ids on an array for a stack, the walk itself cost about 2,200
    /// instructions a call (callgrind, 1 MB check corpus). What each controller is reached from is kept by position,
    /// written at each push: the first pop of a controller answers its latest push, so the slot holds that push's.
    public func forEachInPreservationOrder(_ body: (_ id: ControllerID, _ up: ControllerID?) -> Void) {
        guard let root = windowRoot else { return }
        let showsBothColumns = horizontalSizeClass == .regular
        HierarchyWalk.run(over: controllers) { walk, table, contents in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: table.count) { reachedFrom in
                reachedFrom.initialize(repeating: -1)
                let states = contents.states
                walk.push(table.position(of: root)!)
                while let position = walk.pop() {
                    guard walk.mark(position) else { continue }
                    let up = Int(reachedFrom[position])
                    body(states[position].id, up < 0 ? nil : states[up].id)
                    // Pushed last first, so that the children pop in order, then what it presents.
                    if let presented = states[position].presented {
                        let presentedPosition = table.position(of: presented)!
                        reachedFrom[presentedPosition] = Int32(position)
                        walk.push(presentedPosition)
                    }
                    let children = contents.children(at: position)
                    // A split view controller's children are the columns it shows: both in regular width, the primary
                    // alone when collapsed.
                    let shown = states[position].kind == .split && !showsBothColumns ? min(children.count, 1) : children.count
                    for child in children[..<shown].reversed() {
                        let childPosition = table.position(of: child)!
                        reachedFrom[childPosition] = Int32(position)
                        walk.push(childPosition)
                    }
                }
            }
        }
    }

    /// The first position in `positions` of the table whose controller is of `kind`, read in place; nil when none is.
    func firstPosition(ofKind kind: Controller.Kind, in positions: Range<Int>) -> Int? {
        controllers.withContents { contents in contents.states[positions].firstIndex { $0.kind == kind } }
    }

    // MARK: Containment

    /// `id`'s parents, nearest first.
    public func ancestors(of id: ControllerID) -> [ControllerID] {
        chain(from: id) { $0.parent }
    }

    /// The first of `id` and its parents (nearest first) for which `predicate` holds, walked without making a list.
    ///
    /// What `([id] + ancestors(of: id)).first(where: predicate)` says. The walk
    /// stops after as many steps as there are controllers, so a cycle (which only
    /// a hand-edited log can make) cannot loop forever; it visits no controller
    /// the list would not hold, so the answer is the same.
    public func lineage(of id: ControllerID, first predicate: (ControllerID) -> Bool) -> ControllerID? {
        var current: ControllerID? = id
        var steps = 0
        while let candidate = current, steps <= controllers.count {
            if predicate(candidate) { return candidate }
            current = self[candidate].parent
            steps += 1
        }
        return nil
    }

    /// Whether `ancestor` is one of `id`'s parents, however far up.
    public func isAncestor(_ ancestor: ControllerID, of id: ControllerID) -> Bool {
        guard let parent = self[id].parent else { return false }
        return lineage(of: parent) { $0 == ancestor } != nil
    }

    /// Whether `candidate` is `id` itself or one of its ancestors: a controller `id` cannot contain.
    public func isSelfOrAncestor(_ candidate: ControllerID, of id: ControllerID) -> Bool {
        candidate == id || isAncestor(candidate, of: id)
    }

    /// The position in `ids` of the first that is `id` or one of its ancestors.
    public func firstIndex(among ids: [ControllerID], containing id: ControllerID) -> Int? {
        ids.firstIndex { isSelfOrAncestor($0, of: id) }
    }

    /// The way an unwind segue from `source` looks for its destination: `source`, its parents, and at each
    /// containment root the controller presenting it, each with whether a presentation was crossed to reach it; a
    /// cycle (only a hand-edited log makes one) ends it where it repeats.
    public func unwindPath(from source: ControllerID) -> [(id: ControllerID, throughPresentation: Bool)] {
        var path: [(id: ControllerID, throughPresentation: Bool)] = []
        var current: ControllerID? = source
        var crossed = false
        while let id = current, !path.contains(where: { $0.id == id }) {
            path.append((id, crossed))
            (current, crossed) = unwindStep(after: id)
        }
        return path
    }

    /// The controller an unwind segue's way reaches after `id`: its parent, or at a containment root the controller
    /// presenting it, with whether that step crossed a presentation.
    @inline(__always)
    private func unwindStep(after id: ControllerID) -> (next: ControllerID?, throughPresentation: Bool) {
        if let parent = self[id].parent { return (parent, false) }
        return (self[id].presenting, true)
    }

    /// Whether an unwind segue from `source` finds `target`: a controller on its way (`unwindPath(from:)`) is
    /// `target` or holds it, as `Decider.unwind` looks.
    public func unwindFinds(_ target: ControllerID, from source: ControllerID) -> Bool {
        unwindDestination(of: target, from: source) != nil
    }

    /// Where an unwind segue from `source` to `target` goes, walked without making `unwindPath(from:)`: the first
    /// controller on its way that is `target` or holds it (`destination`), and the last controller up to it that
    /// was reached through a presentation (`presenter`, nil when the way crosses none), whose presentation the
    /// unwind dismisses; nil when no controller on the way holds `target`.
    ///
    /// The way repeats a controller only in a cycle (a hand-edited log), after which it meets only controllers it
    /// has asked about: `unwindPath` ends where a controller repeats, and this walk after as many steps as there are
    /// controllers, with the same answer.
    func unwindDestination(of target: ControllerID, from source: ControllerID) -> (destination: ControllerID, presenter: ControllerID?)? {
        var current: ControllerID? = source
        var crossed = false
        var presenter: ControllerID?
        var steps = 0
        while let id = current, steps < controllers.count {
            if crossed { presenter = id }
            if isSelfOrAncestor(id, of: target) { return (id, presenter) }
            (current, crossed) = unwindStep(after: id)
            steps += 1
        }
        return nil
    }

    /// The position in `ids` of the first controller of `kind`.
    public func firstIndex(among ids: [ControllerID], ofKind kind: Controller.Kind) -> Int? {
        ids.firstIndex { self[$0].kind == kind }
    }

    /// The top of `id`'s parent chain: the controller that covers the screen (window root or a presented controller).
    public func containmentRoot(of id: ControllerID) -> ControllerID {
        var current = id
        var steps = 0
        while let parent = self[current].parent {
            // A cycle (only a hand-edited log makes one): the top is where the chain first repeats, as listed.
            guard steps < controllers.count else { return ancestors(of: id).last ?? id }
            current = parent
            steps += 1
        }
        return current
    }

    /// Whether `id` is linked to the window through parents and presentations (not merely its view).
    public func isInHierarchy(_ id: ControllerID) -> Bool {
        var current = containmentRoot(of: id)
        var steps = 0
        while steps <= controllers.count {
            if current == windowRoot { return true }
            guard let presenter = self[current].presenting else { return false }
            current = containmentRoot(of: presenter)
            steps += 1
        }
        return false
    }

    /// The nearest navigation controller among `id` and its ancestors.
    public func navigationController(of id: ControllerID) -> ControllerID? {
        lineage(of: id) { self[$0].kind == .navigation }
    }

    /// The nearest split view controller among `id` and its ancestors.
    public func splitViewController(of id: ControllerID) -> ControllerID? {
        lineage(of: id) { self[$0].kind == .split }
    }

    /// UIKit's `presentedViewController`: presented by `id` or, failing that, by its nearest ancestor that presents.
    public func presentedViewController(of id: ControllerID) -> ControllerID? {
        lineage(of: id) { self[$0].presented != nil }.flatMap { self[$0].presented }
    }

    /// UIKit's `presentingViewController`: the presenter of `id` or of its nearest presented ancestor.
    public func presentingViewController(of id: ControllerID) -> ControllerID? {
        lineage(of: id) { self[$0].presenting != nil }.flatMap { self[$0].presenting }
    }

    /// The chain presented above `id`: its presented controller, that one's, and so on.
    public func presentationChain(above id: ControllerID) -> [ControllerID] {
        chain(from: id) { $0.presented }
    }

    /// Appends `id`, then what it presents, what that one presents, and so on, to the empty `list`: `[id] +
    /// presentationChain(above: id)`, made in the caller's list (a dismissal's chain). A controller met again ends it.
    func appendPresentationChain(from id: ControllerID, to list: inout some ControllerAppending) {
        list.append(id)
        var next = self[id].presented
        while let presented = next, !list.dropFirst().contains(presented) {
            list.append(presented)
            next = self[presented].presented
        }
    }

    /// The controllers `link` leads to from `id`, then from that one, and so on, nearest first.
    ///
    /// The chain ends where `link` gives nil or a controller already in it, so
    /// a cycle cannot loop forever.
    private func chain(from id: ControllerID, following link: (ControllerState) -> ControllerID?) -> [ControllerID] {
        var result: [ControllerID] = []
        var current = link(self[id])
        while let next = current, !result.contains(next) {
            result.append(next)
            current = link(self[next])
        }
        return result
    }

    /// Whether an animated transition owned by `owner` (or any, when nil) of one of `kinds` is in flight.
    ///
    /// `kinds` is a list: the kinds are few, and a set would hash their raw values.
    public func isAnimating(_ owner: ControllerID? = nil, kinds: [Animation.Kind] = Animation.Kind.allCases) -> Bool {
        animations.contains { (owner == nil || $0.owner == owner) && kinds.contains($0.kind) }
    }
}

/// One controller's part of the hierarchy: a trivially copyable value (no field is reference-counted).
///
/// Copying a replay's state copies every controller's state, so nothing here retains: the children list lives in
/// the `ControllerTable` that holds the state (read it with `HierarchyState.children(of:)` or
/// `ControllerTable.children(at:)`, change it with their `setChildren`, `appendChild` and `removeChild`), and the
/// strings are interned. Equality and hashing leave out where the table keeps the children list
/// (`ChildrenLocation`): two states that differ only there are equal.
public struct ControllerState: Sendable, Hashable {
    // The stored properties are ordered so that the one-byte ones fill the padding after the longer ones, and the
    // optional ids are stored in eight bytes each (`StoredControllerID`): the state takes 104 bytes instead of 136,
    // which is what copying a table's states copies.
    public let id: ControllerID
    @usableFromInline var storedParent: StoredControllerID
    @usableFromInline var storedPresented: StoredControllerID
    @usableFromInline var storedPresenting: StoredControllerID
    @usableFromInline var storedCoveredBy: StoredControllerID
    @usableFromInline var storedSelected: StoredControllerID
    @usableFromInline var storedMore: StoredControllerID
    @usableFromInline var storedMoreOf: StoredControllerID
    /// Where the controller's root view is mounted.
    public var superview: ViewHost?
    public let kind: Controller.Kind
    /// `shouldAutomaticallyForwardAppearanceMethods`.
    public let forwardsAppearance: Bool
    public let definesPresentationContext: Bool
    /// The restoration identifier, interned.
    public let internedRestorationID: InternedString?
    /// The effective `modalPresentationStyle` while presented.
    public var presentationStyle: PresentationStyle?
    /// The style the code asked for, before adaptation, while presented.
    public var requestedPresentationStyle: PresentationStyle?
    public var appearance: AppearanceState = .disappeared
    /// The popover anchor the presentation used (`Event.anchor`, `none` when unanchored), while presented as a requested popover.
    public var popoverAnchor: InternedString?
    /// An outstanding `beginAppearanceTransition(_:animated:)`: true when appearing.
    public var manualAppearance: Bool?
    /// Where the children list sits in the table's `childArena`; only the table sets it.
    @usableFromInline
    var childrenLocation = ChildrenLocation()

    /// `parent`.
    @inlinable
    public var parent: ControllerID? {
        get { storedParent.id }
        set { storedParent = StoredControllerID(newValue, noneFrom: id) }
    }
    /// `presentedViewController` (own, not inherited).
    @inlinable
    public var presented: ControllerID? {
        get { storedPresented.id }
        set { storedPresented = StoredControllerID(newValue, noneFrom: id) }
    }
    /// `presentingViewController` (own, not inherited).
    @inlinable
    public var presenting: ControllerID? {
        get { storedPresenting.id }
        set { storedPresenting = StoredControllerID(newValue, noneFrom: id) }
    }
    /// Set while a presentation of this style has removed this controller's view.
    @inlinable
    public var coveredBy: ControllerID? {
        get { storedCoveredBy.id }
        set { storedCoveredBy = StoredControllerID(newValue, noneFrom: id) }
    }
    /// A tab bar's `selectedViewController`.
    @inlinable
    public var selected: ControllerID? {
        get { storedSelected.id }
        set { storedSelected = StoredControllerID(newValue, noneFrom: id) }
    }
    /// A tab bar's More navigation controller (with more tabs than compact width shows).
    @inlinable
    public var more: ControllerID? {
        get { storedMore.id }
        set { storedMore = StoredControllerID(newValue, noneFrom: id) }
    }
    /// For a More navigation controller: its tab bar.
    @inlinable
    public var moreOf: ControllerID? {
        get { storedMoreOf.id }
        set { storedMoreOf = StoredControllerID(newValue, noneFrom: id) }
    }

    public init(id: ControllerID, kind: Controller.Kind, forwardsAppearance: Bool = true,
                definesPresentationContext: Bool = false, restorationID: String? = nil) {
        self.init(id: id, kind: kind, forwardsAppearance: forwardsAppearance, definesPresentationContext: definesPresentationContext,
                  internedRestorationID: restorationID.map { InternedString($0) })
    }

    /// A controller whose restoration identifier is interned already.
    public init(id: ControllerID, kind: Controller.Kind, forwardsAppearance: Bool = true,
                definesPresentationContext: Bool = false, internedRestorationID: InternedString?) {
        self.id = id
        let none = StoredControllerID(nil, noneFrom: id)
        storedParent = none
        storedPresented = none
        storedPresenting = none
        storedCoveredBy = none
        storedSelected = none
        storedMore = none
        storedMoreOf = none
        self.kind = kind
        self.forwardsAppearance = forwardsAppearance
        self.definesPresentationContext = definesPresentationContext
        self.internedRestorationID = internedRestorationID
    }

    /// The restoration identifier (reads the interned string back, which takes the interning table's lock).
    @inlinable
    public var restorationID: String? { internedRestorationID?.string }

    /// Whether the controller has a restoration identifier (without reading the string).
    @inlinable
    public var hasRestorationID: Bool { internedRestorationID != nil }

    /// Where the table keeps the children list: no list, for a state that is not in a table yet.
    mutating func clearChildrenLocation() { childrenLocation = ChildrenLocation() }
}

/// Where a controller's children list sits in its table's arena: not part of the controller's value, so any two
/// locations are equal and none adds to a hash (two states that differ only there are equal, and their equality
/// and hash are the fields' own, synthesized).
@usableFromInline
struct ChildrenLocation: Sendable, Hashable {
    /// Where the list starts.
    @usableFromInline
    var start: Int32 = 0
    /// How many children the controller has (a navigation stack bottom to top, tabs, [primary, secondary], visible
    /// pages, or embedded children).
    @usableFromInline
    var count: Int32 = 0
    /// How many entries the list may fill before it moves.
    @usableFromInline
    var capacity: Int32 = 0

    @usableFromInline
    init() {}

    @inlinable
    static func == (_: ChildrenLocation, _: ChildrenLocation) -> Bool { true }

    @inlinable
    func hash(into hasher: inout Hasher) {}
}

/// Where a root view is mounted.
public enum ViewHost: Sendable, Hashable {
    /// The window's root view (only the window root's view).
    case window
    /// Inside another controller's view.
    case controller(ControllerID)
    /// In the container of a presentation by this presenter.
    case presentation(ControllerID)
}

/// An animated transition in flight until the run-loop turn ends.
public struct Animation: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case presentation, dismissal, navigation, transition
    }

    public var kind: Kind
    /// The presenter, navigation controller or container that runs it.
    public var owner: ControllerID

    public init(kind: Kind, owner: ControllerID) {
        self.kind = kind
        self.owner = owner
    }
}

/// What `preserve` encoded: the restorable controllers by restoration path, and the structure around them.
public struct RestorationArchive: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        public var id: ControllerID
        /// Restoration identifiers from the root, joined by `/`.
        public var path: String
        public var parent: ControllerID?
        public var presenter: ControllerID?
        public var children: [ControllerID]
        public var selected: ControllerID?
        public var presentationStyle: PresentationStyle?
        /// The style the code asked for, before adaptation.
        public var requestedPresentationStyle: PresentationStyle?
    }

    /// Saved controllers in hierarchy order (pre-order: children, then presented).
    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The entry saved for `id`.
    public func entry(_ id: ControllerID) -> Entry? { entries.first { $0.id == id } }
}

/// The controllers a state declares (`HierarchyState.declared`), in one reference shared by every copy of the state.
///
/// The table never changes after the state is made: as four arrays of the state it would cost four retains on each
/// copy of the state and four releases when the copy is destroyed, and `explore` copies the state for each path it
/// grows. Held here, a copy retains one reference (explore at depth 6: 2.0 M instructions fewer, of 261 M). Two are
/// equal when their tables are.
@usableFromInline
final class DeclaredControllers: Sendable, Hashable {
    /// The declared controllers.
    @usableFromInline
    let table: ControllerTable

    init(_ table: ControllerTable) {
        self.table = table
    }

    @usableFromInline
    static func == (lhs: DeclaredControllers, rhs: DeclaredControllers) -> Bool {
        lhs === rhs || lhs.table == rhs.table
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(table)
    }
}
