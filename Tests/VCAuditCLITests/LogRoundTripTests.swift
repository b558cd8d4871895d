import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditDiff
import VCAuditReplay
import VCAuditSpec

/// `replay` writes a log file of every scenario; `verify` and `diff` read it back, scenario by scenario.
@Suite("Log files round-trip through verify and diff")
struct LogRoundTripTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every spec of `Examples/` and `Specs/valid/`, as paths relative to the package root.
    static let specs: [String] = {
        let found = SpecLoader.discover([packageRoot.appendingPathComponent("Examples").path,
                                         packageRoot.appendingPathComponent("Specs/valid").path])
        return found.files.map { String($0.dropFirst(packageRoot.path.count + 1)) }
    }()

    @Test("the shipped specs are all found", .enabled(if: FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Examples").path)))
    func specsAreFound() {
        #expect(Self.specs.count >= 20, "\(Self.specs)")
    }

    @Test("replay without options, then verify: every log of every example and valid spec verifies", arguments: specs)
    func replayThenVerify(spec: String) throws {
        let path = Self.packageRoot.appendingPathComponent(spec).path
        let replayed = try ReplayCommand.parse([path]).execute()
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let loaded = try #require(SpecLoader.load(path: path).spec)
        let outcome = LogVerifier.verify(log: Array(replayed.stdout.utf8), logPath: "replay.jsonl",
                                         spec: Array(try Data(contentsOf: URL(fileURLWithPath: path))), specPath: path,)
        #expect(outcome.exitStatus == 0, "\(outcome.message)")
        let verified = outcome.message.split(separator: "\n").filter { $0.contains(": verified: scenario ") }
        #expect(verified.count == loaded.scenarios.count, "\(outcome.message)")
    }

    static let version1 = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: list }
          list:
          detail:
          about:
        window: nav
        scenarios:
          - name: Open a detail
            steps:
              - launch
              - push: { nav: nav, vc: detail }
          - name: Read about
            steps:
              - launch
              - present: { from: nav, vc: about }
          - name: Only in the old version
            steps:
              - launch

        """

    /// The next version: the push is no longer animated, one scenario went and another came (on iPad).
    static let version2 = version1
        .replacingOccurrences(of: "push: { nav: nav, vc: detail }", with: "push: { nav: nav, vc: detail, animated: false }")
        .replacingOccurrences(of: "  - name: Only in the old version\n", with: "  - name: Only in the new version\n    device: ipad\n")

    /// A folder with both versions of the spec and the log files `vcaudit replay` writes for them.
    func versions() throws -> (folder: URL, old: String, new: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcaudit-roundtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in [("v1", Self.version1), ("v2", Self.version2)] {
            let spec = folder.appendingPathComponent("\(name).yaml").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: spec))
            let replayed = try ReplayCommand.parse([spec]).execute()
            try #require(replayed.status == 0, "\(replayed.stderr)")
            try Data(replayed.stdout.utf8).write(to: folder.appendingPathComponent("\(name).jsonl"))
        }
        return (folder, folder.appendingPathComponent("v1.jsonl").path, folder.appendingPathComponent("v2.jsonl").path)
    }

    @Test("diff of two log files reports every scenario: changed, unchanged, and on one side only")
    func diffReportsPerScenario() throws {
        let (folder, old, new) = try versions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = DiffEngine.compare(old: old, new: new)
        #expect(report.errors.isEmpty, "\(report.errors)")
        let statuses = report.scenarios.map { "\($0.scenario): \($0.status.rawValue)" }
        #expect(statuses == [
            "Open a detail: changed",
            "Read about: unchanged",
            "Only in the new version: added",
            "Only in the old version: removed",
        ])
    }

    @Test("--scenario narrows diff and verify to one scenario; a name on neither side is an error")
    func scenarioNarrows() throws {
        let (folder, old, new) = try versions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let narrowed = DiffEngine.compare(old: old, new: new, options: DiffOptions(scenario: "Read about"))
        #expect(narrowed.scenarios.map(\.scenario) == ["Read about"])
        #expect(narrowed.scenarios.first?.status == .unchanged)
        let missing = DiffEngine.compare(old: old, new: new, options: DiffOptions(scenario: "Nope"))
        #expect(missing.scenarios.isEmpty)
        #expect(missing.errors.first?.hasSuffix(
            "error: no scenario named 'Nope' here; the scenarios are 'Only in the old version', 'Open a detail', 'Read about'") == true)

        let spec = folder.appendingPathComponent("v1.yaml").path
        let one = LogVerifier.verify(logPath: old, specPath: spec, scenario: "Read about")
        #expect(one.exitStatus == 0)
        #expect(one.message.split(separator: "\n").count == 1)
        let none = LogVerifier.verify(logPath: old, specPath: spec, scenario: "Nope")
        #expect(none.exitStatus == 2)
        #expect(none.message == "\(old):1:1: error: the log has no scenario named 'Nope'; it has "
            + "'Only in the old version', 'Open a detail', 'Read about'")
    }

    @Test("verify names the file line of the first difference in the second log of a file")
    func mismatchInSecondLog() throws {
        let (folder, old, _) = try versions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: old, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let secondHeader = try #require(lines.indices.dropFirst().first { lines[$0].contains("\"log\":\"vcaudit\"") })
        lines[secondHeader + 2] = lines[secondHeader + 2].replacingOccurrences(of: "\"nav\"", with: "\"list\"")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: old))
        let outcome = LogVerifier.verify(logPath: old, specPath: folder.appendingPathComponent("v1.yaml").path,)
        #expect(outcome.exitStatus == 1)
        let line = secondHeader + 3
        #expect(outcome.message.contains("\(old):\(line):1: error: line \(line) differs from the replay"), "\(outcome.message)")
        #expect(outcome.message.contains(": verified: scenario \"Open a detail\""))
    }

    @Test("a log naming a controller the spec does not declare is diffed without a crash")
    func foreignControllerDoesNotCrash() throws {
        let (folder, old, new) = try versions()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: new, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"vc\":\"detail\"", with: "\"vc\":\"ghost\"").utf8)
            .write(to: URL(fileURLWithPath: new))
        let report = DiffEngine.compare(old: old, new: new)
        #expect(report.scenarios.first?.status == .changed)
    }
}
