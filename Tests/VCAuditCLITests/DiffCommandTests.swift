import Foundation
import Testing
import VCAuditTestSupport

private let container = """
    vcaudit: 1
    controllers:
      palette: { kind: container, class: PaletteViewController, children: [red] }
      red: {}
      green: {}
    window: palette
    transitions:
      swap:
        calls:
          - willMove: { child: red, parent: null }
          - addChild: { parent: palette, child: green }
          - removeFromSuperview: red
          - addSubview: { view: green, to: palette }
          - removeFromParent: red
          - didMove: { child: green, parent: palette }
    scenarios:
      - name: Swap
        steps:
          - launch
          - perform: swap

    """

@Suite("vcaudit diff and verify, run as a process")
struct DiffCommandTests {
    @Test("removing a didMove shows exactly that call gone and the finding it introduces; --fail-on decides the status")
    func removedDidMove() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/app.yaml", container)
        try folder.write("new/app.yaml", container.replacingOccurrences(of: "      - didMove: { child: green, parent: palette }\n", with: ""))
        let outcome = try VCAuditProcess.run(["diff", "old", "new", "--color", "never"], in: folder.path)
        #expect(outcome.status == 1)
        let removed = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        #expect(removed.count == 1)
        #expect(removed.first?.contains("didMoveToParent green parent=palette") == true)
        #expect(outcome.standardOutput.contains("new:   new/app.yaml:"))
        #expect(outcome.standardOutput.contains("[missing_did_move_to_parent]"))
        #expect(outcome.standardOutput.hasSuffix("1 scenario changed; 0 events inserted, 1 deleted, 0 moved; 1 new finding, 0 fixed\n"))
        let newOnly = try VCAuditProcess.run(["diff", "new", "old", "--fail-on", "new-findings"], in: folder.path)
        #expect(newOnly.status == 0, "going back fixes the finding: nothing new")
        let same = try VCAuditProcess.run(["diff", "old", "old"], in: folder.path)
        #expect(same.status == 0)
    }

    @Test("two files of one spec, however they are named, share their findings: none is new or fixed")
    func renamedCopies() throws {
        let folder = try TemporaryFolder()
        let buggy = container.replacingOccurrences(of: "      - didMove: { child: green, parent: palette }\n", with: "")
        try folder.write("a.yaml", buggy)
        try folder.write("b.yaml", buggy)
        let outcome = try VCAuditProcess.run(["diff", "a.yaml", "b.yaml", "--fail-on", "new-findings"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.hasSuffix("no differences: 1 scenario identical\n"), "\(outcome.standardOutput)")
        try folder.write("fixed.yaml", container)
        let fixed = try VCAuditProcess.run(["diff", "a.yaml", "fixed.yaml", "--color", "never"], in: folder.path)
        #expect(fixed.standardOutput.hasSuffix("0 new findings, 1 fixed\n"), "\(fixed.standardOutput)")
    }

    @Test("a stored log whose spec has changed since has unknown findings: none is called new, and new-findings cannot pass")
    func storedLogOfAChangedSpec() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", container)
        let replay = try VCAuditProcess.run(["replay", "app.yaml"], in: folder.path)
        try folder.write("stored.jsonl", replay.standardOutput)
        // The finding is there on both sides; once the spec changes, the stored log's is unknown.
        let buggy = container.replacingOccurrences(of: "      - didMove: { child: green, parent: palette }\n", with: "")
        try folder.write("app.yaml", buggy + "# edited\n")
        let outcome = try VCAuditProcess.run(["diff", "stored.jsonl", "app.yaml", "--fail-on", "new-findings", "--color", "never"],
                                             in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.contains("note: findings not compared: OLD's logs were replayed from 'app.yaml', which is not "
            + "there as it was (missing, or changed since: its digest differs); diff the two versions of the spec to compare findings"))
        #expect(!outcome.standardOutput.contains("new finding"))
        // Exit 2 says why on standard error too, where a CI log shows it.
        #expect(outcome.standardError == "error: findings not compared: OLD's logs were replayed from 'app.yaml', which is not "
            + "there as it was (missing, or changed since: its digest differs); diff the two versions of the spec to compare findings\n")
        // The stored log's hierarchy cannot be rebuilt: it is not shown as if the old app had nothing.
        #expect(outcome.standardOutput.contains("  hierarchies not compared: OLD's log has no spec to rebuild its hierarchy from (missing, or changed since)\n"))
        #expect(!outcome.standardOutput.contains("old → new"))
        let anyChange = try VCAuditProcess.run(["diff", "stored.jsonl", "app.yaml"], in: folder.path)
        #expect(anyChange.status == 1, "the events differ")
    }

    @Test("diff reads .vcaudit.yml as check does: a disabled rule makes no new finding, an excluded file is left out of both sides")
    func configuration() throws {
        let folder = try TemporaryFolder()
        try folder.write("old/app.yaml", container)
        try folder.write("new/app.yaml", container.replacingOccurrences(of: "      - didMove: { child: green, parent: palette }\n", with: ""))
        try folder.write("new/Drafts/draft.yaml", "vcaudit: 1\ncontrollers: {}\nwindow: nowhere\n")
        try folder.write(".vcaudit.yml", "disabled_rules: [missing_did_move_to_parent]\nexcluded: [new/Drafts]\n")
        let outcome = try VCAuditProcess.run(["diff", "old", "new", "--fail-on", "new-findings", "--color", "never"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("[missing_did_move_to_parent]"))
        #expect(outcome.standardOutput.contains("note: new/Drafts/draft.yaml: skipped: excluded by .vcaudit.yml\n"))
        let without = try VCAuditProcess.run(["diff", "old", "new", "--fail-on", "new-findings", "--config", "/dev/null"], in: folder.path)
        #expect(without.status == 2, "the draft does not load without the configuration")
        try folder.write(".vcaudit.yml", "disabled_rules: [no_such_rule]\n")
        let bad = try VCAuditProcess.run(["diff", "old", "new"], in: folder.path)
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix(".vcaudit.yml:1:18: error: unknown rule 'no_such_rule' in 'disabled_rules'"))
    }

    @Test("a stored log verifies against its spec, and not once the spec changes")
    func verify() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", container)
        let replay = try VCAuditProcess.run(["replay", "app.yaml"], in: folder.path)
        #expect(replay.status == 0)
        try folder.write("swap.jsonl", replay.standardOutput)
        let verified = try VCAuditProcess.run(["verify", "swap.jsonl", "app.yaml"], in: folder.path)
        #expect(verified.status == 0)
        try folder.write("app.yaml", container.replacingOccurrences(of: "  green: {}", with: "  green: { class: GreenViewController }"))
        let changed = try VCAuditProcess.run(["verify", "swap.jsonl", "app.yaml"], in: folder.path)
        #expect(changed.status == 1)
    }

    @Test("a side that cannot be read is an error, exit 2, and is not compared against nothing")
    func unreadableSide() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", container)
        let replay = try VCAuditProcess.run(["replay", "app.yaml"], in: folder.path)
        try folder.write("old.jsonl", replay.standardOutput)
        var lines = replay.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"event\":\"makeKeyAndVisible\"", with: "\"event\":\"teleport\"")
        try folder.write("new.jsonl", lines.joined(separator: "\n"))
        let outcome = try VCAuditProcess.run(["diff", "old.jsonl", "new.jsonl", "--color", "never"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "new.jsonl:3:1: error: unknown event 'teleport'; the log may come from a newer vcaudit\n")
        #expect(!outcome.standardOutput.contains("removed"))
        #expect(outcome.standardOutput.hasSuffix("nothing compared\n"))
    }

    @Test("a scenario neither side has is one error, with the nearest name")
    func unknownScenario() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", container)
        let outcome = try VCAuditProcess.run(["diff", "app.yaml", "app.yaml", "--scenario", "Swp"], in: folder.path)
        #expect(outcome.status == 2)
        let errors = outcome.standardError.split(separator: "\n")
        #expect(errors.count == 1, "\(outcome.standardError)")
        #expect(errors.first?.hasPrefix("app.yaml:1:1: error: no scenario named 'Swp' here; did you mean 'Swap'? (the scenarios are ") == true)
    }
}
