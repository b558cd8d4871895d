import VCAuditReplay
import VCAuditSpec

/// `unbalanced_appearance_transition`: begin without end, end without begin, or two begins in a row.
struct UnbalancedAppearanceTransitionRule: Rule {
    static let description = RuleDescription(
        identifier: "unbalanced_appearance_transition",
        name: "Unbalanced appearance transition",
        description: """
            Manual appearance forwarding must pair every `beginAppearanceTransition(_:animated:)` with exactly one \
            `endAppearanceTransition()`. A second begin runs `viewWillAppear` twice; UIKit logs an end without a begin \
            and ignores it, so the `viewDidAppear` the code meant to trigger never comes; a begin never ended (by the end of the scenario) leaves the controller \
            appearing or disappearing forever. Two animated `transition(from:to:)` calls of one container in one \
            run-loop turn (a second tap on a pager's tab) overlap the same way: the second begins an appearance \
            transition on a child that is still in one.
            """,
        category: .appearance,
        severity: .warning,
        uikitMessage: "Unbalanced calls to begin/end appearance transitions for <X>.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  pager: { kind: container, class: PagerViewController, children: [feed] }
                  feed: { class: FeedViewController }
                  trending: { class: TrendingViewController }
                  saved: { class: SavedViewController }
                window: pager
                transitions:
                  showTrending:
                    calls:
                      - addChild: { parent: pager, child: trending }
                      - transition: { parent: pager, from: feed, to: trending }
                  showSavedInstead:             # the pager still thinks trending is its current page
                    calls:
                      - addChild: { parent: pager, child: saved }
                      - ↓transition: { parent: pager, from: trending, to: saved }
                scenarios:
                  - name: Two tabs of the pager tapped quickly
                    steps:
                      - launch
                      - simultaneously:
                          - perform: showTrending
                          - perform: showSavedInstead
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
        static var observedEvents: Set<EventName> { [.warning, .beginAppearanceTransition, .endAppearanceTransition] }
        static var callbacks: ObserverCallbacks { [.willApply, .didApply, .replayDidFinish] }
        /// Begins not yet ended, by controller, with the event.
        var open: [(vc: ControllerID, event: Event)] = []

        /// An unbalanced or overlapping appearance transition, to report.
        func acts(before event: Event, state: HierarchyState) -> Bool {
            event.name == .warning && (event.reason == .unbalancedAppearance || event.reason == .overlappingTransition) && event.vc != nil
        }

        /// A begin, or the end of one that is open.
        func acts(after event: Event, state: HierarchyState) -> Bool {
            guard let vc = event.vc else { return false }
            switch event.name {
            case .beginAppearanceTransition: return true
            case .endAppearanceTransition: return open.contains { $0.vc == vc }
            default: return false
            }
        }

        /// No begin is open: the end of the replay has none to report.
        var isIdle: Bool { open.isEmpty }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard acts(before: event, state: state), let vc = event.vc else { return }
            let x = context.name(vc)
            let detail: String
            if event.reason == .overlappingTransition {
                let container = event.parent.map { context.name($0) } ?? "its container"
                detail = """
                    \(container) starts an animated transition(from:to:) while its previous one is still running, so \
                    \(x) is asked to begin an appearance transition while it is in one: its callbacks come out of \
                    order and a viewDidAppear or viewDidDisappear can be lost. Start the next transition in the \
                    previous one's completion, or ignore taps while one runs.
                    """
            } else if let appearing = event.appearing {
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
            // An instance a relaunch dropped went with its process.
            for (vc, event) in open where state.contains(vc) && state[vc].manualAppearance != nil {
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
