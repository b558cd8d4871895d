import VCAuditYAML

/// An `ignore:` entry: silence one rule where it is written, for a stated reason.
public struct Suppression: Sendable, Hashable {
    public var rule: Located<String>
    public var reason: String
    /// Where the entry starts.
    public var mark: Mark

    public init(rule: Located<String>, reason: String, mark: Mark) {
        self.rule = rule
        self.reason = reason
        self.mark = mark
    }
}
