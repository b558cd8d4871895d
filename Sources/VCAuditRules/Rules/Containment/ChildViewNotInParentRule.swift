import VCAuditReplay
import VCAuditSpec

/// `child_view_not_in_parent`: a child whose view never enters its parent's view tree.
struct ChildViewNotInParentRule: Rule {
    static let description = RuleDescription(
        identifier: "child_view_not_in_parent",
        name: "Child view not in parent",
        description: """
            A controller added with `addChild` whose root view never enters its parent's view tree, by the end of \
            the scenario or before it is removed. A container must add the child's view itself (`addSubview`, or \
            `transition(from:to:)`); until it does, the child is not shown and gets no appearance callbacks.
            """,
        category: .containment,
        severity: .warning,
        uikitMessage: """
            Documented: a container adds the child's root view to its own view hierarchy between addChild(_:) and \
            didMove(toParent:) ("Adding a Child View Controller to Your Content").
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  player: { kind: container, class: PlayerViewController }
                  controls: { class: PlaybackControlsViewController }
                window: player
                transitions:
                  addControls:
                    calls:
                      - ↓addChild: { parent: player, child: controls }
                      - didMove: { child: controls, parent: player }
                scenarios:
                  - name: Player shows its controls
                    steps:
                      - launch
                      - perform: addControls
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  player: { kind: container, class: PlayerViewController }
                  controls: { class: PlaybackControlsViewController }
                window: player
                transitions:
                  addControls:
                    calls:
                      - addChild: { parent: player, child: controls }
                      - addSubview: { view: controls, to: player }
                      - didMove: { child: controls, parent: player }
                scenarios:
                  - name: Player shows its controls
                    steps:
                      - launch
                      - perform: addControls
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController, children: [red] }
                  red: { class: ColorViewController }
                  blue: { class: ColorViewController }
                window: palette
                transitions:
                  fadeToBlue:               # transition(from:to:) adds blue's view itself
                    calls:
                      - willMove: { child: red, parent: null }
                      - addChild: { parent: palette, child: blue }
                      - transition: { parent: palette, from: red, to: blue }
                      - removeFromParent: red
                      - didMove: { child: blue, parent: palette }
                scenarios:
                  - name: Fade to blue
                    steps:
                      - launch
                      - perform: fadeToBlue
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> {
            [.addChild, .addSubview, .removeFromSuperview, .removeFromParent, .transitionFromViewController, .setViewControllers,
             .pushViewController, .popViewController, .popToViewController, .popToRootViewController, .setRootViewController,
             .relaunch]
        }
        static var callbacks: ObserverCallbacks { [.didApply, .replayDidFinish] }
        /// Children added whose view has not yet entered the parent's view tree, with the `addChild` event.
        var waiting: [(child: ControllerID, parent: ControllerID, event: Event)] = []

        /// A child added, or any change while children wait.
        func acts(after event: Event, state: HierarchyState) -> Bool {
            (event.name == .addChild && event.vc != nil && event.child != nil) || (!waiting.isEmpty && event.name != .exception)
        }

        /// No child waits: the end of the replay has none to report.
        var isIdle: Bool { waiting.isEmpty }

        /// Most events come while no child waits, and add none: they return here, in a function too small to save
        /// registers. With the work inlined, every call paid for its prologue and epilogue first, about 18
        /// instructions of the 26 each event cost (callgrind).
        mutating func didApply(_ event: Event, state: HierarchyState) {
            if event.name == .addChild {
                childAdded(by: event, state: state)
            } else if !waiting.isEmpty, event.name != .exception {
                settleWaiting(in: state)
            }
        }

        /// Keeps the child `event` added until its view is under its parent's.
        @inline(never)
        private mutating func childAdded(by event: Event, state: HierarchyState) {
            guard let parent = event.vc, let child = event.child else { return }
            if !waiting.isEmpty { waiting.removeAll { $0.child == child } }
            if !state.isView(child, under: parent) { waiting.append((child, parent, event)) }
        }

        /// Reports the waiting children that left their parent, and drops those whose view is now in place.
        @inline(never)
        private mutating func settleWaiting(in state: HierarchyState) {
            // The entries that still wait are moved to the front, in order, and the others dropped, in the list's own
            // storage: a new list for each event allocated, and copied (retained) the event of every entry kept.
            var kept = 0
            for index in waiting.indices {
                let (child, parent) = (waiting[index].child, waiting[index].parent)
                if !state.contains(child) || state[child].parent != parent {
                    report(waiting[index])
                } else if !state.isView(child, under: parent) {
                    if kept != index { waiting.swapAt(kept, index) }
                    kept += 1
                }
            }
            waiting.removeLast(waiting.count - kept)
        }

        mutating func replayDidFinish(state: HierarchyState) {
            guard !state.isTerminated else { return }
            for entry in waiting where state.contains(entry.child) && state[entry.child].parent == entry.parent { report(entry) }
        }

        func report(_ entry: (child: ControllerID, parent: ControllerID, event: Event)) {
            let c = context.name(entry.child)
            let p = context.name(entry.parent)
            context.report(entry.event, """
                \(c) was added as a child of \(p), but its view never entered \(p)'s view tree: it is not shown and \
                gets no appearance callbacks. Add \(c)'s view to \(p)'s view (addSubview) between addChild and \
                didMove(toParent:), or let transition(from:to:) add it.
                """, controllers: [entry.child, entry.parent])
        }
    }
}
