import Foundation
import Testing
@testable import VCAuditRules

/// `included` and `excluded` take glob patterns, as SwiftLint's do.
@Suite("Glob patterns in .vcaudit.yml")
struct GlobPatternTests {
    @Test("'*' stays in a component, '**' spans components (or none), '?' is one character", arguments: [
        ("Specs/**/*.yaml", "Specs/a.yaml", true), ("Specs/**/*.yaml", "Specs/x/y/b.yaml", true),
        ("Specs/**/*.yaml", "Specs/x/b.yml", false), ("Specs/*.yaml", "Specs/x/b.yaml", false),
        ("**/Drafts", "Specs/Drafts", true), ("**/Drafts/**", "a/Drafts/b/c.yaml", true),
        ("Specs/app?.yaml", "Specs/app1.yaml", true), ("Specs/app?.yaml", "Specs/app12.yaml", false),
        ("./Specs/*.yaml", "Specs/a.yaml", true),
    ])
    func matching(pattern: String, path: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(path) == matches)
    }

    @Test("excluded globs and folders; included globs expand to the files they match, sorted")
    func configuration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcaudit-glob-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["Specs/b.yaml", "Specs/a.yaml", "Specs/Drafts/c.yaml", "Specs/deep/d.yaml", "Specs/notes.txt"] {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("vcaudit: 1\n".utf8).write(to: url)
        }
        let configuration = try Configuration.parse(
            bytes: Array("included: ['\(folder.path)/Specs/**/*.yaml']\nexcluded: ['**/Drafts']\n".utf8),
            path: ".vcaudit.yml", ruleIDs: RuleCatalog.identifiers)
        #expect(configuration.includedPaths == ["Specs/Drafts/c.yaml", "Specs/a.yaml", "Specs/b.yaml", "Specs/deep/d.yaml"].map { folder.path + "/" + $0 })
        #expect(configuration.isExcluded(folder.path + "/Specs/Drafts/c.yaml"))
        #expect(!configuration.isExcluded(folder.path + "/Specs/deep/d.yaml"))
    }
}
