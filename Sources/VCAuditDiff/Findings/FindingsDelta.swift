import VCAuditRules

/// Findings new in NEW, fixed since OLD, and unchanged, matched by their `FindingIdentity` (with the spec named
/// by its path relative to the compared folder): lines and messages may change between versions.
///
/// Matching counts duplicates: three identical keys in NEW against two in OLD
/// are two unchanged and one new. Each list is in report order (new and
/// unchanged findings as NEW reports them, fixed ones as OLD did).
public struct FindingsDelta: Sendable {
    /// A finding and the spec it belongs to, as known in the comparison (relative path).
    public struct Entry: Sendable {
        public var finding: Finding
        public var spec: String

        public init(_ finding: Finding, spec: String) {
            self.finding = finding
            self.spec = spec
        }

        public var identity: FindingIdentity { FindingIdentity(finding, spec: spec) }
    }

    public var new: [Finding]
    public var fixed: [Finding]
    public var unchanged: [Finding]

    public init(new: [Finding] = [], fixed: [Finding] = [], unchanged: [Finding] = []) {
        self.new = new
        self.fixed = fixed
        self.unchanged = unchanged
    }

    public var isEmpty: Bool { new.isEmpty && fixed.isEmpty && unchanged.isEmpty }

    /// Compares the findings of two versions.
    public static func between(old: [Entry], new: [Entry]) -> FindingsDelta {
        var remaining: [FindingIdentity: Int] = [:]
        for entry in old { remaining[entry.identity, default: 0] += 1 }
        var delta = FindingsDelta()
        for entry in new.sorted(by: { Finding.reportOrder($0.finding, $1.finding) }) {
            let key = entry.identity
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                delta.unchanged.append(entry.finding)
            } else {
                delta.new.append(entry.finding)
            }
        }
        for entry in old.sorted(by: { Finding.reportOrder($0.finding, $1.finding) }) {
            let key = entry.identity
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                delta.fixed.append(entry.finding)
            }
        }
        return delta
    }
}
