import Foundation
import Testing
@_spi(Testing) @testable import VCAuditYAML

/// `SubsetParser` reads what specs are written in without libyaml: whenever it reads a file, the document must be
/// the one libyaml's events make, record for record; whatever it declines, libyaml reads.
@Suite("Subset parser")
struct SubsetParserTests {
    /// Every YAML file in the repository: the shipped examples and specs, and the test fixtures.
    static let repositoryFiles: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Examples", "Specs", "Tests"] {
            guard let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "yaml" || url.pathExtension == "yml" {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }()

    @Test("reads the repository's YAML files as libyaml does, and most of them at all")
    func repository() throws {
        let files = Self.repositoryFiles
        #expect(files.count > 30)
        var read = 0
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            switch Composer.readersAgree(on: bytes) {
            case true?: read += 1
            case false?: Issue.record("the subset parser and libyaml disagree on \(url.path)")
            case nil: break
            }
        }
        // Specs are written in the subset: if this drops, something common is declined (and read slowly).
        #expect(read * 10 >= files.count * 7, "read \(read) of \(files.count)")
    }

    @Test("agrees with libyaml on each construct of the subset", arguments: [
        "a: 1\n",
        "a: 1\nb: two words\nc: \"quoted: yes\"\nd: 'single'\n",
        "# comment\n\na: 1 # trailing\n  # indented comment\nb: x#y\n",
        "list:\n  - a\n  - b\nnext: 1\n",
        "list:\n- a\n- b\nnext: 1\n",
        "items:\n  - name: one\n    steps:\n      - launch\n      - push: { nav: n, vc: v }\n  - name: two\n",
        "flow: [a, b, [c, d], {e: f}]\nmap: { a: b, c: [1, 2], }\nempty: []\nnone: {}\n",
        "deep:\n  deeper:\n    deepest: x\n  back: y\nout: z\n",
        "key : value\n\"quoted key\": 1\n'other': 2\n",
        "url: https://example.com/path\ntime: 12:30\n",
        "a: 1   \nb: 2\n\n\n",
        "- top\n- level\n",
        "[a, b]\n",
        "scalar\n",
        "a:\nb: 1\n",
        "a:\n",
        "a:   # nothing\nb:\n  c:\nd: 1",
        "list:\n  - x:\n    y: 1\n  - z:\n",
        "outer:\n  inner:\nnext: 1\n",
    ])
    func construct(_ text: String) {
        #expect(Composer.readersAgree(on: Array(text.utf8)) == true, "\(text)")
    }

    @Test("declines what is outside the subset, so that libyaml reads it", arguments: [
        "a: |\n  block\n",
        "a: >\n  folded\n",
        "a: &x 1\nb: *x\n",
        "a: !tag 1\n",
        "--- \na: 1\n",
        "a: 1\n...\n",
        "a: multi\n  line\n",
        "a: \"esc\\n\"\n",
        "a: 'it''s'\n",
        "a: [1,\n  2]\n",
        "? complex\n: value\n",
        "a:\tb\n",
        "a: 1\r\nb: 2\r\n",
        "a: caf\u{E9}\n",
        "a: {b}\n",
        "a: {b: }\n",
        "a: [b: c]\n",
        "- - nested\n",
        "-\n  a: 1\n",
        "a: -1\n",
        "{a: b}: c\n",
        "",
        "# only a comment\n",
    ])
    func outside(_ text: String) {
        #expect(Composer.readersAgree(on: Array(text.utf8)) == nil, "\(text)")
    }

    @Test("leaves every error to libyaml, word for word", arguments: [
        "a: 1\na: 2\n",
        "a: 1\n b: 2\n",
        "a: b: c\n",
        "a: [1, 2\n",
        "list:\n  - a\n - b\n",
        "a: 1\n\u{0}b: 2\n",
        "a: 1\n  \u{0}\n",
        "a: x\u{0}y\n",
        "a: [x\u{0}]\n",
        "a: 1 # \u{7F}\n",
    ])
    func errors(_ text: String) throws {
        #expect(Composer.readersAgree(on: Array(text.utf8)) == nil)
        #expect(throws: YAMLError.self) { try Composer.compose(text) }
    }

    @Test("declines keys whose ':' is far from their start, which libyaml refuses past 1,024 characters")
    func longKeys() {
        let key = String(repeating: "k", count: 1000)
        #expect(Composer.readersAgree(on: Array("\(key): 1\n".utf8)) == true)
        #expect(Composer.readersAgree(on: Array("\(key)\(String(repeating: " ", count: 30)): 1\n".utf8)) == nil)
        #expect(Composer.readersAgree(on: Array("a: {\(key)\(String(repeating: " ", count: 30)): 1}\n".utf8)) == nil)
        #expect(throws: YAMLError.self) { try Composer.compose("\(key)\(String(repeating: " ", count: 30)): 1\n") }
    }

    @Test("a duplicate key the subset parser meets is reported as libyaml's reading reports it")
    func duplicateKey() throws {
        let error = try #require(compositionError("a: 1\nb: 2\na: 3\n"))
        #expect(error.mark == Mark(line: 3, column: 1))
        #expect(error.message == "duplicate key 'a' in this mapping; remove one of them")
    }
}
