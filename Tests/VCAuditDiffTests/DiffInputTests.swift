import Foundation
import Testing
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditSpec

/// Sides read from files: logs, specs and folders, matched by spec path and scenario name, with bad input reported.
@Suite("Diff inputs")
struct DiffInputTests {
    static let minimal = """
        vcaudit: 1
        controllers:
          home: { class: HomeViewController }
          detail: { class: DetailViewController }
        window: home
        scenarios:
          - name: Launch
            steps: [launch]
          - name: Present
            steps:
              - launch
              - present: { vc: detail, from: home }

        """

    @Test("two log files are compared with each other, whatever their scenario names")
    func logAgainstLog() throws {
        let folder = try LogFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try LogFixtures.write(LogFixtures.log(scenario: "One", ["a", "b"]).jsonLines, to: folder + "/old.jsonl")
        try LogFixtures.write(LogFixtures.log(scenario: "Two", ["a", "c"]).jsonLines, to: folder + "/new.jsonl")
        let report = DiffEngine.compare(old: folder + "/old.jsonl", new: folder + "/new.jsonl")
        #expect(report.errors.isEmpty)
        #expect(report.scenarios.count == 1)
        #expect(report.scenarios.first?.status == .changed)
        #expect(report.scenarios.first?.notes == ["scenario name: One → Two"])
        #expect(report.old.kind == .log && report.new.kind == .log)
    }

    @Test("a log and a spec are matched by scenario name; the other scenarios are added")
    func logAgainstSpec() throws {
        let folder = try LogFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let specPath = folder + "/app.yaml"
        try LogFixtures.write(Self.minimal, to: specPath)
        let spec = try #require(SpecLoader.load(path: specPath).spec)
        let log = Replay.run(spec, scenario: spec.scenarios[1]).log
        try LogFixtures.write(log.jsonLines, to: folder + "/present.jsonl")
        let report = DiffEngine.compare(old: folder + "/present.jsonl", new: specPath)
        #expect(report.errors.isEmpty)
        #expect(report.scenarios.map(\.scenario) == ["Launch", "Present"])
        #expect(report.scenarios.map(\.status) == [.added, .unchanged])
        // The log's spec is still there with the same digest, so it is used to fold state.
        let side = DiffSide.load(folder + "/present.jsonl")
        #expect(side.runs.first?.specModel != nil)
    }

    @Test("folders: scenarios matched by spec path relative to each folder, added and removed listed")
    func folders() throws {
        let root = try LogFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try LogFixtures.write(Self.minimal, to: root + "/old/app.yaml")
        try LogFixtures.write(Self.minimal, to: root + "/old/sub/other.yaml")
        try LogFixtures.write(Self.minimal, to: root + "/new/app.yaml")
        try LogFixtures.write(Self.minimal.replacingOccurrences(of: "name: Launch", with: "name: Start"), to: root + "/new/sub/other.yaml")
        try LogFixtures.write("not: a spec\n", to: root + "/new/notes.yaml")
        let report = DiffEngine.compare(old: root + "/old", new: root + "/new")
        #expect(report.errors.isEmpty)
        let rows = report.scenarios.map { "\($0.spec) \($0.scenario) \($0.status.rawValue)" }
        #expect(rows == [
            "app.yaml Launch unchanged", "app.yaml Present unchanged",
            "sub/other.yaml Start added", "sub/other.yaml Present unchanged", "sub/other.yaml Launch removed",
        ])
        #expect(report.summary.line == "1 scenario added, 1 removed")
        #expect(FailPolicy.anyChange.exitStatus(for: report) == 1)
    }

    @Test("a scenario on several devices is told apart by device")
    func duplicateKeys() {
        let old = DiffSide(path: "old", kind: .folder, runs: [
            ScenarioRun(spec: "a.yaml", scenario: "S", log: LogFixtures.log(scenario: "S", device: .iphone, ["a"]), specModel: nil, source: "a"),
            ScenarioRun(spec: "a.yaml", scenario: "S", log: LogFixtures.log(scenario: "S", device: .ipad, ["a"]), specModel: nil, source: "a"),
        ])
        var new = old
        new.runs[1] = ScenarioRun(spec: "a.yaml", scenario: "S", log: LogFixtures.log(scenario: "S", device: .ipad, ["b"]), specModel: nil, source: "a")
        let pairs = ScenarioPairing.pair(old: old, new: new)
        #expect(pairs.map(\.scenario) == ["S (iphone)", "S (ipad)"])
        #expect(pairs.allSatisfy { $0.old != nil && $0.new != nil })
        let report = DiffEngine.compare(old, new)
        #expect(report.scenarios.map(\.status) == [.unchanged, .changed])
    }

    @Test("a scenario on several devices on one side only is paired device by device; on one device each, by name")
    func devicesOnOneSide() {
        func run(_ device: Device, _ ids: [String]) -> ScenarioRun {
            ScenarioRun(spec: "a.yaml", scenario: "S", log: LogFixtures.log(scenario: "S", device: device, ids), specModel: nil, source: "a")
        }
        let both = DiffSide(path: "old", kind: .folder, runs: [run(.iphone, ["a"]), run(.ipad, ["a"])])
        let iphone = DiffSide(path: "new", kind: .folder, runs: [run(.iphone, ["a"])])
        let pairs = ScenarioPairing.pair(old: both, new: iphone)
        #expect(pairs.map(\.scenario) == ["S (iphone)", "S (ipad)"])
        #expect(pairs.map { ($0.old != nil, $0.new != nil) }.elementsEqual([(true, true), (true, false)], by: ==))
        #expect(DiffEngine.compare(both, iphone).scenarios.map(\.status) == [.unchanged, .removed])
        // One run a side, on two devices: the same scenario moved to another device is a change, said in a note.
        let ipad = DiffSide(path: "new", kind: .folder, runs: [run(.ipad, ["a"])])
        let moved = DiffEngine.compare(iphone, ipad)
        #expect(moved.scenarios.map(\.status) == [.changed])
        #expect(moved.scenarios.first?.notes == ["device: iphone → ipad"])
        // One name twice on one device on one side: the first pairs with the other side's one run.
        let twice = DiffSide(path: "old", kind: .folder, runs: [run(.iphone, ["a"]), run(.iphone, ["b"])])
        let twicePairs = ScenarioPairing.pair(old: twice, new: iphone)
        #expect(twicePairs.map(\.scenario) == ["S (iphone) #1", "S (iphone) #2"])
        #expect(twicePairs.map { ($0.old != nil, $0.new != nil) }.elementsEqual([(true, true), (true, false)], by: ==))
    }

    @Test("bad input: a missing path, an invalid spec, an unreadable log; the rest is still compared")
    func badInput() throws {
        let root = try LogFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let missing = DiffEngine.compare(old: root + "/nope", new: root + "/nope2")
        #expect(missing.errors == ["\(root)/nope:1:1: error: no such file or folder; check the path",
                                   "\(root)/nope2:1:1: error: no such file or folder; check the path"])
        #expect(FailPolicy.never.exitStatus(for: missing) == 2)

        try LogFixtures.write(Self.minimal, to: root + "/old/app.yaml")
        try LogFixtures.write(Self.minimal, to: root + "/new/app.yaml")
        try LogFixtures.write("vcaudit: 1\ncontrollers: [\n", to: root + "/new/broken.yaml")
        let broken = DiffEngine.compare(old: root + "/old", new: root + "/new")
        #expect(broken.errors.count == 1)
        #expect(broken.errors.first?.hasPrefix("\(root)/new/broken.yaml:") == true)
        #expect(broken.scenarios.count == 2)
        let output = DiffOutput(report: broken, format: .text)
        #expect(output.exitStatus == 2)
        #expect(output.standardError.hasPrefix("\(root)/new/broken.yaml:"))
        #expect(!output.standardOutput.contains("broken.yaml"))

        try LogFixtures.write("{\"log\":\"vcaudit\",\"version\":1}\n{\"event\":\"noSuchEvent\",\"at\":\"a:1:1\"}\n", to: root + "/bad.jsonl")
        let badLog = DiffSide.load(root + "/bad.jsonl")
        #expect(badLog.errors == ["\(root)/bad.jsonl:2:1: error: unknown event 'noSuchEvent'; the log may come from a newer vcaudit"])
    }

    @Test("event logs are recognised by extension or by their first character")
    func logDetection() throws {
        let root = try LogFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try LogFixtures.write("{}", to: root + "/log.txt")
        try LogFixtures.write("vcaudit: 1", to: root + "/spec.txt")
        #expect(DiffSide.isEventLog(root + "/log.txt"))
        #expect(!DiffSide.isEventLog(root + "/spec.txt"))
        #expect(DiffSide.isEventLog("x.jsonl") && DiffSide.isEventLog("x.JSON") && !DiffSide.isEventLog("x.yml"))
    }
}
