import Testing
@testable import VCAuditRules
import VCAuditSpec

/// Loads `source` as a spec named `path`, failing the test with the diagnostics when it does not decode.
func loadSpec(_ source: String, path: String = "spec.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Spec? {
    let loaded = SpecLoader.load(bytes: Array(source.utf8), path: path)
    if loaded.spec == nil {
        let text = loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
        Issue.record("the spec does not load:\n\(text)", sourceLocation: sourceLocation)
    }
    return loaded.spec
}

/// `line:column` of each finding, for readable comparisons.
func positions(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.location.line):\($0.location.column)" }
}

/// `rule@line:column` of each finding.
func summary(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.ruleID)@\($0.location.line):\($0.location.column)" }
}
