import VCAuditReplay

/// `redundant_appearance_forwarding`: manual begin/end on a child whose parent already forwards automatically.
struct RedundantAppearanceForwardingRule: Rule {
    static let description = RuleDescription(
        identifier: "redundant_appearance_forwarding",
        name: "Redundant appearance forwarding",
        description: """
            `beginAppearanceTransition(_:animated:)` is called on a child whose parent forwards appearance \
            automatically (`shouldAutomaticallyForwardAppearanceMethods` is true, the default, and always for \
            navigation, tab bar, split and page controllers). UIKit already sends the callbacks, so the child's \
            `viewWillAppear`/`viewDidAppear` run twice.
            """,
        category: .appearance,
        severity: .warning,
        uikitMessage: "Unbalanced calls to begin/end appearance transitions for <X>.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  feed: { kind: container, class: FeedViewController }
                  banner: { class: BannerViewController }
                window: feed
                transitions:
                  showBanner:
                    calls:
                      - addChild: { parent: feed, child: banner }
                      - ↓beginAppearance: { vc: banner, appearing: true }
                      - addSubview: { view: banner, to: feed }
                      - endAppearance: banner
                      - didMove: { child: banner, parent: feed }
                scenarios:
                  - name: The feed shows a banner
                    steps:
                      - launch
                      - perform: showBanner
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  feed: { kind: container, class: FeedViewController, forwardsAppearance: false }
                  banner: { class: BannerViewController }
                window: feed
                transitions:
                  showBanner:
                    calls:
                      - addChild: { parent: feed, child: banner }
                      - beginAppearance: { vc: banner, appearing: true }
                      - addSubview: { view: banner, to: feed }
                      - endAppearance: banner
                      - didMove: { child: banner, parent: feed }
                scenarios:
                  - name: The feed shows a banner
                    steps:
                      - launch
                      - perform: showBanner
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.beginAppearanceTransition] }
        static var callbacks: ObserverCallbacks { .willApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard event.name == .beginAppearanceTransition, let vc = event.vc, let parent = state[vc].parent,
                  state[parent].forwardsAppearance else { return }
            let c = context.name(vc)
            let p = context.name(parent)
            let appearing = event.appearing ?? true
            context.report(event, """
                Unbalanced calls to begin/end appearance transitions for \(c). \(p) forwards appearance automatically \
                (shouldAutomaticallyForwardAppearanceMethods is true), so calling beginAppearanceTransition(\(appearing), \
                animated:) on its child \(c) by hand runs \(c)'s \(appearing ? "viewWillAppear/viewDidAppear" : "viewWillDisappear/viewDidDisappear") \
                twice. Remove the manual calls, or return false from \(p)'s shouldAutomaticallyForwardAppearanceMethods \
                (forwardsAppearance: false) and forward every change yourself.
                """, controllers: [vc, parent])
        }
    }
}
