import Foundation
import Testing
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
    static let update = ProcessInfo.processInfo.environment["VCAUDIT_UPDATE_GOLDEN"] == "1"

    /// What `vcaudit generate tests Examples --framework <framework> --out Golden/<framework> --app-module ExampleApps` writes.
    static func expectedFiles(_ framework: TestFramework) throws -> [GeneratedFile] {
        let paths = Fixtures.exampleSpecPaths()
        let names = TestGenerator.suiteNames(forSpecPaths: paths)
        let generator = TestGenerator(framework: framework, appModules: ["ExampleApps"])
        var files: [GeneratedFile] = []
        for path in paths {
            let (spec, source) = try Fixtures.loadExample(path)
            files.append(generator.testFile(for: spec, source: source, suiteName: names[path]))
        }
        files.append(generator.supportFile())
        return files
    }

    static func goldenFolder(_ framework: TestFramework) -> URL {
        Fixtures.packageRoot.appendingPathComponent("Tests/VCAuditGenerateTests/Golden/\(framework.rawValue)")
    }

    @Test("The Examples are there to generate from")
    func examplesExist() {
        #expect(Fixtures.exampleSpecPaths().count >= 10)
    }

    @Test("Generated tests match the goldens", arguments: TestFramework.allCases)
    func goldens(framework: TestFramework) throws {
        let folder = Self.goldenFolder(framework)
        let files = try Self.expectedFiles(framework)
        if Self.update {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for stale in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where stale.hasSuffix(".swift") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
            }
            for file in files {
                try file.contents.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
            return
        }
        let present = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") })
        #expect(present == Set(files.map(\.name)), "golden files differ from the generated set; run with VCAUDIT_UPDATE_GOLDEN=1")
        for file in files {
            let golden = try? String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            guard let golden else {
                Issue.record("missing golden \(framework.rawValue)/\(file.name); run with VCAUDIT_UPDATE_GOLDEN=1")
                continue
            }
            if golden != file.contents {
                let lines = (golden.split(separator: "\n", omittingEmptySubsequences: false), file.contents.split(separator: "\n", omittingEmptySubsequences: false))
                let first = zip(lines.0, lines.1).enumerated().first { $0.element.0 != $0.element.1 }
                let where_ = first.map { "line \($0.offset + 1):\n  golden:    \($0.element.0)\n  generated: \($0.element.1)" } ?? "the line counts differ"
                Issue.record("\(framework.rawValue)/\(file.name) differs from its golden at \(where_)\nRun with VCAUDIT_UPDATE_GOLDEN=1 and review the diff.")
            }
        }
    }
}
