import VCAuditRules

/// Where a finding occurred, in words: `(scenario 'Browse', on iphone and ipad)`.
///
/// Every human-facing format appends it to the message, so a finding reads
/// the same in a terminal, an annotation and a pull-request comment.
enum FindingContext {
    /// The parenthesised context, or nil when the finding has neither scenario nor devices.
    static func phrase(_ finding: Finding) -> String? {
        var parts: [String] = []
        if let scenario = finding.scenario { parts.append("scenario '\(scenario)'") }
        if !finding.devices.isEmpty { parts.append("on " + list(finding.devices.sorted().map(\.rawValue))) }
        return parts.isEmpty ? nil : "(" + parts.joined(separator: ", ") + ")"
    }

    /// The message followed by the context phrase, if any.
    static func message(_ finding: Finding) -> String {
        guard let phrase = phrase(finding) else { return finding.message }
        return finding.message + " " + phrase
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
