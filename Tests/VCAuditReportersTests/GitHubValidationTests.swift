import Foundation
import Testing
import VCAuditReporters
import VCAuditRules

/// The `github` format is workflow commands the Actions runner parses back to the original text.
@Suite struct GitHubValidationTests {
    /// `::command prop=value,prop=value::message`, with no raw line break, and no raw `,` or `:` inside values.
    static var grammar: Regex<AnyRegexOutput> { try! Regex(#"^::(error|warning|notice) (file|line|col|endLine|endColumn|title)=[^,:\r\n]*(,(file|line|col|endLine|endColumn|title)=[^,:\r\n]*)*::[^\r\n]*$"#) }

    let output = GitHubReporter(options: ReportFixture.options).report(ReportFixture.result)

    @Test func everyLineIsAWorkflowCommand() {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the report ends with a line break")
        for line in lines.dropLast() {
            #expect(String(line).wholeMatch(of: Self.grammar) != nil, "not a workflow command: \(line)")
            #expect(!Self.hasStrayPercent(String(line)), "unescaped %: \(line)")
        }
    }

    @Test func commandsMatchSeverities() {
        let lines = output.split(separator: "\n")
        let result = ReportFixture.result
        #expect(lines.count(where: { $0.hasPrefix("::error ") }) == result.findings.count(where: { $0.severity == .error }) + result.inputErrors.count)
        #expect(lines.count(where: { $0.hasPrefix("::warning ") }) == result.findings.count(where: { $0.severity == .warning }))
        #expect(lines.count(where: { $0.hasPrefix("::notice ") }) == result.findings.count(where: { $0.severity == .info }) + result.skipped.count)
    }

    @Test func messagesAndPropertiesDecodeToTheOriginalText() throws {
        let line = try #require(output.split(separator: "\n").first { $0.contains("title=expectation_failed") })
        let parts = line.dropFirst(2).split(separator: "::", maxSplits: 1)
        let message = Self.decode(String(parts[1]))
        #expect(message.hasPrefix(ReportFixture.escapingMessage + " (scenario 'Pay: 100%, \"fast\"', on iphone)\n"))
        #expect(message.hasSuffix("\nSpecs/Checkout.yaml:46:11: note: step 'Pay\\u{7}now' ran it"))

        let skipped = try #require(output.split(separator: "\n").first { $0.contains("backup") })
        let properties = skipped.dropFirst(2).split(separator: "::")[0].split(separator: " ", maxSplits: 1)[1]
        let file = properties.split(separator: ",").first { $0.hasPrefix("file=") }.map { Self.decode(String($0.dropFirst(5))) }
        #expect(file == "Specs/Drafts/old, v1: backup.yaml")
    }

    @Test func escapingFollowsTheRunnerRules() {
        #expect(GitHubReporter.escapeData("100% a\r\nb:c,d") == "100%25 a%0D%0Ab:c,d")
        #expect(GitHubReporter.escapeProperty("100% a\r\nb:c,d") == "100%25 a%0D%0Ab%3Ac%2Cd")
    }

    /// Undoes the runner's escaping (what `@actions/core` does when it reads a command).
    static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    /// Whether a `%` is not the start of one of the runner's escapes.
    static func hasStrayPercent(_ line: String) -> Bool {
        let scalars = Array(line.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            let next = String(String.UnicodeScalarView(scalars[(index + 1)..<min(index + 3, scalars.count)]))
            if !["25", "0D", "0A", "3A", "2C"].contains(next) { return true }
        }
        return false
    }
}
