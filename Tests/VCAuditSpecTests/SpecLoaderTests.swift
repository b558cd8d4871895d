import Foundation
import Testing
@testable import VCAuditSpec
import VCAuditSupport
import VCAuditTestSupport
import VCAuditYAML

private let minimalSpec = "vcaudit: 1\ncontrollers:\n  home:\nwindow: home\n"

@Suite("Finding spec files and loading them one by one")
struct SpecLoaderTests {
    @Test("files skipped for a reason more than three share are one note, at the first, with how many more")
    func skippedNotesGrouped() {
        let copies = (1...5).map { SpecLoader.Skipped(path: "fr.xcloc/S\($0).storyboard", reason: "a copy in fr.xcloc") }
        let other = SpecLoader.Skipped(path: "crowdin.yml", reason: "no top-level 'vcaudit:' key, so not a vcaudit spec")
        let few = (1...3).map { SpecLoader.Skipped(path: "L\($0).storyboard", reason: "a launch screen") }
        #expect(SpecLoader.Skipped.notes([other] + copies + few) == [
            "crowdin.yml: note: skipped: no top-level 'vcaudit:' key, so not a vcaudit spec",
            "fr.xcloc/S1.storyboard: note: skipped, with 4 more files for the same reason ('--format json' lists them): a copy in fr.xcloc",
        ] + few.map(\.note))
    }

    @Test("XML given where a spec is read (a storyboard) is said to be one, with the import to run")
    func xmlIsNotASpec() {
        let storyboard = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"/>\n"
        for bytes in [Array(storyboard.utf8), [0xEF, 0xBB, 0xBF] + Array(storyboard.utf8)] {
            let loaded = SpecLoader.load(bytes: bytes, path: "UI/Main.storyboard")
            #expect(loaded.spec == nil)
            #expect(loaded.diagnostics.map(\.description) == ["UI/Main.storyboard:1:1: error: XML, not a spec: this command reads specs; "
                + "for a storyboard, write its spec with 'vcaudit import storyboard UI/Main.storyboard --out app.yaml' and add "
                + "scenarios there (check, explore and graph read storyboards themselves)"])
        }
    }

    @Test("a folder is searched recursively in sorted order; YAML without 'vcaudit:' is skipped with a reason")
    func discoverFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.yaml", minimalSpec)
        try folder.write("a/nested.yml", minimalSpec)
        try folder.write("a/z.yaml", minimalSpec)
        try folder.write("config.yaml", "name: not a spec\n")
        try folder.write("notes.txt", "vcaudit: 1\n")
        try folder.write(".hidden/secret.yaml", minimalSpec)
        try folder.write(".vcaudit.yml", "strict: true\n")
        let found = SpecLoader.discover([folder.path])
        #expect(found.files == [folder.path + "/a/nested.yml", folder.path + "/a/z.yaml", folder.path + "/b.yaml"])
        #expect(found.skipped == [SpecLoader.Skipped(path: folder.path + "/config.yaml", reason: "no top-level 'vcaudit:' key, so not a vcaudit spec")])
        #expect(found.missing.isEmpty)
    }

    @Test("a file named explicitly is always loaded, once, even when a folder also holds it")
    func explicitFiles() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("spec.yaml", minimalSpec)
        let other = try folder.write("other.yaml", "just: yaml\n")
        let found = SpecLoader.discover([other, spec, folder.path + "/"])
        #expect(found.files == [other, spec])
        #expect(found.skipped.isEmpty)
    }

    @Test("a missing path and a folder without YAML are located input errors")
    func missingPaths() throws {
        let folder = try TemporaryFolder()
        try folder.write("readme.md", "# hi\n")
        let found = SpecLoader.discover([folder.path + "/nope.yaml", folder.path])
        #expect(found.files.isEmpty)
        #expect(found.missing.map(\.description) == [
            "\(folder.path)/nope.yaml:1:1: error: no such file or folder; check the path",
            "\(folder.path):1:1: error: no *.yaml or *.yml file in this folder; check the path",
        ])
    }

    @Test("a folder holding other input the caller reads (storyboards) is not reported empty; one holding neither is, naming both")
    func otherInputs() throws {
        let folder = try TemporaryFolder()
        try folder.write("UI/Base.lproj/Main.storyboard", "<document/>\n")
        try folder.write("Docs/readme.md", "# hi\n")
        try folder.write("Hidden/.build/Old.storyboard", "<document/>\n")
        let found = SpecLoader.discover([folder.path + "/UI", folder.path + "/Docs", folder.path + "/Hidden"], alongside: [".storyboard"])
        #expect(found.files.isEmpty)
        #expect(found.missing.map(\.description) == [
            "\(folder.path)/Docs:1:1: error: no *.yaml, *.yml or *.storyboard file in this folder; check the path",
            "\(folder.path)/Hidden:1:1: error: no *.yaml, *.yml or *.storyboard file in this folder; check the path",
        ])
        #expect(SpecLoader.discover([folder.path + "/UI"]).missing.count == 1, "without 'alongside', storyboards are not looked for")
    }

    @Test("the vcaudit key is found after comments, a UTF-8 byte order mark, CRLF breaks, quoted, and in UTF-16")
    func declaresSpec() {
        #expect(SpecLoader.declaresSpec(prefix: Array("# Wonderland\n\nvcaudit: 1\n".utf8)))
        #expect(SpecLoader.declaresSpec(prefix: [0xEF, 0xBB, 0xBF] + Array("vcaudit: 1\n".utf8)))
        #expect(SpecLoader.declaresSpec(prefix: Array("# x\r\nvcaudit: 1\r\n".utf8)))
        #expect(SpecLoader.declaresSpec(prefix: Array("\"vcaudit\": 1\n".utf8)))
        let utf16: [UInt8] = [0xFF, 0xFE] + "vcaudit: 1\n".utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(SpecLoader.declaresSpec(prefix: utf16))
        #expect(!SpecLoader.declaresSpec(prefix: Array("app: x\n  vcaudit: 1\n".utf8)))
        #expect(!SpecLoader.declaresSpec(prefix: Array("# vcaudit: 1\n".utf8)))
        #expect(SpecLoader.declaresSpec(prefix: Array("# x\rvcaudit: 1".utf8)), "a lone CR ends a line")
        #expect(SpecLoader.declaresSpec(prefix: Array("'vcaudit': 1".utf8)))
        #expect(!SpecLoader.declaresSpec(prefix: Array("app: vcaudit: 1\nvcaudit".utf8)), "the key needs its colon")
        #expect(!SpecLoader.declaresSpec(prefix: []))
        // A spec whose version key is misspelled or missing is loaded, to be reported; other YAML is skipped.
        #expect(SpecLoader.declaresSpec(prefix: Array("vcadit: 1\ncontrollers: {}\n".utf8)))
        #expect(SpecLoader.declaresSpec(prefix: Array("VCAudit: 1\n".utf8)))
        #expect(SpecLoader.declaresSpec(prefix: Array("controllers:\n  home: {}\nwindow: home\n".utf8)))
        #expect(!SpecLoader.declaresSpec(prefix: Array("name: CI\non: push\njobs:\n  build: {}\n".utf8)))
        #expect(!SpecLoader.declaresSpec(prefix: Array("controllers:\n  - a\n".utf8)), "controllers alone is some other file's key")
    }

    @Test("a UTF-16 spec in a folder is loaded, so its encoding is reported rather than it being skipped")
    func utf16InFolder() throws {
        let folder = try TemporaryFolder()
        let wide: [UInt8] = [0xFF, 0xFE] + minimalSpec.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let path = try folder.write("wide.yaml", wide)
        let found = SpecLoader.discover([folder.path])
        #expect(found.files == [path])
        let loaded = SpecLoader.load(path: path)
        #expect(loaded.diagnostics.map(\.message) == ["the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"])
    }

    @Test("load(path:) gives the spec, its source, and its digest")
    func loadPath() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("spec.yaml", minimalSpec)
        let loaded = SpecLoader.load(path: path)
        let spec = try #require(loaded.spec)
        #expect(spec.file == path)
        #expect(spec.digest == "sha256:" + SHA256.hex(Array(minimalSpec.utf8)))
        #expect(loaded.source?.bytes == Array(minimalSpec.utf8))
        #expect(loaded.path == path)
    }

    @Test("a file over the size limit is refused from its size, before it is read")
    func loadTooLarge() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("big.yaml", minimalSpec)
        let loaded = SpecLoader.load(path: path, limits: Composer.Limits(maxBytes: 10))
        #expect(loaded.diagnostics.map(\.description) == ["\(path):1:1: error: the file is 45 bytes, more than the 10 a spec may have; split it into several specs"])
        #expect(loaded.source == nil)
    }

    @Test("an unreadable path is a located error")
    func loadMissing() {
        let loaded = SpecLoader.load(path: "/nonexistent/spec.yaml")
        #expect(loaded.diagnostics.map(\.description) == ["/nonexistent/spec.yaml:1:1: error: no such file or folder; check the path"])
    }
}
