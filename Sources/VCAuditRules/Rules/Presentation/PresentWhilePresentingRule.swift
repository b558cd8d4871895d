import VCAuditReplay

/// `present_while_presenting`: presenting from a controller that is already presenting.
struct PresentWhilePresentingRule: Rule {
    static let description = RuleDescription(
        identifier: "present_while_presenting",
        name: "Present while presenting",
        description: """
            `present(_:animated:)` is called when the controller UIKit presents from already presents another \
            controller. UIKit logs a warning and drops the new presentation: the alert or prompt never shows. \
            Present from the controller on top, or queue the presentation until the other one is dismissed.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: "[Presentation] Attempt to present <A> on <B> (from <C>) which is already presenting <D>.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  signIn: { class: SignInViewController, modalPresentationStyle: pageSheet }
                  rating: { class: RatingPromptViewController, modalPresentationStyle: overFullScreen }
                window: home
                transitions:
                  askToSignIn:              # SessionManager.sessionDidExpire()
                    calls:
                      - present: { vc: signIn, from: home }
                  askForRating:             # RatingManager.applicationDidBecomeActive()
                    calls:
                      - ↓present: { vc: rating, from: home }
                scenarios:
                  - name: Rating prompt while the sign-in sheet is up
                    steps:
                      - launch
                      - perform: askToSignIn
                      - perform: askForRating
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  signIn: { class: SignInViewController, modalPresentationStyle: pageSheet }
                  rating: { class: RatingPromptViewController, modalPresentationStyle: overFullScreen }
                window: home
                scenarios:
                  - name: The prompt is presented from the sheet on top
                    steps:
                      - launch
                      - present: { vc: signIn, from: home }
                      - present: { vc: rating, from: signIn }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.alreadyPresenting]) { event, state, context in
            guard let vc = event.vc, let presenter = event.presenter, let current = event.presented else { return nil }
            let source = event.source ?? presenter
            let top = state.presentationChain(above: presenter).last ?? current
            let a = context.name(vc)
            let b = context.name(presenter)
            let d = context.name(current)
            return .init(message: event.uikitMessage(or: "Attempt to present \(a) on \(b) (from \(context.name(source))) which is already presenting \(d)") + """
                 UIKit logs this and drops the presentation: \(a) never shows. Present it from the controller on \
                top (\(context.name(top))), or wait until \(d) is dismissed (present in the dismissal's completion).
                """, controllers: [vc, presenter, source, current])
        }
    }
}
