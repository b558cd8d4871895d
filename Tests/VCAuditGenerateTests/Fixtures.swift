import Foundation
import Testing
import VCAuditGenerate
import VCAuditSpec

/// Paths and spec loading shared by the generator's tests.
enum Fixtures {
    /// The package's root folder (this file is `Tests/VCAuditGenerateTests/Fixtures.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The spec files of the Examples and of `Specs/valid`, relative to the package root, sorted: the goldens' inputs.
    static func exampleSpecPaths() -> [String] {
        let root = packageRoot.path
        return SpecLoader.discover([root + "/Examples", root + "/Specs/valid"]).files.map { String($0.dropFirst(root.count + 1)) }.sorted()
    }

    /// The spec at `relativePath` (from the package root), loaded under that relative path, with its source text.
    static func loadExample(_ relativePath: String) throws -> (spec: Spec, source: SourceText?) {
        let data = try #require(FileManager.default.contents(atPath: packageRoot.appendingPathComponent(relativePath).path))
        let file = SpecLoader.load(bytes: [UInt8](data), path: relativePath)
        let spec = try #require(file.spec, "\(relativePath) does not load: \(file.diagnostics)")
        return (spec, file.source)
    }

    /// A spec decoded from `yaml`, as if read from `path`.
    static func spec(_ yaml: String, path: String = "Specs/test.yaml") throws -> (spec: Spec, source: SourceText?) {
        let file = SpecLoader.load(bytes: Array(yaml.utf8), path: path)
        let spec = try #require(file.spec, "the test spec does not load: \(file.diagnostics.map(\.description))")
        return (spec, file.source)
    }

    /// The generated test file of `yaml`.
    static func generate(_ yaml: String, framework: TestFramework = .swiftTesting, devices: [Device]? = nil) throws -> String {
        let (spec, source) = try spec(yaml)
        return TestGenerator(framework: framework, devices: devices).testFile(for: spec, source: source).contents
    }
}
