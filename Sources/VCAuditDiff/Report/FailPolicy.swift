/// What makes `vcaudit diff` exit with status 1.
public enum FailPolicy: String, Sendable, Hashable, CaseIterable {
    /// Only findings new in NEW fail.
    case newFindings = "new-findings"
    /// Any difference fails: a changed, added or removed scenario, or a new or fixed finding (the default).
    case anyChange = "any-change"
    /// Never fail on differences (bad input still exits 2).
    case never

    /// The exit status for `report`: 2 on bad input, 1 when the policy's condition holds, else 0.
    public func exitStatus(for report: DiffReport) -> Int32 {
        if !report.errors.isEmpty { return 2 }
        switch self {
        // New findings that cannot be known are not "none": the question has no answer, as with bad input.
        case .newFindings: return !report.findingsCompared ? 2 : report.summary.findingsNew > 0 ? 1 : 0
        case .anyChange: return report.summary.hasDifferences ? 1 : 0
        case .never: return 0
        }
    }
}
