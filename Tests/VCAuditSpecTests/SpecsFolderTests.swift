import Foundation
import Testing
import VCAuditTestSupport
@testable import VCAuditSpec

/// The `.yaml` files of `Specs/<folder>`, as paths relative to the package root, sorted.
private func specs(in folder: String) -> [String] {
    let directory = GoldenFile.packageRoot.appendingPathComponent("Specs/\(folder)").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "Specs/\(folder)/\($0)" }
}

/// Loads a spec of the repository, named by its path relative to the package root.
private func load(_ relativePath: String) throws -> SpecLoader.LoadedFile {
    let url = GoldenFile.packageRoot.appendingPathComponent(relativePath)
    let data = try #require(FileManager.default.contents(atPath: url.path), "cannot read \(relativePath)")
    return SpecLoader.load(bytes: [UInt8](data), path: relativePath)
}

@Suite("The specs under Specs/ load as their folder says")
struct SpecsFolderTests {
    @Test("both folders hold specs")
    func foldersAreNotEmpty() {
        #expect(specs(in: "valid").count >= 5)
        #expect(specs(in: "invalid").count >= 5)
    }

    @Test("every valid spec loads without a diagnostic", arguments: specs(in: "valid"))
    func validSpecLoads(_ path: String) throws {
        let loaded = try load(path)
        let rendered = loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
        #expect(loaded.spec != nil, "\(path) did not load:\n\(rendered)")
        #expect(loaded.diagnostics.isEmpty)
    }

    @Test("every invalid spec gives exactly its golden diagnostics", arguments: specs(in: "invalid"))
    func invalidSpecMatchesGolden(_ path: String) throws {
        let loaded = try load(path)
        #expect(loaded.spec == nil, "\(path) loaded, but it is in Specs/invalid")
        #expect(!loaded.diagnostics.isEmpty)
        let rendered = loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        try GoldenFile.files.expect(rendered, matches: "\(name).txt")
    }

    @Test("each invalid spec's header comment ('# error' lines) names the position of every error reported", arguments: specs(in: "invalid"))
    func headerNamesEveryPosition(_ path: String) throws {
        let loaded = try load(path)
        let source = String(decoding: try #require(loaded.source).bytes, as: UTF8.self)
        let header = try #require(source.split(separator: "\n").first.map(String.init))
        #expect(header.hasPrefix("# error: "), "\(path) does not start with '# error: '")
        for diagnostic in loaded.diagnostics {
            #expect(header.contains("at \(diagnostic.location.line):\(diagnostic.location.column)"),
                    "\(path): the header does not mention \(diagnostic.location.line):\(diagnostic.location.column) (\(diagnostic.message))")
        }
    }

    @Test("every spec under Examples/ loads without a diagnostic")
    func examplesLoad() throws {
        let root = GoldenFile.packageRoot.path
        let found = SpecLoader.discover([root + "/Examples"])
        #expect(found.missing.isEmpty)
        #expect(found.files.count >= 3)
        for file in found.files {
            let loaded = SpecLoader.load(path: file)
            let rendered = loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
            #expect(loaded.spec != nil, "\(file) did not load:\n\(rendered)")
        }
    }
}
