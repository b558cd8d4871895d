import VCAuditSpec
import VCAuditYAML

/// What a rule reports: a finding before the checker adds notes, severity, suppressions and devices.
public struct Violation: Sendable, Hashable {
    /// Whether identical violations from different scenarios are one finding.
    public enum Scope: Sendable, Hashable {
        /// About what a scenario did: one finding per scenario.
        case scenario
        /// About a declaration (a controller that lacks something): one finding however many scenarios show it.
        case declaration
    }

    public var ruleID: String
    public var message: String
    /// Where the cause or the fix lives.
    public var location: SourceLocation
    /// Most relevant first; the first one's `ignore:` applies.
    public var controllers: [ControllerID]
    /// Notes the rule adds; the checker adds the transition and scenario step notes itself.
    public var notes: [Finding.Note]
    /// The call (scenario step, transition call, segue or expectation) that caused it: whose `ignore:` applies.
    public var call: Mark?
    /// The 1-based scenario step that ran the call.
    public var step: Int?
    /// The transition the call was expanded from (innermost), if any.
    public var transition: String?
    /// The index of the scenario it happened in (in `spec.scenarios`), if any.
    public var scenario: Int?
    public var scope: Scope
    /// The lowest severity the finding may have: `.error` where UIKit crashes on what the rule otherwise
    /// reports as a warning (a page transition started while one is in flight). Nothing UIKit crashes on
    /// may pass `check` as a warning.
    public var minimumSeverity: Severity?

    /// Hashes what tells violations apart in practice (the rule, the place, the controllers, the step, the
    /// scenario), not the text: `explore` looks every violation a path reports up among those seen before, and the
    /// message and notes are long. Equality still compares every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ruleID)
        hasher.combine(location.line)
        hasher.combine(location.column)
        hasher.combine(controllers)
        hasher.combine(step)
        hasher.combine(scenario)
    }
}

/// The initializer is declared here, outside the type, so that it keeps its memberwise initializer, which rules'
/// reports make each violation with: an initializer of the type's own copies the violation whole once it is made (a
/// retain and a release of each of its strings and lists), where the memberwise one builds it from its fields at once.
extension Violation {
    public init(ruleID: String, message: String, location: SourceLocation, controllers: [ControllerID] = [],
                notes: [Finding.Note] = [], call: Mark? = nil, step: Int? = nil, transition: String? = nil,
                scenario: Int? = nil, scope: Scope = .scenario) {
        self.ruleID = ruleID
        self.message = message
        self.location = location
        self.controllers = controllers
        self.notes = notes
        self.call = call
        self.step = step
        self.transition = transition
        self.scenario = scenario
        self.scope = scope
    }
}
