/// What every rule observer of one replay shares: the spec, the scenario, the device, and the violations reported.
///
/// A reference type so that observers can report from any callback; it lives
/// only as long as one replay and is never shared between threads.
public final class ReplayContext {
    public let spec: Spec
    public let index: SpecIndex
    public let scenario: Scenario
    /// The scenario's position in `spec.scenarios`.
    public let scenarioIndex: Int
    public let device: Device
    /// Violations in the order they were reported.
    public private(set) var violations: [Violation] = []

    public init(spec: Spec, index: SpecIndex, scenario: Scenario, scenarioIndex: Int, device: Device) {
        self.spec = spec
        self.index = index
        self.scenario = scenario
        self.scenarioIndex = scenarioIndex
        self.device = device
    }

    public func record(_ violation: Violation) {
        violations.append(violation)
    }
}
