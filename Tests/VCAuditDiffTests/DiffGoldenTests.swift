import Foundation
import Testing
@testable import VCAuditDiff
import VCAuditReplay

/// Every format's output for the shop fixture and for identical inputs, byte for byte: the golden files are the formats' spec.
///
/// `VCAUDIT_UPDATE_GOLDEN=1 swift test --filter VCAuditDiffTests` rewrites them.
@Suite("Diff golden files")
struct DiffGoldenTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("the shop fixture in every format", arguments: DiffFormat.allCases)
    func shop(format: DiffFormat) throws {
        let output = DiffOutput(report: ShopFixture.report, format: format)
        try expectGolden(output.standardOutput, name: "shop.\(format.rawValue)")
        #expect(output.exitStatus == 1)
    }

    @Test("the shop fixture in colour")
    func shopInColour() throws {
        try expectGolden(DiffOutput(report: ShopFixture.report, format: .text, color: true).standardOutput, name: "shop-color.text")
    }

    @Test("identical inputs in every format", arguments: DiffFormat.allCases)
    func identical(format: DiffFormat) throws {
        let report = DiffEngine.compare(ShopFixture.newSide, ShopFixture.side("copy", specs: [("shop.yaml", ShopFixture.new)]))
        let output = DiffOutput(report: report, format: format)
        try expectGolden(output.standardOutput, name: "identical.\(format.rawValue)")
        #expect(output.exitStatus == 0)
    }

    @Test("logs from another tool version")
    func otherToolVersion() throws {
        let report = DiffEngine.compare(LogFixtures.side("old.jsonl", LogFixtures.log(tool: "vcaudit 0.0.9", ["a", "b", "c", "d"])),
                                        LogFixtures.side("new.jsonl", LogFixtures.log(["a", "b", "x", "c", "d"])))
        try expectGolden(DiffOutput(report: report, format: .text).standardOutput, name: "tool-version.text")
    }

    private func expectGolden(_ actual: String, name: String) throws {
        let url = Self.goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["VCAUDIT_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
        }
        let expected = try #require(FileManager.default.contents(atPath: url.path),
                                    "missing golden file \(url.path); run with VCAUDIT_UPDATE_GOLDEN=1")
        let expectedText = String(decoding: expected, as: UTF8.self)
        #expect(actual == expectedText, "\(name) differs: \(Self.firstDifference(actual, expectedText))")
    }

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
