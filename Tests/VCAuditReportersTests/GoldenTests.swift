import Foundation
import Testing
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
            == "4 errors, 1 warning, 2 info in 2 of 4 specs (7 scenarios); 3 input errors; 2 YAML files skipped")
        #expect(Reporters.summaryLine(ReportFixture.clean) == "no findings in 2 specs (3 scenarios)")
    }

    private func expectGolden(identifier: String, result: CheckResult, name: String) throws {
        let reporter = try #require(Reporters.named(identifier, options: ReportFixture.options))
        let actual = reporter.report(result)
        let url = Self.goldenDirectory.appendingPathComponent("\(name).\(identifier)")
        if ProcessInfo.processInfo.environment["VCAUDIT_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: url)
        }
        let expected = try #require(FileManager.default.contents(atPath: url.path), "missing golden file \(url.path); run with VCAUDIT_UPDATE_GOLDEN=1")
        let expectedText = String(decoding: expected, as: UTF8.self)
        #expect(actual == expectedText, "\(url.lastPathComponent) differs: \(Self.firstDifference(actual, expectedText))")
    }

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Where two texts first differ, by line, for a readable failure.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? String(a[index]) : "(end)"
            let right = index < e.count ? String(e[index]) : "(end)"
            if left != right { return "line \(index + 1): got \(left.debugDescription), golden has \(right.debugDescription)" }
        }
        return "no line differs"
    }
}
