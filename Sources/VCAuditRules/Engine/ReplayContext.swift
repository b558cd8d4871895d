import VCAuditReplay
import VCAuditSpec

/// What every rule observer of one replay shares: the spec, the scenario, the device, and the violations reported.
///
/// A reference type so that observers can report from any callback. It is never shared between threads; the checker
/// keeps one per spec and starts it over for each replay (`begin`), so that the observers made once for the spec's
/// first replay serve the others.
///
/// Its stored properties that change are read and written without the run time's exclusivity checks
/// (`@exclusivity(unchecked)`): no two accesses to one of them overlap (a cache is read, then written, with the value
/// made in between), and a check cost a call of about 80 instructions per access, several per replay and one per
/// expectation a rule looks up.
public final class ReplayContext {
    public let spec: Spec
    public let index: SpecIndex
    /// The scenario replayed.
    ///
    /// A `GrowingCheck` extends it as it grows (the steps before stay as they were): the steps it added are kept as
    /// a trail and put after the scenario's own only when this is read (rarely: a rule that points at an earlier
    /// step), not on every growth.
    public internal(set) var scenario: Scenario {
        get {
            guard grownSteps != nil || !growingSteps.isEmpty else { return plainScenario }
            var scenario = grownSteps?.appended(to: plainScenario) ?? plainScenario
            scenario.steps += growingSteps
            return scenario
        }
        set {
            plainScenario = newValue
            plainScenarioSource = nil
            grownSteps = nil
            growingSteps = []
        }
    }
    /// The scenario as it was set, without the steps a growth added after it.
    @exclusivity(unchecked) private var plainScenario: Scenario
    /// The object `plainScenario` was read from by `setScenario`, if it was: set again from the same object (every
    /// path `explore` tries grows a check of one starting scenario), the scenario is not copied again, a copy that
    /// retained and released each of its fields.
    @exclusivity(unchecked) private var plainScenarioSource: StartingScenario?
    /// The steps a `GrowingCheck` added after `plainScenario`'s in the growths before this one.
    @exclusivity(unchecked) private var grownSteps: StepTrail?
    /// The steps of the growth running now, after `grownSteps`' (not yet a link of the trail: most growths are
    /// never grown again, and name no scenario).
    @exclusivity(unchecked) private var growingSteps: [Step] = []
    /// The scenario's position in `spec.scenarios`.
    @exclusivity(unchecked) public private(set) var scenarioIndex: Int
    @exclusivity(unchecked) public private(set) var device: Device
    /// `spec.usesRestoration`, computed once.
    public let usesRestoration: Bool
    /// Whether a declared controller does not forward appearance (`forwardsAppearance: false`): without one, no
    /// controller of a replay leaves its children's appearance to its code (instances are their scene's).
    public let hasManualAppearance: Bool
    /// Violations in the order they were reported, since the context was made or last started over (`begin`,
    /// `startOver`): over several replays when the checker begins each keeping them (`beginKeepingViolations`).
    @exclusivity(unchecked) public private(set) var violations: [Violation] = []

    public init(spec: Spec, index: SpecIndex, scenario: Scenario, scenarioIndex: Int, device: Device) {
        self.spec = spec
        self.index = index
        self.plainScenario = scenario
        self.scenarioIndex = scenarioIndex
        self.device = device
        self.usesRestoration = spec.usesRestoration
        hasManualAppearance = spec.controllers.contains { !$0.forwardsAppearance }
    }

    /// Adds `violation`, taken rather than copied: a copy retained each of its strings and lists.
    public func record(_ violation: consuming Violation) {
        violations.append(violation)
    }

    /// Starts a replay of the spec's scenario at `scenarioIndex` on `device`: the violations and what was computed
    /// for the previous replay are forgotten.
    func begin(_ scenario: Scenario, scenarioIndex: Int, device: Device) {
        beginKeepingViolations(scenario, scenarioIndex: scenarioIndex, device: device)
        startOver()
    }

    /// Starts a replay as `begin` does, but keeps the violations reported so far.
    ///
    /// The checker reads each replay's violations as the ones added to `violations` while it ran: the list emptied for
    /// each replay, once handed to the checker, was shared, and emptying it allocated a new one.
    func beginKeepingViolations(_ scenario: Scenario, scenarioIndex: Int, device: Device) {
        self.scenario = scenario
        self.scenarioIndex = scenarioIndex
        self.device = device
        if restorationWalkCache != nil { forgetRestorationWalk() }
    }

    /// Sets the scenario a `GrowingCheck` replays: `start`'s, then the steps of `grownSteps`, then `growing`.
    func setScenario(_ start: StartingScenario, grownSteps: StepTrail?, then growing: [Step] = []) {
        if plainScenarioSource !== start {
            plainScenario = start.scenario
            plainScenarioSource = start
        }
        if self.grownSteps !== grownSteps { self.grownSteps = grownSteps }
        growingSteps = growing
    }

    /// Forgets the violations reported so far, and what was computed at numbered events (a `GrowingCheck` starts
    /// each growth afresh, and its copies number their events alike).
    func startOver() {
        // Most replays and growths report nothing and walk nothing: left alone then (emptying an empty list still
        // goes through the array's generic path and the class's exclusivity checks, on every path `explore` tries).
        if !violations.isEmpty { violations.removeAll(keepingCapacity: true) }
        if restorationWalkCache != nil { forgetRestorationWalk() }
    }

    /// The step or transition call that caused `event` (`RuleContext.call(for:)`).
    ///
    /// The index is read in place, and the event's position by its mark: a copy of the index retains each of its
    /// arrays, and the event's `at` spells its file out.
    func call(for event: Event) -> Step? {
        withStep(of: event) { index.step(at: event.location.mark, within: $0) }
    }

    /// The expectation an `expect` event checked (`RuleContext.expectation(for:)`), read as `call(for:)` is.
    func expectation(for event: Event) -> Expectation? {
        withStep(of: event) { index.expectation(at: event.location.mark, within: $0) }
    }

    /// What `body` finds in the scenario's step where `event` happened (nil when the scenario has no such step).
    ///
    /// The step is read in place, and the scenario too unless a growth added steps: the scenario's getter copied the
    /// whole scenario (a retain of each of its fields, and their releases), and taking the step out of its list copied
    /// the step, for every expectation a rule looked up.
    private func withStep<Found>(of event: Event, _ body: (Step) -> Found?) -> Found? {
        func find(in steps: [Step]) -> Found? {
            steps.withUnsafeBufferPointer { steps in
                steps.indices.contains(event.step - 1) ? body(steps[event.step - 1]) : nil
            }
        }
        return grownSteps == nil && growingSteps.isEmpty ? find(in: plainScenario.steps) : find(in: scenario.steps)
    }

    /// The names `uikitName` made, by controller: kept for the spec's life (they depend on the spec alone).
    @exclusivity(unchecked) private var uikitNames: [ControllerID: String] = [:]

    /// `<Class: id>`, the way UIKit names a controller in its messages (`Spec.uikitName`), made once per controller:
    /// rules name two or three controllers in every message, and `explore` reports the same ones on many paths.
    public func uikitName(_ id: ControllerID) -> String {
        if let name = uikitNames[id] { return name }
        let name = spec.uikitName(id)
        // Room for every declared controller from the first: a spec's rules name most of those they report on, and
        // the table grown one name at a time rehashed the names it held each time it doubled.
        if uikitNames.isEmpty { uikitNames.reserveCapacity(spec.controllers.count) }
        uikitNames[id] = name
        return name
    }

    /// What a rule says about a controller whatever the replay, by rule type and controller: kept for the spec's life.
    @exclusivity(unchecked) private var controllerTexts: [ControllerText: String] = [:]

    private struct ControllerText: Hashable {
        let rule: ObjectIdentifier
        let id: ControllerID
    }

    /// The text `rule` says about `id` in every replay of the spec (a declaration's finding, made again in each
    /// scenario that shows it and merged into one), made by `make` the first time.
    func text(of rule: Any.Type, about id: ControllerID, _ make: () -> String) -> String {
        let key = ControllerText(rule: ObjectIdentifier(rule), id: id)
        if let text = controllerTexts[key] { return text }
        let text = make()
        controllerTexts[key] = text
        return text
    }

    /// The last restoration walk and the event it was taken at (nil: the end of the replay).
    @exclusivity(unchecked) private var restorationWalkCache: (seq: Int?, walk: RestorationWalk)?
    /// The list of nodes of the walk forgotten last, for the next walk to fill: a walk at each checkpoint of every
    /// replay allocated its own.
    @exclusivity(unchecked) private var spareRestorationNodes: [RestorationWalk.Node] = []

    /// The window's hierarchy as preservation walks it, at the event numbered `seq` (nil: the end of the
    /// replay): computed once and shared by the restoration rules that look at the same moment.
    func restorationWalk(_ state: HierarchyState, at seq: Int?) -> RestorationWalk {
        if let cached = restorationWalkCache, cached.seq == seq { return cached.walk }
        if restorationWalkCache != nil { forgetRestorationWalk() }
        var nodes: [RestorationWalk.Node] = []
        swap(&nodes, &spareRestorationNodes)
        let walk = RestorationWalk(state, reusing: consume nodes)
        restorationWalkCache = (seq, walk)
        return walk
    }

    /// Forgets the cached walk, keeping its list of nodes for the next one (the rules hold a walk only while they
    /// read it).
    private func forgetRestorationWalk() {
        if let forgotten = restorationWalkCache.take() { spareRestorationNodes = forgotten.walk.nodes }
    }
}
