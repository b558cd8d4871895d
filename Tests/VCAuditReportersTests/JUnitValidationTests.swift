import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import VCAuditReporters
import VCAuditRules
import VCAuditSpec

/// The JUnit report is well-formed XML whose counts match its test cases and the findings.
///
/// On Linux `XMLDocument` recovers from malformed input (libxml2's recover
/// mode) instead of throwing, so well-formedness is checked first with
/// `XMLParser`, which reports every error; the tree is then read with
/// `XMLDocument`.
@Suite struct JUnitValidationTests {
    private func parse(_ result: CheckResult, options: ReportOptions = ReportFixture.options,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> XMLElement {
        let data = Data(JUnitReporter(options: options).report(result).utf8)
        let parser = XMLParser(data: data)
        let parsed = parser.parse()
        #expect(parsed && parser.parserError == nil, "not well-formed XML: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
        let document = try XMLDocument(data: data, options: [])
        return try #require(document.rootElement(), sourceLocation: sourceLocation)
    }

    private func count(_ element: XMLElement, _ attribute: String) -> Int? {
        element.attribute(forName: attribute)?.stringValue.flatMap { Int($0) }
    }

    private func children(_ element: XMLElement, _ name: String) -> [XMLElement] {
        element.elements(forName: name)
    }

    @Test func countsMatchTheTestCases() throws {
        let root = try parse(ReportFixture.result)
        #expect(root.name == "testsuites")
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        for suite in children(root, "testsuite") {
            let cases = children(suite, "testcase")
            let failures = cases.count(where: { !children($0, "failure").isEmpty })
            let errors = cases.count(where: { !children($0, "error").isEmpty })
            let skipped = cases.count(where: { !children($0, "skipped").isEmpty })
            #expect(count(suite, "tests") == cases.count)
            #expect(count(suite, "failures") == failures)
            #expect(count(suite, "errors") == errors)
            #expect(count(suite, "skipped") == skipped)
            for testCase in cases {
                #expect(testCase.attribute(forName: "classname")?.stringValue == suite.attribute(forName: "name")?.stringValue)
            }
            totals.tests += cases.count
            totals.failures += failures
            totals.errors += errors
            totals.skipped += skipped
        }
        #expect(count(root, "tests") == totals.tests)
        #expect(count(root, "failures") == totals.failures)
        #expect(count(root, "errors") == totals.errors)
        #expect(count(root, "skipped") == totals.skipped)

        let result = ReportFixture.result
        func findings(of run: ScenarioReplay) -> [Finding] {
            result.findings.filter { ($0.spec ?? $0.location.file) == run.spec && $0.scenario == run.scenario && $0.devices.contains(run.device) }
        }
        let unclaimed = result.findings.filter { finding in !result.runs.contains { findings(of: $0).contains(finding) } }
        // Only what fails the run fails a test case: errors, by default.
        #expect(totals.failures == result.runs.count(where: { findings(of: $0).contains { $0.severity >= .error } })
            + unclaimed.count(where: { $0.severity >= .error }))
        #expect(totals.errors == result.inputErrors.count)
        #expect(totals.skipped == result.skipped.count)
        // Every scenario × device is a test case, every finding no run claims one more, every clean spec one more.
        #expect(totals.tests == result.runs.count + unclaimed.count + result.inputErrors.count + result.skipped.count + 1)
    }

    @Test("with --strict (warnings fail the run) a warning fails its test case too; below it, a finding passes with its lines as output")
    func failingSeverity() throws {
        var strictOptions = ReportFixture.options
        strictOptions.failingSeverity = .warning
        let strict = try parse(ReportFixture.result, options: strictOptions)
        let failures = children(strict, "testsuite").flatMap { children($0, "testcase") }.flatMap { children($0, "failure") }
        let types = Set(failures.compactMap { $0.attribute(forName: "type")?.stringValue }.flatMap { $0.split(separator: " ").map(String.init) })
        #expect(types == Set(ReportFixture.result.findings.filter { $0.severity >= .warning }.map(\.ruleID)))
        let plain = try parse(ReportFixture.result)
        let outputs = children(plain, "testsuite").flatMap { children($0, "testcase") }.flatMap { children($0, "system-out") }
        #expect(outputs.contains { $0.stringValue?.contains("[missing_did_move_to_parent]") == true })
    }

    @Test("one test case per scenario × device, passing or failing with that run's findings")
    func scenariosAreTestCases() throws {
        let root = try parse(ReportFixture.result)
        let browse = try #require(children(root, "testsuite").first { $0.attribute(forName: "name")?.stringValue == "Specs/Browse.yaml" })
        let names = children(browse, "testcase").compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(names == ["scenario 'Browse' on iphone", "scenario 'Browse' on ipad", "scenario 'Back twice' on iphone",
                          "scenario 'Share & <Export>' on iphone", "scenario 'Share & <Export>' on ipad"])
    }

    @Test func suitesAreTheSpecFiles() throws {
        let root = try parse(ReportFixture.result)
        let names = children(root, "testsuite").compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(names == [".vcaudit.yml", "Specs/Broken.yaml", "Specs/Browse.yaml", "Specs/Checkout.yaml",
                          "Specs/Drafts/old, v1: backup.yaml", "Specs/Onboarding.yaml", "Specs/ci.yml"])
        let clean = try #require(children(root, "testsuite").first { $0.attribute(forName: "name")?.stringValue == "Specs/Onboarding.yaml" })
        #expect(children(clean, "testcase").map { $0.attribute(forName: "name")?.stringValue } == ["no findings"])
    }

    @Test func failuresCarryTheRuleAndTheEscapedMessage() throws {
        let root = try parse(ReportFixture.result)
        let failures = children(root, "testsuite").flatMap { children($0, "testcase") }.flatMap { children($0, "failure") }
        let types = failures.compactMap { $0.attribute(forName: "type")?.stringValue }
        #expect(Set(types.flatMap { $0.split(separator: " ").map(String.init) })
            == Set(ReportFixture.result.findings.filter { $0.severity >= .error }.map(\.ruleID)))

        let expectation = try #require(failures.first { $0.attribute(forName: "type")?.stringValue?.contains("expectation_failed") == true })
        let message = try #require(expectation.attribute(forName: "message")?.stringValue)
        // The run's warning does not fail it, but its lines are in the case's text with the error's.
        #expect(message.hasPrefix("error: expected 'receipt' to be presented by 'checkout'"))
        let body = try #require(expectation.stringValue)
        #expect(body.contains("Specs/Checkout.yaml:48:13: error: expected 'receipt'"))
        #expect(body.contains("Specs/Checkout.yaml:46:11: note: step 'Pay\\u{7}now' ran it"))
    }

    @Test func everyControlCharacterStillGivesWellFormedXML() throws {
        let controls = String(String.UnicodeScalarView((0...0x1F).compactMap(Unicode.Scalar.init) + [Unicode.Scalar(0x7F)!, Unicode.Scalar(0xFFFE)!]))
        let result = CheckResult(
            files: ["Specs/\(controls).yaml"],
            findings: [Finding(ruleID: "pop_root", severity: .error, message: "before \(controls) after",
                               location: ReportFixture.at("Specs/\(controls).yaml", 2, 3),
                               notes: [.init(location: ReportFixture.at("Specs/a.yaml", 1, 1), message: controls)],
                               scenario: controls)],
            inputErrors: [Diagnostic(.error, at: ReportFixture.at("Specs/b.yaml", 1, 1), controls)],
            skipped: [SpecLoader.Skipped(path: "Specs/\(controls).yml", reason: controls)])
        let root = try parse(result)
        let failure = try #require(children(root, "testsuite").flatMap { children($0, "testcase") }.flatMap { children($0, "failure") }.first)
        let message = try #require(failure.attribute(forName: "message")?.stringValue)
        #expect(message.hasPrefix("error: before \\u{0}\\u{1}"))
        #expect(message.contains("\t"), "a tab survives as a character reference")
        #expect(message.contains("\\u{7F}\\u{FFFE} after"))
    }
}
