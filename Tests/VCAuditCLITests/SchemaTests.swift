import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditSpec

/// `vcaudit schema` and `Schemas/`: generated from `SpecVocabulary`, which the decoder reads; committed, and current.
@Suite("JSON Schemas")
struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Schemas/ is what 'vcaudit schema' prints (regenerate: vcaudit schema spec > Schemas/vcaudit-spec.schema.json)",
          arguments: SchemaCommand.Kind.allCases)
    func committedSchemasAreCurrent(kind: SchemaCommand.Kind) throws {
        let name = kind == .spec ? "vcaudit-spec.schema.json" : "vcaudit-config.schema.json"
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Schemas/\(name)"), encoding: .utf8)
        #expect(committed == SchemaCommand.text(kind), "Schemas/\(name) is stale; regenerate it with 'vcaudit schema \(kind.rawValue)'")
        #expect(try JSONSerialization.jsonObject(with: Data(committed.utf8)) is [String: Any])
    }

    @Test("the vocabulary names exactly the steps the model has")
    func vocabularyCoversEveryStep() {
        #expect(SpecVocabulary.steps.map(\.name.description).sorted() == Step.names.sorted())
    }

    @Test("every example and valid spec starts with the schema line for editors")
    func examplesPointAtTheSchema() throws {
        let folders = ["Examples", "Specs/valid"]
        var files: [String] = []
        for folder in folders {
            let enumerator = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".yaml") { files.append("\(folder)/\(path)") }
            }
        }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            let depth = file.split(separator: "/").count - 1
            let expected = "# yaml-language-server: $schema=" + String(repeating: "../", count: depth) + "Schemas/vcaudit-spec.schema.json\n"
            #expect(text.hasPrefix(expected), "\(file) does not start with \(expected)")
        }
    }
}
