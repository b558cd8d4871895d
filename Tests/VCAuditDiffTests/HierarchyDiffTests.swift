import Testing
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditRules
import VCAuditSpec

@Suite("Hierarchy tree diffs")
struct HierarchyDiffTests {
    static func tree(_ root: [String: String] = [:], children: [HierarchyNode]) -> HierarchyNode {
        HierarchyNode(id: "window", attributes: root, children: [HierarchyNode(relation: "root", id: "nav", attributes: ["kind": "navigation"], children: children)])
    }

    @Test("the same tree is identical, line for line")
    func identical() {
        let tree = Self.tree(children: [HierarchyNode(relation: "child", id: "a", attributes: ["appearance": "appeared"])])
        let diff = HierarchyDiff.between(tree, tree)
        #expect(diff.isIdentical)
        #expect(diff.lines.map(\.key) == ["window", "root nav", "child a"])
        #expect(diff.lines.map(\.depth) == [0, 1, 2])
    }

    @Test("a pushed controller is added, a changed appearance is changed with both values")
    func changes() {
        let old = Self.tree(children: [HierarchyNode(relation: "child", id: "a", attributes: ["appearance": "appeared"])])
        let new = Self.tree(children: [
            HierarchyNode(relation: "child", id: "a", attributes: ["appearance": "disappeared"]),
            HierarchyNode(relation: "child", id: "b", attributes: ["appearance": "appeared"], children: [HierarchyNode(relation: "child", id: "c")]),
        ])
        let diff = HierarchyDiff.between(old, new)
        #expect(diff.lines.map(\.change) == [.same, .same, .changed, .added, .added])
        #expect(diff.lines[2].attributes == [HierarchyDiff.Attribute(key: "appearance", old: "appeared", new: "disappeared")])
        #expect(diff.lines[4].depth == 3)
        let back = HierarchyDiff.between(new, old)
        #expect(back.lines.map(\.change) == [.same, .same, .changed, .removed, .removed])
    }

    @Test("the same id under another relation is another node")
    func relationMatters() {
        let old = Self.tree(children: [HierarchyNode(relation: "child", id: "a")])
        let new = Self.tree(children: [HierarchyNode(relation: "presented", id: "a")])
        #expect(HierarchyDiff.between(old, new).lines.map(\.change) == [.same, .same, .removed, .added])
    }

    @Test("a missing side is all added or all removed")
    func missingSide() {
        let tree = Self.tree(children: [])
        #expect(HierarchyDiff.between(nil, tree).lines.map(\.change) == [.added, .added])
        #expect(HierarchyDiff.between(tree, nil).lines.map(\.change) == [.removed, .removed])
        #expect(HierarchyDiff.between(nil, nil).lines.isEmpty)
    }

    @Test("the replayed state becomes a tree: window, root, children, presented, untouched controllers left out")
    func fromState() throws {
        let yaml = """
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: list }
              list: { class: ListViewController }
              detail: { class: DetailViewController }
              info: { class: InfoViewController, modalPresentationStyle: formSheet }
              unused: { class: UnusedViewController }
            window: nav
            scenarios:
              - name: Go
                steps:
                  - launch
                  - push: { nav: nav, vc: detail }
                  - present: { vc: info, from: detail }

            """
        let spec = try #require(SpecLoader.load(bytes: Array(yaml.utf8), path: "go.yaml").spec as Spec?)
        let log = Replay.run(spec, scenario: spec.scenarios[0]).log
        func hierarchy(after count: Int) -> HierarchyNode? { ScenarioRuns.state(spec, log: log, after: count).map(HierarchyNode.init(state:)) }
        let end = try #require(hierarchy(after: log.events.count))
        #expect(end.printout == """
            window  height=regular visible=yes width=compact
              root nav  appearance=appeared kind=navigation view=in-window
                child list  appearance=disappeared kind=content view=not-mounted
                child detail  appearance=appeared kind=content view=in-window
                presented info  appearance=appeared kind=content style=formSheet view=in-window

            """)
        let start = try #require(hierarchy(after: 0))
        #expect(start.printout == "window  height=regular visible=no width=compact\n")
        var builder = EventLog.Builder(header: log.header)
        for event in log.events { builder.append(event) }
        var stranger = log.events[0]
        stranger.vc = "nowhere"
        builder.append(stranger)
        let foreign = builder.build()
        #expect(ScenarioRuns.state(spec, log: foreign, after: log.events.count) != nil)
        #expect(ScenarioRuns.state(spec, log: foreign, after: log.events.count + 1) == nil, "a log naming an undeclared controller does not fold")
    }
}
