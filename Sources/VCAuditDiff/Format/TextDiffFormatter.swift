import VCAuditReplay
import VCAuditRules

/// The terminal format: a header, each changed scenario's hunks and first divergence, added and removed scenarios, findings, then the summary line.
///
/// Input errors are not part of it: the command writes them to standard error.
/// Event lines start with a marker: ` ` same on both sides, `-` only in OLD,
/// `+` only in NEW, `<` moved away from here, `>` moved here. Colour (ANSI)
/// only when asked, which the command does on a terminal.
public struct TextDiffFormatter: Sendable {
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }

    public func format(_ report: DiffReport) -> String {
        var out = ""
        out += paint("--- old: \(report.old.path)", .bold) + "\n"
        out += paint("+++ new: \(report.new.path)", .bold) + "\n"
        for note in report.notes { out += paint("note: \(note)", .yellow) + "\n" }

        for scenario in report.scenarios where scenario.status != .unchanged {
            out += "\n"
            let title = "\(scenario.status.rawValue) \(scenario.spec): \(scenario.scenario)"
            switch scenario.status {
            case .changed:
                let script = scenario.script!
                out += paint(title, .bold) + " (\(script.insertedCount) inserted, \(script.deletedCount) deleted, \(script.movedCount) moved)\n"
            case .added:
                out += paint(title, .bold) + " (\(DiffSummary.count(scenario.newEvents.count, "event")))\n"
            case .removed:
                out += paint(title, .bold) + " (\(DiffSummary.count(scenario.oldEvents.count, "event")))\n"
            case .unchanged:
                break
            }
            for note in scenario.notes { out += "  \(note)\n" }
            for hunk in scenario.hunks {
                let text = HunkText(hunk, in: scenario)
                out += paint(text.header, .cyan) + "\n"
                for line in text.rendered(marker: Self.marker) { out += paint(line.text, Self.style(line.kind)) + "\n" }
            }
            if let divergence = scenario.divergence { out += divergenceText(divergence, scenario) }
        }

        if !report.findings.new.isEmpty || !report.findings.fixed.isEmpty {
            out += "\n" + paint("findings", .bold) + "\n"
            for finding in report.findings.new { out += paint("  new:   " + Self.describe(finding), .red) + "\n" }
            for finding in report.findings.fixed { out += paint("  fixed: " + Self.describe(finding), .green) + "\n" }
            if !report.findings.unchanged.isEmpty { out += "  \(report.findings.unchanged.count) unchanged\n" }
        }
        out += "\n" + paint(report.summary.line, .bold) + "\n"
        return out
    }

    private func divergenceText(_ divergence: FirstDivergence, _ scenario: ScenarioComparison) -> String {
        var out = "first divergence: " + Self.place("old", scenario.oldEvents, divergence.old, spec: scenario.old?.log.header.spec)
            + ", " + Self.place("new", scenario.newEvents, divergence.new, spec: scenario.new?.log.header.spec) + "\n"
        if let before = divergence.before {
            out += before.isIdentical ? "  hierarchy before it, the same on both sides:\n" : "  hierarchy before it, old → new:\n"
            out += tree(before, indent: "    ")
        }
        if let after = divergence.after {
            let point = "old before #\(Self.seq(scenario.oldEvents, divergence.oldEnd)), new before #\(Self.seq(scenario.newEvents, divergence.newEnd))"
            if after.isIdentical {
                out += "  hierarchy after the first change (\(point)): the same on both sides\n"
            } else {
                out += "  hierarchy after the first change (\(point)), old → new:\n"
                out += tree(after, indent: "    ")
            }
        }
        return out
    }

    /// `old #13 (41:9 step 4)`, or `old end of log` past the last event.
    static func place(_ side: String, _ events: [Event], _ index: Int, spec: String?) -> String {
        index < events.count ? "\(side) #\(events[index].seq) (\(EventText.position(events[index], in: spec)))" : "\(side) end of log"
    }

    /// The seq an index would have: the event's, or one past the last.
    static func seq(_ events: [Event], _ index: Int) -> Int {
        index < events.count ? events[index].seq : (events.last?.seq ?? 0) + 1
    }

    private func tree(_ diff: HierarchyDiff, indent: String) -> String {
        var out = ""
        for line in diff.lines {
            let marker: String, style: Style
            switch line.change {
            case .same: (marker, style) = (" ", .plain)
            case .added: (marker, style) = ("+", .green)
            case .removed: (marker, style) = ("-", .red)
            case .changed: (marker, style) = ("~", .yellow)
            }
            var text = indent + marker + " " + String(repeating: "  ", count: line.depth) + line.key
            let facts = line.attributes.map { attribute -> String in
                switch line.change {
                case .added: return "\(attribute.key)=\(attribute.new ?? "")"
                case .removed, .same: return "\(attribute.key)=\(attribute.old ?? "")"
                case .changed:
                    return attribute.isChanged
                        ? "\(attribute.key): \(attribute.old ?? "(none)") → \(attribute.new ?? "(none)")"
                        : "\(attribute.key)=\(attribute.new ?? "")"
                }
            }
            if !facts.isEmpty { text += "  " + facts.joined(separator: " ") }
            out += paint(text, style) + "\n"
        }
        return out
    }

    /// `file:line:column: severity: message [rule]`, with the scenario.
    static func describe(_ finding: Finding) -> String {
        var text = "\(finding.location): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]"
        if let scenario = finding.scenario { text += " (scenario \"\(scenario)\")" }
        return text
    }

    static func marker(_ kind: DiffHunk.LineKind) -> String {
        switch kind {
        case .context: " "
        case .deleted: "-"
        case .inserted: "+"
        case .movedOut: "<"
        case .movedIn: ">"
        }
    }

    private static func style(_ kind: DiffHunk.LineKind) -> Style {
        switch kind {
        case .context: .plain
        case .deleted: .red
        case .inserted: .green
        case .movedOut: .magenta
        case .movedIn: .cyan
        }
    }

    private enum Style: String {
        case plain = "", bold = "1", red = "31", green = "32", yellow = "33", magenta = "35", cyan = "36"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        guard color, style != .plain else { return text }
        return "\u{1B}[\(style.rawValue)m" + text + "\u{1B}[0m"
    }
}
