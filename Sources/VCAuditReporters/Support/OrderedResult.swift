import VCAuditRules
import VCAuditSpec

/// A check result in the order every report shows it.
///
/// Findings by `Finding.reportOrder`, with ties broken on every other field
/// so the order is total; input errors by location, then severity and
/// message; skipped files by path.
struct OrderedResult {
    let findings: [Finding]
    let inputErrors: [Diagnostic]
    let skipped: [SpecLoader.Skipped]
    let summary: ReportSummary

    init(_ result: CheckResult) {
        findings = result.findings.sorted(by: Self.findingOrder)
        inputErrors = result.inputErrors.sorted(by: Self.diagnosticOrder)
        skipped = result.skipped.sorted { ($0.path, $0.reason) < ($1.path, $1.reason) }
        summary = ReportSummary(result)
    }

    static func findingOrder(_ a: Finding, _ b: Finding) -> Bool {
        if Finding.reportOrder(a, b) { return true }
        if Finding.reportOrder(b, a) { return false }
        if a.severity != b.severity { return a.severity > b.severity }
        if a.devices != b.devices { return a.devices.lexicographicallyPrecedes(b.devices) }
        if a.controllers != b.controllers { return a.controllers.lexicographicallyPrecedes(b.controllers) }
        if a.scenario != b.scenario { return a.scenario == nil }
        return a.notes.map(noteKey).lexicographicallyPrecedes(b.notes.map(noteKey))
    }

    static func diagnosticOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.location != b.location { return a.location < b.location }
        if a.severity != b.severity { return a.severity.rawValue < b.severity.rawValue }
        if a.message != b.message { return a.message < b.message }
        return a.notes.map(noteKey).lexicographicallyPrecedes(b.notes.map(noteKey))
    }

    private static func noteKey(_ note: Diagnostic.Note) -> String { "\(note.location)\u{0}\(note.message)" }

    /// The findings grouped by the file they point into, files in path order.
    var findingsByFile: [(file: String, findings: [Finding])] {
        var groups: [(file: String, findings: [Finding])] = []
        for finding in findings {
            if let last = groups.indices.last, groups[last].file == finding.location.file {
                groups[last].findings.append(finding)
            } else {
                groups.append((finding.location.file, [finding]))
            }
        }
        return groups
    }
}
