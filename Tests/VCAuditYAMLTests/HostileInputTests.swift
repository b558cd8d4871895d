import Testing
@testable import VCAuditYAML

@Suite("Hostile input is refused cheaply")
struct HostileInputTests {
    @Test("a duplicate key is an error at the second key, carrying the first key's mark")
    func duplicateKey() throws {
        let error = try #require(compositionError("a: 1\nb: 2\na: 3\n"))
        #expect(error.kind == .duplicateKey("a", first: Mark(line: 1, column: 1)))
        #expect(error.mark == Mark(line: 3, column: 1))
        #expect(error.message == "duplicate key 'a' in this mapping; remove one of them")
        #expect(error.notes == [YAMLError.Note(mark: Mark(line: 1, column: 1), message: "'a' first defined here")])
        #expect(error.length == 1)
    }

    @Test("duplicates are found in nested, flow and large mappings, but the same key in two mappings is fine")
    func duplicateKeyPlaces() throws {
        let nested = try #require(compositionError("top:\n  inner:\n    key: 1\n    other: 2\n    key: 3\n"))
        #expect(nested.kind == .duplicateKey("key", first: Mark(line: 3, column: 5)))
        #expect(nested.mark == Mark(line: 5, column: 5))
        #expect(nested.length == 3)

        let flow = try #require(compositionError("m: {x: 1, y: 2, x: 3}\n"))
        #expect(flow.kind == .duplicateKey("x", first: Mark(line: 1, column: 5)))
        #expect(flow.mark == Mark(line: 1, column: 17))

        // From a dozen keys on the composer switches to an index; both paths must agree.
        let keys = (1...40).map { "k\($0): \($0)" }.joined(separator: "\n")
        let large = try #require(compositionError(keys + "\nk17: again\n"))
        #expect(large.kind == .duplicateKey("k17", first: Mark(line: 17, column: 1)))
        #expect(large.mark == Mark(line: 41, column: 1))
        let early = try #require(compositionError(keys + "\nk3: again\n"))
        #expect(early.kind == .duplicateKey("k3", first: Mark(line: 3, column: 1)))

        let fine = try Composer.compose("a: {x: 1}\nb: {x: 2}\n" + keys)
        #expect(fine.mapping?.entries.count == 42)

        // The index grows as keys arrive; a key written through an alias is found by its anchor's text.
        let many = (1...300).map { "key\($0): \($0)" }.joined(separator: "\n")
        let late = try #require(compositionError("a: &name key250\n" + many + "\n*name : again\n"))
        #expect(late.kind == .duplicateKey("key250", first: Mark(line: 251, column: 1)))
        #expect(late.mark == Mark(line: 302, column: 1))
    }

    @Test("quoted and plain spellings of one key are the same key")
    func duplicateQuotedKey() throws {
        let error = try #require(compositionError("name: a\n\"name\": b\n"))
        #expect(error.kind == .duplicateKey("name", first: Mark(line: 1, column: 1)))
        #expect(error.mark == Mark(line: 2, column: 1))
    }

    @Test("a mapping key that is itself a collection is refused")
    func complexKey() throws {
        let error = try #require(compositionError("? [a, b]\n: 1\n"))
        #expect(error.kind == .complexKey)
        #expect(error.mark == Mark(line: 1, column: 3))
        #expect(error.message == "a mapping key must be a plain scalar, not a sequence; write the key as text")
    }

    @Test("an alias to an anchor never defined is located")
    func unknownAlias() throws {
        let error = try #require(compositionError("a: 1\nb: *missing\n"))
        #expect(error.kind == .unknownAnchor("missing"))
        #expect(error.mark == Mark(line: 2, column: 4))
        #expect(error.message == "alias '*missing' names no anchor defined before it; define '&missing' first")
        // An anchor defined after its alias does not count.
        let later = try #require(compositionError("b: *x\na: &x 1\n"))
        #expect(later.kind == .unknownAnchor("x"))
    }

    @Test("indexed mappings nest: each level's keys stay its own, and a duplicate after an inner mapping closes is found")
    func nestedKeyIndexes() throws {
        let inner = (1...20).map { "    k\($0): \($0)" }.joined(separator: "\n")
        let outer = (1...20).map { "k\($0): \($0)" }.joined(separator: "\n")
        // Lines 1-20 are the outer keys, 21 opens the inner mapping (lines 22-41), 42 repeats an outer key.
        let text = outer + "\nnested:\n" + inner + "\nk5: again\n"
        let error = try #require(compositionError(text))
        #expect(error.kind == .duplicateKey("k5", first: Mark(line: 5, column: 1)))
        #expect(error.mark == Mark(line: 42, column: 1))
        let fine = try Composer.compose(outer + "\nnested:\n" + inner + "\nlast: 1\n")
        #expect(fine.mapping?.entries.count == 22)
        #expect(fine[path: "nested"]?.mapping?.entries.count == 20)
    }

    @Test("anchors on nested collections each name their own node")
    func nestedAnchors() throws {
        let root = try Composer.compose("a: &outer {b: &inner [1, 2], c: *inner}\nd: *outer\ne: *inner\n")
        #expect(root[path: "d"]?.isSameNode(as: root[path: "a"]!) == true)
        #expect(root[path: "e"]?.isSameNode(as: root[path: "a", "b"]!) == true)
        #expect(root[path: "a", "c"]?.sequence?.items.count == 2)
    }

    @Test("an alias is the very node its anchor names: shared storage, the anchor's marks")
    func aliasesShareNodes() throws {
        let root = try Composer.compose("base: &b [1, 2, 3]\ncopy: *b\nmap: &m {k: v}\nagain: *m\n")
        let original = try #require(root[path: "base"]?.sequence)
        let alias = try #require(root[path: "copy"]?.sequence)
        #expect(alias.items.map { $0.scalar?.value } == ["1", "2", "3"])
        #expect(alias.node.isSameNode(as: original.node))
        #expect(alias.mark == Mark(line: 1, column: 7))  // where the anchored node starts: its anchor
        let map = try #require(root[path: "map"])
        let again = try #require(root[path: "again"])
        #expect(again.isSameNode(as: map))
        #expect(!again.isSameNode(as: root[path: "base"]!))
    }

    @Test("a billion-laughs alias bomb is refused in milliseconds, not expanded")
    func aliasBomb() throws {
        var lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        let text = lines.joined(separator: "\n") + "\n"
        let clock = ContinuousClock()
        var caught: YAMLError?
        let elapsed = clock.measure { caught = compositionError(text) }
        let error = try #require(caught)
        guard case .excessiveAliasing(let limit) = error.kind else {
            Issue.record("expected excessiveAliasing, got \(error.kind)")
            return
        }
        #expect(limit == 100_000)
        // Level f (line 6) is the first whose expansion passes 100,000 nodes.
        #expect(error.mark.line == 6)
        #expect(error.message == "aliases expand to more than 100000 nodes here (an alias bomb?); write the values out or nest fewer aliases")
        #expect(elapsed < .milliseconds(250))
    }

    @Test("aliases that repeat a large file are refused at a ceiling, whatever the file's size")
    func aliasCeiling() throws {
        // 200,000 steps written once, then aliased ten times: within 10 × the nodes written, past the ceiling.
        let steps = "steps: &s [" + Array(repeating: "launch", count: 200_000).joined(separator: ", ") + "]\n"
        let text = steps + (1...10).map { "copy\($0): *s\n" }.joined()
        let error = try #require(compositionError(text))
        guard case .excessiveAliasing(let limit) = error.kind else {
            Issue.record("expected excessiveAliasing, got \(error.kind)")
            return
        }
        #expect(limit == 1_000_000)
        #expect(error.mark.line == 6, "the fifth alias passes a million nodes")
        #expect(try Composer.compose(steps + "copy: *s\n")[path: "copy"]?.sequence?.items.count == 200_000)
    }

    @Test("moderate alias use within the bounds composes")
    func moderateAliases() throws {
        let root = try Composer.compose("a: &a [x, y]\nb: [*a, *a, *a]\nc: [*a, *a]\n")
        #expect(root[path: "b"]?.sequence?.items.count == 3)
        #expect(root[path: "c", 1, 1]?.scalar?.value == "y")
    }

    @Test("100,000 opening brackets are refused at the depth limit without overflowing the stack")
    func deepFlowNesting() throws {
        for opener in ["[", "{"] {
            let text = String(repeating: opener, count: 100_000)
            let clock = ContinuousClock()
            var caught: YAMLError?
            let elapsed = clock.measure { caught = compositionError(text) }
            let error = try #require(caught)
            #expect(error.kind == .tooDeep(limit: 256))
            #expect(error.mark == Mark(line: 1, column: 257))
            #expect(error.message == "mappings and sequences nest more than 256 levels deep here; flatten the structure")
            #expect(elapsed < .milliseconds(500))
        }
    }

    @Test("deep block nesting is refused at the line that passes the limit")
    func deepBlockNesting() throws {
        let text = (0..<20).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
        let error = try #require(compositionError(text, limits: Composer.Limits(maxDepth: 10)))
        #expect(error.kind == .tooDeep(limit: 10))
        // Line 1's value is the root mapping's first child: level 10 opens on line 10, level 11 on line 11.
        #expect(error.mark == Mark(line: 11, column: 11))
    }

    @Test("nesting exactly at the limit composes")
    func depthAtLimit() throws {
        let text = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        let node = try Composer.compose(text, limits: Composer.Limits(maxDepth: 10))
        #expect(node.sequence != nil)
        let error = try #require(compositionError("[" + text + "]", limits: Composer.Limits(maxDepth: 10)))
        #expect(error.kind == .tooDeep(limit: 10))
    }

    @Test("an alias cannot smuggle in a tree deeper than the limit")
    func aliasDepth() throws {
        // Each anchor nests the previous one 6 levels deeper: a is 6 deep, b would reach 12.
        let six = "[[[[[[x]]]]]]"
        let text = "a: &a \(six)\nb: [[[[[[*a]]]]]]\n"
        let error = try #require(compositionError(text, limits: Composer.Limits(maxDepth: 10)))
        #expect(error.kind == .tooDeep(limit: 10))
        #expect(error.mark == Mark(line: 2, column: 10))
        let shallow = try Composer.compose("a: &a \(six)\nb: [[[*a]]]\n", limits: Composer.Limits(maxDepth: 10))
        #expect(shallow[path: "b", 0, 0, 0]?.sequence != nil)
    }

    @Test("input over Limits.maxBytes is refused before parsing")
    func oversized() throws {
        let text = "a: " + String(repeating: "x", count: 100) + "\n"
        let error = try #require(compositionError(text, limits: Composer.Limits(maxBytes: 64)))
        #expect(error.kind == .tooLarge(limit: 64))
        #expect(error.mark == Mark(line: 1, column: 1))
        #expect(error.message == "the file is 104 bytes, more than the 64 a spec may have; split it into several specs")
        #expect(try Composer.compose(text, limits: Composer.Limits(maxBytes: 104)).mapping != nil)
    }

    @Test("a hundred thousand distinct tags compose in linear time, each kept")
    func manyDistinctTags() throws {
        let count = 100_000
        let text = "[" + (0..<count).map { "!t\($0) x" }.joined(separator: ", ") + "]"
        let clock = ContinuousClock()
        var root: Node?
        let elapsed = try clock.measure { root = try Composer.compose(text) }
        let items = try #require(root?.sequence.map { Array($0.items) })
        #expect(items.count == count)
        #expect(items[0].tag == "!t0")
        #expect(items[count - 1].tag == "!t\(count - 1)")
        #expect(elapsed < .seconds(5))
    }

    @Test("an alias used as a key is checked for duplicates by its text, and marked where it is written")
    func aliasKeys() throws {
        let error = try #require(compositionError("a: &k name\nm:\n  name: 1\n  *k : 2\n"))
        #expect(error.kind == .duplicateKey("name", first: Mark(line: 3, column: 3)))
        #expect(error.mark == Mark(line: 4, column: 3))
        let fine = try Composer.compose("a: &k name\nm:\n  *k : 1\n  other: 2\n")
        #expect(fine[path: "m", "name"]?.scalar?.value == "1")
    }
}
