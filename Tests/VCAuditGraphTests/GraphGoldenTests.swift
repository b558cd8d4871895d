import Foundation
import Testing
import VCAuditTestSupport
@testable import VCAuditGraph
import VCAuditSpec

/// `vcaudit graph` output, compared with golden files (`VCAUDIT_UPDATE_GOLDEN=1` rewrites them after review).
@Suite("Graph golden files")
struct GraphGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = root.deletingLastPathComponent().deletingLastPathComponent()

    func spec(_ relativePath: String) throws -> Spec {
        let loaded = SpecLoader.load(path: Self.repository.appendingPathComponent(relativePath).path)
        return try #require(loaded.spec, "\(relativePath) does not load")
    }

    func expectGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try GoldenFiles().expect(text, matches: name, sourceLocation: sourceLocation)
    }

    @Test("Wonderland as Mermaid and as DOT")
    func wonderland() throws {
        var spec = try spec("Examples/Wonderland/wonderland.yaml")
        spec.file = "wonderland.yaml"
        let graph = AppGraph(spec: spec)
        try expectGolden(MermaidGraphWriter.render(graph), "wonderland.mermaid")
        try expectGolden(DotGraphWriter.render(graph), "wonderland.dot")
    }

    @Test("flagged controllers and transitions are drawn in red")
    func flagged() throws {
        let spec = try spec("Examples/Bugs/double-tap-push.yaml")
        let controller = try #require(spec.controllers.last?.id)
        let transition = try #require(spec.transitions.first?.name)
        let graph = AppGraph(spec: spec, flagged: [controller], flaggedTransitions: [transition])
        let mermaid = MermaidGraphWriter.render(graph)
        #expect(mermaid.contains("classDef finding fill:#fde2e1"))
        #expect(mermaid.contains("class \(MermaidGraphWriter.name(controller)) finding"))
        #expect(mermaid.contains("linkStyle"))
        let dot = DotGraphWriter.render(graph)
        #expect(dot.contains("color=\"#c0392b\""))
    }

    @Test("ids and labels that Mermaid and DOT would misread are escaped")
    func escaping() {
        #expect(MermaidGraphWriter.name("end") == "vc_end")
        #expect(MermaidGraphWriter.name("tabs.more") == "vc_tabs_more")
        #expect(MermaidGraphWriter.label("a \"b\" | c") == "a #quot;b#quot; #124; c")
        #expect(DotGraphWriter.quote("a\"b\\c\nd") == "\"a\\\"b\\\\c\\nd\"")
    }
}

@Suite("README graph")
struct ReadmeGraphTests {
    @Test("the README shows Wonderland's graph as vcaudit draws it")
    func readmeEmbedsTheGolden() throws {
        let readme = try String(contentsOf: GraphGoldenTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let golden = try String(contentsOf: GraphGoldenTests.root.appendingPathComponent("Golden/wonderland.mermaid"), encoding: .utf8)
        #expect(readme.contains("```mermaid\n" + golden + "```\n"), "paste Golden/wonderland.mermaid into the README's 'Seeing the app'")
    }
}
