import VCAuditReplay
import VCAuditSpec

/// `missing_will_move_to_parent`: `removeFromParent` without a preceding `willMove(toParent: nil)`.
struct MissingWillMoveToParentRule: Rule {
    static let description = RuleDescription(
        identifier: "missing_will_move_to_parent",
        name: "Missing willMove(toParent: nil)",
        description: """
            `removeFromParent()` calls the child's `didMove(toParent: nil)` itself but never \
            `willMove(toParent: nil)`: the container must call it first. Without it the child's \
            `willMove(toParent:)` override (where it stops timers, saves state) never runs. The call may be in an \
            earlier step.
            """,
        category: .containment,
        severity: .warning,
        uikitMessage: """
            Documented: "If you are implementing your own container view controller, it must call the \
            willMove(toParent:) method of the child view controller before calling the removeFromParent() method, \
            passing in a parent value of nil."
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController, children: [red] }
                  red: { class: ColorViewController }
                window: palette
                transitions:
                  hideRed:
                    calls:
                      - removeFromSuperview: red
                      - ↓removeFromParent: red
                scenarios:
                  - name: Hide red
                    steps:
                      - launch
                      - perform: hideRed
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController, children: [red] }
                  red: { class: ColorViewController }
                window: palette
                transitions:
                  hideRed:
                    calls:
                      - willMove: { child: red, parent: null }
                      - removeFromSuperview: red
                      - removeFromParent: red
                scenarios:
                  - name: Hide red
                    steps:
                      - launch
                      - perform: hideRed
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController, children: [red] }
                  red: { class: ColorViewController }
                window: palette
                scenarios:
                  - name: A removal spread over three steps
                    steps:
                      - launch
                      - willMove: { child: red, parent: null }
                      - removeFromSuperview: red
                      - removeFromParent: red
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.willMoveToParent, .removeFromParent] }
        static var callbacks: ObserverCallbacks { .willApply }
        /// The children told `willMove(toParent: nil)` and not yet removed or given a parent again.
        var announced = AnnouncedChildren()

        /// A child announced for the first time, one announced that gets a parent again, or a removal.
        func acts(before event: Event, state: HierarchyState) -> Bool {
            switch event.name {
            case .willMoveToParent:
                guard let child = event.vc else { return false }
                return announced.contains(child, in: state) == (event.parent != nil)
            case .removeFromParent:
                return event.vc != nil && event.parent != nil
            default:
                return false
            }
        }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            switch event.name {
            case .willMoveToParent:
                guard let child = event.vc else { return }
                if event.parent == nil {
                    announced.insert(child, in: state)
                } else {
                    announced.remove(child, in: state)
                }
            case .removeFromParent:
                guard let child = event.vc, let parent = event.parent else { return }
                defer { announced.remove(child, in: state) }
                // Only the app's own call: UIKit's internal removals (addChild moving a child) are not this rule.
                // Whether it was announced first: finding the call that caused the event walks the step.
                guard !announced.contains(child, in: state), case .removeFromParent? = context.call(for: event)?.action else { return }
                let c = context.name(child)
                context.report(event, """
                    \(c).removeFromParent() is not preceded by \(c).willMove(toParent: nil). UIKit calls \
                    didMove(toParent: nil) for you but not willMove(toParent:), so \(c)'s willMove(toParent:) override \
                    never runs. Call \(c).willMove(toParent: nil) before removing it from \(context.name(parent)).
                    """, controllers: [child, parent])
            default:
                break
            }
        }
    }

    /// A set of controllers, kept as one bit per position in the replay's controller table.
    ///
    /// Children a container takes out (a pop, no `removeFromParent`) are announced and stay so until they get a
    /// parent again: a dozen on average in the long scenarios, which a list searched at every
    /// `willMove(toParent:)` walked (483 k comparisons on `--specs 40`). A table position is found in one probe and
    /// stays the controller's for the replay (controllers are never removed from a table, and the same events give
    /// the same positions), so a bit answers at once.
    ///
    /// The bits are one stored word, for the first 64 positions; the controllers past them, and any the table does
    /// not hold (a call naming one never made), are kept in `others`, nearly always empty. Each replay starts from
    /// the template observer's empty set, and a list of words was allocated again at the first announcement of each
    /// replay (about 1,440 allocations a pass on the 1 MB corpus), where most tables hold fewer than 64 controllers.
    /// The observer stays three words, held in its existential without a box of its own.
    struct AnnouncedChildren {
        /// The bits of positions 0 to 63.
        private var firstPositions: UInt64 = 0
        /// The controllers at positions from 64 on, or not in the table, in the order they were announced.
        private var others: [ControllerID] = []

        @inline(__always)
        func contains(_ child: ControllerID, in state: HierarchyState) -> Bool {
            // Nothing announced (most of the time in short scenarios): no lookup.
            if firstPositions == 0, others.isEmpty { return false }
            if let position = state.controllers.position(of: child), position < 64,
               firstPositions & (1 << UInt64(position)) != 0 {
                return true
            }
            // One announced before the table held it may be here whatever its position now.
            return !others.isEmpty && others.contains(child)
        }

        mutating func insert(_ child: ControllerID, in state: HierarchyState) {
            if let position = state.controllers.position(of: child), position < 64 {
                firstPositions |= 1 << UInt64(position)
            } else if !others.contains(child) {
                others.append(child)
            }
        }

        mutating func remove(_ child: ControllerID, in state: HierarchyState) {
            if let position = state.controllers.position(of: child), position < 64 {
                firstPositions &= ~(1 << UInt64(position))
            }
            if !others.isEmpty, let index = others.firstIndex(of: child) { others.remove(at: index) }
        }
    }
}
