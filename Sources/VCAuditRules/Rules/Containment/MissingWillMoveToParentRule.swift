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
    /// the same positions), so a bit answers at once. A controller the table does not hold (a call naming one never
    /// made) is kept in `unplaced`, nearly always empty.
    struct AnnouncedChildren {
        private var words: [UInt64] = []
        private var unplaced: [ControllerID] = []

        @inline(__always)
        func contains(_ child: ControllerID, in state: HierarchyState) -> Bool {
            // Nothing announced (most of the time in short scenarios): no lookup.
            if words.isEmpty, unplaced.isEmpty { return false }
            guard let position = state.controllers.position(of: child) else { return unplaced.contains(child) }
            let word = position >> 6
            if word < words.count, words[word] & (1 << UInt64(position & 63)) != 0 { return true }
            return !unplaced.isEmpty && unplaced.contains(child)
        }

        mutating func insert(_ child: ControllerID, in state: HierarchyState) {
            guard let position = state.controllers.position(of: child) else {
                if !unplaced.contains(child) { unplaced.append(child) }
                return
            }
            let word = position >> 6
            while word >= words.count { words.append(0) }
            words[word] |= 1 << UInt64(position & 63)
        }

        mutating func remove(_ child: ControllerID, in state: HierarchyState) {
            if let position = state.controllers.position(of: child), position >> 6 < words.count {
                words[position >> 6] &= ~(1 << UInt64(position & 63))
                // No zero word at the end, so that an empty set has no words (`contains`); the capacity stays.
                while words.last == 0 { words.removeLast() }
            }
            if !unplaced.isEmpty, let index = unplaced.firstIndex(of: child) { unplaced.remove(at: index) }
        }
    }
}
