import Testing
@testable import VCAuditRules
import VCAuditSpec

/// `Specs/valid/`: one clean spec per area of the format, which must give no finding and no unused suppression.
@Suite("Valid specs", .enabled(if: RepositoryFolder.validSpecs != nil, "Specs/valid/ is not in this checkout"))
struct ValidSpecsTests {
    static var files: [String] {
        guard let folder = RepositoryFolder.validSpecs else { return [] }
        return SpecLoader.discover([folder]).files
    }

    @Test("each valid spec is clean on its own devices", arguments: files)
    func clean(_ file: String) throws {
        let loaded = SpecLoader.load(path: file)
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)")
        let report = Checker().check(spec)
        #expect(report.diagnostics.isEmpty)
        #expect(summary(report.findings).isEmpty)
    }

    @Test("the folder has specs")
    func present() {
        #expect(Self.files.count >= 5)
    }
}
