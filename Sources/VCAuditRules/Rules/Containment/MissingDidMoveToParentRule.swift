import VCAuditReplay
import VCAuditSpec

/// `missing_did_move_to_parent`: `addChild` with no `didMove(toParent:)` by the end of the step or transition.
struct MissingDidMoveToParentRule: Rule {
    static let description = RuleDescription(
        identifier: "missing_did_move_to_parent",
        name: "Missing didMove(toParent:)",
        description: """
            `addChild(_:)` calls the child's `willMove(toParent:)` itself but never `didMove(toParent:)`: the \
            container must call it once the child's view is in place, in the same code path. Without it the \
            child's `didMove(toParent:)` override never runs. Write an addition as a transition (`perform:`) so \
            that `addChild`, `addSubview` and `didMove` happen in one step.
            """,
        category: .containment,
        severity: .warning,
        uikitMessage: """
            Documented: "If you are implementing your own container view controller, it must call the \
            didMove(toParent:) method of the child view controller after the transition to the new controller is \
            complete" (addChild(_:) calls willMove(toParent:) only).
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController }
                  green: { class: ColorViewController }
                window: palette
                transitions:
                  showGreen:
                    calls:
                      - ↓addChild: { parent: palette, child: green }
                      - addSubview: { view: green, to: palette }
                scenarios:
                  - name: Show green
                    steps:
                      - launch
                      - perform: showGreen
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController }
                  green: { class: ColorViewController }
                window: palette
                scenarios:
                  - name: An addition spread over three steps
                    steps:
                      - launch
                      - ↓addChild: { parent: palette, child: green }
                      - addSubview: { view: green, to: palette }
                      - didMove: { child: green, parent: palette }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController }
                  green: { class: ColorViewController }
                window: palette
                transitions:
                  showGreen:
                    calls:
                      - addChild: { parent: palette, child: green }
                      - addSubview: { view: green, to: palette }
                      - didMove: { child: green, parent: palette }
                scenarios:
                  - name: Show green
                    steps:
                      - launch
                      - perform: showGreen
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.addChild, .didMoveToParent] }
        static var callbacks: ObserverCallbacks { [.didApply, .stepDidEnd] }
        /// What a step's end settles is what the step passed it.
        static var settlesOnlyWhatItSaw: Bool { true }
        /// Children added in the current step that have not been told `didMove(toParent:)`, with the `addChild` event.
        var pending: [(child: ControllerID, parent: ControllerID, event: Event)] = []

        /// A child added, or one added that is told `didMove(toParent:)`.
        func acts(after event: Event, state: HierarchyState) -> Bool {
            switch event.name {
            case .addChild:
                return event.vc != nil && event.child != nil
            case .didMoveToParent:
                guard let child = event.vc, let parent = event.parent else { return false }
                return pending.contains { $0.child == child && $0.parent == parent }
            default:
                return false
            }
        }

        /// Most steps add no child: their end has nothing to look at.
        var isIdle: Bool { pending.isEmpty }

        /// Most events it gets are a `didMove(toParent:)` (a push, a pop, a containment change) with no child pending:
        /// they return here, in a function too small to save registers. With the work inlined, each paid for the whole
        /// function's prologue and epilogue first (callgrind).
        mutating func didApply(_ event: Event, state: HierarchyState) {
            if event.name == .addChild {
                childAdded(by: event)
            } else if !pending.isEmpty, event.name == .didMoveToParent {
                childMoved(by: event)
            }
        }

        /// Keeps the child `event` added until it is told `didMove(toParent:)`.
        ///
        /// In a call of its own, the only place that copies the event: inlined into `didApply`, the event was copied
        /// at its start for every event it got (a `memcpy` of the whole event).
        @inline(never)
        private mutating func childAdded(by event: Event) {
            guard let parent = event.vc, let child = event.child else { return }
            pending.removeAll { $0.child == child }
            pending.append((child, parent, event))
        }

        /// Forgets the child `event` tells `didMove(toParent:)`, if it is pending.
        @inline(never)
        private mutating func childMoved(by event: Event) {
            guard let child = event.vc, let parent = event.parent else { return }
            pending.removeAll { $0.child == child && $0.parent == parent }
        }

        mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
            // Most steps add no child: they end here, without touching the list.
            guard !isIdle else { return }
            defer { pending.removeAll(keepingCapacity: true) }
            guard !state.isTerminated else { return }
            for (child, parent, event) in pending where state.contains(child) && state[child].parent == parent {
                let c = context.name(child)
                let p = context.name(parent)
                let scope = event.transition.map { "transition '\($0)'" } ?? "step"
                context.report(event, """
                    \(p).addChild(\(c)) is not followed by \(c).didMove(toParent: \(p)) by the end of the \(scope). \
                    UIKit calls willMove(toParent:) for you but never didMove(toParent:), so \(c)'s didMove(toParent:) \
                    override never runs. Call \(c).didMove(toParent: \(p)) once its view is in place.
                    """, controllers: [child, parent])
            }
        }
    }
}
