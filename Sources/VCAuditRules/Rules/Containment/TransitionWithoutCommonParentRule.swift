import VCAuditReplay

/// `transition_without_common_parent`: `transition(from:to:)` whose controllers are not both children of the receiver.
struct TransitionWithoutCommonParentRule: Rule {
    static let description = RuleDescription(
        identifier: "transition_without_common_parent",
        name: "Transition without common parent",
        description: """
            `transition(from:to:duration:options:animations:completion:)` requires both controllers to be children \
            of the receiver when it is called. Calling it before `addChild(to)` (or after `from` was removed) makes \
            UIKit raise NSInvalidArgumentException.
            """,
        category: .containment,
        severity: .error,
        uikitMessage: """
            Children view controllers <A> and <B> must have a common parent view controller when calling \
            -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]
            """,
        triggeringExamples: [
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
                      - ↓transition: { parent: palette, from: red, to: blue }
                      - removeFromParent: red
                      - addChild: { parent: palette, child: blue }
                      - didMove: { child: blue, parent: palette }
                scenarios:
                  - name: Fade to blue
                    steps:
                      - launch
                      - perform: fadeToBlue
                """),
        ],
        nonTriggeringExamples: [
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
                      - removeFromParent: red
                      - didMove: { child: blue, parent: palette }
                scenarios:
                  - name: Fade to blue
                    steps:
                      - launch
                      - perform: fadeToBlue
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.transitionWithoutCommonParent]) { event, state, context in
            guard let parent = event.vc, let from = event.from, let to = event.to else { return nil }
            let outsiders = [from, to].filter { state[$0].parent != parent }
            let p = context.name(parent)
            let names = outsiders.map { context.name($0) }.joined(separator: " and ")
            let verb = outsiders.count == 1 ? "is not a child" : "are not children"
            return .init(message: event.uikitMessage(or: "Children view controllers \(context.name(from)) and \(context.name(to)) must have a common parent view controller") + """
                 \(names) \(verb) of \(p) at this call, so UIKit raises NSInvalidArgumentException. Call \
                \(p).addChild(_:) for the incoming controller before transition(from:to:), and remove the outgoing \
                one only in its completion.
                """, controllers: outsiders + [from, to, parent])
        }
    }
}
