import VCAuditReplay
import VCAuditSpec

/// A user action and the steps that perform it.
///
/// Made once per action and shared by reference: the list of a state's moves retains one object for each, where a
/// value retained the action's strings and the steps (and released them when the list was emptied for the next
/// state).
final class Move {
    let action: UserAction
    let steps: [Step]
    /// The transitions it performs, by position in the spec's transitions (-1: none); a race performs two.
    let transitions: (Int, Int)
    /// The action's description, made when a scenario name first needs it (`Explorer.scenarioName`): a path that
    /// reports something new is named, and spelling out each of its actions again was most of the name's cost.
    private(set) lazy var description = action.description

    init(_ action: UserAction, in spec: Spec, transitions: (Int, Int) = (-1, -1)) {
        self.action = action
        steps = action.steps(in: spec)
        self.transitions = transitions
    }
}

/// The user actions of one spec on one device, worked out once per exploration: which controller's control
/// performs each transition, and the steps of every action that is the same in every state.
///
/// `moves(in:)` lists what `explore` tries in a state; what it would look up by name in each state (the
/// transition, its mark, its steps) is looked up once here.
struct MoveCatalog {
    let spec: Spec
    let device: Device
    /// Whether every code path is tried as an event (`Explorer.Bounds.events`), not only those marked `event: true`.
    let events: Bool
    /// The controllers whose controls perform transitions, each once, and per transition, in declaration order, the
    /// position among them of the controller whose control performs it (-1: no user can): whether a source is
    /// touchable is asked once per state, however many transitions it performs.
    private var distinctSources: [ControllerID] = []
    private var sourcePositions: [Int] = []
    /// Per distinct source, its position among the declared controllers (nil if it is not declared), found in the
    /// first state listed: its current instance's table position is then found without hashing its id, twice for
    /// each source of each state (`HierarchyState.currentPosition(ofDeclaredAt:)`).
    private var declaredSourcePositions: [Int?] = []
    /// Per transition: performing it, and its double tap (nil for an unwind, and for a manual segue, which code performs).
    private var performs: [Move] = []
    private var doubleTaps: [Move?] = []
    /// By position, the controller a manual unwind segue goes back to (nil for any other transition): the code
    /// performs it where it lands, so exploring does too.
    private var manualUnwindTargets: [ControllerID?] = []
    /// The code paths (calls without `from`) tried as events (those marked `event: true`, or all with `events`),
    /// and per transition a user can perform, the races of performing it with each.
    private var eventMoves: [Move] = []
    private var races: [[Move]] = []
    /// Rotating to compact and to regular height (iPhone), or resizing to compact and to regular width (iPad).
    private var toCompact: Move
    private var toRegular: Move
    private var relaunch: Move?
    /// At launch: presenting each controller the app's code makes from a storyboard that no path from launch can show.
    let codePresents: [Move]
    /// The actions on controllers (tabs, back buttons, dismissals) and their moves, as each was first needed, found
    /// by their keys' digests (`DigestTable`): a dictionary hashed each key with SipHash, for every such action of
    /// every state explored.
    private var actionKeys: [ActionKey] = []
    private var actionMoves: [Move] = []
    private var actionTable = DigestTable(buckets: 64)
    /// What `moves(in:)` lists of the state at hand, kept so that their storage is allocated once: its controllers
    /// in hierarchy order (by table position), its navigation controllers (with their table positions), and the
    /// transitions a control on screen performs (by position).
    private var order: [Int] = []
    private var navigations: [(id: ControllerID, position: Int)] = []
    private var performed: [Int] = []
    /// The moves of the state at hand: the list `moves(in:)` answers shares this storage, and the caller lets it go
    /// before it asks about the next state, so that the list is allocated once, not once per state.
    private var list: [Move] = []

    /// An action on controllers (a tab, a back button, a dismissal) as its kind and its ids' keys: hashing the action
    /// itself went through the generic enum path, on every state for every such action.
    private struct ActionKey: Equatable {
        /// Which action: 0 a tab, 1 the back button, 2 swiping down, 3 tapping outside.
        let kind: UInt8
        let first: UInt64
        let second: UInt64

        init?(_ action: UserAction) {
            switch action {
            case let .select(tabs, vc): (kind, first, second) = (0, tabs.key, vc.key)
            case .back(let nav): (kind, first, second) = (1, nav.key, 0)
            case .swipeDown(let vc): (kind, first, second) = (2, vc.key, 0)
            case .tapOutside(let vc): (kind, first, second) = (3, vc.key, 0)
            default: return nil
            }
        }

        /// A number that equal keys share, its high half mixed from every field (`DigestTable` buckets by it).
        var digest: UInt64 {
            var digest = ((first &* 0x9E37_79B9_7F4A_7C15) ^ second ^ UInt64(kind)) &* 0xBF58_476D_1CE4_E5B9
            digest ^= digest >> 29
            return digest &* 0x94D0_49BB_1331_11EB
        }
    }

    /// `doubleTaps` false leaves the double tap out (`Explorer.Bounds.doubleTaps`).
    init(spec: Spec, device: Device, events: Bool, doubleTaps doublingTaps: Bool = true) {
        self.spec = spec
        self.device = device
        self.events = events
        var sources: [ControllerID?] = []
        var manualUnwindTargets: [ControllerID?] = []
        var performs: [Move] = []
        var doubleTaps: [Move?] = []
        var codePaths: [Int] = []
        for (position, transition) in spec.transitions.enumerated() {
            switch transition.body {
            case .segue(let segue): sources.append(segue.kind == .embed ? nil : segue.from.id)
            case .calls: sources.append(transition.trigger?.id)
            }
            if case .segue(let segue) = transition.body, segue.kind == .unwind, segue.isManual {
                manualUnwindTargets.append(segue.to.id)
            } else {
                manualUnwindTargets.append(nil)
            }
            performs.append(Move(.perform(transition.name), in: spec, transitions: (position, -1)))
            // A manual segue is performed by code, once per call: no tap can run it twice in one turn.
            if !doublingTaps {
                doubleTaps.append(nil)
            } else if case .segue(let segue) = transition.body, segue.kind == .unwind || segue.isManual {
                doubleTaps.append(nil)
            } else {
                doubleTaps.append(Move(.doubleTap(transition.name), in: spec, transitions: (position, -1)))
            }
            // Code paths marked `event: true` always, every other one with `events`.
            if case .calls = transition.body, transition.trigger == nil, events || transition.isEvent { codePaths.append(position) }
        }
        if !codePaths.isEmpty {
            let names = spec.transitions.map(\.name)
            eventMoves = codePaths.map { Move(.event(names[$0]), in: spec, transitions: ($0, -1)) }
            races = sources.indices.map { action in
                guard sources[action] != nil else { return [] }
                return codePaths.map { Move(.race(action: names[action], event: names[$0]), in: spec, transitions: (action, $0)) }
            }
        }
        var distinctSources: [ControllerID] = []
        var positionOfSource: [ControllerID: Int] = [:]
        for source in sources {
            guard let source else {
                sourcePositions.append(-1)
                continue
            }
            if positionOfSource[source] == nil {
                positionOfSource[source] = distinctSources.count
                distinctSources.append(source)
            }
            sourcePositions.append(positionOfSource[source]!)
        }
        self.distinctSources = distinctSources
        self.manualUnwindTargets = manualUnwindTargets
        self.performs = performs
        self.doubleTaps = doubleTaps
        switch device {
        case .iphone:
            toCompact = Move(.rotate(height: .compact), in: spec)
            toRegular = Move(.rotate(height: .regular), in: spec)
        case .ipad:
            toCompact = Move(.resize(width: .compact), in: spec)
            toRegular = Move(.resize(width: .regular), in: spec)
        }
        relaunch = spec.restoration ? Move(.relaunch, in: spec) : nil
        // The entry points of an app that makes its screens in code: what a storyboard ID or a storyboard's initial
        // controller lets code make, apart from what launch leads to (each with what it leads to is then explored).
        if let root = spec.window?.id {
            // Only navigation, tab bar and split view controllers: each is a whole flow code presents, whose content
            // sees the same context however it is shown. A content controller the code may as well push or embed,
            // where presenting it alone would change what it finds (the context a presentation from it uses).
            let fromLaunch = spec.reachable(from: [root])
            let held = Set(spec.controllers.flatMap { $0.children.map(\.id) })
            // With the app's sources read, only what their code can make: a controller whose identifier it spells, or
            // the initial controller of a storyboard it names, when it makes initial controllers at all.
            func spelled(_ controller: Controller) -> Bool {
                guard let names = spec.sourceNames else { return true }
                if let identifier = controller.storyboardID, names.literals.contains(identifier) { return true }
                return controller.storyboardInitial && names.makesInitialControllers
                    && controller.storyboard.map(names.literals.contains) == true
            }
            codePresents = spec.storyboardEntryPoints.filter { id in
                guard !fromLaunch.contains(id), !held.contains(id), let controller = spec.controller(id) else { return false }
                return [.navigation, .tabBar, .split].contains(controller.kind) && spelled(controller)
            }.map { Move(.codePresents($0, from: root), in: spec) }
        } else {
            codePresents = []
        }
    }

    /// The user actions possible in `state`, in a fixed order: transitions as declared, then tabs, back buttons,
    /// dismissals, double taps, events and races, the rotation or resize, and the relaunch.
    ///
    /// Whether each controller is touchable is kept in a temporary buffer (on the machine stack), read and written
    /// through its pointer, and the hierarchy order, the lists of navigation controllers and transitions performed,
    /// and the list of moves answered are the catalog's, emptied for each state: `explore` lists the moves of every
    /// state it explores.
    mutating func moves(in state: HierarchyState) -> [Move] {
        guard state.isLaunched, !state.isTerminated else { return [] }
        order.removeAll(keepingCapacity: true)
        state.appendHierarchyPositions(to: &order)
        guard let layer = UserAction.topLayer(of: state, order: order) else { return [] }
        // One buffer: a mark for each controller of the table, then one for each transitions' source.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: state.controllers.count + distinctSources.count) { marks in
            marks.initialize(repeating: 0)
            let touchables = UnsafeMutableBufferPointer(rebasing: marks[0..<state.controllers.count])
            let sourcesTouchable = UnsafeMutableBufferPointer(rebasing: marks[state.controllers.count...])
            moves(in: state, layer: layer, touchables: touchables, sourcesTouchable: sourcesTouchable)
        }
        return list
    }

    /// Lists in `list` the moves of `state` (`moves(in:)`) whose top layer is `layer`, with room to remember which
    /// controllers are touchable, and whether the current instance of each transitions' source is (`distinctSources`).
    private mutating func moves(in state: HierarchyState, layer: ControllerID, touchables: UnsafeMutableBufferPointer<UInt8>,
                                sourcesTouchable: UnsafeMutableBufferPointer<UInt8>) {
        /// On screen and in the layer the user touches (not under a presentation that covers it); asked once per id,
        /// kept by the id's position in the state (0: not asked yet, 1: no, 2: yes).
        /// A view added without `addChild` is in the layer of the view that holds it: its controls take taps.
        /// A view that is nowhere is not in the window (`isInWindow` says so first): most sources in most states, told
        /// here without the call.
        func touchable(_ id: ControllerID) -> Bool {
            guard let position = state.controllers.position(of: id) else { return false }
            return touchable(at: position)
        }
        /// `touchable(_:)` of the controller at `position` in the state's table.
        func touchable(at position: Int) -> Bool {
            if touchables[position] == 0 {
                touchables[position] = state.controllers[position: position].superview != nil && state.isInWindow(at: position)
                    && UserAction.layerRoot(of: state.controllers[position: position].id, in: state) == layer ? 2 : 1
            }
            return touchables[position] == 2
        }
        /// Whether a step can name `id`: a step naming a scene means its newest instance, so an older one (the one
        /// on screen when a double tap's second presentation was dropped) has no name a scenario can write.
        func nameable(_ id: ControllerID) -> Bool { state.sceneName(of: id) != nil }
        list.removeAll(keepingCapacity: true)
        performed.removeAll(keepingCapacity: true)
        if declaredSourcePositions.count != distinctSources.count {
            declaredSourcePositions = distinctSources.map { state.declared.position(of: $0) }
        }
        for (position, source) in distinctSources.enumerated() {
            let isTouchable = if let declared = declaredSourcePositions[position] {
                touchable(at: state.currentPosition(ofDeclaredAt: declared))
            } else {
                touchable(state.current(source))
            }
            if isTouchable { sourcesTouchable[position] = 1 }
        }
        for position in sourcePositions.indices {
            let sourcePosition = sourcePositions[position]
            guard sourcePosition >= 0, sourcesTouchable[sourcePosition] == 1 else { continue }
            let source = distinctSources[sourcePosition]
            // Code that performs an unwind segue does so where it lands (a guard keeps it from the others): a path
            // where it finds nothing is the app's only when a control performs it.
            if let target = manualUnwindTargets[position], !state.unwindFinds(state.current(target), from: state.current(source)) { continue }
            list.append(performs[position])
            performed.append(position)
        }
        // The tab bars and navigation controllers in hierarchy order, read by table position: the tabs of every tab
        // bar come before the back button of any navigation controller.
        let table = state.controllers
        navigations.removeAll(keepingCapacity: true)
        for position in order {
            switch table[position: position].kind {
            case .tabBar:
                let id = table[position: position].id
                guard touchable(at: position), nameable(id) else { continue }
                let selected = table[position: position].selected
                for tab in table.children(at: position) where tab != selected && nameable(tab) {
                    list.append(move(.select(tabs: id, vc: tab)))
                }
            case .navigation:
                navigations.append((table[position: position].id, position))
            default:
                continue
            }
        }
        for (id, position) in navigations where table.childCount(at: position) > 1 && touchable(at: position) && nameable(id) {
            if let top = table.children(at: position).last, touchable(top) { list.append(move(.back(nav: id))) }
        }
        if layer != state.windowRoot, nameable(layer), let style = state[layer].presentationStyle {
            if style == .pageSheet || style == .formSheet, spec.controller(layer)?.modalInPresentation != true {
                list.append(move(.swipeDown(layer)))
            } else if style == .popover {
                list.append(move(.tapOutside(layer)))
            }
        }
        for position in performed {
            if let doubleTap = doubleTaps[position] { list.append(doubleTap) }
        }
        if !eventMoves.isEmpty {
            // Code paths the system may run now, and while each user transition's animation is still running.
            list += eventMoves
            for position in performed { list += races[position] }
        }
        switch device {
        case .iphone: list.append(state.verticalSizeClass == .regular ? toCompact : toRegular)
        case .ipad: list.append(state.horizontalSizeClass == .regular ? toCompact : toRegular)
        }
        if let relaunch { list.append(relaunch) }
    }

    /// `action` with its steps, made once per action (an action whose key is equal is the same action: equal keys
    /// are equal ids).
    private mutating func move(_ action: UserAction) -> Move {
        guard let key = ActionKey(action) else { return Move(action, in: spec) }
        var found: Int?
        let isNew = actionKeys.withUnsafeBufferPointer { keys in
            actionTable.insert(key.digest) { position in
                guard keys[position] == key else { return false }
                found = position
                return true
            }
        }
        if !isNew, let found { return actionMoves[found] }
        // Added to the table at the next position: the key and its move go there too.
        let move = Move(action, in: spec)
        actionKeys.append(key)
        actionMoves.append(move)
        return move
    }
}
