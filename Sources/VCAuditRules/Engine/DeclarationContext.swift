import VCAuditSpec
import VCAuditYAML

/// One rule's view of a spec's declarations: where to report what is wrong in them.
public final class DeclarationContext {
    /// Where a declaration violation is written, for its `ignore:` scopes.
    public enum Place: Sendable, Hashable {
        /// In a controller's declaration (its own `ignore:` applies through `controllers`).
        case controller
        /// In a transition: its segue (`call` nil) or one of its calls.
        case transition(String, call: Mark?)
        /// In a scenario's step (`step` 1-based, `call` the step or nested step written there).
        case scenarioStep(scenario: Int, step: Int, call: Mark)
    }

    /// The rule reporting here: the checker hands one context to each enabled rule in turn (`begin(ruleID:)`).
    public private(set) var ruleID: String
    /// The spec's file, where its violations are.
    ///
    /// The spec itself is not kept (a rule is handed it with its context): a copy of it retained each of its strings
    /// and lists, and released them with the context, for every rule of every spec checked, where two rules report here.
    private let file: String
    public private(set) var violations: [Violation] = []

    public init(ruleID: String, spec: Spec) {
        self.ruleID = ruleID
        file = spec.file
    }

    /// Makes `ruleID` the rule reporting here next (the context's violations are taken first: `takeViolations()`).
    ///
    /// The checker checks a spec's declarations with one context for all its rules: a context for each rule was an
    /// allocation per enabled rule (about 40) for every spec checked.
    func begin(ruleID: String) {
        self.ruleID = ruleID
    }

    /// The violations reported so far, which the context no longer holds.
    func takeViolations() -> [Violation] {
        var taken: [Violation] = []
        swap(&taken, &violations)
        return taken
    }

    public func report(at mark: Mark, in place: Place, _ message: String, controllers: [ControllerID], notes: [Finding.Note] = []) {
        var violation = Violation(ruleID: ruleID, message: message, location: SourceLocation(file: file, mark: mark),
                                  controllers: RuleContext.unique(controllers), notes: notes, scope: .declaration)
        switch place {
        case .controller:
            break
        case let .transition(name, call):
            violation.transition = name
            violation.call = call
        case let .scenarioStep(scenario, step, call):
            violation.scenario = scenario
            violation.step = step
            violation.call = call
        }
        violations.append(violation)
    }
}
