import VCAuditReplay
import VCAuditSpec

/// `view_left_after_removal`: `removeFromParent` while the child's view stays in the old parent's view tree.
struct ViewLeftAfterRemovalRule: Rule {
    static let description = RuleDescription(
        identifier: "view_left_after_removal",
        name: "View left after removal",
        description: """
            `removeFromParent()` is called while the child's root view is still in the old parent's view tree at \
            the end of the step or transition (animations included, so the completion of `transition(from:to:)` \
            may remove it). The view now belongs to a controller that is not its parent: UIKit raises \
            UIViewControllerHierarchyInconsistency when it next reconciles the hierarchy.
            """,
        category: .containment,
        severity: .error,
        uikitMessage: """
            child view controller:<C> should have parent view controller:(null) but actual parent is:<P> \
            (UIViewControllerHierarchyInconsistency)
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController, children: [red] }
                  red: { class: ColorViewController }
                window: palette
                transitions:
                  removeRed:
                    calls:
                      - willMove: { child: red, parent: null }
                      - ↓removeFromParent: red
                scenarios:
                  - name: Remove red
                    steps:
                      - launch
                      - perform: removeRed
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
                  removeRed:
                    calls:
                      - willMove: { child: red, parent: null }
                      - removeFromSuperview: red
                      - removeFromParent: red
                scenarios:
                  - name: Remove red
                    steps:
                      - launch
                      - perform: removeRed
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  palette: { kind: container, class: PaletteViewController, children: [red] }
                  red: { class: ColorViewController }
                  blue: { class: ColorViewController }
                window: palette
                transitions:
                  fadeToBlue:
                    calls:
                      - willMove: { child: red, parent: null }
                      - addChild: { parent: palette, child: blue }
                      - transition: { parent: palette, from: red, to: blue }
                      - removeFromParent: red       # the animation's completion removes red's view
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
        static var observedEvents: Set<EventName> { [.removeFromParent] }
        static var callbacks: ObserverCallbacks { [.willApply, .stepDidEnd] }
        /// What a step's end settles is what the step passed it.
        static var settlesOnlyWhatItSaw: Bool { true }
        /// Removals in the current step: the child, its old parent and the event.
        var removals: [(child: ControllerID, parent: ControllerID, event: Event)] = []

        /// A removal.
        func acts(before event: Event, state: HierarchyState) -> Bool {
            event.name == .removeFromParent && event.vc != nil && event.parent != nil
        }

        /// Most steps remove nothing: their end has nothing to look at.
        var isIdle: Bool { removals.isEmpty }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard acts(before: event, state: state), let child = event.vc, let parent = event.parent else { return }
            removals.append((child, parent, event))
        }

        mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
            // Most steps remove nothing: they end here, without touching the list.
            guard !isIdle else { return }
            defer { removals.removeAll(keepingCapacity: true) }
            guard !state.isTerminated else { return }
            var reported: Set<ControllerID> = []
            for (child, parent, event) in removals
            where state.contains(child) && state[child].parent != parent && state.isView(child, under: parent) && reported.insert(child).inserted {
                let c = context.name(child)
                let owner = context.name(state.viewOwner(of: child) ?? parent)
                let now = state[child].parent.map { context.name($0) } ?? "(null)"
                context.report(event, """
                    child view controller:\(c) should have parent view controller:\(now) but actual parent is:\(owner). \
                    \(c).removeFromParent() left \(c)'s view in \(context.name(parent))'s view tree, so UIKit raises \
                    UIViewControllerHierarchyInconsistency when it next reconciles the hierarchy. Remove the view first: \
                    \(c).willMove(toParent: nil), \(c).view.removeFromSuperview(), then \(c).removeFromParent().
                    """, controllers: [child, parent])
            }
        }
    }
}
