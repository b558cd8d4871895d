import Foundation
import Testing
@testable import VCAuditSpec

/// The vocabulary table is the one list of the format's words: the decoder's dispatch and the documentation's
/// tables must name exactly what it names.
@Suite("Vocabulary")
struct VocabularyTests {
    static let specFormat: String? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/spec-format.md")
        return try? String(contentsOf: url, encoding: .utf8)
    }()

    /// The first cells of the tables in the section headed `heading` (up to the next heading of that level or above).
    static func firstCells(under heading: String) throws -> [String] {
        let text = try #require(specFormat, "docs/spec-format.md is not in this checkout")
        let lines = text.components(separatedBy: "\n")
        let level = heading.prefix { $0 == "#" }.count
        let start = try #require(lines.firstIndex(of: heading), "no heading \(heading)")
        var cells: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#"), line.prefix(while: { $0 == "#" }).count <= level { break }
            guard line.hasPrefix("| `") else { continue }
            cells.append(String(line.dropFirst(2).prefix { $0 != "|" }).trimmingCharacters(in: .whitespaces))
        }
        return cells
    }

    /// The words in backticks at the start of a cell: `push: {nav, vc}` → `push`, `launch` → `launch`.
    static func leadingWord(_ cell: String) -> String {
        String(cell.drop { $0 == "`" }.prefix { $0.isLetter || $0.isNumber })
    }

    /// The keys a cell's `{...}` lists, without `?` and value hints: `{of, vcs: [ids]}` → of, vcs.
    static func braceKeys(_ cell: String) -> Set<String> {
        guard let open = cell.firstIndex(of: "{"), let close = cell[open...].firstIndex(of: "}") else { return [] }
        return Set(cell[cell.index(after: open)..<close].split(separator: ",").map {
            String($0.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber })
        }.filter { !$0.isEmpty })
    }

    @Test("the model's step kinds and the decoder's expectation names are exactly the vocabulary's, in its order")
    func decoderLists() {
        #expect(Step.Kind.allCases.map(\.rawValue) == SpecVocabulary.steps.map(\.name.description))
        #expect(Decoding.expectationNames.names == SpecVocabulary.expectations.map(\.name.description))
        #expect(Step.names == SpecVocabulary.steps.map(\.name.description))
        for step in SpecVocabulary.steps {
            #expect((step.usage == nil) == step.bare, "\(step.name): a step with arguments says how to write them")
        }
    }

    @Test("the Steps table lists every step kind, each with the keys the vocabulary gives it")
    func stepsTable() throws {
        let cells = try Self.firstCells(under: "## Steps")
        #expect(cells.map(Self.leadingWord) == SpecVocabulary.steps.map(\.name.description))
        for (cell, step) in zip(cells, SpecVocabulary.steps) where cell.contains("{") && step.name.description != "expect" {
            let keys = Set(step.keys.map(\.name.description)).subtracting(["ignore"])
            #expect(Self.braceKeys(cell) == keys, "\(cell) vs \(keys.sorted())")
        }
    }

    @Test("the Expectations table lists every expectation key, each with its keys")
    func expectationsTable() throws {
        let cells = try Self.firstCells(under: "## Expectations")
        #expect(cells.map(Self.leadingWord) == SpecVocabulary.expectations.map(\.name.description))
        for (cell, key) in zip(cells, SpecVocabulary.expectations) {
            guard case .mapping(let keys) = key.type else { continue }
            #expect(Self.braceKeys(cell) == Set(keys.map(\.name.description)), "\(cell)")
        }
    }

    @Test("the top-level and controller tables list exactly the vocabulary's keys")
    func keyTables() throws {
        #expect(try Self.firstCells(under: "## Top-level keys").map(Self.leadingWord) == SpecVocabulary.topLevel.map(\.name.description))
        // Keys for every kind, then the kind-specific ones the Kinds table names in its last column.
        let common = try Self.firstCells(under: "### Keys for every kind").map(Self.leadingWord)
        let text = try #require(Self.specFormat)
        let kinds = text.components(separatedBy: "### Kinds")[1].components(separatedBy: "\n### ")[0]
        for key in SpecVocabulary.controller.map(\.name.description) {
            #expect(common.contains(key) || kinds.contains("`\(key)"), "controller key '\(key)' is not documented")
        }
        for key in common {
            #expect(SpecVocabulary.controller.contains { $0.name.description == key }, "documented key '\(key)' is not in the vocabulary")
        }
    }
}
