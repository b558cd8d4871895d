import VCAuditRules
import VCAuditSupport

/// Stable identities for findings, so CI can tell a finding from run to run.
///
/// The key is the finding's `FindingIdentity`, with the spec path relative to
/// the root: what it is about, not where its line is. Findings with the
/// same key are numbered in report order, so two pops of the same root in one
/// scenario stay two alerts. The fingerprint is the SHA-256 of the key as
/// canonical JSON; SARIF's `partialFingerprints` and the JSON report carry it.
enum FindingFingerprint {
    /// One fingerprint per finding of `findings` (already in report order), in the same order.
    static func compute(_ findings: [Finding], root: String?) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let key = FindingIdentity(finding, spec: ReportPath.relative(finding.location.file, to: root)).canonicalJSON
            let occurrence = (seen[key] ?? 0) + 1
            seen[key] = occurrence
            return SHA256.hex(key + "#\(occurrence)")
        }
    }
}
