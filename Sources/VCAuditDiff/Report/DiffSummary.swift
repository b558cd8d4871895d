/// The counts of a comparison, and the one-line summary built from them.
public struct DiffSummary: Sendable, Hashable {
    public var scenariosChanged = 0
    public var scenariosUnchanged = 0
    public var scenariosAdded = 0
    public var scenariosRemoved = 0
    public var eventsInserted = 0
    public var eventsDeleted = 0
    public var eventsMoved = 0
    public var findingsNew = 0
    public var findingsFixed = 0
    public var findingsUnchanged = 0

    public init() {}

    public init(scenarios: [ScenarioComparison], findings: FindingsDelta) {
        for scenario in scenarios {
            switch scenario.status {
            case .changed: scenariosChanged += 1
            case .unchanged: scenariosUnchanged += 1
            case .added: scenariosAdded += 1
            case .removed: scenariosRemoved += 1
            }
            if let script = scenario.script {
                eventsInserted += script.insertedCount
                eventsDeleted += script.deletedCount
                eventsMoved += script.movedCount
            }
        }
        findingsNew = findings.new.count
        findingsFixed = findings.fixed.count
        findingsUnchanged = findings.unchanged.count
    }

    public var scenariosCompared: Int { scenariosChanged + scenariosUnchanged + scenariosAdded + scenariosRemoved }

    /// Whether anything differs: a scenario changed, added or removed, or a finding new or fixed.
    public var hasDifferences: Bool {
        scenariosChanged + scenariosAdded + scenariosRemoved + findingsNew + findingsFixed > 0
    }

    /// `2 scenarios changed, 1 added; 14 events inserted, 3 deleted, 1 moved; 1 new finding, 2 fixed`.
    ///
    /// Parts with nothing to say are left out; with no differences at all, or nothing compared, it says so.
    public var line: String {
        if scenariosCompared == 0, !hasDifferences { return "nothing compared" }
        guard hasDifferences else {
            return "no differences: " + Self.count(scenariosUnchanged, "scenario") + " identical"
        }
        var parts: [String] = []
        var scenarioWords: [String] = []
        let noun = scenariosChanged > 0 ? scenariosChanged : (scenariosAdded > 0 ? scenariosAdded : scenariosRemoved)
        var named = false
        for (value, word) in [(scenariosChanged, "changed"), (scenariosAdded, "added"), (scenariosRemoved, "removed")] where value > 0 {
            scenarioWords.append(named ? "\(value) \(word)" : Self.count(noun, "scenario") + " " + word)
            named = true
        }
        if !scenarioWords.isEmpty { parts.append(scenarioWords.joined(separator: ", ")) }
        if eventsInserted + eventsDeleted + eventsMoved > 0 {
            parts.append(Self.count(eventsInserted, "event") + " inserted, \(eventsDeleted) deleted, \(eventsMoved) moved")
        }
        if findingsNew + findingsFixed > 0 {
            parts.append("\(findingsNew) new " + (findingsNew == 1 ? "finding" : "findings") + ", \(findingsFixed) fixed")
        }
        return parts.joined(separator: "; ")
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
