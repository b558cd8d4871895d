import VCAuditReplay
import VCAuditRules
import VCAuditSpec

/// The tests of one spec's file, before any code is written: one per scenario and device, each with its replay and
/// the findings on its steps, and what the file's code needs to know from all of them.
struct TestPlan {
    /// One test to write: a scenario replayed on one device.
    struct PlannedTest {
        let functionName: String
        let displayName: String
        let trace: ScenarioTrace
        let findings: [StepFinding]
    }

    /// What makes a new instance of a controller each time a segue runs, so that its property is `var`.
    enum SegueInstance: Equatable {
        /// The storyboard makes it: it is the destination of a segue the test performs by its identifier, or what
        /// the storyboard makes with that destination (`destination` then names it; `SpecNames.storyboardChild(_:)`).
        case storyboard(destination: ControllerID)
        /// The segue's method makes it as `init()` does: it is the destination of a segue the test performs with
        /// the UIKit calls it stands for, or something that destination contains (`destination` then names it).
        case code(destination: ControllerID)
    }

    let tests: [PlannedTest]
    /// Transitions whose methods take `animated:`: a step performs them with the spec's animation, and their calls
    /// pass it on (`show(_:sender:)` and a storyboard segue take none).
    let animatedTransitions: Set<String>
    /// Controllers a segue makes anew each time it runs (docs/uikit-semantics.md): the segue's method keeps the new
    /// instance in their property.
    let segueInstances: [ControllerID: SegueInstance]

    /// UIKit refuses these calls because an animation is still running: the race needs the spec's animation.
    static let overlapReasons: Set<ReplayReason> = [.presentationInProgress, .dismissInProgress, .nestedNavigationAnimation]

    init(spec: Spec, settings: TestGenerator, names: SpecNames) {
        var tests: [PlannedTest] = []
        var testScope = NameScope(reserved: Set(["spec", "Controllers", "setUp", "tearDown"]).union(SwiftName.unusableEvenEscaped))
        for scenario in spec.scenarios {
            let devices = ScenarioRuns.devices(for: scenario, in: spec, requested: settings.devices ?? [])
            for device in devices {
                var base = scenario.name
                var display = scenario.name
                if devices.count > 1 {
                    base += " on " + device.displayName
                    display += " (\(device.displayName))"
                }
                let function: String
                switch settings.framework {
                case .xctest: function = testScope.claim("test" + SwiftName.upperCamel(base, fallback: "Scenario"))
                case .swiftTesting: function = testScope.claim(SwiftName.lowerCamel(base, fallback: "scenario"))
                }
                let trace = ScenarioTrace(spec: spec, scenario: scenario, device: device)
                let findings = settings.findingSource.findings(spec: spec, scenario: scenario, replay: trace.replay)
                tests.append(PlannedTest(functionName: function, displayName: display, trace: trace, findings: findings))
            }
        }
        self.tests = tests

        var animated: Set<String> = []
        for test in tests {
            for record in test.trace.steps where Self.keepsSpecAnimation(record) {
                animated.formUnion(Self.performedTransitions(in: record.step, spec: spec))
            }
        }
        animatedTransitions = Self.passingAnimation(animated, spec: spec, names: names)

        var instances: [ControllerID: SegueInstance] = [:]
        for transition in spec.transitions {
            guard case .segue(let segue) = transition.body, Self.seguesMakeDestination.contains(segue.kind) else { continue }
            if UIKitCalls.makesDestinationInCode(transition, segue, names: names) {
                for id in Self.declaredTree(of: segue.to.id, in: spec) where instances[id] == nil {
                    instances[id] = .code(destination: segue.to.id)
                }
            } else {
                for id in [segue.to.id] + names.storyboardChildren(madeWith: segue.to.id).map(\.id) where instances[id] == nil {
                    instances[id] = .storyboard(destination: segue.to.id)
                }
            }
        }
        segueInstances = instances
    }

    /// Segue kinds that make their destination each time they run: the storyboard makes it when a test performs
    /// the segue with `performSegue(withIdentifier:sender:)`, the transition method when it makes the UIKit calls.
    static let seguesMakeDestination: Set<Segue.Kind> = [.show, .showDetail, .push, .modal, .popover, .custom]

    /// `id` and what it contains as the spec declares it (children, their children, ...), in pre-order: what a
    /// segue to `id` makes, as the storyboard makes a scene with what it holds from load.
    static func declaredTree(of id: ControllerID, in spec: Spec) -> [ControllerID] {
        var result: [ControllerID] = []
        var pending = [id]
        while let current = pending.popLast() {
            guard !result.contains(current), let controller = spec.controller(current) else { continue }
            result.append(current)
            pending.append(contentsOf: controller.children.map(\.id).reversed())
        }
        return result
    }

    /// The transitions of `candidates` whose methods pass `animated` on to a call.
    ///
    /// A method takes `animated:` only when a call in it uses the value: one that takes `animated:` and that the
    /// spec animates, or a transition it performs that takes it. `show(_:sender:)`,
    /// `showDetailViewController(_:sender:)` and a storyboard segue take none, so a method made of them takes
    /// none either. A method passes it on when writing it with the parameter differs from writing it without.
    static func passingAnimation(_ candidates: Set<String>, spec: Spec, names: SpecNames) -> Set<String> {
        var result = candidates
        while true {
            let calls = UIKitCalls(spec: spec, names: names, animatedTransitions: result)
            let unused = result.filter { name in
                guard let transition = spec.transition(name) else { return true }
                func body(_ animation: UIKitCalls.AnimationMode) -> [String] {
                    calls.lines(transition, context: UIKitCalls.Context(ref: { $0.name }, animation: animation, inControllers: true))
                }
                return body(.parameter) == body(.none)
            }
            if unused.isEmpty { return result }
            result.subtract(unused)
        }
    }

    /// Whether a step's calls keep the spec's `animated:`: races (`simultaneously`, or a call UIKit refused
    /// because an animation was still running) need the animation to happen as in the app.
    static func keepsSpecAnimation(_ record: ScenarioTrace.StepRecord) -> Bool {
        if case .simultaneously = record.step.action { return true }
        return record.events.contains { $0.name == .warning && $0.reason.map(overlapReasons.contains) == true }
    }

    /// The transitions a step runs, through `simultaneously` and transitions that perform others.
    static func performedTransitions(in step: Step, spec: Spec) -> Set<String> {
        var result: Set<String> = []
        var pending = [step]
        while let current = pending.popLast() {
            switch current.action {
            case .perform(let name):
                guard result.insert(name.value).inserted, let transition = spec.transition(name.value) else { continue }
                if case .calls(let calls) = transition.body { pending.append(contentsOf: calls) }
            case .simultaneously(let steps):
                pending.append(contentsOf: steps)
            default:
                continue
            }
        }
        return result
    }
}
