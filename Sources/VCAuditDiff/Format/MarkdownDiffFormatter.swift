import Foundation
import VCAuditReplay
import VCAuditRules

/// The pull-request comment format: the summary, a table of scenarios, each changed scenario in a collapsed `diff` block, and the findings delta.
///
/// Moved events use `-` and `+` (so GitHub colours them) with a note saying
/// where they moved; hierarchy changes show the old and new node as a `-`/`+` pair.
public struct MarkdownDiffFormatter: Sendable {
    public init() {}

    public func format(_ report: DiffReport) -> String {
        var out = "## vcaudit diff\n\n"
        out += "**\(escape(report.summary.line))**\n\n"
        out += "Old: `\(code(report.old.path))` · New: `\(code(report.new.path))`\n\n"
        for note in report.notes { out += "> **Note:** \(escape(note))\n\n" }
        if !report.errors.isEmpty {
            out += "**Input errors:**\n\n```\n" + report.errors.joined(separator: "\n") + "\n```\n\n"
        }

        let listed = report.scenarios.filter { $0.status != .unchanged }
        if !listed.isEmpty {
            out += "| Status | Spec | Scenario | Inserted | Deleted | Moved |\n| --- | --- | --- | ---: | ---: | ---: |\n"
            for scenario in listed {
                let counts = scenario.script.map { ["\($0.insertedCount)", "\($0.deletedCount)", "\($0.movedCount)"] }
                    ?? (scenario.status == .added ? ["\(scenario.newEvents.count)", "", ""] : ["", "\(scenario.oldEvents.count)", ""])
                out += "| \(scenario.status.rawValue) | `\(code(scenario.spec))` | \(cell(scenario.scenario)) | "
                    + counts.joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        if report.summary.scenariosUnchanged > 0 {
            out += DiffSummary.count(report.summary.scenariosUnchanged, "scenario") + " unchanged.\n\n"
        }

        for scenario in listed where scenario.status == .changed {
            out += "<details>\n<summary>Changed: <code>\(html(scenario.spec))</code> › \(html(scenario.scenario))</summary>\n\n"
            for note in scenario.notes { out += "- \(escape(note))\n" }
            if !scenario.notes.isEmpty { out += "\n" }
            out += "```diff\n"
            for hunk in scenario.hunks {
                let text = HunkText(hunk, in: scenario)
                out += text.header + "\n"
                for line in text.rendered(marker: Self.marker) { out += line.text + "\n" }
            }
            out += "```\n\n"
            if let divergence = scenario.divergence {
                out += "First divergence: old \(place(scenario.oldEvents, divergence.old, spec: scenario.old?.log.header.spec)), "
                    + "new \(place(scenario.newEvents, divergence.new, spec: scenario.new?.log.header.spec)).\n\n"
                if let before = divergence.before {
                    out += before.isIdentical ? "Hierarchy before it (the same on both sides):\n\n" : "Hierarchy before it:\n\n"
                    out += tree(before)
                }
                if let after = divergence.after {
                    out += after.isIdentical
                        ? "Hierarchy after the first change: the same on both sides.\n\n"
                        : "Hierarchy after the first change:\n\n" + tree(after)
                }
            }
            out += "</details>\n\n"
        }

        if !report.findings.new.isEmpty || !report.findings.fixed.isEmpty {
            out += "### Findings\n\n"
            if !report.findings.new.isEmpty {
                out += "**New (\(report.findings.new.count))**\n\n"
                for finding in report.findings.new { out += "- " + describe(finding) + "\n" }
                out += "\n"
            }
            if !report.findings.fixed.isEmpty {
                out += "**Fixed (\(report.findings.fixed.count))**\n\n"
                for finding in report.findings.fixed { out += "- " + describe(finding) + "\n" }
                out += "\n"
            }
            if !report.findings.unchanged.isEmpty {
                out += DiffSummary.count(report.findings.unchanged.count, "finding") + " unchanged.\n\n"
            }
        }
        while out.hasSuffix("\n\n") { out.removeLast() }
        return out
    }

    static func marker(_ kind: DiffHunk.LineKind) -> String {
        switch kind {
        case .context: " "
        case .deleted, .movedOut: "-"
        case .inserted, .movedIn: "+"
        }
    }

    private func place(_ events: [Event], _ index: Int, spec: String?) -> String {
        index < events.count ? "#\(events[index].seq) (`\(code(EventText.position(events[index], in: spec)))`)" : "end of log"
    }

    private func tree(_ diff: HierarchyDiff) -> String {
        var out = "```diff\n"
        for line in diff.lines {
            let indent = String(repeating: "  ", count: line.depth)
            func facts(_ value: (HierarchyDiff.Attribute) -> String?) -> String {
                let items = line.attributes.compactMap { attribute in value(attribute).map { "\(attribute.key)=\($0)" } }
                return items.isEmpty ? "" : "  " + items.joined(separator: " ")
            }
            switch line.change {
            case .same: out += "  " + indent + line.key + facts(\.old) + "\n"
            case .added: out += "+ " + indent + line.key + facts(\.new) + "\n"
            case .removed: out += "- " + indent + line.key + facts(\.old) + "\n"
            case .changed:
                out += "- " + indent + line.key + facts(\.old) + "\n"
                out += "+ " + indent + line.key + facts(\.new) + "\n"
            }
        }
        return out + "```\n\n"
    }

    private func describe(_ finding: Finding) -> String {
        var text = "`\(code(finding.location.description))` \(finding.severity.rawValue) **\(finding.ruleID)**: \(escape(finding.message))"
        if let scenario = finding.scenario { text += " (scenario “\(escape(scenario))”)" }
        return text
    }

    /// Text for running Markdown: characters that would start formatting are escaped.
    private func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>|#".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Text inside a code span: backticks cannot be escaped there, so they become single quotes.
    private func code(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "'") }

    /// Text in a table cell.
    private func cell(_ text: String) -> String { escape(text) }

    private func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
