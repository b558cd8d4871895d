import VCAuditReplay

/// `containment_cycle`: a controller made a child of itself or of its descendant.
struct ContainmentCycleRule: Rule {
    static let description = RuleDescription(
        identifier: "containment_cycle",
        name: "Containment cycle",
        description: """
            `addChild` would make a controller a child of itself or of one of its own descendants. UIKit refuses \
            (a view cannot be its own ancestor) and the app crashes. Cycles in the declared `children:` are input \
            errors; this rule catches the ones the calls create.
            """,
        category: .containment,
        severity: .error,
        uikitMessage: "Documented: a view controller cannot be added as a child of itself or of its descendants (NSInvalidArgumentException).",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  outer: { kind: container, class: OuterViewController, children: [inner] }
                  inner: { kind: container, class: InnerViewController }
                window: outer
                transitions:
                  nestOuter:
                    calls:
                      - ↓addChild: { parent: inner, child: outer }
                      - didMove: { child: outer, parent: inner }
                scenarios:
                  - name: The inner container adopts its own parent
                    steps:
                      - launch
                      - perform: nestOuter
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  outer: { kind: container, class: OuterViewController }
                window: outer
                scenarios:
                  - name: A container adds itself
                    steps:
                      - launch
                      - ↓addChild: { parent: outer, child: outer }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  outer: { kind: container, class: OuterViewController, children: [inner] }
                  inner: { kind: container, class: InnerViewController }
                  leaf: { class: LeafViewController }
                window: outer
                transitions:
                  addLeaf:
                    calls:
                      - addChild: { parent: inner, child: leaf }
                      - addSubview: { view: leaf, to: inner }
                      - didMove: { child: leaf, parent: inner }
                scenarios:
                  - name: The inner container adds a leaf
                    steps:
                      - launch
                      - perform: addLeaf
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.containmentCycle]) { event, state, context in
            guard let parent = event.vc, let child = event.child else { return nil }
            let c = context.name(child)
            let p = context.name(parent)
            let relation = child == parent ? "itself" : "its own descendant \(p)"
            let detach = child == parent ? "" : ", or detach \(c) from the chain above \(p) first"
            return .init(message: """
                \(c) cannot become a child of \(relation): UIKit raises an exception and the app crashes. Add a \
                different controller instance\(detach).
                """, controllers: [child, parent])
        }
    }
}
