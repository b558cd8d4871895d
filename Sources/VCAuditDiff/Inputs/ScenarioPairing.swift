/// Matches the scenarios of two sides: by spec path and scenario name, or by scenario name alone between two single files.
///
/// - Two single event logs are compared with each other whatever their scenario names.
/// - Two single files (logs or specs) are matched by scenario name.
/// - Otherwise a scenario is identified by its spec's path relative to the
///   folder given (a single file counts by its file name) and its name.
///
/// When either side has several runs with the same identity (a scenario replayed
/// on several devices, or two scenarios with one name), the runs of both sides
/// are told apart by device, then by their order, so that a side with one run
/// pairs it with the other side's run on the same device (or its first).
public enum ScenarioPairing {
    /// One scenario of the comparison: present on either side or both.
    public struct Pair: Sendable {
        public var spec: String
        public var scenario: String
        public var old: ScenarioRun?
        public var new: ScenarioRun?
    }

    public static func pair(old: DiffSide, new: DiffSide) -> [Pair] {
        if old.kind == .log, new.kind == .log, old.runs.count == 1, new.runs.count == 1 {
            return [Pair(spec: new.runs[0].spec, scenario: new.runs[0].scenario, old: old.runs[0], new: new.runs[0])]
        }
        let byNameOnly = old.isSingleFile && new.isSingleFile
        // A scenario replayed on several devices on either side is matched device by device on both: an iPhone and
        // iPad log against an iPhone-only one pairs the iPhone runs and lists the iPad ones as removed.
        let byDevice = Set(repeats(keyed(old.runs, byNameOnly: byNameOnly, byDevice: [])))
            .union(repeats(keyed(new.runs, byNameOnly: byNameOnly, byDevice: [])))
        // Then runs with one identity on one device (one name twice) are numbered in order, on both sides alike.
        let oldByDevice = keyed(old.runs, byNameOnly: byNameOnly, byDevice: byDevice)
        let newByDevice = keyed(new.runs, byNameOnly: byNameOnly, byDevice: byDevice)
        let repeated = Set(repeats(oldByDevice)).union(repeats(newByDevice))
        let oldKeyed = numbered(oldByDevice, repeated), newKeyed = numbered(newByDevice, repeated)
        var oldByKey: [Key: ScenarioRun] = [:]
        for (key, run) in oldKeyed { oldByKey[key] = run }
        var pairs: [(order: (String, Int, Int), pair: Pair)] = []
        var matched = Set<Key>()
        for (index, (key, run)) in newKeyed.enumerated() {
            let counterpart = oldByKey[key]
            if counterpart != nil { matched.insert(key) }
            pairs.append(((byNameOnly ? "" : run.spec, 0, index), Pair(spec: run.spec, scenario: key.scenario, old: counterpart, new: run)))
        }
        for (index, (key, run)) in oldKeyed.enumerated() where !matched.contains(key) {
            pairs.append(((byNameOnly ? "" : run.spec, 1, index), Pair(spec: run.spec, scenario: key.scenario, old: run, new: nil)))
        }
        return pairs.sorted { $0.order < $1.order }.map(\.pair)
    }

    private struct Key: Hashable {
        var spec: String
        var scenario: String
    }

    /// Each run with its key; duplicates get the device, then an ordinal, appended to the scenario name.
    private static func keyed(_ runs: [ScenarioRun], byNameOnly: Bool, byDevice: Set<Key>) -> [(Key, ScenarioRun)] {
        runs.map { run in
            var key = Key(spec: byNameOnly ? "" : run.spec, scenario: run.scenario)
            if byDevice.contains(key) { key.scenario += " (\(run.log.header.device.rawValue))" }
            return (key, run)
        }
    }

    /// The keys more than one run has.
    private static func repeats(_ keyed: [(Key, ScenarioRun)]) -> [Key] {
        var totals: [Key: Int] = [:]
        for (key, _) in keyed { totals[key, default: 0] += 1 }
        return totals.filter { $0.value > 1 }.map(\.key)
    }

    /// Each run whose key is in `repeated` numbered in order (`#1`, `#2`).
    private static func numbered(_ keyed: [(Key, ScenarioRun)], _ repeated: Set<Key>) -> [(Key, ScenarioRun)] {
        var seen: [Key: Int] = [:]
        return keyed.map { key, run in
            guard repeated.contains(key) else { return (key, run) }
            seen[key, default: 0] += 1
            var numbered = key
            numbered.scenario += " #\(seen[key]!)"
            return (numbered, run)
        }
    }
}
