import VCAuditRules

/// What makes two findings "the same finding" across versions of a spec: everything but line numbers.
///
/// Editing a spec moves lines, so a finding's location cannot identify it.
/// The key is the rule, the spec (as a path relative to the compared folder),
/// the scenario, the controllers involved and the message with any
/// `file:line:column` or `line N` references blanked out.
public struct FindingKey: Sendable, Hashable, Comparable {
    public var ruleID: String
    public var spec: String
    public var scenario: String
    public var controllers: [ControllerID]
    public var message: String

    public init(ruleID: String, spec: String, scenario: String?, controllers: [ControllerID], message: String) {
        self.ruleID = ruleID
        self.spec = spec
        self.scenario = scenario ?? ""
        self.controllers = controllers
        self.message = Self.strippingLocations(message)
    }

    /// The key of `finding`, whose spec is known as `spec` in the comparison.
    public init(_ finding: Finding, spec: String) {
        self.init(ruleID: finding.ruleID, spec: spec, scenario: finding.scenario, controllers: finding.controllers,
                  message: finding.message)
    }

    public static func < (lhs: FindingKey, rhs: FindingKey) -> Bool {
        (lhs.spec, lhs.scenario, lhs.ruleID, lhs.controllers.joined(separator: ","), lhs.message)
            < (rhs.spec, rhs.scenario, rhs.ruleID, rhs.controllers.joined(separator: ","), rhs.message)
    }

    /// `message` with source positions replaced by `…`: `file.yaml:12:5` and `file.yaml:12` become `…`, `line 12` becomes `line …`.
    public static func strippingLocations(_ message: String) -> String {
        var out = ""
        var words = message.split(separator: " ", omittingEmptySubsequences: false).makeIterator()
        var previous: Substring?
        while let word = words.next() {
            if !out.isEmpty || previous != nil { out += " " }
            if let previous, ["line", "lines", "column", "step"].contains(previous.drop { !$0.isLetter }.lowercased()), isNumber(word) {
                out += "…" + trailingPunctuation(word)
            } else {
                out += strippingPosition(word)
            }
            previous = word
        }
        return out
    }

    private static func isNumber(_ word: Substring) -> Bool {
        let core = word.drop { $0 == "(" }.prefix { $0.isNumber }
        return !core.isEmpty
    }

    private static func trailingPunctuation(_ word: Substring) -> String {
        String(word.reversed().prefix { !$0.isNumber }.reversed())
    }

    /// `path:12:5` and `path:12` → `…`, keeping surrounding punctuation.
    ///
    /// The file goes too: it is spelled with the folder each side was read
    /// from, and the key already names the spec.
    private static func strippingPosition(_ word: Substring) -> String {
        let characters = Array(word)
        // Find the first ':' followed by a digit.
        var index = 0
        while index < characters.count {
            if characters[index] == ":", index + 1 < characters.count, characters[index + 1].isNumber { break }
            index += 1
        }
        guard index < characters.count else { return String(word) }
        // A location's file part has a letter, a dot or a slash: `16:9` is a ratio, not a position.
        let file = characters[..<index].drop { "([{'\"`".contains($0) }
        guard file.contains(where: { !$0.isNumber }) else { return String(word) }
        var end = index
        // Consume one or two `:digits` groups.
        var groups = 0
        while groups < 2, end < characters.count, characters[end] == ":", end + 1 < characters.count, characters[end + 1].isNumber {
            end += 1
            while end < characters.count, characters[end].isNumber { end += 1 }
            groups += 1
        }
        let opening = characters[..<index].prefix { "([{'\"`".contains($0) }
        return String(opening) + "…" + String(characters[end...])
    }
}
