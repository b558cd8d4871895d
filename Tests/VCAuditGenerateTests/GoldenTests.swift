import Foundation
import Testing
import VCAuditTestSupport
import VCAuditGenerate
import VCAuditSpec

/// The generated tests of every Example, in both frameworks, compared with `Golden/<framework>/`.
///
/// `VCAUDIT_UPDATE_GOLDEN=1 swift test --filter GoldenTests` rewrites the
/// goldens; review the diff. On Linux the goldens are also compiled against the
/// UIKit stand-in (targets `GeneratedXCTestTypeCheck` and
/// `GeneratedSwiftTestingTypeCheck`), so they must stay valid Swift.
@Suite("Golden generated tests of the Examples")
struct GoldenTests {
    /// The folder of the goldens of `framework`, from the package root.
    static func goldenFolder(_ framework: TestFramework) -> String {
        "Tests/VCAuditGenerateTests/Golden/\(framework.rawValue)"
    }

    /// What `vcaudit generate tests Examples Specs/valid --framework <framework> --out <goldenFolder> --app-module
    /// ExampleApps` writes, run from the package root: each spec named by its path from the golden folder.
    static func expectedFiles(_ framework: TestFramework) throws -> [GeneratedFile] {
        let paths = Fixtures.exampleSpecPaths()
        let up = goldenFolder(framework).split(separator: "/").map { _ in "../" }.joined()
        let names = TestGenerator.suiteNames(forSpecPaths: paths.map { up + $0 })
        let generator = TestGenerator(framework: framework, appModules: ["ExampleApps"])
        var files: [GeneratedFile] = []
        for path in paths {
            let (spec, source) = try Fixtures.loadExample(path)
            files.append(generator.testFile(for: spec, source: source, suiteName: names[up + path], specPath: up + path))
        }
        files.append(generator.supportFile())
        return files
    }

    @Test("The Examples are there to generate from")
    func examplesExist() {
        #expect(Fixtures.exampleSpecPaths().count >= 10)
    }

    @Test("Generated tests match the goldens", arguments: TestFramework.allCases)
    func goldens(framework: TestFramework) throws {
        let files = try Self.expectedFiles(framework).map { (name: $0.name, text: $0.contents) }
        try GoldenFiles("Golden/\(framework.rawValue)").expect(files: files, endingWith: ".swift")
    }
}
