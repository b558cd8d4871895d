import VCAuditReplay
import VCAuditRules

/// How a comparison is made and shown.
public struct DiffOptions: Sendable, Hashable {
    /// Equal events shown around each change.
    public var context: Int
    public var alignment: SequenceAligner.Options
    /// The shortest block reported as a move rather than a deletion plus an insertion.
    public var minimumMoveLength: Int
    /// Compare only the scenario with this name (its findings, and findings about declarations); nil compares every scenario.
    public var scenario: String?

    public init(context: Int = 3, alignment: SequenceAligner.Options = .default, minimumMoveLength: Int = 2, scenario: String? = nil) {
        self.context = context
        self.alignment = alignment
        self.minimumMoveLength = minimumMoveLength
        self.scenario = scenario
    }
}

/// Compares two versions: pairs their scenarios, aligns each pair's events, locates the first divergence, diffs the findings.
public enum DiffEngine {
    /// Loads both paths (logs, specs or folders) and compares them, with the findings of the rules `configuration`
    /// enables on each side.
    /// In a folder, a spec `excluded` names a reason for (given its path and its path from the folder) is skipped.
    public static func compare(old: String, new: String, configuration: RuleConfiguration = RuleConfiguration(),
                               options: DiffOptions = DiffOptions(),
                               excluded: (_ file: String, _ key: String) -> String? = { _, _ in nil }) -> DiffReport {
        compare(DiffSide.load(old, configuration: configuration, excluded: excluded),
                DiffSide.load(new, configuration: configuration, excluded: excluded), options: options)
    }

    /// Compares two loaded sides.
    ///
    /// A side that could not be read at all (errors and nothing loaded) is not compared:
    /// against nothing, every scenario would look added or removed and every finding fixed.
    public static func compare(_ old: DiffSide, _ new: DiffSide, options: DiffOptions = DiffOptions()) -> DiffReport {
        var old = old, new = new
        if let scenario = options.scenario {
            old.narrow(to: scenario)
            new.narrow(to: scenario)
        }
        let unreadable = [old, new].contains { $0.runs.isEmpty && !$0.errors.isEmpty }
        let pairs = unreadable ? [] : ScenarioPairing.pair(old: old, new: new)
        let scenarios = pairs.map { pair -> ScenarioComparison in
            switch (pair.old, pair.new) {
            case (let o?, let n?): return compare(o, n, spec: pair.spec, scenario: pair.scenario, options: options)
            case (let o?, nil): return ScenarioComparison(spec: pair.spec, scenario: pair.scenario, status: .removed, old: o, new: nil)
            case (nil, let n?): return ScenarioComparison(spec: pair.spec, scenario: pair.scenario, status: .added, old: nil, new: n)
            case (nil, nil): preconditionFailure("a pair has at least one side")
            }
        }
        // Findings of logs whose spec is not there as it was are unknown: against them, every finding of the other
        // side would look new (or fixed).
        let unknown = [("OLD", old), ("NEW", new)].flatMap { name, side in side.specsWithoutFindings.map { (name, $0) } }
        var notes = unreadable ? [] : toolNotes(old: old.tools, new: new.tools)
        if !unreadable, !unknown.isEmpty {
            notes += unknown.map { side, spec in
                "findings not compared: \(side)'s logs were replayed from \(spec.isEmpty ? "a spec they do not name" : "'\(spec)'"), "
                    + "which is not there as it was (missing, or changed since: its digest differs); diff the two versions of the "
                    + "spec to compare findings"
            }
        }
        // Files a folder holds that were not compared (not specs, or excluded by the configuration), each once.
        notes += (old.skipped + new.skipped).map { "\($0.path): skipped: \($0.reason)" }
        let (oldFindings, newFindings) = Self.comparable(old, new)
        var report = DiffReport(
            old: DiffReport.Side(path: old.path, kind: old.kind, tools: old.tools),
            new: DiffReport.Side(path: new.path, kind: new.kind, tools: new.tools),
            scenarios: scenarios,
            findings: unreadable || !unknown.isEmpty ? FindingsDelta.between(old: [], new: []) : FindingsDelta.between(old: oldFindings, new: newFindings),
            notes: notes,
            // Both sides read from one file report its problems once.
            errors: (old.errors + new.errors).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } },
            context: options.context)
        report.findingsCompared = unknown.isEmpty
        return report
    }

    /// The two sides' findings, keyed so that they match: two single files are one spec in two versions (their
    /// scenarios pair by name), so their findings match whatever each file is called.
    static func comparable(_ old: DiffSide, _ new: DiffSide) -> (old: [FindingsDelta.Entry], new: [FindingsDelta.Entry]) {
        let oldSpecs = Set(old.findings.map(\.spec)), newSpecs = Set(new.findings.map(\.spec))
        guard old.isSingleFile, new.isSingleFile, oldSpecs.count == 1, newSpecs.count == 1, oldSpecs != newSpecs,
              let key = newSpecs.first else {
            return (old.findings, new.findings)
        }
        return (old.findings.map { FindingsDelta.Entry($0.finding, spec: key) }, new.findings)
    }

    /// Compares one scenario's two runs.
    public static func compare(_ old: ScenarioRun, _ new: ScenarioRun, spec: String, scenario: String,
                               options: DiffOptions = DiffOptions()) -> ScenarioComparison {
        let script = EventAligner.align(old.log.events, new.log.events, options: options.alignment,
                                        minimumMoveLength: options.minimumMoveLength)
        var divergence = FirstDivergence.locate(in: script)
        var notes = headerNotes(old.log.header, new.log.header)
        if var found = divergence {
            // Against a side whose hierarchy cannot be rebuilt (a log without its spec), every line would read as
            // added or removed: the hierarchies are compared only when both are known.
            let oldBefore = hierarchy(old, after: found.old)
            let newBefore = hierarchy(new, after: found.new)
            if oldBefore != nil, newBefore != nil { found.before = HierarchyDiff.between(oldBefore, newBefore) }
            let oldAfter = hierarchy(old, after: found.oldEnd)
            let newAfter = hierarchy(new, after: found.newEnd)
            if oldAfter != nil, newAfter != nil { found.after = HierarchyDiff.between(oldAfter, newAfter) }
            if (oldBefore == nil) != (newBefore == nil) {
                let side = oldBefore == nil ? "OLD's" : "NEW's"
                notes.append("hierarchies not compared: \(side) log has no spec to rebuild its hierarchy from (missing, or changed since)")
            }
            divergence = found
        }
        // The same events on another device or iOS version, or under another name, are still a change to report.
        let (o, n) = (old.log.header, new.log.header)
        let headerChanged = o.device != n.device || o.ios != n.ios || o.scenario != n.scenario
        return ScenarioComparison(
            spec: spec, scenario: scenario, status: script.isEmpty && !headerChanged ? .unchanged : .changed, old: old, new: new, script: script,
            hunks: DiffHunk.hunks(script, context: options.context), divergence: divergence, notes: notes)
    }

    /// The hierarchy after the first `count` events of a run, as a tree; nil without the spec it was replayed from
    /// (a log whose spec changed or is gone) or when its events name a controller the spec does not declare.
    static func hierarchy(_ run: ScenarioRun, after count: Int) -> HierarchyNode? {
        guard let spec = run.specModel, let state = ScenarioRuns.state(spec, log: run.log, after: count) else { return nil }
        return HierarchyNode(state: state)
    }

    /// What differs between two log headers, apart from the spec path and digest (which change with every edit).
    static func headerNotes(_ old: EventLog.Header, _ new: EventLog.Header) -> [String] {
        var notes: [String] = []
        if old.scenario != new.scenario { notes.append("scenario name: \(old.scenario) → \(new.scenario)") }
        if old.device != new.device { notes.append("device: \(old.device.rawValue) → \(new.device.rawValue)") }
        if old.ios != new.ios { notes.append("ios: \(old.ios) → \(new.ios)") }
        if old.tool != new.tool { notes.append("tool: \(old.tool) → \(new.tool)") }
        return notes
    }

    /// The header note when logs come from other tool versions than each other or than this tool.
    static func toolNotes(old: [String], new: [String]) -> [String] {
        let current = VCAuditVersion.tool
        guard old != new || (old + new).contains(where: { $0 != current }) else { return [] }
        func list(_ tools: [String]) -> String { tools.isEmpty ? "no logs" : tools.joined(separator: ", ") }
        return ["OLD was written by \(list(old)) and NEW by \(list(new)) (this is \(current)); "
                + "events are compared by content (names, ids and arguments), which does not depend on the tool version"]
    }
}
