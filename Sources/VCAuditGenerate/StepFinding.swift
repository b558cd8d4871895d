import VCAuditReplay
import VCAuditRules
import VCAuditSpec

/// Something vcaudit reports at one step of a scenario, and how a generated test treats that step.
///
/// A `crash` stops the test before the step (UIKit would raise); a `warning`
/// step is performed and its refused effect marked as a known issue (UIKit
/// logs and usually drops the call); a `finding` is documented in a comment
/// (UIKit says nothing, the rule explains what is wrong).
public struct StepFinding: Sendable, Hashable {
    public enum Effect: String, Sendable, Hashable, CaseIterable {
        /// UIKit raises an exception: the app crashes at this step.
        case crash
        /// UIKit logs a console warning and usually drops the call.
        case warning
        /// A vcaudit rule flags the step; UIKit itself says nothing.
        case finding
    }

    /// 1-based index of the scenario step; 0 for a finding about the whole scenario.
    public var step: Int
    public var effect: Effect
    /// The rule that reports it, when a rule does.
    public var ruleID: String?
    /// What UIKit raises or logs, or the rule's message.
    public var message: String
    /// Where the cause is written: the step, or the transition call inside the step.
    public var location: SourceLocation
    /// The `exception` or `warning` event of the replay, for UIKit's own reactions.
    public var event: Event?

    public init(step: Int, effect: Effect, ruleID: String? = nil, message: String, location: SourceLocation, event: Event? = nil) {
        self.step = step
        self.effect = effect
        self.ruleID = ruleID
        self.message = message
        self.location = location
        self.event = event
    }
}

/// Decides which steps of a replayed scenario carry findings: the seam between the checker and the generator.
public protocol StepFindingSource: Sendable {
    /// The findings of `scenario` as replayed in `replay`, each placed on a step.
    func findings(spec: Spec, scenario: Scenario, replay: ReplayResult) -> [StepFinding]
}

/// UIKit's own reactions in the replay: an `exception` event is a crash, a `warning` event a warning.
public struct ReplayOutcomes: StepFindingSource {
    public init() {}

    public func findings(spec: Spec, scenario: Scenario, replay: ReplayResult) -> [StepFinding] {
        replay.log.events.compactMap { event in
            switch event.name {
            case .exception:
                StepFinding(step: event.step, effect: .crash, message: event.message ?? "UIKit raises an exception",
                            location: event.at, event: event)
            case .warning:
                StepFinding(step: event.step, effect: .warning, message: event.message ?? "UIKit logs a warning",
                            location: event.at, event: event)
            default:
                nil
            }
        }
    }
}

/// The checker's findings, placed on the steps that caused them, on top of UIKit's own reactions.
///
/// `checker` finds what `vcaudit check` reports for the scenario's replay. A
/// finding lands on the step whose events were caused at
/// its location or at one of its notes' locations (the exact position first,
/// then the same line); when it sits on a crash or warning at the same line,
/// it names that outcome's rule instead of repeating it. Findings that no step
/// caused are about the whole scenario (step 0).
public struct CheckerFindings: StepFindingSource {
    public let checker: Checker

    public init(_ checker: Checker = Checker()) {
        self.checker = checker
    }

    public func findings(spec: Spec, scenario: Scenario, replay: ReplayResult) -> [StepFinding] {
        var result = ReplayOutcomes().findings(spec: spec, scenario: scenario, replay: replay)
        let stepMarks = Dictionary(scenario.steps.enumerated().map { (SourceLocation(file: spec.file, mark: $1.mark), $0 + 1) },
                                   uniquingKeysWith: { first, _ in first })
        for finding in checker.check(spec, logs: [replay.log]).findings.sorted(by: Finding.reportOrder) {
            let places = [finding.location] + finding.notes.map(\.location)
            func sameLine(_ a: SourceLocation, _ b: SourceLocation) -> Bool { a.file == b.file && a.line == b.line }
            var step = 0
            search: for matches in [{ $0 == $1 }, sameLine] as [(SourceLocation, SourceLocation) -> Bool] {
                for place in places {
                    if let event = replay.log.events.first(where: { matches($0.at, place) }) {
                        step = event.step
                        break search
                    }
                    if let index = stepMarks.first(where: { matches($0.key, place) })?.value {
                        step = index
                        break search
                    }
                }
            }
            if let index = result.firstIndex(where: {
                $0.step == step && sameLine($0.location, finding.location) && $0.ruleID == nil && $0.effect != .finding
            }) {
                result[index].ruleID = finding.ruleID
                continue
            }
            result.append(StepFinding(step: step, effect: .finding, ruleID: finding.ruleID, message: finding.message, location: finding.location))
        }
        return result
    }
}
