import Foundation
import Testing
import VCAuditTestSupport
import VCAuditReporters
import VCAuditRules

/// Every reporter's output for the fixtures, byte for byte: the golden files are the formats' spec.
///
/// `VCAUDIT_UPDATE_GOLDEN=1 swift test --filter VCAuditReportersTests` rewrites them.
@Suite struct GoldenTests {
    static let identifiers = Reporters.identifiers

    @Test(arguments: identifiers)
    func fixtureMatchesGolden(identifier: String) throws {
        try expectGolden(identifier: identifier, result: ReportFixture.result, name: "reporter")
    }

    @Test(arguments: identifiers)
    func cleanRunMatchesGolden(identifier: String) throws {
        try expectGolden(identifier: identifier, result: ReportFixture.clean, name: "clean")
    }

    @Test func summaryLineOfTheFixtures() {
        #expect(Reporters.summaryLine(ReportFixture.result)
            == "4 errors, 1 warning, 2 info in 2 of 4 specs (4 scenarios, 7 replays); 3 input errors; 2 files skipped")
        #expect(Reporters.summaryLine(ReportFixture.clean) == "no findings in 2 specs (3 scenarios)")
    }

    private func expectGolden(identifier: String, result: CheckResult, name: String,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let reporter = try #require(Reporters.named(identifier, options: ReportFixture.options), sourceLocation: sourceLocation)
        try GoldenFiles().expect(reporter.report(result), matches: "\(name).\(identifier)", sourceLocation: sourceLocation)
    }
}
