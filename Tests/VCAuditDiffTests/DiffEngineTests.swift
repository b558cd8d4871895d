import Foundation
import Testing
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditRules

@Suite("Comparing two versions")
struct DiffEngineTests {
    static func scenario(_ report: DiffReport, _ name: String) throws -> ScenarioComparison {
        try #require(report.scenarios.first { $0.scenario == name }, "no scenario \(name)")
    }

    @Test("identical inputs: no hunks, no notes, exit 0")
    func identical() {
        let report = DiffEngine.compare(ShopFixture.oldSide, ShopFixture.side("again", specs: [("shop.yaml", ShopFixture.old)]))
        #expect(report.scenarios.count == 4)
        #expect(report.scenarios.allSatisfy { $0.status == .unchanged && $0.hunks.isEmpty && $0.divergence == nil })
        #expect(report.notes.isEmpty)
        #expect(!report.summary.hasDifferences)
        #expect(report.summary.line == "no differences: 4 scenarios identical")
        #expect(report.findings.new.isEmpty && report.findings.fixed.isEmpty && report.findings.unchanged.count == 2)
        for policy in FailPolicy.allCases { #expect(policy.exitStatus(for: report) == 0) }
    }

    @Test("the shop edits: statuses, in spec order, with removed scenarios last")
    func statuses() {
        let report = ShopFixture.report
        #expect(report.scenarios.map(\.scenario) == ["Browse a product", "Check out", "Show a banner", "Search", "Open the cart"])
        #expect(report.scenarios.map(\.status) == [.changed, .changed, .changed, .added, .removed])
        #expect(report.summary.line == "3 scenarios changed, 1 added, 1 removed; 15 events inserted, 8 deleted, 6 moved; 2 new findings, 1 fixed")
    }

    @Test("a moved step is one move of its events, not a deletion and an insertion")
    func movedStep() throws {
        let browse = try Self.scenario(ShopFixture.report, "Browse a product")
        let script = try #require(browse.script)
        #expect(script.moves.count == 1)
        let move = try #require(script.moves.first)
        #expect(browse.oldEvents[move.old].map(\.name) == [.addChild, .willMoveToParent, .addSubview, .viewWillAppear, .viewDidAppear, .didMoveToParent])
        #expect(browse.oldEvents[move.old].allSatisfy { $0.transition == "embedCard" && $0.step == 2 })
        #expect(browse.newEvents[move.new].allSatisfy { $0.transition == "embedCard" && $0.step == 5 })
    }

    @Test("the first divergence shows the hierarchy before it and after the first change")
    func firstDivergence() throws {
        let browse = try Self.scenario(ShopFixture.report, "Browse a product")
        let divergence = try #require(browse.divergence)
        #expect(browse.oldEvents[divergence.old].name == .addChild)
        #expect(divergence.oldEnd == divergence.old + 6)
        #expect(divergence.new == divergence.newEnd)
        let before = try #require(divergence.before)
        #expect(before.isIdentical)
        #expect(before.lines.map(\.key) == ["window", "root tabs", "child homeNav", "child home", "child cartNav", "child cart"])
        let after = try #require(divergence.after)
        #expect(after.lines.filter { $0.change != .same }.map(\.key) == ["child card"])
        #expect(after.lines.first { $0.id == "card" }?.change == .removed)
    }

    @Test("a changed presentation style shows in the events and in the hierarchy")
    func changedStyle() throws {
        let checkout = try Self.scenario(ShopFixture.report, "Check out")
        let script = try #require(checkout.script)
        #expect(script.moves.isEmpty)
        let deleted = checkout.hunks.flatMap(\.lines).filter { $0.kind == .deleted }.compactMap { $0.old.map { checkout.oldEvents[$0] } }
        let inserted = checkout.hunks.flatMap(\.lines).filter { $0.kind == .inserted }.compactMap { $0.new.map { checkout.newEvents[$0] } }
        #expect(deleted.first { $0.name == .present }?.style == .pageSheet)
        #expect(inserted.first { $0.name == .present }?.style == .fullScreen)
        #expect(inserted.filter { $0.name == .viewWillDisappear }.map(\.vc) == ["tabs", "cartNav", "cart"])
        let after = try #require(checkout.divergence?.after)
        let presented = try #require(after.lines.first { $0.key == "presented checkout" })
        #expect(presented.change == .changed)
        #expect(presented.attributes.first { $0.key == "style" } == HierarchyDiff.Attribute(key: "style", old: "pageSheet", new: "fullScreen"))
    }

    @Test("a removed didMove call is one deleted event and the finding it introduces")
    func removedDidMove() throws {
        let report = ShopFixture.report
        let banner = try Self.scenario(report, "Show a banner")
        let script = try #require(banner.script)
        #expect(script.deletedCount == 1 && script.insertedCount == 0 && script.movedCount == 0)
        #expect(banner.hunks.flatMap(\.lines).filter { $0.kind == .deleted }.map { banner.oldEvents[$0.old!].name } == [.didMoveToParent])
        #expect(report.findings.new.map(\.ruleID).sorted() == ["expectation_failed", "missing_did_move_to_parent"])
        #expect(report.findings.fixed.map(\.ruleID) == ["expectation_failed"])
        #expect(report.findings.fixed.first?.scenario == "Browse a product")
        #expect(report.findings.unchanged.map(\.scenario) == ["Check out"])
    }

    @Test("--fail-on decides the exit status")
    func failPolicies() {
        let report = ShopFixture.report
        #expect(FailPolicy.anyChange.exitStatus(for: report) == 1)
        #expect(FailPolicy.newFindings.exitStatus(for: report) == 1)
        #expect(FailPolicy.never.exitStatus(for: report) == 0)
        // Going back from NEW to OLD only fixes findings.
        let backwards = DiffEngine.compare(ShopFixture.newSide, ShopFixture.oldSide)
        #expect(backwards.summary.findingsNew == 1 && backwards.summary.findingsFixed == 2)
        var onlyFixes = backwards
        onlyFixes.findings.new = []
        onlyFixes.summary = DiffSummary(scenarios: onlyFixes.scenarios, findings: onlyFixes.findings)
        #expect(FailPolicy.newFindings.exitStatus(for: onlyFixes) == 0)
        #expect(FailPolicy.anyChange.exitStatus(for: onlyFixes) == 1)
        var broken = report
        broken.errors = ["x.yaml:1:1: error: bad"]
        for policy in FailPolicy.allCases { #expect(policy.exitStatus(for: broken) == 2) }
    }

    @Test("insertions at both ends")
    func insertionsAtBothEnds() throws {
        let report = DiffEngine.compare(LogFixtures.side("old.jsonl", LogFixtures.log(["a", "b", "c"])),
                                        LogFixtures.side("new.jsonl", LogFixtures.log(["s", "a", "b", "c", "e"])),
                                        options: DiffOptions(context: 1))
        let comparison = try #require(report.scenarios.first)
        #expect(comparison.status == .changed)
        #expect(comparison.hunks.count == 2)
        #expect(comparison.hunks[0].lines.map(\.kind) == [.inserted, .context])
        #expect(comparison.hunks[0].new == 0..<2 && comparison.hunks[0].old == 0..<1)
        #expect(comparison.hunks[1].lines.map(\.kind) == [.context, .inserted])
        #expect(comparison.hunks[1].old == 2..<3 && comparison.hunks[1].new == 3..<5)
        #expect(comparison.divergence?.old == 0 && comparison.divergence?.new == 0)
        #expect(report.summary.line == "1 scenario changed; 2 events inserted, 0 deleted, 0 moved")
    }

    @Test("deletions at both ends and inside")
    func deletions() throws {
        let report = DiffEngine.compare(LogFixtures.side("old.jsonl", LogFixtures.log(["s", "a", "b", "x", "c", "e"])),
                                        LogFixtures.side("new.jsonl", LogFixtures.log(["a", "b", "c"])),
                                        options: DiffOptions(context: 0))
        let comparison = try #require(report.scenarios.first)
        let deleted = comparison.hunks.flatMap(\.lines).filter { $0.kind == .deleted }.map { comparison.oldEvents[$0.old!].vc }
        #expect(deleted == ["s", "x", "e"])
        #expect(comparison.hunks.count == 3)
        #expect(report.summary.eventsDeleted == 3)
    }

    @Test("a reorder is reported as a move with both places")
    func reorder() throws {
        let report = DiffEngine.compare(LogFixtures.side("old.jsonl", LogFixtures.log(["a", "b", "c", "d", "e", "f", "g"])),
                                        LogFixtures.side("new.jsonl", LogFixtures.log(["a", "e", "f", "b", "c", "d", "g"])))
        let comparison = try #require(report.scenarios.first)
        let script = try #require(comparison.script)
        #expect(script.moves.count == 1)
        #expect(script.insertedCount == 0 && script.deletedCount == 0 && script.movedCount == 2)
        let kinds = comparison.hunks.flatMap(\.lines).map(\.kind)
        #expect(kinds.filter { $0 == .movedOut }.count == 2)
        #expect(kinds.filter { $0 == .movedIn }.count == 2)
        let text = TextDiffFormatter().format(report)
        let movedIn = text.split(separator: "\n").filter { $0.hasPrefix(">") }
        #expect(movedIn.count == 2)
        #expect(movedIn.first?.contains("viewDidAppear e") == true)
        #expect(text.contains("(moved from old #5-#6)"))
        #expect(text.contains("(moved to new #2-#3)"))
    }

    @Test("logs from another tool version are compared by content, and the header says so")
    func otherToolVersion() throws {
        let old = LogFixtures.log(tool: "vcaudit 0.0.9", ["a", "b", "c"])
        let same = DiffEngine.compare(LogFixtures.side("old.jsonl", old), LogFixtures.side("new.jsonl", LogFixtures.log(["a", "b", "c"])))
        #expect(same.scenarios.first?.status == .unchanged)
        #expect(same.notes.count == 1)
        #expect(same.notes.first?.hasPrefix("OLD was written by vcaudit 0.0.9 and NEW by \(VCAuditVersion.tool)") == true)
        #expect(same.scenarios.first?.notes == ["tool: vcaudit 0.0.9 → \(VCAuditVersion.tool)"])
        #expect(FailPolicy.anyChange.exitStatus(for: same) == 0)
        #expect(TextDiffFormatter().format(same).contains("note: OLD was written by vcaudit 0.0.9"))
        #expect(MarkdownDiffFormatter().format(same).contains("> **Note:** OLD was written by vcaudit 0.0.9"))
        let json = JSONDiffFormatter().document(same)
        #expect(json["notes"]?.arrayValue?.count == 1)
        #expect(json["old"]?["tools"] == .array([.string("vcaudit 0.0.9")]))
    }

    @Test("positions are not compared: the same events at other lines and steps are equal")
    func positionsIgnored() {
        var shifted = EventLog.Builder(header: LogFixtures.log(["a"]).header)
        for (index, id) in ["a", "b"].enumerated() {
            var event = LogFixtures.event(id, line: 100 + index)
            event.step = 7
            event.transition = "elsewhere"
            event.depth = 2
            shifted.append(event)
        }
        let report = DiffEngine.compare(LogFixtures.side("old.jsonl", LogFixtures.log(["a", "b"])), LogFixtures.side("new.jsonl", shifted.build()))
        #expect(report.scenarios.first?.status == .unchanged)
    }
}
