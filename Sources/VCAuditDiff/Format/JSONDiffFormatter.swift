import VCAuditReplay
import VCAuditRules
import VCAuditSupport

/// The machine format: one JSON document, schema `vcaudit-diff` version 1, keys sorted, indented.
///
/// Version 1 (additive changes keep the version; removals or renames bump it):
/// - `schema`, `version`, `tool`; `old`/`new`: `{path, kind, tools}`; `notes`, `errors`: strings.
/// - `summary`: `{text, scenarios: {changed, unchanged, added, removed}, events: {inserted, deleted, moved},
///   findings: {new, fixed, unchanged}}`.
/// - `scenarios[]` (unchanged ones included, so a consumer sees what was compared):
///   `{spec, scenario, status, notes, old?, new?}` where a side is `{events, tool, device, ios, source}`;
///   changed ones add `counts`, `moves[]` (`{old: {first, last}, new: {first, last}}` by seq),
///   `hunks[]` (`{old: {start, count}, new: {start, count}, lines[]}`, starts 1-based as in a unified diff)
///   and `firstDivergence`. A line is `{kind, event, old?, new?, move?}`: `kind` one of `context`,
///   `deleted`, `inserted`, `movedOut`, `movedIn`; `event` the content compared; `old`/`new` the
///   position on that side `{seq, at, step, transition?}`; `move` an index into `moves`.
/// - `firstDivergence`: `{old, new, oldEnd, newEnd}` as seqs (one past the last event at the end of a log),
///   and `before`/`after` hierarchy diffs when state is available: lines of
///   `{depth, change, relation, id, attributes: [{key, old?, new?}]}`.
/// - `findings`: `{new, fixed, unchanged}`, each a list of
///   `{rule, severity, message, location, scenario?, controllers, devices, notes}`.
public struct JSONDiffFormatter: Sendable {
    public static let schema = "vcaudit-diff"
    public static let version = 1

    public init() {}

    public func format(_ report: DiffReport) -> String {
        document(report).pretty + "\n"
    }

    public func document(_ report: DiffReport) -> JSONValue {
        let summary = report.summary
        return .object([
            "schema": .string(Self.schema),
            "version": .int(Self.version),
            "tool": .string(VCAuditVersion.tool),
            "old": side(report.old),
            "new": side(report.new),
            "notes": .array(report.notes.map(JSONValue.string)),
            "errors": .array(report.errors.map(JSONValue.string)),
            "summary": .object([
                "text": .string(summary.line),
                "scenarios": .object([
                    "changed": .int(summary.scenariosChanged), "unchanged": .int(summary.scenariosUnchanged),
                    "added": .int(summary.scenariosAdded), "removed": .int(summary.scenariosRemoved),
                ]),
                "events": .object([
                    "inserted": .int(summary.eventsInserted), "deleted": .int(summary.eventsDeleted), "moved": .int(summary.eventsMoved),
                ]),
                "findings": .object([
                    "new": .int(summary.findingsNew), "fixed": .int(summary.findingsFixed), "unchanged": .int(summary.findingsUnchanged),
                ]),
            ]),
            "scenarios": .array(report.scenarios.map(scenario)),
            "findings": .object([
                "new": .array(report.findings.new.map(Self.finding)),
                "fixed": .array(report.findings.fixed.map(Self.finding)),
                "unchanged": .array(report.findings.unchanged.map(Self.finding)),
            ]),
        ])
    }

    private func side(_ side: DiffReport.Side) -> JSONValue {
        .object(["path": .string(side.path), "kind": .string(side.kind.rawValue), "tools": .array(side.tools.map(JSONValue.string))])
    }

    private func scenario(_ comparison: ScenarioComparison) -> JSONValue {
        var members: [String: JSONValue] = [
            "spec": .string(comparison.spec),
            "scenario": .string(comparison.scenario),
            "status": .string(comparison.status.rawValue),
            "notes": .array(comparison.notes.map(JSONValue.string)),
        ]
        func run(_ run: ScenarioRun) -> JSONValue {
            .object([
                "events": .int(run.log.events.count), "tool": .string(run.log.header.tool),
                "device": .string(run.log.header.device.rawValue), "ios": .int(run.log.header.ios), "source": .string(run.source),
            ])
        }
        if let old = comparison.old { members["old"] = run(old) }
        if let new = comparison.new { members["new"] = run(new) }
        guard comparison.status == .changed, let script = comparison.script else { return .object(members) }
        let old = comparison.oldEvents, new = comparison.newEvents
        members["counts"] = .object([
            "inserted": .int(script.insertedCount), "deleted": .int(script.deletedCount), "moved": .int(script.movedCount),
        ])
        func span(_ events: [Event], _ range: Range<Int>) -> JSONValue {
            .object(["first": .int(events[range.lowerBound].seq), "last": .int(events[range.upperBound - 1].seq)])
        }
        members["moves"] = .array(script.moves.map { .object(["old": span(old, $0.old), "new": span(new, $0.new)]) })
        members["hunks"] = .array(comparison.hunks.map { hunk in
            func range(_ range: Range<Int>) -> JSONValue {
                .object(["start": .int(range.isEmpty ? range.lowerBound : range.lowerBound + 1), "count": .int(range.count)])
            }
            return .object([
                "old": range(hunk.old), "new": range(hunk.new),
                "lines": .array(hunk.lines.map { line in
                    var item: [String: JSONValue] = ["kind": .string(line.kind.rawValue)]
                    if let index = line.old { item["old"] = Self.position(old[index]) }
                    if let index = line.new { item["new"] = Self.position(new[index]) }
                    item["event"] = (line.new.map { new[$0] } ?? line.old.map { old[$0] })!.content
                    if let move = line.move { item["move"] = .int(move) }
                    return .object(item)
                }),
            ])
        })
        if let divergence = comparison.divergence {
            var item: [String: JSONValue] = [
                "old": .int(TextDiffFormatter.seq(old, divergence.old)), "new": .int(TextDiffFormatter.seq(new, divergence.new)),
                "oldEnd": .int(TextDiffFormatter.seq(old, divergence.oldEnd)), "newEnd": .int(TextDiffFormatter.seq(new, divergence.newEnd)),
            ]
            if let before = divergence.before { item["before"] = Self.tree(before) }
            if let after = divergence.after { item["after"] = Self.tree(after) }
            members["firstDivergence"] = .object(item)
        }
        return .object(members)
    }

    static func position(_ event: Event) -> JSONValue {
        var members: [String: JSONValue] = ["seq": .int(event.seq), "at": .string(event.at.description), "step": .int(event.step)]
        if let transition = event.transition { members["transition"] = .string(transition) }
        return .object(members)
    }

    static func tree(_ diff: HierarchyDiff) -> JSONValue {
        .array(diff.lines.map { line in
            .object([
                "depth": .int(line.depth), "change": .string(line.change.rawValue), "relation": .string(line.relation),
                "id": .string(line.id),
                "attributes": .array(line.attributes.map { attribute in
                    var members: [String: JSONValue] = ["key": .string(attribute.key)]
                    if let old = attribute.old { members["old"] = .string(old) }
                    if let new = attribute.new { members["new"] = .string(new) }
                    return .object(members)
                }),
            ])
        })
    }

    static func finding(_ finding: Finding) -> JSONValue {
        var members: [String: JSONValue] = [
            "rule": .string(finding.ruleID), "severity": .string(finding.severity.rawValue), "message": .string(finding.message),
            "location": .string(finding.location.description), "controllers": .array(finding.controllers.map { .string($0.name) }),
            "devices": .array(finding.devices.map { .string($0.rawValue) }),
            "notes": .array(finding.notes.map { .object(["location": .string($0.location.description), "message": .string($0.message)]) }),
        ]
        if let scenario = finding.scenario { members["scenario"] = .string(scenario) }
        return .object(members)
    }
}
