import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditRules
import VCAuditSpec
import VCAuditSupport
import VCAuditYAML
import VCAuditTestSupport

@Suite("CheckRunner and CheckOutput, in process")
struct CheckRunnerTests {
    @Test("files are checked in the order given, once each; bad ones keep their source for excerpts")
    func runnerResult() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.yaml", goodSpec)
        let bad = try folder.write("bad.yaml", badSpec)
        try folder.write("other.yml", "name: x\n")
        let result = CheckRunner(options: CheckRunner.Options(paths: [bad, good, folder.path])).run()
        #expect(result.files == [bad, good])
        #expect(result.inputErrors.map(\.location.file) == [bad])
        #expect(result.inputErrors.map(\.location.line) == [10])
        #expect(result.skipped.map(\.path) == [folder.path + "/other.yml"])
        #expect(Array(result.sources.keys) == [bad])
        #expect(result.findings.isEmpty)
    }

    @Test("an unknown rule id in 'ignore:' is reported in the same pass as the file's other errors")
    func unknownIgnoreWithOtherErrors() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("app.yaml", """
            vcaudit: 1
            controllers:
              home:
                kind: contnt
                ignore: [{ rule: pop_rot, reason: tested elsewhere }]
            window: home

            """)
        let result = CheckRunner(options: CheckRunner.Options(paths: [spec])).run()
        #expect(result.inputErrors.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "4:11: unknown controller kind 'contnt'; did you mean 'content'?",
            "5:22: unknown rule 'pop_rot' in 'ignore'; did you mean 'pop_root'? ('vcaudit rules' lists every rule)",
        ])
    }

    @Test("a configuration found upward is named relative to the working directory")
    func relativeConfigurationPath() {
        func relative(_ path: String, from directory: String) -> String { FilePath.relative(path, to: directory, workingDirectory: directory) }
        #expect(relative("/work/app/.vcaudit.yml", from: "/work/app/Specs") == "../.vcaudit.yml")
        #expect(relative("/work/app/.vcaudit.yml", from: "/work/app") == ".vcaudit.yml")
        #expect(relative("/.vcaudit.yml", from: "/work/app") == "../../.vcaudit.yml")
        #expect(relative("ci.yml", from: "/work/app") == "ci.yml")
    }

    @Test("the size limit applies to every file")
    func limits() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.yaml", goodSpec)
        let result = CheckRunner(options: CheckRunner.Options(paths: [good], limits: Composer.Limits(maxBytes: 20))).run()
        #expect(result.inputErrors.map(\.message) == ["the file is \(goodSpec.utf8.count) bytes, more than the 20 a spec may have; split it into several specs"])
    }

    @Test("the output: diagnostics, skipped notes and the summary on standard error; exit 2 for bad input")
    func report() {
        var result = CheckResult(files: ["a.yaml", "b.yaml"])
        result.inputErrors = [Diagnostic(.error, at: SourceLocation(file: "a.yaml", line: 1, column: 10), "bad version", length: 1)]
        result.sources["a.yaml"] = SourceText("vcaudit: 9\n")
        result.skipped = [SpecLoader.Skipped(path: "c.yml", reason: "no top-level 'vcaudit:' key, so not a vcaudit spec")]
        let output = CheckOutput(result)
        #expect(output.exitStatus == 2)
        #expect(output.standardOutput == "")
        #expect(output.standardError == """
            a.yaml:1:10: error: bad version
            vcaudit: 9
                     ^
            c.yml: note: skipped: no top-level 'vcaudit:' key, so not a vcaudit spec
            no findings in 2 specs (0 scenarios); 1 input error; 1 file skipped

            """)
    }

    @Test("a clean run exits 0; its summary says so")
    func cleanReport() {
        let output = CheckOutput(CheckResult(files: ["a.yaml"], scenarioCount: 3))
        #expect(output.exitStatus == 0)
        #expect(output.standardError == "no findings in 1 spec (3 scenarios)\n")
    }

    static func finding(_ severity: Severity) -> Finding {
        Finding(ruleID: "pop_root", severity: severity, message: "m", location: SourceLocation(file: "a.yaml", line: 3, column: 9),
                scenario: "S", devices: [.iphone], controllers: ["nav"])
    }

    @Test("exit 1 for errors; warnings fail only when strict; info never fails", arguments: [
        (Severity.error, false, Int32(1)), (.error, true, 1), (.warning, false, 0), (.warning, true, 1), (.info, false, 0), (.info, true, 0),
    ])
    func exitStatus(severity: Severity, strict: Bool, expected: Int32) {
        let result = CheckResult(files: ["a.yaml"], findings: [Self.finding(severity)])
        #expect(CheckOutput(result, options: CheckOutput.Options(strict: strict)).exitStatus == expected)
    }

    @Test("text on standard output leaves input errors to standard error; other formats and --report files carry them")
    func formats() throws {
        var result = CheckResult(files: ["a.yaml", "b.yaml"], findings: [Self.finding(.error)])
        result.inputErrors = [Diagnostic(.error, at: SourceLocation(file: "b.yaml", line: 1, column: 1), "broken")]
        let text = CheckOutput(result, options: CheckOutput.Options(format: "text", reports: [(format: "json", path: "out/r.json")]))
        #expect(!text.standardOutput.contains("broken"))
        #expect(text.standardOutput.contains("a.yaml:3:9: error: m"))
        #expect(text.standardError.contains("b.yaml:1:1: error: broken"))
        let json = try #require(text.files["out/r.json"])
        #expect(json.contains("broken") && json.contains("pop_root"))
        let sarif = CheckOutput(result, options: CheckOutput.Options(format: "sarif"))
        #expect(sarif.standardOutput.contains("\"broken\""))
        #expect(sarif.exitStatus == 2)
    }

    @Test("stale baseline entries are named on standard error so the baseline shrinks")
    func staleBaseline() {
        let key = Baseline.Key(rule: "pop_root", spec: "a.yaml", scenario: "S", controllers: ["nav"])
        let output = CheckOutput(CheckResult(files: ["a.yaml"]), options: CheckOutput.Options(staleBaselineEntries: [key]))
        #expect(output.standardError.contains("a.yaml: note: baseline entry matches nothing any more: pop_root in a.yaml, scenario 'S' (nav); run with --write-baseline to drop it"))
    }
}
