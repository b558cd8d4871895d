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

    let tests: [PlannedTest]
    /// Transitions whose methods take `animated:`, because a step performs them with the spec's animation.
    let animatedTransitions: Set<String>
    /// Controllers that a storyboard segue makes anew: their properties are `var`.
    let segueDestinations: Set<ControllerID>

    /// UIKit refuses these calls because an animation is still running: the race needs the spec's animation.
    static let overlapReasons: Set<ReplayReason> = [.presentationInProgress, .dismissInProgress, .nestedNavigationAnimation]

    init(spec: Spec, settings: TestGenerator, names: SpecNames) {
        var tests: [PlannedTest] = []
        var testScope = NameScope(reserved: ["spec", "Controllers", "init", "deinit", "setUp", "tearDown"])
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
        animatedTransitions = animated

        var destinations: Set<ControllerID> = []
        for transition in spec.transitions {
            guard case .segue(let segue) = transition.body, names.isFromStoryboard(segue.from.id),
                  Self.seguesMakeDestination.contains(segue.kind) else { continue }
            destinations.insert(segue.to.id)
        }
        segueDestinations = destinations
    }

    /// Segue kinds a test performs with `performSegue(withIdentifier:sender:)` and whose destination the storyboard makes.
    static let seguesMakeDestination: Set<Segue.Kind> = [.show, .showDetail, .modal, .popover, .custom]

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
