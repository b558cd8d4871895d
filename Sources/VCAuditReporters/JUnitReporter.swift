import VCAuditSupport
import VCAuditRules

/// JUnit XML, as Jenkins, GitLab and GitHub test-report actions show it.
///
/// One `<testsuite>` per spec file (named by its path), one `<testcase>` per
/// scenario × device replayed (`scenario 'S' on ipad`, passing ones too, so
/// dashboards count scenarios), failing with the findings of that run; a
/// finding about declarations alone, or any finding of a result that lists
/// no runs, is a test case of its own, named `rule_id at line:col (scenario
/// 'S', on ipad)`. The spec path is the `classname`, and `file`/`line`
/// attributes serve reporters that annotate. Findings that fail the run (errors; warnings too with `--strict`,
/// `ReportOptions.failingSeverity`) are `<failure type="rule_id">` whose text is the finding's `text` lines
/// (location, notes); the others pass and carry those lines in `<system-out>`, so the report is red exactly
/// when the job fails. A spec without findings has one
/// passing `no findings` case, so the test count means something. Input
/// errors are `<error type="input_error">` cases in the suite of their file
/// (a configuration file gets its own suite); skipped files are
/// `<skipped>` cases. Paths are relative to `ReportOptions.rootDirectory`.
public struct JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let help = "JUnit XML: a test suite per spec, a test case per scenario and device, for CI test reports"

    public var options: ReportOptions

    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    private enum Outcome {
        case passed(output: String?)
        case failure(message: String, type: String, text: String)
        case error(message: String, type: String, text: String)
        case skipped(message: String)
    }

    private struct TestCase {
        var name: String
        var file: String
        var line: Int?
        var outcome: Outcome
    }

    public func report(_ result: CheckResult) -> String {
        let ordered = OrderedResult(result)
        let plain = TerminalStyle(enabled: false)
        var suites: [String: [TestCase]] = [:]
        for file in result.files { suites[path(file), default: []] = [] }

        for diagnostic in ordered.inputErrors {
            let file = path(diagnostic.location.file)
            suites[file, default: []].append(TestCase(
                name: "input error at \(diagnostic.location.line):\(diagnostic.location.column)",
                file: file, line: diagnostic.location.line,
                outcome: .error(message: VisibleText.singleLine(diagnostic.message), type: "input_error",
                                text: TextReporter.lines(for: diagnostic, style: plain))))
        }
        // One test case per scenario × device replayed (passing ones too), failing with the findings of that run.
        var claimed: Set<Int> = []
        for run in result.runs {
            let file = path(run.spec)
            var failures: [String] = []
            var messages: [String] = []
            var output: [String] = []
            var rules: [String] = []
            for (index, finding) in ordered.findings.enumerated()
            where (finding.spec ?? finding.location.file) == run.spec && finding.scenario == run.scenario && finding.devices.contains(run.device) {
                claimed.insert(index)
                let lines = TextReporter.lines(for: finding, style: plain)
                if finding.severity < options.failingSeverity {
                    output.append(lines)
                } else {
                    failures.append(lines)
                    messages.append(finding.severity.diagnosticWord + ": " + VisibleText.singleLine(FindingContext.message(finding)))
                    if !rules.contains(finding.ruleID) { rules.append(finding.ruleID) }
                }
            }
            let name = "scenario '\(VisibleText.singleLine(run.scenario))' on \(run.device.rawValue)"
            let outcome: Outcome = failures.isEmpty
                ? .passed(output: output.isEmpty ? nil : output.joined())
                : .failure(message: messages.count == 1 ? messages[0] : "\(messages.count) findings; the first: \(messages[0])",
                           type: rules.joined(separator: " "), text: (failures + output).joined())
            suites[file, default: []].append(TestCase(name: name, file: file, line: run.line, outcome: outcome))
        }
        for (index, finding) in ordered.findings.enumerated() where !claimed.contains(index) {
            let file = path(finding.spec ?? finding.location.file)
            var name = "\(finding.ruleID) at \(finding.location.line):\(finding.location.column)"
            if let phrase = FindingContext.phrase(finding) { name += " " + VisibleText.singleLine(phrase) }
            let lines = TextReporter.lines(for: finding, style: plain)
            let outcome: Outcome = finding.severity < options.failingSeverity
                ? .passed(output: lines)
                : .failure(message: finding.severity.diagnosticWord + ": " + VisibleText.singleLine(FindingContext.message(finding)),
                           type: finding.ruleID, text: lines)
            suites[file, default: []].append(TestCase(name: name, file: file, line: finding.location.line, outcome: outcome))
        }
        for (file, cases) in suites where cases.isEmpty {
            suites[file] = [TestCase(name: "no findings", file: file, line: nil, outcome: .passed(output: nil))]
        }
        for skipped in ordered.skipped {
            let file = path(skipped.path)
            suites[file, default: []].append(TestCase(name: "not checked", file: file, line: nil,
                                                      outcome: .skipped(message: skipped.reason)))
        }

        let names = suites.keys.sorted()
        let all = names.flatMap { suites[$0]! }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(ReportOptions.toolName)\"\(Self.counts(all))>\n"
        for name in names {
            let cases = suites[name]!
            out += "  <testsuite name=\"\(XMLEscaping.attribute(name))\"\(Self.counts(cases))>\n"
            for testCase in cases { out += Self.element(testCase) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private func path(_ file: String) -> String { ReportPath.relative(file, to: options.rootDirectory) }

    private static func counts(_ cases: [TestCase]) -> String {
        var failures = 0, errors = 0, skipped = 0
        for testCase in cases {
            switch testCase.outcome {
            case .passed: break
            case .failure: failures += 1
            case .error: errors += 1
            case .skipped: skipped += 1
            }
        }
        return " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
    }

    private static func element(_ testCase: TestCase) -> String {
        var open = "    <testcase name=\"\(XMLEscaping.attribute(testCase.name))\" classname=\"\(XMLEscaping.attribute(testCase.file))\""
        open += " file=\"\(XMLEscaping.attribute(testCase.file))\""
        if let line = testCase.line { open += " line=\"\(line)\"" }
        switch testCase.outcome {
        case .passed(nil):
            return open + "/>\n"
        case .passed(let output?):
            return open + ">\n      <system-out>\(XMLEscaping.text(output))</system-out>\n    </testcase>\n"
        case .failure(let message, let type, let text):
            return open + ">\n      <failure message=\"\(XMLEscaping.attribute(message))\" type=\"\(XMLEscaping.attribute(type))\">"
                + XMLEscaping.text(text) + "</failure>\n    </testcase>\n"
        case .error(let message, let type, let text):
            return open + ">\n      <error message=\"\(XMLEscaping.attribute(message))\" type=\"\(XMLEscaping.attribute(type))\">"
                + XMLEscaping.text(text) + "</error>\n    </testcase>\n"
        case .skipped(let message):
            return open + ">\n      <skipped message=\"\(XMLEscaping.attribute(message))\"/>\n    </testcase>\n"
        }
    }
}
