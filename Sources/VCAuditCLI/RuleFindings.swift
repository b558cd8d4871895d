import VCAuditRules
import VCAuditSpec

/// The rule checker's findings for event logs of a spec, with the default rules: what `diff` and `verify` compare.
enum RuleFindings {
    /// The findings of `logs` (replays of `spec`'s scenarios); none without the spec.
    @Sendable static func of(spec: Spec?, logs: [EventLog]) -> [Finding] {
        guard let spec else { return [] }
        return Checker().check(spec, logs: logs).findings
    }
}
