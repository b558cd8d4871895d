import VCAuditRules

extension Severity {
    /// The word compilers and Xcode use: `error`, `warning`, and `note` for info.
    var diagnosticWord: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
