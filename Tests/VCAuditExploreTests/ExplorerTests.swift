import Testing
@testable import VCAuditExplore
import VCAuditRules
import VCAuditSpec

/// `Explorer`: breadth-first search over user actions, each finding once with its shortest witness.
@Suite("Explorer")
struct ExplorerTests {
    func spec(_ text: String) throws -> Spec {
        let loaded = SpecLoader.load(bytes: Array(text.utf8), path: "app.yaml")
        return try #require(loaded.spec, "\(loaded.diagnostics)")
    }

    static let feed = """
        vcaudit: 1
        controllers:
          tabs: { kind: tabBar, children: [feedNav, settings] }
          feedNav: { kind: navigation, root: feed }
          feed: { class: FeedViewController }
          post: { class: PostViewController }
          settings: { class: SettingsViewController }
          share: { class: UIActivityViewController, modalPresentationStyle: popover }
        window: tabs
        transitions:
          openPost:                 # FeedViewController.tableView(_:didSelectRowAt:) pushes the post it keeps
            from: feed
            calls:
              - push: { nav: feedNav, vc: post }
          sharePost: { segue: popover, from: post, to: share }
          refresh:                  # a code path: not a user action
            calls:
              - pop: feedNav
        """

    @Test("finds the double tap and the unanchored popover, each once, with the shortest witness")
    func findsEachBugOnceWithItsShortestWitness() throws {
        let spec = try spec(Self.feed)
        let result = Explorer().explore(spec, device: .ipad)
        let found = result.discoveries.map { "\($0.finding.ruleID) \($0.witness.map(\.description).joined(separator: ", "))" }
        #expect(found == [
            "push_duplicate_instance double tap openPost",
            "popover_missing_anchor perform openPost, perform sharePost",
        ])
        #expect(result.transitionsNeverPerformed == ["refresh"])
        #expect(!result.stateBoundHit)
    }

    @Test("a witness replayed as a scenario by check gives the same finding")
    func witnessesReproduce() throws {
        let spec = try spec(Self.feed)
        let result = Explorer().explore(spec, device: .ipad)
        for discovery in result.discoveries {
            var replayed = spec
            replayed.scenarios = [Scenario(name: "witness", mark: discovery.finding.location.mark, device: .ipad,
                                           steps: [Step(.launch, at: discovery.finding.location.mark)]
                                               + discovery.witness.flatMap { $0.steps(in: spec) })]
            let findings = Checker().check(replayed).findings.map(FindingIdentity.init)
            #expect(findings.contains(FindingIdentity(discovery.finding)), "\(discovery.finding.ruleID) is not reproduced")
        }
    }

    @Test("a clean app finds nothing, and the same spec explores the same way twice")
    func cleanAndDeterministic() throws {
        let spec = try spec("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [home, settings] }
              home:
              settings:
              about: { modalPresentationStyle: formSheet }
            window: tabs
            transitions:
              showAbout: { segue: modal, from: settings, to: about, animated: false }
            """)
        let first = Explorer().explore(spec, device: .iphone)
        #expect(first.discoveries.isEmpty)
        #expect(first.states == 3, "home, settings, about presented; swiping about down is the settings state again")
        let second = Explorer().explore(spec, device: .iphone)
        #expect(second.states == first.states && second.paths == first.paths)
    }

    @Test("bounds are honoured and reported")
    func bounds() throws {
        let spec = try spec(Self.feed)
        let shallow = Explorer(bounds: .init(depth: 1, maxStates: 1000)).explore(spec, device: .iphone)
        #expect(shallow.deepest == 1)
        #expect(shallow.depthBoundHit)
        #expect(!shallow.discoveries.contains { $0.finding.ruleID == "popover_missing_anchor" }, "it needs two actions")
        let few = Explorer(bounds: .init(depth: 6, maxStates: 2)).explore(spec, device: .iphone)
        #expect(few.states == 2)
        #expect(few.stateBoundHit)
    }

    @Test("instances made by taps are one state: tap, back, tap does not grow the search")
    func instancesDoNotGrowTheSearch() throws {
        let spec = try spec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: list }
              list:
              detail:
            window: nav
            transitions:
              showDetail: { segue: show, from: list, to: detail }
            """)
        let result = Explorer(bounds: .init(depth: 10, maxStates: 1000)).explore(spec, device: .iphone)
        #expect(result.states <= 4)
        #expect(!result.depthBoundHit)
        #expect(result.discoveries.map(\.finding.ruleID) == ["transition_in_progress"])
    }
}
