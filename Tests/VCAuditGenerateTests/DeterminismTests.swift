import Testing
import VCAuditGenerate
import VCAuditSpec

@Suite("Deterministic output")
struct DeterminismTests {
    @Test("The same spec gives byte-identical files, in both frameworks", arguments: TestFramework.allCases)
    func sameSpecSameBytes(framework: TestFramework) throws {
        for path in Fixtures.exampleSpecPaths() {
            let first = try Fixtures.loadExample(path)
            let second = try Fixtures.loadExample(path)
            let generator = TestGenerator(framework: framework, devices: [.iphone, .ipad], appModules: ["App"])
            let a = generator.testFile(for: first.spec, source: first.source)
            let b = generator.testFile(for: second.spec, source: second.source)
            #expect(a == b, "\(path) generated differently twice")
            #expect(generator.supportFile() == generator.supportFile())
        }
    }

    @Test("The output names nothing that changes between runs")
    func noRunSpecificText() throws {
        let (spec, source) = try Fixtures.loadExample("Examples/Wonderland/wonderland.yaml")
        let text = TestGenerator(framework: .swiftTesting).testFile(for: spec, source: source).contents
        #expect(!text.contains(Fixtures.packageRoot.path), "an absolute path leaked into the output")
        #expect(text.contains("static let spec = \"Examples/Wonderland/wonderland.yaml\""))
        #expect(text.hasSuffix("}\n") && !text.hasSuffix("\n\n"))
        #expect(!text.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.hasSuffix(" ") })
        #expect(!text.contains("\t"))
    }
}
