import Foundation
import Testing
import VCAuditTestSupport
@testable import VCAuditDiff
import VCAuditReplay

/// Every format's output for the shop fixture and for identical inputs, byte for byte: the golden files are the formats' spec.
///
/// `VCAUDIT_UPDATE_GOLDEN=1 swift test --filter VCAuditDiffTests` rewrites them.
@Suite("Diff golden files")
struct DiffGoldenTests {
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

    private func expectGolden(_ actual: String, name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try GoldenFiles().expect(actual, matches: name, sourceLocation: sourceLocation)
    }
}
