import VCAuditReplay
import VCAuditSupport

/// `transition_in_progress`: present, dismiss, push or pop while another animated transition is in flight.
struct TransitionInProgressRule: Rule {
    static let description = RuleDescription(
        identifier: "transition_in_progress",
        name: "Transition in progress",
        description: """
            A presentation, dismissal, push or pop is started while an animated one has not finished (in the same \
            run-loop turn: a double tap, a deep link during a push, a completion handler that fires early, or two \
            calls in one method). UIKit drops a present or dismiss with a warning (an overlay that never goes \
            away); a nested push or pop corrupts the navigation bar and can crash with "Can't add self as \
            subview". Wait for the transition to finish (its completion, or the transition coordinator). An \
            animated page turn while the previous one runs crashes ("Duplicate states in queue"): that finding is \
            an error.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: """
            Attempt to present <A> on <B> (from <C>) while a presentation is in progress. / Attempt to dismiss from \
            view controller <X> while a presentation or dismiss is in progress! / nested push animation can result \
            in corrupted navigation bar / Duplicate states in queue
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  shopNav: { kind: navigation, root: catalog }
                  catalog: { class: CatalogViewController }
                  product: { class: ProductViewController }
                  cart: { class: CartViewController }
                window: shopNav
                transitions:
                  openProduct: { segue: show, from: catalog, to: product }
                  openCartFromLink:         # SceneDelegate, for shop://cart
                    calls:
                      - ↓push: { nav: shopNav, vc: cart }
                scenarios:
                  - name: A universal link arrives during a push
                    steps:
                      - launch
                      - simultaneously:
                          - perform: openProduct
                          - perform: openCartFromLink
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  checkoutNav: { kind: navigation, root: checkout }
                  checkout: { class: CheckoutViewController }
                  loading: { class: LoadingOverlayViewController, modalPresentationStyle: overFullScreen }
                window: checkoutNav
                scenarios:
                  - name: The payment completes before the overlay appeared
                    steps:
                      - launch
                      - simultaneously:
                          - present: { vc: loading, from: checkout }
                          - ↓dismiss: loading
                """),
            // A fast double tap on an onboarding pager's "Next": the second animated turn crashes (an error).
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  onboarding: { kind: page, class: OnboardingViewController, children: [welcome] }
                  welcome: { class: WelcomeViewController }
                  permissions: { class: PermissionsViewController }
                  done: { class: DoneViewController }
                window: onboarding
                scenarios:
                  - name: Next tapped twice
                    steps:
                      - launch
                      - simultaneously:
                          - setViewControllers: { of: onboarding, vcs: [permissions] }
                          - ↓setViewControllers: { of: onboarding, vcs: [done] }
                """),
            // A segue makes a new post each time: a double tap is a nested push of two posts (docs/uikit-semantics.md).
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  feedNav: { kind: navigation, root: feed }
                  feed: { class: FeedViewController }
                  post: { class: PostViewController }
                window: feedNav
                transitions:
                  openPost: ↓{ segue: show, from: feed, to: post }
                scenarios:
                  - name: Double tap on a post
                    steps:
                      - launch
                      - simultaneously:
                          - perform: openPost
                          - perform: openPost
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  shopNav: { kind: navigation, root: catalog }
                  catalog: { class: CatalogViewController }
                  product: { class: ProductViewController }
                  cart: { class: CartViewController }
                window: shopNav
                scenarios:
                  - name: One push after the other
                    steps:
                      - launch
                      - push: { nav: shopNav, vc: product }
                      - push: { nav: shopNav, vc: cart }
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  shopNav: { kind: navigation, root: catalog }
                  catalog: { class: CatalogViewController }
                  product: { class: ProductViewController }
                  cart: { class: CartViewController }
                window: shopNav
                transitions:
                  restoreCart:              # builds the stack without animation, then pushes
                    calls:
                      - push: { nav: shopNav, vc: product, animated: false }
                      - push: { nav: shopNav, vc: cart }
                scenarios:
                  - name: Restore the cart
                    steps:
                      - launch
                      - perform: restoreCart
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.presentationInProgress, .dismissInProgress, .nestedNavigationAnimation,
                                                .pageTransitionInProgress], describeEvent: { event, context in
            guard let vc = event.vc else { return nil }
            // Each message is written piece by piece into the one string it becomes (`TextWriter`): interpolated, its
            // string grew again for each name, and it was copied again to follow UIKit's message.
            switch event.reason {
            case .pageTransitionInProgress:
                let pager = context.name(vc)
                let pages = (event.vcs ?? []).map { context.name($0) }
                let uikitMessage = event.uikitMessage(or: "Duplicate states in queue")
                return .init(message: TextWriter.text { message in
                    message.write(uikitMessage)
                    message.write(" ")
                    message.write(pager)
                    message.write(" is asked to turn to ")
                    for (index, page) in pages.enumerated() {
                        if index > 0 { message.write(", ") }
                        message.write(page)
                    }
                    message.write("""
                         with animation while its previous animated page turn is still running: UIPageViewController's \
                        queue asserts and the app crashes. Turn the page in the completion of the previous \
                        setViewControllers(_:direction:animated:completion:), ignore taps while a turn runs, or turn \
                        without animation.
                        """)
                }, controllers: [vc] + (event.vcs ?? []), minimumSeverity: .error)
            case .presentationInProgress:
                let a = context.name(vc)
                let presenter = event.presenter ?? vc
                let source = event.source ?? presenter
                let uikitMessage = event.uikitMessage(
                    or: "Attempt to present \(a) on \(context.name(presenter)) (from \(context.name(source))) while a presentation is in progress")
                return .init(message: TextWriter.text { message in
                    message.write(uikitMessage)
                    message.write(" UIKit logs this and drops the presentation: ")
                    message.write(a)
                    message.write("""
                         never shows. Present it in the completion of the running presentation or dismissal (or its \
                        transitionCoordinator), not in the same turn.
                        """)
                }, controllers: [vc, presenter, source])
            case .dismissInProgress:
                let x = context.name(vc)
                let presented = event.presented.map { context.name($0) } ?? x
                let uikitMessage = event.uikitMessage(
                    or: "Attempt to dismiss from view controller \(x) while a presentation or dismiss is in progress!")
                return .init(message: TextWriter.text { message in
                    message.write(uikitMessage)
                    message.write(" UIKit ignores the dismissal, so ")
                    message.write(presented)
                    message.write("""
                         stays on screen. Dismiss in the completion of present(_:animated:completion:) (or once its \
                        transitionCoordinator finishes).
                        """)
                }, controllers: [vc] + [event.presented, event.presenter].compactMap { $0 })
            default:
                // The most frequent of the rule's findings (a double tap's nested push): UIKit's message gets its period
                // as `uikitMessage(or:)` gives it one, but written rather than appended (a copy).
                let uikitMessage = event.message ?? "nested push animation can result in corrupted navigation bar"
                let period = uikitMessage.hasSuffix(".") || uikitMessage.hasSuffix("!") ? "" : "."
                let nav = context.name(vc)
                let target = event.child ?? event.to
                let targetName = target.map { context.name($0) }
                let message = TextWriter.text { text in
                    text.write(uikitMessage)
                    text.write(period)
                    text.write(" ")
                    text.write(nav)
                    text.write(" starts another push or pop")
                    if let targetName {
                        text.write(" (to ")
                        text.write(targetName)
                        text.write(")")
                    }
                    text.write("""
                         while its previous animated one is still running: the navigation bar gets corrupted \
                        ("Finishing up a navigation transition in an unexpected state") and UIKit can crash with "Can't \
                        add self as subview". Wait for the transition to finish (transitionCoordinator), ignore taps \
                        while it runs, or build the stack without animation.
                        """)
                }
                return .init(message: message, controllers: target.map { [$0, vc] } ?? [vc])
            }
        })
    }
}
