import VCAuditReplay

/// `window_without_root`: launch with no window root controller.
struct WindowWithoutRootRule: Rule {
    static let description = RuleDescription(
        identifier: "window_without_root",
        name: "Window without root",
        description: """
            The app launches (or relaunches) without setting the window's `rootViewController`. Since iOS 9 UIKit \
            raises an exception at the end of launch. Set the root (the spec's `window:`) before launch ends.
            """,
        category: .window,
        severity: .error,
        uikitMessage: "Application windows are expected to have a root view controller at the end of application launch",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                scenarios:
                  - name: Launch
                    steps:
                      - ↓launch
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                window: home
                scenarios:
                  - name: Launch
                    steps:
                      - launch
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.windowWithoutRoot]) { event, _, _ in
            .init(message: event.uikitMessage(or: "Application windows are expected to have a root view controller at the end of application launch") + """
                 The window has no rootViewController when launch ends, so UIKit raises an exception. Set \
                window.rootViewController in application(_:didFinishLaunchingWithOptions:) or \
                scene(_:willConnectTo:options:) ('window: <controller>' in the spec).
                """, controllers: [])
        }
    }
}
