import Foundation
import Testing
@_spi(Testing) @testable import VCAuditYAML
import VCAuditTestSupport

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

/// Documents generated inside the subset, of every shape it reads: each must be read without libyaml, and as libyaml
/// reads it (the fuzz target mostly meets input the parser declines; these are ones it must take).
@Suite("Subset parser on generated documents")
struct SubsetParserGeneratedTests {
    /// Documents from a seed, so that a failure names a seed that reproduces it.
    struct Generator {
        var random: SeededGenerator

        init(state seed: UInt64) {
            random = SeededGenerator(seed: seed)
        }

        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

        mutating func word() -> String {
            let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            let rest = Array("abcdefghijklmnopqrstuvwxyz0123456789_./-")
            var text = String(first[below(first.count)])
            for _ in 0..<below(8) { text.append(rest[below(rest.count)]) }
            return text
        }

        /// A one-line scalar: plain words (with a `#` or `:` inside where the block context allows), or quoted.
        mutating func scalar(flow: Bool) -> String {
            switch below(6) {
            case 0: return "\"\(word()): \(word()) # \(word())\""
            case 1: return "'\(word()) \(word())'"
            case 2 where !flow: return "\(word())#\(word()) \(word()):\(word())"
            case 3: return "\(word()) \(word())"
            default: return word()
            }
        }

        mutating func flowCollection(depth: Int) -> String {
            let count = below(4)
            if chance(50) {
                let items = (0..<count).map { _ in depth < 2 && chance(25) ? flowCollection(depth: depth + 1) : scalar(flow: true) }
                return "[" + items.joined(separator: chance(50) ? ", " : ",") + (count > 0 && chance(20) ? ", ]" : "]")
            }
            let entries = (0..<count).map { index in
                "k\(index)\(word()): " + (depth < 2 && chance(25) ? flowCollection(depth: depth + 1) : scalar(flow: true))
            }
            return "{" + (chance(50) ? " " : "") + entries.joined(separator: ", ") + (chance(50) ? " }" : "}")
        }

        /// A value on its key's line, with an optional comment.
        mutating func inlineValue() -> String {
            let value = chance(30) ? flowCollection(depth: 0) : scalar(flow: false)
            return value + (chance(20) ? "   # \(word()) \(word())" : "")
        }

        mutating func filler(_ lines: inout [String], indent: Int) {
            if chance(10) { lines.append("") }
            if chance(10) { lines.append(String(repeating: " ", count: below(indent + 3)) + "# \(word())") }
        }

        /// A block mapping at `indent` (its first key may already be on a line started by the caller: `lead`).
        mutating func mapping(indent: Int, depth: Int, lead: String? = nil, into lines: inout [String]) {
            let count = 1 + below(4)
            for index in 0..<count {
                let key = "key\(index)_\(word())" + (chance(10) ? " " : "")
                let prefix = index == 0 && lead != nil ? lead! : String(repeating: " ", count: indent)
                filler(&lines, indent: indent)
                switch depth < 4 ? below(6) : 0 {
                case 1:
                    lines.append(prefix + key + ":" + (chance(30) ? "  # empty" : ""))
                case 2:
                    lines.append(prefix + key + ":")
                    mapping(indent: indent + 1 + below(3), depth: depth + 1, into: &lines)
                case 3:
                    lines.append(prefix + key + ":")
                    sequence(indent: chance(40) ? indent : indent + 1 + below(3), depth: depth + 1, into: &lines)
                default:
                    lines.append(prefix + key + ": " + inlineValue())
                }
            }
        }

        mutating func sequence(indent: Int, depth: Int, into lines: inout [String]) {
            let count = 1 + below(4)
            for _ in 0..<count {
                filler(&lines, indent: indent)
                let dash = String(repeating: " ", count: indent) + "-" + String(repeating: " ", count: 1 + below(2))
                if depth < 4, chance(40) {
                    mapping(indent: dash.count, depth: depth + 1, lead: dash, into: &lines)
                } else {
                    lines.append(dash + inlineValue())
                }
            }
        }

        mutating func document() -> String {
            var lines: [String] = chance(50) ? ["# generated"] : []
            mapping(indent: 0, depth: 0, into: &lines)
            return lines.joined(separator: "\n") + (chance(80) ? "\n" : "")
        }
    }

    @Test("500 generated documents are read without libyaml, as libyaml reads them")
    func generated() {
        var declined: [UInt64] = []
        for seed in UInt64(1)...500 {
            var generator = Generator(state: seed)
            let text = generator.document()
            switch Composer.readersAgree(on: Array(text.utf8)) {
            case true?: break
            case false?: Issue.record("seed \(seed): the subset parser and libyaml disagree on\n\(text)")
            case nil: declined.append(seed)
            }
        }
        #expect(declined.isEmpty, "declined seeds \(declined.prefix(10))")
    }
}
