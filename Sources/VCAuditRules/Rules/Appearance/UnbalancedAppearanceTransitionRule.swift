/// `unbalanced_appearance_transition`: begin without end, end without begin, or two begins in a row.
struct UnbalancedAppearanceTransitionRule: Rule {
    static let description = RuleDescription(
        identifier: "unbalanced_appearance_transition",
        name: "Unbalanced appearance transition",
        description: """
            Manual appearance forwarding must pair every `beginAppearanceTransition(_:animated:)` with exactly one \
            `endAppearanceTransition()`. A second begin runs `viewWillAppear` twice; UIKit logs an end without a begin \
            and ignores it, so the `viewDidAppear` the code meant to trigger never comes; a begin never ended (by the end of the scenario) leaves the controller \
            appearing or disappearing forever.
            """,
        category: .appearance,
        severity: .warning,
        uikitMessage: "Unbalanced calls to begin/end appearance transitions for <X>.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  stories: { kind: container, class: StoriesViewController, forwardsAppearance: false }
                  story: { class: StoryViewController }
                window: stories
                transitions:
                  showStory:
                    calls:
                      - addChild: { parent: stories, child: story }
                      - beginAppearance: { vc: story, appearing: true }
                      - addSubview: { view: story, to: stories }
                      - endAppearance: story          # the fade-in completion
                      - ↓endAppearance: story         # a shared helper ends it again
                      - didMove: { child: story, parent: stories }
                scenarios:
                  - name: The first story appears
                    steps:
                      - launch
                      - perform: showStory
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  stories: { kind: container, class: StoriesViewController, forwardsAppearance: false }
                  story: { class: StoryViewController }
                window: stories
                transitions:
                  showStory:
                    calls:
                      - addChild: { parent: stories, child: story }
                      - beginAppearance: { vc: story, appearing: true }
                      - ↓beginAppearance: { vc: story, appearing: true }
                      - addSubview: { view: story, to: stories }
                      - endAppearance: story
                      - didMove: { child: story, parent: stories }
                scenarios:
                  - name: The story's appearance is begun twice
                    steps:
                      - launch
                      - perform: showStory
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  stories: { kind: container, class: StoriesViewController, forwardsAppearance: false }
                  story: { class: StoryViewController }
                window: stories
                transitions:
                  showStory:
                    calls:
                      - addChild: { parent: stories, child: story }
                      - ↓beginAppearance: { vc: story, appearing: true }
                      - addSubview: { view: story, to: stories }
                      - didMove: { child: story, parent: stories }
                scenarios:
                  - name: The story's appearance is never ended
                    steps:
                      - launch
                      - perform: showStory
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  stories: { kind: container, class: StoriesViewController, forwardsAppearance: false }
                  story: { class: StoryViewController }
                window: stories
                transitions:
                  showStory:
                    calls:
                      - addChild: { parent: stories, child: story }
                      - beginAppearance: { vc: story, appearing: true }
                      - addSubview: { view: story, to: stories }
                      - endAppearance: story
                      - didMove: { child: story, parent: stories }
                scenarios:
                  - name: The first story appears
                    steps:
                      - launch
                      - perform: showStory
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        let observedEvents: Set<EventName> = [.warning, .beginAppearanceTransition, .endAppearanceTransition]
        /// Begins not yet ended, by controller, with the event.
        var open: [(vc: ControllerID, event: Event)] = []

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard event.name == .warning, event.reason == "unbalanced_appearance", let vc = event.vc else { return }
            let x = context.name(vc)
            let detail: String
            if let appearing = event.appearing {
                detail = """
                    beginAppearanceTransition(\(appearing), animated:) is called on \(x) while an earlier begin is not \
                    ended, so its \(appearing ? "viewWillAppear" : "viewWillDisappear") runs twice. Call exactly one \
                    endAppearanceTransition() per beginAppearanceTransition(_:animated:).
                    """
            } else {
                detail = """
                    endAppearanceTransition() is called on \(x) with no begin outstanding: UIKit logs it and ignores the \
                    call, so no viewDidAppear/viewDidDisappear comes from it. Call exactly one endAppearanceTransition() \
                    per beginAppearanceTransition(_:animated:).
                    """
            }
            context.report(event, event.uikitMessage(or: "Unbalanced calls to begin/end appearance transitions for \(x)") + " " + detail,
                           controllers: [vc])
        }

        mutating func didApply(_ event: Event, state: HierarchyState) {
            switch event.name {
            case .beginAppearanceTransition:
                guard let vc = event.vc else { return }
                open.removeAll { $0.vc == vc }
                open.append((vc, event))
            case .endAppearanceTransition:
                guard let vc = event.vc else { return }
                open.removeAll { $0.vc == vc }
            default:
                break
            }
        }

        mutating func replayDidFinish(state: HierarchyState) {
            guard !state.isTerminated else { return }
            for (vc, event) in open where state[vc].manualAppearance != nil {
                let x = context.name(vc)
                let appearing = event.appearing ?? true
                context.report(event, """
                    Unbalanced calls to begin/end appearance transitions for \(x). \
                    beginAppearanceTransition(\(appearing), animated:) on \(x) is never ended, so its \
                    \(appearing ? "viewDidAppear" : "viewDidDisappear") never runs. Call \(x).endAppearanceTransition() \
                    when the transition completes.
                    """, controllers: [vc])
            }
        }
    }
}
