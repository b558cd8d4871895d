import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditRules
import VCAuditSpec

@Suite("CheckRunner and CheckReport, in process")
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

    @Test("the size limit applies to every file")
    func limits() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.yaml", goodSpec)
        let result = CheckRunner(options: CheckRunner.Options(paths: [good], limits: Composer.Limits(maxBytes: 20))).run()
        #expect(result.inputErrors.map(\.message) == ["the file is \(goodSpec.utf8.count) bytes, more than the 20 a spec may have; split it into several specs"])
    }

    @Test("the report: diagnostics then skipped notes on standard error, exit 2 for bad input")
    func report() {
        var result = CheckResult(files: ["a.yaml", "b.yaml"])
        result.inputErrors = [Diagnostic(.error, at: SourceLocation(file: "a.yaml", line: 1, column: 10), "bad version", length: 1)]
        result.sources["a.yaml"] = SourceText("vcaudit: 9\n")
        result.skipped = [SpecLoader.Skipped(path: "c.yml", reason: "no top-level 'vcaudit:' key, so not a vcaudit spec")]
        let report = CheckReport(result, summaryForTerminal: false)
        #expect(report.exitStatus == 2)
        #expect(report.standardOutput == "")
        #expect(report.standardError == """
            a.yaml:1:10: error: bad version
            vcaudit: 9
                     ^
            c.yml: note: skipped: no top-level 'vcaudit:' key, so not a vcaudit spec

            """)
        let terminal = CheckReport(result, summaryForTerminal: true)
        #expect(terminal.standardError.hasSuffix("vcaudit: checked 2 spec files, 1 error in 1 file; skipped 1 YAML file\n"))
    }

    @Test("a clean run exits 0; its summary says so")
    func cleanReport() {
        let report = CheckReport(CheckResult(files: ["a.yaml"]), summaryForTerminal: true)
        #expect(report.exitStatus == 0)
        #expect(report.standardError == "vcaudit: checked 1 spec file, no errors\n")
    }
}
