import VCAuditReplay
import VCAuditSpec
import VCAuditYAML

/// One scenario checked as it grows, a few steps at a time; a copy grows on its own, so `explore` keeps one per state
/// it reaches and tries each user action from a copy instead of replaying each path from launch.
///
/// Each growth returns what `check` reports for the scenario made of every step so far that the new steps caused,
/// and what the scenario ending there causes; what earlier steps caused was returned when they ran. The rules about
/// declarations alone, and `unused_suppression` (which needs a whole check), are left to a `Checker.check` of the
/// scenario the growth starts from.
public struct GrowingCheck {
    /// What never changes as the check grows, shared by its copies (one reference to retain when a copy is made).
    private let shared: Shared
    /// The replay so far, watched by the rules' observers.
    private var replay: SteppedReplay
    /// The scenario the check started from (`grow(_:scenario:)`), held by reference: a copy of the check retains
    /// one object for it, not each of its strings and lists.
    private var start: StartingScenario
    /// The steps grown after `start`'s, one growth a link: a copy of the check shares them, and a growth adds a
    /// link instead of copying every step before it.
    private var grownSteps: StepTrail?
    /// A growth told the observers the scenario ends without keeping them as they were: it cannot grow again.
    private var isOver = false

    /// A check of `spec`'s scenario that starts from `initialState` (`Replay.initialState(spec:device:)`) on `device`,
    /// with no step run yet.
    public init(_ checker: Checker, spec: Spec, device: Device, initialState: HierarchyState) {
        var spec = spec
        let scenario = Scenario(name: "", mark: Mark(line: 1, column: 1), device: device, steps: [])
        spec.scenarios = [scenario]
        shared = Shared(checker, spec: spec, device: device, scenario: scenario)
        start = StartingScenario(scenario)
        replay = SteppedReplay(spec, scenario: "", device: device, initialState: initialState,
                               observers: Checker.observers(of: checker.enabledRules, reportingTo: shared.context))
    }

    /// Makes this check equal to `other`, a copy of the same check (grown apart since), copying the replay's state
    /// into this check's arrays where they have room (`SteppedReplay.restart(from:)`).
    ///
    /// `explore` grows each path it tries from the explored state's check: restarting one check for each, rather than
    /// growing a copy, saves the copy's first changes copying the state's arrays and its end freeing them.
    package mutating func restart(from other: GrowingCheck) {
        precondition(shared === other.shared, "a check restarts from a copy of the same check")
        replay.restart(from: other.replay)
        // Most restarts are from the check the last one was from (the moves of one state): its references are the
        // same, and assigning them retained and released each.
        if start !== other.start { start = other.start }
        if grownSteps !== other.grownSteps { grownSteps = other.grownSteps }
        isOver = other.isOver
    }

    /// The checker, the spec, and what copies of one check share while they grow one at a time.
    private final class Shared {
        let checker: Checker
        /// The spec, its only scenario a placeholder (a growth with findings puts the one grown so far in a copy).
        let spec: Spec
        let index: SpecIndex
        let device: Device
        /// It holds the violations of one growth at a time, taken before the next one starts.
        let context: ReplayContext

        init(_ checker: Checker, spec: Spec, device: Device, scenario: Scenario) {
            self.checker = checker
            self.spec = spec
            self.device = device
            index = SpecIndex(spec)
            context = ReplayContext(spec: spec, index: index, scenario: scenario, scenarioIndex: 0, device: device)
        }
    }

    /// The hierarchy after the steps run so far.
    public var state: HierarchyState { replay.state }

    /// What `body` reads of the hierarchy after the steps run so far, without copying it (as
    /// `SteppedReplay.withState`).
    public func withState<Result>(_ body: (HierarchyState) throws -> Result) rethrows -> Result { try replay.withState(body) }

    /// Runs `steps` as the scenario's next steps (`scenario` is the whole scenario now: the steps run before, then
    /// these), and returns the findings they and the scenario's end cause, in report order.
    public mutating func grow(_ steps: [Step], scenario: Scenario) -> [Finding] {
        start = StartingScenario(scenario)
        grownSteps = nil
        return run(steps, adding: [], goesOn: { _ in true }) ? findings(of: shared.context.violations, named: scenario.name) : []
    }

    /// Runs `steps` as the scenario's next steps, appended to the ones run before, and returns what
    /// `grow(_:scenario:)` returns for the scenario they make, named `name()`.
    ///
    /// The scenario keeps its mark and device, and `name` is asked only when there are findings to name it in:
    /// `explore` grows every path it tries, and most find nothing. `goesOn` is asked, with the state the steps
    /// reach, whether this check will grow again; when it will not, the rules are told the scenario ends in place,
    /// not in a copy kept from their state, and the check must not grow again.
    ///
    /// `isRepeated` is asked about each violation the rules report, once, and the findings are made from the others
    /// only: a caller that already has what a violation became (its finding's place, rule and controllers depend on
    /// the violation alone) saves making it again, and naming the scenario when nothing else is left.
    public mutating func grow(_ steps: [Step], named name: () -> String, goesOn: (HierarchyState) -> Bool = { _ in true },
                              skipping isRepeated: (Violation) -> Bool = { _ in false }) -> [Finding] {
        let reported = run(steps, adding: steps, goesOn: goesOn)
        // The steps join the trail when something reads them later: the growths to come, or a finding's scenario (a
        // check that ends here with nothing new to report, most of them, allocates no link).
        if !isOver { grownSteps = StepTrail(steps, after: grownSteps) }
        guard reported else { return [] }
        let fresh = shared.context.violations.filter { !isRepeated($0) }
        guard !fresh.isEmpty else {
            shared.context.startOver()
            return []
        }
        if isOver { grownSteps = StepTrail(steps, after: grownSteps) }
        return findings(of: fresh, named: name())
    }

    /// Runs `steps` (already the end of the scenario, after `grownSteps` and then `added`, the steps of this growth
    /// not yet in the trail), tells the observers the scenario ends there (in place, when `goesOn` says the check
    /// will not grow again), and tells whether the rules reported anything.
    private mutating func run(_ steps: [Step], adding added: [Step], goesOn: (HierarchyState) -> Bool) -> Bool {
        precondition(!isOver, "a check whose growth said it would not go on grows again")
        let context = shared.context
        context.setScenario(start, grownSteps: grownSteps, then: added)
        context.startOver()
        if !replay.run(steps, goesOn: goesOn) { isOver = true }
        return !context.violations.isEmpty
    }

    /// The findings of `violations` (of the last run), in the scenario grown so far, named `name`; the run's
    /// violations are let go.
    private func findings(of violations: [Violation], named name: String) -> [Finding] {
        var scenario = grownSteps?.appended(to: start.scenario) ?? start.scenario
        scenario.name = name
        var spec = shared.spec
        spec.scenarios = [scenario]
        let device = shared.device
        let findings = shared.checker.findings(of: [(violations, violations.indices, device)], spec: spec, index: shared.index,
                                               devices: [device]).findings
        shared.context.startOver()
        return Checker.inOrder(findings, spec: spec.file)
    }
}

/// The scenario a `GrowingCheck` started from, held by reference (a copy of the check retains one object for it, not
/// each of its strings and lists; `ReplayContext.setScenario` knows it by its identity).
final class StartingScenario {
    let scenario: Scenario

    init(_ scenario: Scenario) { self.scenario = scenario }
}

/// Steps a `GrowingCheck` grew, after those of the growths before (a list shared by the copies that grew from the
/// same point).
final class StepTrail {
    /// The steps of this growth.
    let added: [Step]
    /// The growths before this one, if any.
    let previous: StepTrail?

    init(_ added: [Step], after previous: StepTrail?) {
        self.added = added
        self.previous = previous
    }

    /// `scenario` with every step grown after its own.
    func appended(to scenario: Scenario) -> Scenario {
        var scenario = scenario
        scenario.steps += steps
        return scenario
    }

    /// Every step grown, the first growth's first.
    var steps: [Step] {
        var growths: [StepTrail] = []
        var link: StepTrail? = self
        while let current = link {
            growths.append(current)
            link = current.previous
        }
        var steps: [Step] = []
        for growth in growths.reversed() { steps += growth.added }
        return steps
    }
}
