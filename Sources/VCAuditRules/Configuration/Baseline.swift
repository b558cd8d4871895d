import VCAuditSpec
import VCAuditSupport

/// Known findings to leave out of a run, keyed so entries survive edits that move lines.
///
/// An entry is the rule id, the spec path, the scenario and the controllers
/// involved, with how many findings it covers; line numbers and messages are
/// not part of the key. Entries that match nothing any more are reported, so
/// the baseline only shrinks. The file is JSON, sorted and stable.
public struct Baseline: Sendable, Equatable {
    /// An entry's key: the findings' identity (the spec as the finding's location names it).
    public typealias Key = FindingIdentity

    /// How many findings each key covers.
    public var entries: [Key: Int]

    public init(entries: [Key: Int] = [:]) {
        self.entries = entries
    }

    /// A baseline that covers exactly `findings`, each spec named by `naming` its path (by default as the finding
    /// names it; `vcaudit check` names it from the baseline's folder, so that the file reads the same from any
    /// working directory).
    public init(findings: [Finding], naming: (String) -> String = { $0 }) {
        var entries: [Key: Int] = [:]
        for finding in findings { entries[Key(finding, spec: naming(finding.location.file)), default: 0] += 1 }
        self.entries = entries
    }

    /// Splits `findings` into those the baseline does not cover, and reports the entries nothing matched; a
    /// finding's spec is named by `naming` its path, as when the baseline was written, else by `fallback` (how an
    /// older version named it: from the working directory).
    public func filter(_ findings: [Finding], naming: (String) -> String = { $0 },
                       fallback: ((String) -> String)? = nil) -> (remaining: [Finding], unmatched: [Key]) {
        var budget = entries
        var remaining: [Finding] = []
        for finding in findings {
            let key = Key(finding, spec: naming(finding.location.file))
            if let count = budget[key], count > 0 {
                budget[key] = count - 1
            } else if let fallback, case let older = Key(finding, spec: fallback(finding.location.file)), older != key,
                      let count = budget[older], count > 0 {
                budget[older] = count - 1
            } else {
                remaining.append(finding)
            }
        }
        let unmatched = budget.filter { $0.value > 0 && $0.value == entries[$0.key] }.keys.sorted()
        return (remaining, unmatched)
    }

    /// The baseline as stable, pretty JSON (keys and entries sorted).
    public var json: String {
        let items: [JSONValue] = entries.keys.sorted().map { key in
            .object([
                "rule": .string(key.rule), "spec": .string(key.spec), "scenario": .string(key.scenario ?? ""),
                "controllers": .array(key.controllers.map { .string($0.name) }), "count": .int(entries[key]!),
            ])
        }
        return JSONValue.object(["version": .int(1), "findings": .array(items)]).pretty + "\n"
    }

    /// Reads a baseline written by `json`.
    public static func parse(_ text: String, path: String) throws(DiagnosticList) -> Baseline {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let value: JSONValue
        do throws(JSONParser.Failure) {
            value = try JSONParser.parse(text)
        } catch {
            let (line, column) = error.position(in: text)
            throw DiagnosticList([Diagnostic(.error, at: SourceLocation(file: path, line: line, column: column),
                                             "the baseline is not valid JSON (\(error.message)); fix it, or write it again with --write-baseline")])
        }
        guard value["version"]?.intValue == 1, let items = value["findings"]?.arrayValue else {
            throw DiagnosticList([Diagnostic(.error, at: start, "not a vcaudit baseline (expected {\"version\": 1, \"findings\": [...]}); write it again with --write-baseline")])
        }
        var entries: [Key: Int] = [:]
        for item in items {
            guard let rule = item["rule"]?.stringValue, let spec = item["spec"]?.stringValue else {
                throw DiagnosticList([Diagnostic(.error, at: start, "a baseline entry lacks 'rule' or 'spec'; write it again with --write-baseline")])
            }
            let scenario = item["scenario"]?.stringValue ?? ""
            // Tidied, so that an entry written as `./Specs/a.yaml` (before paths were tidied) still matches.
            let key = Key(rule: rule, spec: FilePath.tidy(spec), scenario: scenario.isEmpty ? nil : scenario,
                          controllers: item["controllers"]?.arrayValue?.compactMap { $0.stringValue.map { ControllerID($0) } } ?? [])
            // Entries of one key add up, saturating: a hand-edited file may repeat a key with any count.
            let (sum, overflow) = entries[key, default: 0].addingReportingOverflow(max(1, item["count"]?.intValue ?? 1))
            entries[key] = overflow ? Int.max : sum
        }
        return Baseline(entries: entries)
    }
}
