import Testing
import VCAuditReporters
import VCAuditRules

/// The registry the CLI's `--format` and `--report FORMAT:PATH` use, and what every reporter shares.
@Suite struct ReporterRegistryTests {
    @Test func identifiersAreTheSixFormats() {
        #expect(Reporters.identifiers == ["text", "json", "sarif", "junit", "github", "markdown"])
    }

    @Test(arguments: Reporters.identifiers)
    func namedReturnsThatReporterWithTheOptions(identifier: String) throws {
        let options = ReportOptions(color: true, toolVersion: "9.9.9")
        let reporter = try #require(Reporters.named(identifier, options: options))
        #expect(reporter.identifier == identifier)
        #expect(reporter.options == options)
    }

    @Test func unknownNamesGiveNil() {
        #expect(Reporters.named("xml") == nil)
        #expect(Reporters.named("SARIF") == nil)
        #expect(Reporters.named("") == nil)
    }

    /// The same result in any input order renders byte-identically: reporters sort.
    @Test(arguments: Reporters.identifiers)
    func outputDoesNotDependOnInputOrder(identifier: String) throws {
        let reporter = try #require(Reporters.named(identifier, options: ReportFixture.options))
        var reversed = ReportFixture.result
        reversed.findings.reverse()
        reversed.inputErrors.reverse()
        reversed.skipped.reverse()
        reversed.rules.reverse()
        reversed.files.reverse()
        let output = reporter.report(ReportFixture.result)
        #expect(reporter.report(reversed) == output)
        #expect(output.hasSuffix("\n"))
    }
}

/// The `markdown` format's tables survive the text they quote.
@Suite struct MarkdownReporterTests {
    /// The number of cell separators in a table row: `|` not preceded by a backslash.
    static func separators(_ row: Substring) -> Int {
        var count = 0
        var previous: Character = " "
        for character in row {
            if character == "|", previous != "\\" { count += 1 }
            previous = character
        }
        return count
    }

    @Test func everyTableRowHasItsColumns() {
        let output = MarkdownReporter(options: ReportFixture.options).report(ReportFixture.result)
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(rows.count == ReportFixture.result.findings.count + ReportFixture.result.inputErrors.count + 2 * 3)
        for row in rows {
            let expected = row.hasPrefix("| Location") || row == "| --- | --- |" || row.hasPrefix("| `") ? 3 : 5
            #expect(Self.separators(row) == expected, "\(row)")
        }
    }

    @Test func quotedTextCannotOpenTagsOrBreakRows() {
        let result = CheckResult(files: ["a.yaml"], findings: [Finding(
            ruleID: "pop_root", severity: .warning, message: "<script>x</script> | *bold* _i_ [l](u) `c` &amp;\nline",
            location: ReportFixture.at("a|b`c.yaml", 1, 1))])
        let output = MarkdownReporter(options: ReportOptions()).report(result)
        #expect(output.contains("| warning | `pop_root` | 1:1 | &lt;script&gt;x&lt;/script&gt; \\| \\*bold\\* \\_i\\_ \\[l\\](u) \\`c\\` &amp;amp;<br>line |"))
        #expect(output.contains("### ``a|b`c.yaml``"))
    }

    @Test func aCleanRunSaysSo() {
        let output = MarkdownReporter(options: ReportFixture.options).report(ReportFixture.clean)
        #expect(output.contains("\nNo findings in 2 specs (3 scenarios)\n"))
        #expect(!output.contains("|"))
    }
}
