import Testing
@testable import VCAuditReplay
import VCAuditSpec
import VCAuditYAML
import VCAuditTestSupport

/// Properties of every replay, over a few hundred random step sequences (seeded, so deterministic):
/// no crash, the hierarchy stays consistent after every event (no containment, presentation or view
/// cycle; parents and children agree; presenting and presented links are symmetric), the log re-folds
/// to the final state, and replaying again gives byte-identical JSON Lines.
@Suite("Replay properties")
struct PropertyTests {
    /// An app with every kind of controller and a segue of every kind.
    static let app = """
        vcaudit: 1
        ios: 17
        restoration: true
        controllers:
          tabs: { kind: tabBar, restorationID: tabs, children: [nav, split, box, book] }
          nav: { kind: navigation, restorationID: nav, root: a, definesPresentationContext: true }
          a: { restorationID: a }
          b: { restorationID: b }
          c:
          d: { restorationID: d }
          e:
          split: { kind: split, restorationID: split, children: [listNav, detail] }
          listNav: { kind: navigation, restorationID: listNav, root: list }
          list: { restorationID: list }
          detail: { restorationID: detail }
          box: { kind: container, children: [f] }
          f:
          g:
          manual: { kind: container, forwardsAppearance: false, restorationID: manual }
          book: { kind: page, children: [p1] }
          p1: { restorationID: p1 }
          p2:
          modalNav: { kind: navigation, restorationID: modalNav, root: form }
          form: { restorationID: form }
          sheet: { modalPresentationStyle: pageSheet, restorationID: sheet }
          pop: { modalPresentationStyle: popover, popover: { barButtonItem: item } }
          bare: { modalPresentationStyle: popover }
          over: { modalPresentationStyle: overCurrentContext }
          full: { modalPresentationStyle: fullScreen }
          fancy: { modalPresentationStyle: custom, transitioningDelegate: true }
        window: tabs
        transitions:
          showB: { segue: show, from: a, to: b }
          detailC: { segue: showDetail, from: list, to: c }
          modalForm: { segue: modal, from: a, to: modalNav, style: fullScreen }
          popover: { segue: popover, from: a, to: pop, anchor: { sourceView: v } }
          embedG: { segue: embed, from: f, to: g }
          backToA: { segue: unwind, from: form, to: a }
          customFancy: { segue: custom, from: list, to: fancy }
          swap:
            calls:
              - willMove: { child: f, parent: null }
              - addChild: { parent: box, child: g }
              - transition: { parent: box, from: f, to: g }
              - removeFromParent: f
              - didMove: { child: g, parent: box }
          addManual:
            calls:
              - addChild: { parent: box, child: manual }
              - addSubview: { view: manual, to: box }
              - didMove: { child: manual, parent: box }
        """

    static let sequences = 300
    static let maxSteps = 40

    @Test func randomSequencesKeepEveryInvariant() throws {
        let spec = try #require(loadSpec(Self.app))
        var generator = StepGenerator(spec: spec, seed: 0x5EED_0001)
        var totalEvents = 0
        var terminated = 0
        for index in 0..<Self.sequences {
            let device: Device = index % 3 == 0 ? .ipad : .iphone
            let steps = generator.sequence(count: Int.random(in: 5...Self.maxSteps, using: &generator.random), device: device)
            let scenario = Scenario(name: "random \(index)", mark: Mark(line: 1, column: 1), device: device, steps: steps)
            var watcher = InvariantWatcher()
            let result = Replay.run(spec, scenario: scenario, observer: &watcher)
            if let problem = watcher.firstProblem {
                Issue.record("sequence \(index) broke an invariant: \(problem)\n\(eventLines(result.log))")
                return
            }
            checkInvariants(spec: spec, scenario: scenario, result: result)
            totalEvents += result.log.events.count
            if result.finalState.isTerminated { terminated += 1 }
        }
        // The generator must reach deep states, not crash every app at once.
        #expect(totalEvents > Self.sequences * 40, "the random sequences are too short to test much (\(totalEvents) events)")
        #expect(terminated < Self.sequences * 2 / 3, "\(terminated) of \(Self.sequences) sequences ended in an exception")
    }

    /// An expectation the replay answers in place when nothing is described (`check`) passes exactly when the one it
    /// describes (a log's) does, on every check of every controller, in states random sequences reach.
    @Test func expectationsAnsweredInPlaceAgreeWithTheDescribedOnes() throws {
        let spec = try #require(loadSpec(Self.app))
        var generator = StepGenerator(spec: spec, seed: 0x5EED_0002)
        let mark = Mark(line: 1, column: 1)
        func ref(_ id: ControllerID) -> Reference { Reference(id, at: mark) }
        var compared = 0
        var passed = 0
        for index in 0..<60 {
            let device: Device = index % 3 == 0 ? .ipad : .iphone
            let steps = generator.sequence(count: Int.random(in: 5...Self.maxSteps, using: &generator.random), device: device)
            let state = Replay.run(spec, scenario: Scenario(name: "random \(index)", mark: mark, device: device, steps: steps)).finalState
            let ids = state.order
            let inWindow = ids.filter { state.isInWindow($0) }
            var checks: [VCAuditSpec.Expectation.Check] = [
                .visible(inWindow.map(ref)), .visible(inWindow.dropLast().map(ref)), .visible((inWindow + ids.filter { !state.isInWindow($0) }.prefix(1)).map(ref)),
            ]
            for a in ids {
                checks += AppearanceState.allCases.map { .appearance(vc: ref(a), state: $0) }
                checks += [.parent(child: ref(a), parent: nil), .presented(by: ref(a), vc: nil)]
                if state[a].kind == .navigation {
                    checks += [.stack(nav: ref(a), vcs: state.children(of: a).map(ref)), .stack(nav: ref(a), vcs: state.children(of: a).dropLast().map(ref))]
                }
                for b in ids {
                    checks += [.parent(child: ref(a), parent: ref(b)), .presented(by: ref(a), vc: ref(b))]
                    if state[a].kind == .navigation { checks.append(.top(nav: ref(a), vc: ref(b))) }
                    if state[a].kind == .tabBar { checks.append(.selected(tabs: ref(a), vc: ref(b))) }
                }
            }
            let evaluator = ExpectationEvaluator(state: state)
            for check in checks {
                let inPlace = evaluator.check(check, describing: false).passed
                let described = evaluator.check(check, describing: true).passed
                #expect(inPlace == described, "sequence \(index): \(check) passes \(inPlace) in place, \(described) described")
                compared += 1
                if described { passed += 1 }
            }
        }
        // Both answers must occur often, or the comparison says little.
        #expect(passed > compared / 20 && passed < compared / 2, "\(passed) of \(compared) checks pass")
    }

    @Test func theSameSeedGivesTheSameSequences() throws {
        let spec = try #require(loadSpec(Self.app))
        var first = StepGenerator(spec: spec, seed: 42)
        var second = StepGenerator(spec: spec, seed: 42)
        for _ in 0..<20 {
            let a = first.sequence(count: 30, device: .iphone).map(\.name)
            let b = second.sequence(count: 30, device: .iphone).map(\.name)
            #expect(a == b)
        }
    }
}

/// Checks the hierarchy invariants after every event of a replay and keeps the first failure.
struct InvariantWatcher: ReplayObserver {
    var firstProblem: String?

    mutating func didApply(_ event: Event, state: HierarchyState) {
        guard firstProblem == nil else { return }
        if let problem = HierarchyInvariants.problems(in: state).first {
            firstProblem = "after event \(event.seq) (\(event.summary)): \(problem)"
        }
    }
}

/// Random, valid steps (every id declared, every argument well-formed) over the spec's controllers.
///
/// Most steps are plausible for the state the sequence has reached (it replays as it goes): push a
/// controller that has no parent, dismiss what is presented, select a tab... so sequences reach deep
/// states; the rest are arbitrary calls, which exercise UIKit's warnings and exceptions.
struct StepGenerator {
    let spec: Spec
    var random: SeededGenerator
    let ids: [ControllerID]
    let navigations: [ControllerID]
    let containers: [ControllerID]
    let transitions: [String]
    let mark = Mark(line: 1, column: 1)

    init(spec: Spec, seed: UInt64) {
        self.spec = spec
        self.random = SeededGenerator(seed: seed)
        ids = spec.controllers.map(\.id)
        navigations = spec.controllers.filter { $0.kind == .navigation }.map(\.id)
        containers = spec.controllers.filter { $0.kind != .content }.map(\.id)
        transitions = spec.transitions.map(\.name)
    }

    /// Up to `count` steps, starting with `launch` most of the time, ending early when the app crashes.
    mutating func sequence(count: Int, device: Device) -> [Step] {
        let header = EventLog.Header(spec: spec.file, specDigest: "", scenario: "generated", device: device, ios: spec.ios)
        var decider = Decider(spec: spec, state: Replay.initialState(spec: spec, device: device), header: header, observer: NoObserver())
        var steps: [Step] = []
        if Int.random(in: 0..<10, using: &random) > 0 { steps.append(Step(.launch, at: mark)) }
        if let first = steps.first { decider.run(step: first, index: 1) }
        while steps.count < count, !decider.isDone {
            let next = step(depth: 0, state: decider.state)
            steps.append(next)
            decider.run(step: next, index: steps.count)
        }
        return steps
    }

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func flag(_ trueOutOf10: Int = 7) -> Bool { Int.random(in: 0..<10, using: &random) < trueOutOf10 }

    /// Whether the step being generated picks arbitrary controllers (1 step in 20).
    var chaos = false

    /// A controller from `candidates` when there is one (unless the step is arbitrary), else any controller.
    mutating func ref(_ candidates: [ControllerID]? = nil, plausible: Bool = true) -> Reference {
        if let candidates, !candidates.isEmpty, !plausible || !chaos { return Reference(pick(candidates), at: mark) }
        return Reference(pick(ids), at: mark)
    }

    mutating func step(depth: Int, state: HierarchyState) -> Step {
        chaos = Int.random(in: 0..<20, using: &random) == 0
        let inWindow = state.controllersInWindow
        let free = ids.filter { state[$0].parent == nil && state[$0].presenting == nil && $0 != state.windowRoot && state[$0].superview == nil && state[$0].kind == .content }
        let presented = ids.filter { state[$0].presenting != nil }
        let shownNavs = navigations.filter { inWindow.contains($0) }
        let deepNavs = navigations.filter { state.children(of: $0).count > 1 }
        let top = presented.last ?? state.windowRoot
        let action: Step.Action
        switch Int.random(in: 0..<32, using: &random) {
        case 0: action = .launch
        case 1, 2, 3:
            let vc = ref(ids.filter { state[$0].parent == nil && state[$0].presenting == nil && $0 != state.windowRoot && !inWindow.contains($0) })
            action = .present(vc: vc, from: ref(top.map { [$0] } ?? inWindow), style: flag(5) ? Located(pick(PresentationStyle.allCases), at: mark) : nil,
                              anchor: nil, animated: flag())
        case 4, 5: action = .dismiss(vc: ref(presented + presented.compactMap { state[$0].presenting }), animated: flag())
        case 6, 7, 8: action = .push(nav: ref(shownNavs.isEmpty ? navigations : shownNavs, plausible: false), vc: ref(free), animated: flag())
        case 9, 10: action = .pop(nav: ref(deepNavs.isEmpty ? navigations : deepNavs, plausible: false), animated: flag())
        case 11: action = .popToRoot(nav: ref(navigations, plausible: false), animated: flag())
        case 12:
            let nav = ref(navigations, plausible: false)
            action = .popTo(nav: nav, vc: ref(Array(state.children(of: nav.id))), animated: flag())
        case 13: action = .setViewControllers(of: ref(containers, plausible: false), vcs: (0..<Int.random(in: 1...3, using: &random)).map { _ in ref(free) }, animated: flag())
        case 14, 15: action = .select(tabs: Reference("tabs", at: mark), vc: ref(Array(state.children(of: "tabs"))))
        case 16: action = .show(from: ref(inWindow), vc: ref(free))
        case 17: action = .showDetail(from: ref(inWindow), vc: ref(free))
        case 18, 19, 20: action = .perform(transition: Located(pick(transitions), at: mark))
        case 21: action = .addChild(parent: ref(containers, plausible: false), child: ref(free))
        case 22: action = .removeFromParent(child: ref())
        case 23: action = flag(5) ? .willMove(child: ref(), parent: flag(5) ? ref() : nil) : .didMove(child: ref(), parent: flag(5) ? ref() : nil)
        case 24: action = .addSubview(view: ref(free), to: ref(inWindow))
        case 25: action = .removeFromSuperview(view: ref(inWindow))
        case 26: action = flag(5) ? .beginAppearance(vc: ref(), appearing: flag(5), animated: flag()) : .endAppearance(vc: ref())
        case 27:
            let parents = containers.filter { state.children(of: $0).count > 1 && state[$0].kind == .container }
            let parent = ref(parents.isEmpty ? containers : parents, plausible: false)
            let children = Array(state.children(of: parent.id))
            let from = ref(children)
            action = .transition(parent: parent, from: from, to: ref(children.filter { $0 != from.id }), animated: flag())
        case 28: action = flag(5) ? .traits(width: pick(SizeClass.allCases), height: flag(8) ? nil : pick(SizeClass.allCases)) : .device(pick(Device.allCases))
        case 29: action = flag(5) ? .preserve : .restore
        default:
            if depth == 0 {
                action = .simultaneously((0..<Int.random(in: 2...3, using: &random)).map { _ in step(depth: 1, state: state) })
            } else {
                action = .expect([Expectation(.visible([ref()]), at: mark), Expectation(.appearance(vc: ref(), state: pick(AppearanceState.allCases)), at: mark)])
            }
        }
        return Step(action, at: mark)
    }
}
