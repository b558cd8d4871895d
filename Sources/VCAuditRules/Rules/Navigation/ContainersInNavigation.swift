import VCAuditReplay
import VCAuditSpec

/// A rule about containers of one kind inside a navigation controller's stack.
protocol ContainerInNavigationRule {
    /// The kind of container the rule reports.
    static var kind: Controller.Kind { get }
    /// The finding's message for `inner`, a container of `kind`, inside `outer`'s stack (`atRoot`: in the stack's
    /// root, where `outer` shows no back button); nil when what the declarations say makes it harmless.
    static func describe(outer: ControllerID, inner: ControllerID, atRoot: Bool, context: RuleContext) -> String?
}

extension ContainerInNavigationRule {
    /// Whether the spec declares `nav`'s navigation bar hidden (`navigationBarHidden: true`): it shows no bar and no
    /// back button.
    static func isBarHidden(_ nav: ControllerID, _ context: RuleContext) -> Bool {
        context.spec.controller(nav.sceneID)?.navigationBarHidden == true
    }
}

/// Finds containers that sit inside a navigation controller's stack, for `nested_navigation_controller` and
/// `tab_bar_in_navigation`: one observer reports for either rule, or for both.
///
/// Watches the calls that change containment (and launch and presentation, which bring declared containment on
/// screen). After each, it looks at the controllers the call linked and what they contain (the whole window's
/// hierarchy at launch) for controllers of the rules' kinds below a navigation controller. Each pair (outer
/// navigation controller, inner container) is reported once per scenario, at the call that made it; a pair the
/// declarations make (found at launch) is reported at the inner container's declaration, so that it is one finding
/// however many scenarios launch.
///
/// With both rules enabled, the checker makes one observer for the two (`Checker.observers(of:reportingTo:)`): the
/// same calls walk the same subtree for each, and one walk finds what both report (two walks were about 11.7 M
/// instructions of `check --specs 40`). Each rule's findings are reported in turn, in the order the rules are given.
///
/// The walk at a launch the replay's workspace kept (`ReplayedLaunch`) is made once for it: the replays of a spec
/// that launch from one initial state see the same window there, and the pairs its walk found are reported again
/// from the launch walks at each of them.
///
/// Two words wide (the rules are kept with the launch walks, behind one reference), so it sits in an existential's
/// inline buffer: a copy of the rules' observers allocates nothing for it.
struct ContainersInNavigationObserver: SelectiveObserver {
    static var observedEvents: Set<EventName> { [.addChild, .pushViewController, .setViewControllers, .makeKeyAndVisible, .present] }
    static var callbacks: ObserverCallbacks { [.didApply, .replayWillBegin] }
    /// The pairs (outer, inner) reported in this scenario: an inner container is of one kind, so a pair is one rule's.
    var reported: Set<[ControllerID]> = []
    /// The rules reported for, and what the walks at kept launches found, shared by the observer's copies (the
    /// spec's replays).
    private let shared: SharedWalks

    /// An observer that reports, for each of `rules` in turn, the containers of the rule's kind it finds, through
    /// the rule's context.
    init(reportingFor rules: [(rule: any ContainerInNavigationRule.Type, context: RuleContext)]) {
        precondition(!rules.isEmpty && rules.count <= 2, "an observer reports for one or both rules about containers in navigation")
        shared = SharedWalks(reporters: rules)
    }

    func replayWillBegin(replaying launch: ReplayedLaunch?) {
        shared.current = launch
    }

    /// A call that links controllers, unless it links only ones with nothing below them to report.
    func acts(after event: Event, state: HierarchyState) -> Bool {
        let kinds = shared.kinds
        if event.name == .setViewControllers { return !Self.holdNothing(event.vcs ?? [], kinds: kinds, in: state) }
        if event.name == .makeKeyAndVisible, let found = shared.found(at: event) { return !found.isEmpty }
        guard let root = Self.root(linkedBy: event, in: state) else { return false }
        return !Self.holdsNothing(root, kinds: kinds, in: state)
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        let kinds = shared.kinds
        if event.name == .setViewControllers {
            // No `holdNothing` first: the walk leaves out the listed controllers that hold nothing, looking each up
            // once (checked before the walk too, each was looked up twice: about 60 instructions a call, callgrind).
            let found = Self.nestings(below: event.vcs ?? [], kinds: kinds, in: state)
            // Nearly every walk finds nothing: no call to report it.
            if !found.isEmpty { report(found, at: event, state: state) }
        } else if event.name == .makeKeyAndVisible, let found = shared.found(at: event) {
            if !found.isEmpty { report(found, at: event, state: state) }
        } else if let root = Self.root(linkedBy: event, in: state), !Self.holdsNothing(root, kinds: kinds, in: state) {
            let found = Self.nestings(below: [], andBelow: root, kinds: kinds, in: state)
            shared.remember(found, at: event)
            if !found.isEmpty { report(found, at: event, state: state) }
        }
    }

    /// The controller `event` (an observed event but `setViewControllers`) linked, whose subtree is looked at.
    private static func root(linkedBy event: Event, in state: HierarchyState) -> ControllerID? {
        switch event.name {
        case .makeKeyAndVisible: state.windowRoot
        case .present: event.presented
        default: event.child
        }
    }

    /// Whether `root` is a controller of neither of `kinds` that holds nothing (what most pushes and presentations
    /// bring): nothing below it to report, no walk.
    @inline(__always)
    private static func holdsNothing(_ root: ControllerID, kinds: Kinds, in state: HierarchyState) -> Bool {
        let table = state.controllers
        guard let position = table.position(of: root) else { return false }
        return table.childCount(at: position) == 0 && table[position: position].more == nil
            && !kinds.contains(table[position: position].kind)
    }

    /// Whether each of `roots` holds nothing (`holdsNothing`), as the pages a page view controller turns to do: what
    /// `acts(after:state:)` answers for a `setViewControllers` without the walk's few hundred instructions.
    private static func holdNothing(_ roots: [ControllerID], kinds: Kinds, in state: HierarchyState) -> Bool {
        for root in roots where !holdsNothing(root, kinds: kinds, in: state) { return false }
        return true
    }

    /// Reports each of `found` not reported yet in this scenario at `event`: each rule's, in the walk's order, one
    /// rule after the other.
    private mutating func report(_ found: [Nesting], at event: Event, state: HierarchyState) {
        for reporter in shared.reporters {
            let context = reporter.context
            for nesting in found where nesting.kind == reporter.kind {
                let (outer, id) = (nesting.outer, nesting.inner)
                guard reported.insert([outer, id]).inserted,
                      let message = reporter.rule.describe(outer: outer, inner: id, atRoot: Self.isInRoot(id, of: outer, in: state),
                                                           context: context) else {
                    continue
                }
                if event.name == .makeKeyAndVisible, let declared = context.spec.controller(id) {
                    // Launch shows what the declarations nest: the fix lives at the declaration.
                    let notes = [context.declarationNote(outer, "\(context.name(outer)) declared here")].compactMap { $0 }
                    context.report(declaration: SourceLocation(file: context.spec.file, mark: declared.mark), cause: event, message,
                                   controllers: [id, outer], notes: notes)
                    continue
                }
                let notes = [context.declarationNote(outer, "\(context.name(outer)) declared here"),
                             context.declarationNote(id, "\(context.name(id)) declared here")].compactMap { $0 }
                context.report(event, message, controllers: [id, outer], notes: notes)
            }
        }
    }

    /// Each container of one of `kinds` below a navigation controller in what `roots`, then `root`, contain (the last
    /// root first), with that navigation controller (`enclosingNavigation`), in the walk's order.
    ///
    /// Of `roots`, those that hold nothing (`holdsNothing`) are left out, so a list of them is no walk; `root` is
    /// walked as given.
    ///
    /// The roots are a list and one more rather than any collection: the walk runs in a closure, where a generic
    /// collection was iterated unspecialized (a run-time metadata lookup per element).
    ///
    /// What the linked controllers contain is a tree (the reducer refuses containment cycles) in which a tab shown
    /// by the More navigation controller is reached twice (its tab bar still lists it), so no controller is visited
    /// more than twice; the walk is bounded by that all the same. Its stack is a temporary buffer of table positions
    /// (four bytes each, so that it stays on the machine stack for hierarchies of up to about 60 controllers, where
    /// ids took it to the heap past 30), so a walk that finds nothing allocates nothing. A controller of neither kind
    /// that holds nothing is not pushed: what one rule's walk finds is found, in the same order, by a walk for both.
    private static func nestings(below roots: [ControllerID], andBelow root: ControllerID? = nil, kinds: Kinds,
                                 in state: HierarchyState) -> [Nesting] {
        var found: [Nesting] = []
        let table = state.controllers
        // Each controller pushes its children and its More controller: at most every controller twice, plus one.
        let capacity = roots.count + 1 + 4 * table.count + 2
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack in
            var top = 0
            for root in roots {
                let position = table.position(of: root)!
                // As for a child below: a listed controller that holds nothing is not pushed (most of what
                // `setViewControllers` lists), and a list of them is no walk.
                if table.childCount(at: position) == 0, table[position: position].more == nil,
                   !kinds.contains(table[position: position].kind) {
                    continue
                }
                stack.initializeElement(at: top, to: Int32(position))
                top += 1
            }
            if let root {
                stack.initializeElement(at: top, to: Int32(table.position(of: root)!))
                top += 1
            }
            guard top > 0 else { return }
            var budget = 2 * table.count
            // The states and children lists read in place, through the pointers `withContents` lends for the whole
            // walk: read per controller, each list and state was a closure, a bounds check and a retain of the table's
            // arrays.
            table.withContents { contents in
                while top > 0, budget > 0 {
                    top -= 1
                    let position = Int(stack[top])
                    budget -= 1
                    for child in contents.children(at: position) where top < capacity {
                        let childPosition = table.position(of: child)!
                        // A controller of another kind that holds nothing (most of them: the screens a container
                        // shows) has nothing to report at or below it: it is not pushed, to be popped for nothing.
                        if contents.childCount(at: childPosition) == 0, contents.states[childPosition].more == nil,
                           !kinds.contains(contents.states[childPosition].kind) {
                            continue
                        }
                        stack.initializeElement(at: top, to: Int32(childPosition))
                        top += 1
                    }
                    if let more = contents.states[position].more, top < capacity {
                        stack.initializeElement(at: top, to: Int32(table.position(of: more)!))
                        top += 1
                    }
                    let kind = contents.states[position].kind
                    guard kinds.contains(kind) else { continue }
                    let id = contents.states[position].id
                    if let outer = Self.enclosingNavigation(of: id, kind: kind, in: table, contents) {
                        found.append(Nesting(outer: outer, inner: id, kind: kind))
                    }
                }
            }
        }
        return found
    }

    /// Whether `id` is, or is inside, the root of `nav`'s stack (no back button leads out of it).
    static func isInRoot(_ id: ControllerID, of nav: ControllerID, in state: HierarchyState) -> Bool {
        guard let root = state.children(of: nav).first else { return false }
        return state.isSelfOrAncestor(root, of: id)
    }

    /// The nearest navigation controller above `id` (of `kind`) through parents, unless a tab bar controller sits
    /// between them (that tab bar is the finding) or `id` is a navigation controller's direct child (pushing one is
    /// `push_navigation_controller`, refused before it happens).
    ///
    /// The states are read in place, through the walk's `contents`: read through the state's subscript, each step
    /// copied a state out of the table's array and the bound on steps retained the list of ids (about 140 instructions
    /// a call, callgrind).
    private static func enclosingNavigation(of id: ControllerID, kind: Controller.Kind, in table: ControllerTable,
                                            _ contents: ControllerTable.Contents) -> ControllerID? {
        var current = id
        var steps = 0
        let count = contents.states.count
        while let ancestor = contents.states[table.position(of: current)!].parent, steps <= count {
            switch contents.states[table.position(of: ancestor)!].kind {
            case .navigation:
                return kind == .navigation && current == id ? nil : ancestor
            case .tabBar where kind == .navigation:
                return nil
            default:
                current = ancestor
                steps += 1
            }
        }
        return nil
    }
}

/// A container (`inner`, of `kind`) inside navigation controller `outer`'s stack, as a walk finds it.
private struct Nesting {
    let outer: ControllerID
    let inner: ControllerID
    let kind: Controller.Kind
}

/// The kinds of container an observer reports: one rule's kind twice, or each of two rules' kinds.
private struct Kinds {
    let first: Controller.Kind
    let second: Controller.Kind

    @inline(__always)
    func contains(_ kind: Controller.Kind) -> Bool { kind == first || kind == second }
}

/// The rules a `ContainersInNavigationObserver` reports for, and what its walks at the `makeKeyAndVisible` of kept
/// launches found (`ReplayedLaunch`), for the replays that launch again: shared by the copies of one observer, which
/// watch one spec's replays, one at a time (so no two accesses overlap, and the run time's exclusivity checks are
/// left out).
///
/// A replay told of a kept launch emits that launch's events as its first step, each after the same ones and from
/// equal states; a walk at one of them, known by its launch and its position in the replay (`Event.seq`), finds what
/// it found before.
private final class SharedWalks {
    /// A rule reported for: its kind of container, its messages and its context.
    struct Reporter {
        let rule: any ContainerInNavigationRule.Type
        let kind: Controller.Kind
        let context: RuleContext
    }

    /// The rules, in the order their findings are reported.
    let reporters: [Reporter]
    /// The kinds of container the rules report.
    let kinds: Kinds
    /// The launch the replay under way replays as its first step (`ReplayObserver.replayWillBegin(replaying:)`).
    @exclusivity(unchecked) var current: ReplayedLaunch?
    /// Each walk made at a kept launch: the launch, the event's position, and what the walk found.
    @exclusivity(unchecked) private var walks: [(launch: ReplayedLaunch, seq: Int, found: [Nesting])] = []

    init(reporters rules: [(rule: any ContainerInNavigationRule.Type, context: RuleContext)]) {
        reporters = rules.map { Reporter(rule: $0.rule, kind: $0.rule.kind, context: $0.context) }
        kinds = Kinds(first: reporters[0].kind, second: reporters[reporters.count - 1].kind)
    }

    /// What the walk at `event` (a `makeKeyAndVisible`) found before, when `event` is a kept launch's and one was made
    /// there.
    func found(at event: Event) -> [Nesting]? {
        guard event.step == 1, let current else { return nil }
        return walks.first { $0.launch === current && $0.seq == event.seq }?.found
    }

    /// Remembers `found`, what the walk at `event` found, when `event` is a kept launch's.
    func remember(_ found: [Nesting], at event: Event) {
        guard event.step == 1, event.name == .makeKeyAndVisible, let current else { return }
        walks.append((current, event.seq, found))
    }
}
