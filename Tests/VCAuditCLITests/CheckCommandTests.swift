import Foundation
import Testing
import VCAuditCLI
import VCAuditTestSupport

let goodSpec = """
    vcaudit: 1
    controllers:
      nav:
        kind: navigation
        root: home
      home:
      detail:
    window: nav
    scenarios:
      - name: Open the detail
        steps: [launch, push: { nav: nav, vc: detail }]

    """

let badSpec = """
    vcaudit: 1
    controllers:
      nav:
        kind: navigation
        root: home
      home:
    window: nav
    scenarios:
      - name: Open the detail
        steps: [launch, push: { nav: nav, vc: detial }]

    """

@Suite("vcaudit check, run as a process")
struct CheckCommandTests {
    @Test("a good and a bad file in one run: exit 2, every error located, the good file still checked")
    func goodAndBad() throws {
        let folder = try TemporaryFolder()
        try folder.write("good.yaml", goodSpec)
        try folder.write("bad.yaml", badSpec)
        try folder.write("worse.yaml", "vcaudit: 1\ncontrollers:\n  home:\n    kind: contnet\n")
        let outcome = try VCAuditProcess.run(["check", "bad.yaml", "good.yaml", "worse.yaml"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == """
            bad.yaml:10:43: error: unknown controller 'detial' in 'vc' of the 'push' step; declare it under 'controllers:'
                steps: [launch, push: { nav: nav, vc: detial }]
                                                      ^~~~~~
            worse.yaml:4:11: error: unknown controller kind 'contnet'; did you mean 'content'?
                kind: contnet
                      ^~~~~~~
            no findings in 1 spec (1 scenario); 2 specs not replayed: fix their input errors first; 2 input errors

            """)
    }

    @Test("valid specs alone: exit 0, nothing on standard output, the summary line on standard error")
    func allGood() throws {
        let folder = try TemporaryFolder()
        try folder.write("good.yaml", goodSpec)
        let outcome = try VCAuditProcess.run(["check", "good.yaml"], in: folder.path)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == "no findings in 1 spec (1 scenario)\n")
    }

    @Test("a folder: specs found recursively, a YAML file without 'vcaudit:' reported as skipped")
    func folderWithNonSpecYAML() throws {
        let folder = try TemporaryFolder()
        try folder.write("specs/app.yaml", goodSpec)
        try folder.write("specs/ci/workflow.yml", "on: push\njobs: {}\n")
        try folder.write("specs/nested/broken.yaml", "vcaudit: 1\ncontrollers: [\n")
        let outcome = try VCAuditProcess.run(["check", "specs"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == """
            specs/nested/broken.yaml:2:14: error: this '[' list is never closed; add the closing ']'
            controllers: [
                         ^
            specs/ci/workflow.yml: note: skipped: no top-level 'vcaudit:' key, so not a vcaudit spec
            no findings in 1 spec (1 scenario); 1 spec not replayed: fix its input errors first; 1 input error; 1 file skipped

            """)
    }

    @Test("a missing path is a located error and the other paths are still checked")
    func missingPath() throws {
        let folder = try TemporaryFolder()
        try folder.write("good.yaml", goodSpec)
        try folder.write("bad.yaml", badSpec)
        let outcome = try VCAuditProcess.run(["check", "nope.yaml", "good.yaml", "bad.yaml"], in: folder.path)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "nope.yaml:1:1: error: no such file or folder; check the path")
        #expect(lines.contains("bad.yaml:10:43: error: unknown controller 'detial' in 'vc' of the 'push' step; declare it under 'controllers:'"))
        #expect(!outcome.standardError.contains("good.yaml"))
    }

    @Test("--version prints the version and exits 0")
    func version() throws {
        let outcome = try VCAuditProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == VCAuditVersion.number + "\n")
    }

    @Test("--help lists the check subcommand and exits 0")
    func help() throws {
        let root = try VCAuditProcess.run(["--help"])
        #expect(root.status == 0)
        #expect(root.standardOutput.contains("USAGE: vcaudit <subcommand>"))
        #expect(root.standardOutput.contains("check"))
        let check = try VCAuditProcess.run(["check", "--help"])
        #expect(check.status == 0)
        #expect(check.standardOutput.contains("USAGE: vcaudit check [<options>] [<path> ...]"))
    }

    @Test("usage errors exit 2 with a message on standard error", arguments: [
        ["check"],
        ["check", "--no-such-flag", "x.yaml"],
        ["no-such-command"],
        ["check", ""],
    ])
    func usageErrors(_ arguments: [String]) throws {
        let outcome = try VCAuditProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix("Error: "))
    }

    @Test("the README's sample findings are what check prints (its '...' stands for the middle of a message)")
    func readmeSample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "where the cause or the fix lives, with notes for the other places involved:\n\n```text\n")
            .dropFirst().first?.components(separatedBy: "\n```").first)
        let outcome = try VCAuditProcess.run(["check", "Examples/Bugs/double-tap-push.yaml"], in: root.path)
        let printed = outcome.standardOutput.split(separator: "\n").map(String.init)
        let sample = block.split(separator: "\n").map(String.init)
        #expect(sample.count == printed.count)
        for (expected, actual) in zip(sample, printed) {
            let parts = expected.components(separatedBy: " ... ")
            #expect(actual.hasPrefix(parts[0]) && actual.hasSuffix(parts.last!), "README: \(expected)\nprinted: \(actual)")
        }
    }

    @Test("a path .vcaudit.yml gives that is missing is reported at its place in .vcaudit.yml; the other paths are checked")
    func missingConfiguredPaths() throws {
        let folder = try TemporaryFolder()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try folder.write("Specs/app.yaml", try String(contentsOf: root.appendingPathComponent("Examples/Wonderland/wonderland.yaml"), encoding: .utf8))
        try FileManager.default.createDirectory(atPath: folder.path + "/Empty", withIntermediateDirectories: true)
        try folder.write(".vcaudit.yml", "included: [Specs, NoSuchFolder, 'Other/**/*.yml', Empty]\n")
        let outcome = try VCAuditProcess.run(["check"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == """
            .vcaudit.yml:1:19: error: 'NoSuchFolder' in 'included' is no file or folder; fix the path, or remove it
            included: [Specs, NoSuchFolder, 'Other/**/*.yml', Empty]
                              ^~~~~~~~~~~~
            .vcaudit.yml:1:34: error: 'Other/**/*.yml' in 'included' matches no file; fix the pattern, or remove it
            included: [Specs, NoSuchFolder, 'Other/**/*.yml', Empty]
                                             ^~~~~~~~~~~~~~
            .vcaudit.yml:1:51: error: 'Empty' in 'included' is a folder with no spec or storyboard in it; fix the path, or remove it
            included: [Specs, NoSuchFolder, 'Other/**/*.yml', Empty]
                                                              ^~~~~
            no findings in 1 spec (7 scenarios); 3 input errors

            """)
        try folder.write(".vcaudit.yml", "included: [Specs]\nbaseline: missing.json\n")
        let baseline = try VCAuditProcess.run(["check"], in: folder.path)
        #expect(baseline.status == 2)
        #expect(baseline.standardError.hasPrefix(".vcaudit.yml:2:11: error: 'missing.json', the 'baseline' of the configuration, "
            + "cannot be read; fix the path, or create it with --write-baseline missing.json\n"))
    }

    @Test("a report that cannot be written is an error, exit 2, and the findings and the other reports are still delivered")
    func unwritableReport() throws {
        let folder = try TemporaryFolder()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try folder.write("blocked", "a file where a folder would go\n")
        let outcome = try VCAuditProcess.run(["check", root.path + "/Examples/Bugs/double-tap-push.yaml",
                                              "--report", "sarif:\(folder.path)/blocked/x.sarif", "--report", "json:\(folder.path)/ok.json"])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.contains("[push_duplicate_instance]"))
        #expect(outcome.standardError.hasSuffix("1 error in 1 of 1 spec (1 scenario)\n\(folder.path)/blocked/x.sarif:1:1: error: cannot write it: "
            + "\(folder.path)/blocked is a file, not a folder; move it away, or write somewhere else\n"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/ok.json"))
    }

    @Test("the shipped example checks clean, as the README says")
    func shippedExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let outcome = try VCAuditProcess.run(["check", "Examples/Wonderland"], in: root.path)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == "no findings in 1 spec (7 scenarios)\n")
    }
}
