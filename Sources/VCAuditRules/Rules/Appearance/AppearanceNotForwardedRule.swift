import VCAuditReplay
import VCAuditSpec

/// `appearance_not_forwarded`: a container that does not forward appearance changes while a child in its view tree gets no callbacks.
struct AppearanceNotForwardedRule: Rule {
    static let description = RuleDescription(
        identifier: "appearance_not_forwarded",
        name: "Appearance not forwarded",
        description: """
            A container whose `shouldAutomaticallyForwardAppearanceMethods` is false (`forwardsAppearance: false`) \
            must forward every appearance change to the children in its view tree with \
            `beginAppearanceTransition(_:animated:)`/`endAppearanceTransition()`. This rule flags a container that \
            appears or disappears while such a child is left in the other state and does not catch up (in the same \
            or a later step) before the container changes again, the child leaves, or the scenario ends. What the \
            child starts in `viewDidAppear` (a camera session, a timer) keeps running, or never starts.
            """,
        category: .appearance,
        severity: .warning,
        uikitMessage: """
            Documented: "If you override shouldAutomaticallyForwardAppearanceMethods to return false, you are \
            responsible for forwarding the appearance calls to your child view controllers."
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  mixer: { kind: container, class: MixerViewController, modalPresentationStyle: fullScreen, forwardsAppearance: false }
                  swatch: { class: SwatchViewController }
                window: home
                transitions:
                  openMixer: { segue: modal, from: home, to: mixer }
                  showSwatch:
                    calls:
                      - addChild: { parent: mixer, child: swatch }
                      - beginAppearance: { vc: swatch, appearing: true, animated: false }
                      - addSubview: { view: swatch, to: mixer }
                      - endAppearance: swatch
                      - didMove: { child: swatch, parent: mixer }
                  closeMixer:
                    calls:
                      - ↓dismiss: mixer     # nothing tells the swatch it disappears
                scenarios:
                  - name: The mixer closes
                    steps:
                      - launch
                      - perform: openMixer
                      - perform: showSwatch
                      - perform: closeMixer
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  stories: { kind: container, class: StoriesViewController, forwardsAppearance: false, children: [story] }
                  story: { class: StoryViewController }
                window: stories
                scenarios:
                  - name: Launch never forwards to the first story
                    steps:
                      - ↓launch
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  mixer: { kind: container, class: MixerViewController, modalPresentationStyle: fullScreen, forwardsAppearance: false }
                  swatch: { class: SwatchViewController }
                window: home
                transitions:
                  openMixer: { segue: modal, from: home, to: mixer }
                  showSwatch:
                    calls:
                      - addChild: { parent: mixer, child: swatch }
                      - beginAppearance: { vc: swatch, appearing: true, animated: false }
                      - addSubview: { view: swatch, to: mixer }
                      - endAppearance: swatch
                      - didMove: { child: swatch, parent: mixer }
                  closeMixer:
                    calls:
                      - beginAppearance: { vc: swatch, appearing: false }
                      - dismiss: mixer
                      - endAppearance: swatch
                scenarios:
                  - name: The mixer closes
                    steps:
                      - launch
                      - perform: openMixer
                      - perform: showSwatch
                      - perform: closeMixer
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  stories: { kind: container, class: StoriesViewController, forwardsAppearance: false, children: [story] }
                  story: { class: StoryViewController }
                window: stories
                scenarios:
                  - name: The container forwards the first appearance from its viewWillAppear and viewDidAppear
                    steps:
                      - launch
                      - beginAppearance: { vc: story, appearing: true }
                      - endAppearance: story
                """),
        ])

    /// No observer for a spec whose controllers all forward appearance: none of its controllers can leave a child
    /// behind (instances are their scene's), so the rule has nothing to watch.
    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        context.replay.hasManualAppearance ? Observer(context: context) : nil
    }

    struct Observer: SelectiveObserver {
        /// A child left behind when its container's appearance changed.
        struct Lag {
            var container: ControllerID
            var child: ControllerID
            /// The container's first appearance callback of the change: where the change was caused.
            var event: Event
        }

        let context: RuleContext
        static var observedEvents: Set<EventName> { Self.appearanceCallbacks }
        static var callbacks: ObserverCallbacks { [.didApply, .stepDidEnd, .replayDidFinish] }
        /// Containers that do not forward and got an appearance callback in this step, with the first callback.
        var changed: [(container: ControllerID, event: Event)] = []
        var lags: [Lag] = []

        static let appearanceCallbacks = Set(EventName.allCases.filter(\.isAppearanceCallback))

        /// A container that does not forward, at its first appearance callback of the step.
        func acts(after event: Event, state: HierarchyState) -> Bool {
            guard event.name.isAppearanceCallback, let vc = event.vc else { return false }
            return !state[vc].forwardsAppearance && !changed.contains { $0.container == vc }
        }

        /// With no lag to settle and no container changed, a step's end and the replay's have nothing to look at.
        var isIdle: Bool { lags.isEmpty && changed.isEmpty }

        mutating func didApply(_ event: Event, state: HierarchyState) {
            guard acts(after: event, state: state), let vc = event.vc else { return }
            changed.append((vc, event))
        }

        mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
            // With no lag to settle and no container changed, there is nothing to look at (and nothing to empty).
            guard !isIdle else { return }
            defer { changed.removeAll(keepingCapacity: true) }
            guard !state.isTerminated else { return }
            // Children that caught up, or left, settle their lag; a container changing again reports the old one.
            var kept: [Lag] = []
            for lag in lags {
                if !Self.holds(lag.child, in: lag.container, state) || changed.contains(where: { $0.container == lag.container }) {
                    report(lag, state: state)
                } else if !Self.agrees(lag.child, with: lag.container, state) {
                    kept.append(lag)
                }
            }
            lags = kept
            for (container, event) in changed where state.contains(container) {
                for child in state.children(of: container)
                where Self.holds(child, in: container, state) && !Self.agrees(child, with: container, state) {
                    lags.append(Lag(container: container, child: child, event: event))
                }
            }
        }

        mutating func replayDidFinish(state: HierarchyState) {
            guard !state.isTerminated else { return }
            for lag in lags { report(lag, state: state) }
        }

        /// Whether `child` is `container`'s child with its view in the container's view tree.
        static func holds(_ child: ControllerID, in container: ControllerID, _ state: HierarchyState) -> Bool {
            state.contains(child) && state[child].parent == container && state.isView(child, under: container)
        }

        static func isOnScreen(_ appearance: AppearanceState) -> Bool { appearance == .appeared || appearance == .appearing }

        static func agrees(_ child: ControllerID, with container: ControllerID, _ state: HierarchyState) -> Bool {
            isOnScreen(state[child].appearance) == isOnScreen(state[container].appearance)
        }

        func report(_ lag: Lag, state: HierarchyState) {
            let p = context.name(lag.container)
            let c = context.name(lag.child)
            let appeared = lag.event.name == .viewWillAppear || lag.event.name == .viewDidAppear
            let missing = appeared ? "viewWillAppear/viewDidAppear" : "viewWillDisappear/viewDidDisappear"
            var notes: [Finding.Note] = []
            if let note = context.declarationNote(lag.container, "'\(lag.container)' declared here with forwardsAppearance: false") {
                notes.append(note)
            }
            context.report(lag.event, """
                \(p) does not forward appearance (shouldAutomaticallyForwardAppearanceMethods is false) and \
                \(appeared ? "appears" : "disappears") here, but its child \(c), whose view is in \(p)'s view tree, gets \
                no \(missing). Forward it: \(c).beginAppearanceTransition(\(appeared), animated:) and \
                endAppearanceTransition() from \(p)'s \(appeared ? "viewWillAppear/viewDidAppear" : "viewWillDisappear/viewDidDisappear").
                """, controllers: [lag.child, lag.container], notes: notes)
        }
    }
}
