import Foundation
import Testing
import VCAuditReporters
import VCAuditRules
import VCAuditSpec

/// The `text` format: Xcode's diagnostic grammar, colour only when asked.
@Suite struct TextReporterTests {
    /// `file:line:col: error|warning|note: message`, as Xcode and editors match it.
    static var diagnostic: Regex<AnyRegexOutput> { try! Regex(#"^[^\n]+:[0-9]+:[0-9]+: (error|warning|note): [^\n]+$"#) }
    /// A skipped file: `path: note: skipped: reason`.
    static var skippedFile: Regex<AnyRegexOutput> { try! Regex(#"^[^\n]+: note: skipped: [^\n]+$"#) }

    static func stripANSI(_ text: String) -> String {
        text.replacing(try! Regex(#"\x{1B}\[[0-9;]*m"#), with: "")
    }

    @Test func everyLineIsADiagnostic() {
        let output = TextReporter(options: ReportFixture.options).report(ReportFixture.result)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        for line in lines.dropLast() {
            #expect(line.wholeMatch(of: Self.diagnostic) != nil || line.wholeMatch(of: Self.skippedFile) != nil, "\(line)")
        }
        let result = ReportFixture.result
        let noteCount = result.findings.map(\.notes.count).reduce(0, +) + result.inputErrors.map(\.notes.count).reduce(0, +)
        #expect(lines.count - 1 == result.findings.count + noteCount + result.inputErrors.count + result.skipped.count)
        #expect(lines.count(where: { $0.hasSuffix("[push_duplicate_instance]") }) == 1)
    }

    @Test func colourOnlyWhenAsked() {
        var options = ReportFixture.options
        let plain = TextReporter(options: options).report(ReportFixture.result)
        #expect(!plain.contains("\u{1B}"))
        options.color = true
        let coloured = TextReporter(options: options).report(ReportFixture.result)
        #expect(coloured.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
        #expect(Self.stripANSI(coloured) == plain, "colour adds codes and nothing else")
    }

    @Test func specTextCannotDriveTheTerminal() {
        let result = CheckResult(findings: [Finding(
            ruleID: "pop_root", severity: .error, message: "evil \u{1B}[2J\u{9B}31m name\r\nnext",
            location: ReportFixture.at("Specs/a.yaml", 1, 1), scenario: "s\u{7}")])
        let output = TextReporter(options: ReportOptions(color: false)).report(result)
        #expect(output == "Specs/a.yaml:1:1: error: evil \\u{1B}[2J\\u{9B}31m name next (scenario 's\\u{7}') [pop_root]\n")
    }

    @Test func aCleanRunPrintsNothing() {
        #expect(TextReporter(options: ReportFixture.options).report(ReportFixture.clean) == "")
    }
}

/// The one-line summary the CLI prints on standard error.
@Suite struct SummaryLineTests {
    private func finding(_ severity: Severity, _ file: String = "a.yaml") -> Finding {
        Finding(ruleID: "pop_root", severity: severity, message: "m", location: ReportFixture.at(file, 1, 1))
    }

    @Test func countsAndPlurals() {
        #expect(Reporters.summaryLine(CheckResult(files: ["a.yaml"], scenarioCount: 1)) == "no findings in 1 spec (1 scenario)")
        #expect(Reporters.summaryLine(CheckResult(files: ["a.yaml", "b.yaml"], findings: [finding(.error)], scenarioCount: 2))
            == "1 error in 1 of 2 specs (2 scenarios)")
        #expect(Reporters.summaryLine(CheckResult(
            files: ["a.yaml", "b.yaml", "c.yaml"],
            findings: [finding(.error), finding(.error, "b.yaml"), finding(.error), finding(.warning), finding(.info)],
            scenarioCount: 12)) == "3 errors, 1 warning, 1 info in 2 of 3 specs (12 scenarios)")
        #expect(Reporters.summaryLine(CheckResult(files: ["a.yaml"], findings: [finding(.warning), finding(.warning)]))
            == "2 warnings in 1 of 1 spec (0 scenarios)")
        #expect(Reporters.summaryLine(CheckResult(
            files: ["a.yaml"], inputErrors: [Diagnostic(at: ReportFixture.at("a.yaml", 1, 1), "bad")],
            skipped: [SpecLoader.Skipped(path: "x.yml", reason: "r")])) == "no findings in 1 spec (0 scenarios); 1 input error; 1 file skipped")
    }

    @Test("specs not replayed, findings the baseline hid, and nothing checked are said, not hidden behind 'no findings'")
    func truthfulSummaries() {
        let bad = Diagnostic(at: ReportFixture.at("a.yaml", 1, 1), "bad")
        var stopped = CheckResult(files: ["a.yaml"], inputErrors: [bad])
        stopped.notReplayed = ["a.yaml"]
        #expect(Reporters.summaryLine(stopped) == "1 spec not replayed: fix its input errors first; 1 input error")
        var mixed = CheckResult(files: ["a.yaml", "b.yaml", "c.yaml"], inputErrors: [bad, bad], scenarioCount: 2)
        mixed.notReplayed = ["a.yaml", "c.yaml"]
        #expect(Reporters.summaryLine(mixed)
            == "no findings in 1 spec (2 scenarios); 2 specs not replayed: fix their input errors first; 2 input errors")
        var baselined = CheckResult(files: ["a.yaml"], findings: [finding(.warning)], scenarioCount: 1)
        baselined.hiddenByBaseline = 3
        #expect(Reporters.summaryLine(baselined) == "1 warning in 1 of 1 spec (1 scenario); 3 findings hidden by the baseline")
        #expect(Reporters.summaryLine(CheckResult(inputErrors: [bad])) == "nothing checked; 1 input error")
    }

    @Test("explore counts the paths it explored, not scenarios; check --explore counts both")
    func exploredPaths() throws {
        var explored = CheckResult(files: ["a.yaml"], findings: [finding(.warning)])
        explored.replayedScenarios = false
        explored.exploredPaths = 24708
        #expect(Reporters.summaryLine(explored) == "1 warning in 1 of 1 spec (24708 paths explored)")
        var both = CheckResult(files: ["a.yaml"], scenarioCount: 2)
        both.exploredPaths = 1
        #expect(Reporters.summaryLine(both) == "no findings in 1 spec (2 scenarios, 1 path explored)")
        // JSON version 1 keeps counting explore's paths as its scenarios, and says them as paths too.
        let document = JSONReporter(options: ReportFixture.options).document(explored)
        #expect(document["summary"]?["scenarios"]?.intValue == 24708)
        #expect(document["summary"]?["distinctScenarios"]?.intValue == 24708)
        #expect(document["summary"]?["exploredPaths"]?.intValue == 24708)
        let checked = JSONReporter(options: ReportFixture.options).document(both)
        #expect(checked["summary"]?["scenarios"]?.intValue == 2)
        #expect(checked["summary"]?["exploredPaths"]?.intValue == 1)
    }

    @Test("an app checked from its storyboards is an app, not a spec")
    func storyboardApp() throws {
        var app = CheckResult(files: ["UI/Main.storyboard"], findings: [finding(.warning, "UI/Settings.storyboard")])
        app.findings[0].spec = "UI/Main.storyboard"
        app.importedStoryboards = ["UI/Main.storyboard", "UI/Settings.storyboard"]
        #expect(Reporters.summaryLine(app) == "1 warning in 1 of 1 app (0 scenarios)")
        app.files = ["Specs/a.yaml", "Specs/b.yaml", "UI/Main.storyboard"]
        app.scenarioCount = 3
        #expect(Reporters.summaryLine(app) == "1 warning in 1 of 3: 2 specs and 1 app (3 scenarios)")
    }

    @Test func summaryCountsAreTheJSONSummary() throws {
        let document = JSONReporter(options: ReportFixture.options).document(ReportFixture.result)
        let summary = ReportSummary(ReportFixture.result)
        #expect(document["summary"]?["errors"]?.intValue == summary.errors)
        #expect(document["summary"]?["warnings"]?.intValue == summary.warnings)
        #expect(document["summary"]?["info"]?.intValue == summary.infos)
        #expect(document["summary"]?["specs"]?.intValue == 4)
        #expect(document["summary"]?["specsWithFindings"]?.intValue == 2)
    }
}
