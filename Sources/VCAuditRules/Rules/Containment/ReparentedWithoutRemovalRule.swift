import VCAuditReplay

/// `reparented_without_removal`: `addChild` of a controller whose view still belongs to another parent.
struct ReparentedWithoutRemovalRule: Rule {
    static let description = RuleDescription(
        identifier: "reparented_without_removal",
        name: "Reparented without removal",
        description: """
            A controller is made the child of a new parent (`addChild`, a push, `setViewControllers`, \
            `showDetail`) while it is still the child of another whose view holds its view. UIKit raises \
            UIViewControllerHierarchyInconsistency and the app crashes. Remove it from the old parent first, or \
            use a second instance.
            """,
        category: .containment,
        severity: .error,
        uikitMessage: """
            child view controller:<C> should have parent view controller:<P> but requested parent is:<Q> \
            (UIViewControllerHierarchyInconsistency)
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  compare: { kind: container, class: CompareViewController, children: [left, right] }
                  left: { kind: container, class: PaneViewController, children: [swatch] }
                  right: { kind: container, class: PaneViewController }
                  swatch: { class: SwatchViewController }
                window: compare
                transitions:
                  moveSwatchRight:
                    calls:
                      - ↓addChild: { parent: right, child: swatch }
                      - addSubview: { view: swatch, to: right }
                      - didMove: { child: swatch, parent: right }
                scenarios:
                  - name: Move the swatch to the right pane
                    steps:
                      - launch
                      - perform: moveSwatchRight
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  compare: { kind: container, class: CompareViewController, children: [left, right] }
                  left: { kind: container, class: PaneViewController, children: [swatch] }
                  right: { kind: container, class: PaneViewController }
                  swatch: { class: SwatchViewController }
                window: compare
                transitions:
                  moveSwatchRight:
                    calls:
                      - willMove: { child: swatch, parent: null }
                      - removeFromSuperview: swatch
                      - removeFromParent: swatch
                      - addChild: { parent: right, child: swatch }
                      - addSubview: { view: swatch, to: right }
                      - didMove: { child: swatch, parent: right }
                scenarios:
                  - name: Move the swatch to the right pane
                    steps:
                      - launch
                      - perform: moveSwatchRight
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.reparentedWithoutRemoval]) { event, state, context in
            guard let child = event.vc else { return nil }
            let c = context.name(child)
            let old = event.parent ?? state[child].parent
            let oldName = old.map { context.name($0) } ?? "(null)"
            let new = event.to.map { context.name($0) } ?? "the new parent"
            return .init(message: event.uikitMessage(or: "child view controller:\(c) should have parent view controller:\(oldName) but requested parent is:\(new)") + """
                 \(c) still belongs to \(oldName), whose view holds its view, so UIKit raises \
                UIViewControllerHierarchyInconsistency. Remove it first (willMove(toParent: nil), \
                view.removeFromSuperview(), removeFromParent()), or use a second instance.
                """, controllers: [child] + [old, event.to].compactMap { $0 })
        }
    }
}
