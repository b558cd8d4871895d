import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditReplay
import VCAuditSpec

/// `vcaudit replay` and `vcaudit tree`, run in process on a spec written to a temporary file.
@Suite("replay and tree commands")
struct ReplayAndTreeCommandTests {
    static let spec = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: a }
          a:
          b:
        window: nav
        scenarios:
          - name: Push and pop
            steps:
              - launch
              - push: { nav: nav, vc: b }
              - pop: nav
          - name: Double push
            device: ipad
            steps:
              - launch
              - push: { nav: nav, vc: b, animated: false }
              - push: { nav: nav, vc: b }
              - pop: nav
        """

    /// A file holding `text`, removed when the test ends.
    final class TemporarySpec {
        let path: String

        init(_ text: String, name: String = "spec.yaml") {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vcaudit-cli-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent(name).path
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { preconditionFailure("cannot write \(path)") }
        }

        deinit { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    }

    func replay(_ arguments: [String]) throws -> SubcommandOutput {
        try ReplayCommand.parse(arguments).execute()
    }

    func tree(_ arguments: [String]) throws -> SubcommandOutput {
        try TreeCommand.parse(arguments).execute()
    }

    func logs(_ path: String) throws -> [EventLog] {
        let spec = try #require(SpecLoader.load(path: path).spec)
        return spec.scenarios.map { Replay.run(spec, scenario: $0).log }
    }

    @Test func replayPrintsEveryScenarioAsCompleteJSONLines() throws {
        let file = TemporarySpec(Self.spec)
        let output = try replay([file.path])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == (try logs(file.path)).map(\.jsonLines).joined())
        let headers = output.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"device\"") }
        #expect(headers.count == 2)
        #expect(headers.allSatisfy { $0.contains("\"log\":\"vcaudit\"") && $0.contains("\"specDigest\":\"sha256:") })
        #expect(try replay([file.path]) == output, "two runs print the same bytes")
    }

    @Test func replayOneScenarioAsText() throws {
        let file = TemporarySpec(Self.spec)
        let output = try replay([file.path, "--scenario", "Double push", "--format", "text"])
        #expect(output.status == 0)
        let expected = try logs(file.path)[1].text
        #expect(output.stdout == expected)
        #expect(output.stdout.hasPrefix("# \(file.path) — scenario \"Double push\" on ipad, iOS 17\n"))
        #expect(output.stdout.contains("exception nav child=b reason=push_duplicate"))
    }

    @Test func replayTextSeparatesScenariosWithABlankLine() throws {
        let file = TemporarySpec(Self.spec)
        let output = try replay([file.path, "--format", "text"])
        #expect(output.stdout == (try logs(file.path)).map(\.text).joined(separator: "\n"))
    }

    @Test func theDeviceOptionAppliesToScenariosWithoutTheirOwn() throws {
        let file = TemporarySpec(Self.spec)
        let output = try replay([file.path, "--device", "ipad"])
        let headers = output.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"device\"") }
        #expect(headers.count == 2)
        #expect(headers.allSatisfy { $0.hasPrefix("{\"device\":\"ipad\"") })
        let phone = try replay([file.path, "--device", "iphone"])
        let phoneHeaders = phone.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"device\"") }
        #expect(phoneHeaders.map { $0.hasPrefix("{\"device\":\"iphone\"") } == [true, false], "a scenario's own device wins")
        let bad = try replay([file.path, "--device", "ipadd"])
        #expect(bad.status == 2)
        #expect(bad.stdout == "")
        #expect(bad.stderr == "error: unknown device 'ipadd'; did you mean 'ipad'?\nnote: the devices are iphone and ipad\n")
    }

    @Test func anUnknownScenarioSuggestsTheClosestName() throws {
        let file = TemporarySpec(Self.spec)
        let output = try replay([file.path, "--scenario", "Push and pup"])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == """
            error: \(file.path) has no scenario named 'Push and pup'; did you mean 'Push and pop'?
            note: its scenarios are:
              Push and pop
              Double push

            """)
    }

    @Test func aBadSpecPrintsItsDiagnosticsAndExitsWithTwo() throws {
        let file = TemporarySpec("vcaudit: 1\ncontrollers:\n  a: { kind: navigaton }\n")
        for output in [try replay([file.path]), try tree([file.path])] {
            #expect(output.status == 2)
            #expect(output.stdout == "")
            #expect(output.stderr.hasPrefix("\(file.path):3:"))
            #expect(output.stderr.contains("error:"))
            #expect(output.stderr.contains("did you mean 'navigation'"))
            #expect(output.stderr.contains("^"), "the diagnostic is rendered with its source line and caret")
        }
        let missing = try replay([file.path + ".missing"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("\(file.path).missing:1:1: error:"))
    }

    @Test func treeAfterAStep() throws {
        let file = TemporarySpec(Self.spec)
        let output = try tree([file.path, "--scenario", "Push and pop", "--at", "2"])
        #expect(output.status == 0)
        #expect(output.stdout == """
            # \(file.path) — scenario "Push and pop" on iphone, iOS 17 — after step 2 (push, line 11)
            window (key and visible; width compact, height regular)
            <UINavigationController: nav>, state: appeared, view: in window
               | <UIViewController: a>, state: disappeared, view: not mounted
               | <UIViewController: b>, state: appeared, view: in window

            """)
        #expect(try tree([file.path, "--scenario", "Push and pop", "--at", "step:2"]) == output)
    }

    @Test func treeAfterAnEventMatchesTheFoldedLog() throws {
        let file = TemporarySpec(Self.spec)
        let spec = try #require(SpecLoader.load(path: file.path).spec)
        let result = Replay.run(spec, scenario: spec.scenarios[0])
        for seq in [1, 7, 12, result.log.events.count] {
            let output = try tree([file.path, "--scenario", "Push and pop", "--at", "seq:\(seq)"])
            #expect(output.status == 0)
            let state = Replay.fold(result.log.events.prefix(seq), into: Replay.initialState(spec: spec, device: result.device))
            let event = result.log.events[seq - 1]
            #expect(output.stdout == "# \(file.path) — scenario \"Push and pop\" on iphone, iOS 17 — after event \(seq) (\(event.summary))\n"
                + HierarchyPrinter(spec: spec, state: state).render())
        }
    }

    @Test func treeBeforeTheFirstStepAndAtTheEnd() throws {
        let file = TemporarySpec(Self.spec)
        let before = try tree([file.path, "--scenario", "Push and pop", "--at", "0"])
        #expect(before.stdout.contains("before step 1 (as declared, not launched)\nwindow: no root view controller (not launched)\n"))
        let end = try tree([file.path, "--scenario", "Push and pop"])
        #expect(end.stdout.hasPrefix("# \(file.path) — scenario \"Push and pop\" on iphone, iOS 17 — at the end (3 steps, "))
    }

    @Test func treeOfEveryScenarioAndAfterACrash() throws {
        let file = TemporarySpec(Self.spec)
        let output = try tree([file.path, "--at", "3"])
        #expect(output.status == 0)
        let titles = output.stdout.split(separator: "\n").filter { $0.hasPrefix("# ") }
        #expect(titles == [
            "# \(file.path) — scenario \"Push and pop\" on iphone, iOS 17 — after step 3 (pop, line 12)",
            "# \(file.path) — scenario \"Double push\" on ipad, iOS 17 — after step 3 (push, line 18) — crashed at step 3; steps after it never ran",
        ])
        #expect(output.stdout.contains("(the app crashed: UIKit raised an exception)"))
        let after = try tree([file.path, "--scenario", "Double push", "--at", "4"])
        let early = try tree([file.path, "--scenario", "Double push", "--at", "1"])
        #expect(early.stdout.hasPrefix("# \(file.path) — scenario \"Double push\" on ipad, iOS 17 — after step 1 (launch, line 16) — crashed at step 3; steps after it never ran\n"))
        #expect(after.stdout.hasPrefix("# \(file.path) — scenario \"Double push\" on ipad, iOS 17 — at the crash (step 4 never ran) — crashed at step 3; steps after it never ran\n"))
    }

    @Test func treeRefusesPointsThatDoNotExist() throws {
        let file = TemporarySpec(Self.spec)
        let step = try tree([file.path, "--scenario", "Push and pop", "--at", "4"])
        #expect(step.status == 2)
        #expect(step.stderr == "error: scenario 'Push and pop' has 3 steps; there is no step 4\n")
        let seq = try tree([file.path, "--scenario", "Push and pop", "--at", "seq:999"])
        #expect(seq.status == 2)
        #expect(seq.stderr.hasPrefix("error: the log of scenario 'Push and pop' has "))
        let garbage = try tree([file.path, "--at", "step:x"])
        #expect(garbage.status == 2)
        #expect(garbage.stderr == "error: '--at step:x' is not a point; write end, N, step:N or seq:N (see 'vcaudit tree --help')\n")
    }

    @Test func theHelpDocumentsTheOptions() {
        let treeHelp = TreeCommand.helpMessage(columns: 100)
        for text in ["--at <point>", "seq:N", "step:N", "--scenario", "--device"] { #expect(treeHelp.contains(text)) }
        let replayHelp = ReplayCommand.helpMessage(columns: 100)
        for text in ["--format <format>", "jsonl", "text", "--scenario", "--device"] { #expect(replayHelp.contains(text)) }
        #expect(ReplayCommand.configuration.commandName == "replay")
        #expect(TreeCommand.configuration.commandName == "tree")
    }
}
