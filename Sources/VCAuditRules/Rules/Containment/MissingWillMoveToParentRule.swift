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
        ///
        /// Children a container takes out (a pop, no `removeFromParent`) are announced and stay so until they get a
        /// parent again: a dozen on average in the long scenarios, which a list searched at every
        /// `willMove(toParent:)` walked (483 k comparisons on `--specs 40`).
        var announced = ReplayControllerSet()

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

        /// A `willMove(toParent:)`, nearly every event it gets, updates the set here; a removal, with the report it may
        /// make, is checked in a call of its own: inlined, it made every call save the registers it needs (callgrind).
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
                childRemoved(by: event, state: state)
            default:
                break
            }
        }

        /// Reports the app's own `removeFromParent()` of a child it did not announce, and forgets the child.
        @inline(never)
        private mutating func childRemoved(by event: Event, state: HierarchyState) {
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
        }
    }
}
