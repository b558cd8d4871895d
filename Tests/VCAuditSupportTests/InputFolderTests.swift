import Foundation
import Testing
import VCAuditSupport

/// `InputFolder` finds what every command reads in a folder: files only, hidden ones left out, links not followed
/// into folders, in sorted order.
@Suite("Input folders")
struct InputFolderTests {
    @Test("files under a folder, sorted; hidden entries, folders and what does not match are left out; links are files")
    func walk() throws {
        let root = NSTemporaryDirectory() + "vcaudit-input-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = ["b.yaml", "a/z.yaml", "a/b/c.yaml", "a/b/notes.txt", ".hidden/h.yaml", "a/.git/config.yaml", "a/.x.yaml", "Specs/app.yml"]
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("vcaudit: 1\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        // A folder named like an input is not one; a link to a folder is not followed (no file is found twice, a
        // loop is not walked); a link to a file, even a broken one, is found as a file.
        try FileManager.default.createDirectory(atPath: root + "/folder.yaml", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/a/again", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/link.yaml", withDestinationPath: "b.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/broken.yaml", withDestinationPath: "nowhere.yaml")
        let yaml = { (relative: String) in relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") }
        let expected = ["a/b/c.yaml", "a/z.yaml", "b.yaml", "broken.yaml", "link.yaml", "Specs/app.yml"].map { root + "/" + $0 }.sorted()
        #expect(InputFolder.files(under: root, matching: yaml) == expected)
        // A trailing slash is not doubled; the matcher sees paths relative to the folder.
        #expect(InputFolder.files(under: root + "/", matching: yaml) == expected)
        var asked: [String] = []
        _ = InputFolder.files(under: root + "/a", matching: { asked.append($0); return false })
        #expect(asked.sorted() == ["again", "b/c.yaml", "b/notes.txt", "z.yaml"])
        // A folder that is not there, or a file given as the folder, has nothing under it.
        #expect(InputFolder.files(under: root + "/missing", matching: yaml).isEmpty)
        #expect(InputFolder.files(under: root + "/b.yaml", matching: yaml).isEmpty)
    }
}
