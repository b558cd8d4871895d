import VCAuditReplay

/// `present_active_controller`: presenting a controller that is presented, has a parent, is the window root, or is the presenter.
struct PresentActiveControllerRule: Rule {
    static let description = RuleDescription(
        identifier: "present_active_controller",
        name: "Present active controller",
        description: """
            A controller can be presented only when it is not already active: not presented (a double tap presents \
            twice), not a child of a container (a tab's or a navigation stack's controller), not the window's root \
            or otherwise on screen, and not the controller it is presented from. UIKit raises \
            NSInvalidArgumentException and the app crashes. Present a new instance instead.
            """,
        category: .presentation,
        severity: .error,
        uikitMessage: """
            Application tried to present modally an active controller <X>. / ... a view controller <A> that is \
            already being presented by <B>. / ... a view controller <A> that has a parent view controller <B>. / \
            Application tried to present modal view controller on itself. Presenting controller is <X>.
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [homeNav, accountNav] }
                  homeNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  accountNav: { kind: navigation, root: account }
                  account: { class: AccountViewController }
                window: tabs
                transitions:
                  signInFromHome:           # presents the Account tab's own instance
                    calls:
                      - ↓present: { vc: account, from: home }
                scenarios:
                  - name: Sign in from the Home banner
                    steps:
                      - launch
                      - perform: signInFromHome
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  compose: { class: ComposeViewController }
                window: home
                scenarios:
                  - name: Compose is presented twice
                    steps:
                      - launch
                      - present: { vc: compose, from: home }
                      - ↓present: { vc: compose, from: home }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [homeNav, accountNav] }
                  homeNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  accountNav: { kind: navigation, root: account }
                  account: { class: AccountViewController }
                  signInNav: { kind: navigation, root: signIn }
                  signIn: { class: AccountViewController }
                window: tabs
                scenarios:
                  - name: Sign in with a new instance
                    steps:
                      - launch
                      - present: { vc: signInNav, from: home }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.presentSelf, .alreadyPresented, .hasParent, .activeController]) { event, state, context in
            guard let vc = event.vc else { return nil }
            let a = context.name(vc)
            let uikit = event.uikitMessage(or: "Application tried to present modally an active controller \(a)")
            switch event.reason {
            case .presentSelf:
                return .init(message: uikit + " A controller cannot present itself; UIKit raises NSInvalidArgumentException. Present a different controller.",
                             controllers: [vc])
            case .alreadyPresented:
                                return .init(message: uikit + """
                     UIKit raises NSInvalidArgumentException and the app crashes (often a double tap that presents \
                    twice). Check presentedViewController, or ignore taps while presenting, or present a new instance.
                    """, controllers: [vc] + [event.presenter, event.source].compactMap { $0 })
            case .hasParent:
                let p = event.parent.map { context.name($0) } ?? "its parent"
                return .init(message: uikit + """
                     UIKit raises NSInvalidArgumentException and the app crashes. Present a new instance (wrapped in \
                    its own navigation controller if it needs one), or show \(a) in \(p) instead.
                    """, controllers: [vc] + [event.parent, event.source].compactMap { $0 })
            default:
                return .init(message: uikit + """
                     \(a) is already on screen (the window's root or in the window), so UIKit raises \
                    NSInvalidArgumentException. Present a new instance instead.
                    """, controllers: [vc] + [event.source].compactMap { $0 })
            }
        }
    }
}
