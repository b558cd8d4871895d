import Testing
@testable import VCAuditExplore
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditYAML

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
        // The second popover crash is another place: shown adapted in compact width, the unanchored popover
        // becomes a popover again when the app is resized back to regular width. Adapted to a sheet, a double tap
        // presents during the first presentation (dropped, and the state is the single tap's).
        #expect(found == [
            "push_duplicate_instance double tap openPost",
            "popover_missing_anchor perform openPost, perform sharePost",
            "transition_in_progress perform openPost, resize to compact width, double tap sharePost",
            "popover_missing_anchor perform openPost, resize to compact width, perform sharePost, resize to regular width",
        ])
        #expect(result.transitionsNeverPerformed == ["refresh"])
        #expect(!result.stateBoundHit)
    }

    @Test("a call UIKit drops is found although the state does not change: the action leads back to a state explored")
    func findingsOnActionsIntoKnownStates() throws {
        let spec = try spec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: home }
              home: { class: HomeViewController }
              compose: { class: ComposeViewController, modalPresentationStyle: formSheet }
            window: nav
            transitions:
              close:                    # HomeViewController.closeTapped(_:), written for when home is pushed
                from: home
                calls:
                  - pop: nav
              openCompose: { segue: modal, from: home, to: compose }
            """)
        let result = Explorer().explore(spec, device: .iphone)
        let found = result.discoveries.map { "\($0.finding.ruleID) \($0.witness.map(\.description).joined(separator: ", "))" }
        // Popping the root and presenting during a presentation both leave the state as a single action left it.
        #expect(found.contains("pop_root perform close"))
        #expect(found.contains("transition_in_progress double tap openCompose"))
    }

    @Test("after a double tap whose second presentation UIKit drops, no action names the dropped instance")
    func droppedInstancesAreNotActedOn() throws {
        // The second tap makes `tabs#2` (with `first#2`, `second#2`), which is never shown; `tabs` is on screen. A
        // step naming `tabs` means the newest instance, so the tabs and the swipe down of the sheet on screen have no
        // name a scenario can write: they are not offered there (a single tap reaches the same screen with names).
        let spec = try spec("""
            vcaudit: 1
            controllers:
              home: { class: HomeViewController }
              tabs: { kind: tabBar, children: [first, second] }
              first: { class: FirstViewController }
              second: { class: SecondViewController }
            window: home
            transitions:
              openTabs: { segue: modal, from: home, to: tabs, style: pageSheet }
            """)
        let result = Explorer().explore(spec, device: .iphone)
        let found = result.discoveries.map { "\($0.finding.ruleID) \($0.witness.map(\.description).joined(separator: ", "))" }
        #expect(found == ["transition_in_progress double tap openTabs"])
        var catalog = MoveCatalog(spec: spec, device: .iphone, events: false)
        var check = GrowingCheck(Explorer.checker(), spec: spec, device: .iphone, initialState: Replay.initialState(spec: spec, device: .iphone))
        _ = check.grow([Step(.launch, at: Mark(line: 1, column: 1))] + UserAction.doubleTap("openTabs").steps(in: spec), named: { "" })
        let actions = check.withState { catalog.moves(in: $0).map(\.action.description) }
        #expect(!actions.contains { $0.hasPrefix("select") || $0.hasPrefix("swipe down") })
        // After a single tap, the same screen offers both.
        var single = GrowingCheck(Explorer.checker(), spec: spec, device: .iphone, initialState: Replay.initialState(spec: spec, device: .iphone))
        _ = single.grow([Step(.launch, at: Mark(line: 1, column: 1))] + UserAction.perform("openTabs").steps(in: spec), named: { "" })
        let offered = single.withState { catalog.moves(in: $0).map(\.action.description) }
        #expect(offered.contains("select the second tab") && offered.contains("swipe down tabs"))
    }

    @Test("a code path marked 'event: true' is tried as an event; one without the mark only with --events")
    func markedEvents() throws {
        func spec(marked: Bool) throws -> Spec {
            try self.spec("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  alert: { class: AlertViewController }
                  banner: { class: BannerViewController }
                window: nav
                transitions:
                  sessionExpired:           # SessionManager.sessionDidExpire()
                    event: \(marked)
                    calls:
                      - present: { vc: alert, from: home }
                  mountBanner:              # HomeViewController.viewDidLoad(), not marked
                    calls:
                      - addSubview: { view: banner, to: home }
                """)
        }
        func rules(_ result: Explorer.Result) -> [String] { result.discoveries.map { "\($0.finding.ruleID) \($0.witness.map(\.description).joined(separator: ", "))" } }
        let marked = Explorer().explore(try spec(marked: true), device: .iphone)
        #expect(rules(marked).contains { $0.hasPrefix("present_active_controller ") || $0.hasPrefix("present_while_presenting ") })
        #expect(marked.transitionsNeverPerformed == ["mountBanner"])
        #expect(!rules(marked).contains { $0.hasPrefix("view_added_without_containment") })
        let unmarked = Explorer().explore(try spec(marked: false), device: .iphone)
        #expect(unmarked.discoveries.isEmpty)
        #expect(unmarked.transitionsNeverPerformed == ["sessionExpired", "mountBanner"])
        let all = Explorer(bounds: Explorer.Bounds(events: true)).explore(try spec(marked: false), device: .iphone)
        #expect(all.transitionsNeverPerformed.isEmpty)
        #expect(rules(all).contains { $0.hasPrefix("view_added_without_containment event mountBanner") })
    }

    @Test("a manual segue is performed once to reach what it shows, never double tapped: code performs it, no control")
    func manualSegues() throws {
        let spec = try self.spec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: list }
              list: { class: ListViewController }
              detail: { class: DetailViewController }
              whatsNew: { class: WhatsNewViewController }
            window: nav
            transitions:
              showDetail: { segue: show, from: list, to: detail }
              showWhatsNew: { segue: modal, from: detail, to: whatsNew, manual: true }
            """)
        let result = Explorer().explore(spec, device: .iphone)
        #expect(result.discoveries.map { "\($0.finding.ruleID): \($0.witness.map(\.description).joined(separator: ", "))" }
            == ["transition_in_progress: double tap showDetail"])
        #expect(result.transitionsNeverPerformed.isEmpty)
        #expect(result.controllersNeverOnScreen.isEmpty)
        var catalog = MoveCatalog(spec: spec, device: .iphone, events: true)
        let launch = Mark(line: 1, column: 1)
        let shown = Replay.run(spec, scenario: Scenario(name: "shown", mark: launch, steps: [Step(.launch, at: launch), Step(.perform(transition: Located("showDetail", at: launch)), at: launch)])).finalState
        let offered = catalog.moves(in: shown).map(\.action.description)
        #expect(offered.contains("perform showWhatsNew"))
        #expect(!offered.contains("double tap showWhatsNew"))
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
            let findings = Explorer.checker().check(replayed).findings.map(ExploredFinding.init)
            #expect(findings.contains(ExploredFinding(discovery.finding)), "\(discovery.finding.ruleID) is not reproduced")
        }
    }

    @Test("the catalog gives each action its own steps, and lists actions exactly where any are available",
          arguments: [Device.iphone, .ipad])
    func catalogMatchesActions(device: Device) throws {
        let spec = try spec(Self.feed)
        var catalog = MoveCatalog(spec: spec, device: device, events: true)
        let start = Replay.initialState(spec: spec, device: device)
        #expect(catalog.moves(in: start).isEmpty && !UserAction.anyAvailable(in: start), "nothing before launch")
        var launched = GrowingCheck(Explorer.checker(), spec: spec, device: device, initialState: start)
        _ = launched.grow([Step(.launch, at: Mark(line: 1, column: 1))], named: { "launch" })
        var frontier = [launched]
        var tried = 0
        for _ in 0..<3 {
            var next: [GrowingCheck] = []
            for check in frontier {
                let moves = catalog.moves(in: check.state)
                #expect(!moves.isEmpty == UserAction.anyAvailable(in: check.state))
                for move in moves {
                    #expect("\(move.steps)" == "\(move.action.steps(in: spec))", "\(move.action)")
                    var grown = check
                    _ = grown.grow(move.steps, named: { "" })
                    next.append(grown)
                    tried += 1
                }
            }
            frontier = next
        }
        #expect(tried > 50)
    }

    @Test("visited states: each distinct state is new once, however many there are, and instance numbers do not count")
    func visitedStates() {
        // States that differ only in how many children `list` holds: more than the table's first size.
        func state(children: Int, instance: Int = 0) -> HierarchyState {
            let list = ControllerState(id: "list", kind: .container)
            let listChildren = Array(repeating: ControllerID(scene: "detail", instance: instance), count: children)
            return HierarchyState(controllers: [(list, children: listChildren), (ControllerState(id: "detail", kind: .content), children: [])],
                                  horizontalSizeClass: .compact)
        }
        var visited = VisitedStates()
        for children in 0..<1500 {
            let isNew = visited.insert(state(children: children))
            #expect(isNew, "\(children) children")
        }
        for children in 0..<1500 {
            let isNew = visited.insert(state(children: children))
            #expect(!isNew, "\(children) children, again")
        }
        let renumbered = visited.insert(state(children: 3, instance: 2))
        #expect(!renumbered, "detail#2 where detail was is the same state")
        #expect(visited.count == 1500)
    }

    @Test("a clean app finds nothing, and the same spec explores the same way twice")
    func cleanAndDeterministic() throws {
        let spec = try spec("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [home, settings] }
              home:
              settings:
            window: tabs
            transitions:
              goHome:                   # SettingsViewController.doneTapped(_:)
                from: settings
                calls:
                  - select: { tabs: tabs, vc: home }
            """)
        let first = Explorer().explore(spec, device: .iphone)
        #expect(first.discoveries.isEmpty)
        #expect(first.states == 4, "home and settings selected, each in portrait and landscape; goHome is selecting home again")
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
        #expect(result.states <= 8, "list and detail, nested or not, in portrait and landscape")
        #expect(!result.depthBoundHit)
        #expect(result.discoveries.map(\.finding.ruleID) == ["transition_in_progress"])
    }
}

/// Properties of exploration over generated apps: every witness reproduces its finding through `check`, findings
/// are distinct, witnesses are no longer than the depth, and the same app explores the same way twice.
@Suite("Explorer properties")
struct ExplorerPropertyTests {
    /// A small deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// A tab bar of navigation stacks, loose controllers, and segues and user-triggered calls of every kind between them.
    static func app(seed: UInt64) -> String {
        var random = Random(state: seed)
        let tabs = 2 + random.next(2)
        var lines = ["vcaudit: 1", "controllers:", "  tabs: { kind: tabBar, children: [\((0..<tabs).map { "nav\($0)" }.joined(separator: ", "))] }"]
        var screens: [String] = []
        for tab in 0..<tabs {
            lines.append("  nav\(tab): { kind: navigation, root: r\(tab) }")
            lines.append("  r\(tab):")
            screens.append("r\(tab)")
        }
        let styles = ["pageSheet", "fullScreen", "popover", "overCurrentContext", "formSheet"]
        for index in 0..<(3 + random.next(3)) {
            let style = styles[random.next(styles.count)]
            let anchor = style == "popover" && random.next(2) == 0 ? ", popover: { sourceView: button }" : ""
            lines.append("  c\(index): { modalPresentationStyle: \(style)\(anchor) }")
            screens.append("c\(index)")
        }
        lines.append("window: tabs")
        lines.append("transitions:")
        let kinds = ["show", "modal", "popover", "showDetail", "unwind"]
        for index in 0..<(4 + random.next(5)) {
            let from = screens[random.next(screens.count)]
            let to = screens[tabs + random.next(screens.count - tabs)]
            if random.next(4) == 0 {
                lines.append("  call\(index):")
                lines.append("    from: \(from)")
                lines.append("    calls:")
                lines.append(random.next(2) == 0 ? "      - present: { vc: \(to), from: \(from) }" : "      - dismiss: \(from)")
            } else {
                lines.append("  t\(index): { segue: \(kinds[random.next(kinds.count)]), from: \(from), to: \(to) }")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("witnesses reproduce, findings are distinct, and exploring is deterministic", arguments: 0..<40)
    func properties(seed: Int) throws {
        let text = Self.app(seed: UInt64(seed) &* 7919 &+ 1)
        let loaded = SpecLoader.load(bytes: Array(text.utf8), path: "generated.yaml")
        let spec = try #require(loaded.spec, "generated app \(seed) does not load: \(loaded.diagnostics)\n\(text)")
        let explorer = Explorer(bounds: .init(depth: 3, maxStates: 400))
        let result = explorer.explore(spec, device: seed % 2 == 0 ? .iphone : .ipad)
        let identities = result.discoveries.map { ExploredFinding($0.finding) }
        #expect(Set(identities).count == identities.count, "a finding is reported twice")
        for discovery in result.discoveries {
            #expect(discovery.witness.count <= 3)
            var replayed = spec
            let mark = discovery.finding.location.mark
            replayed.scenarios = [Scenario(name: "witness", mark: mark, device: result.device,
                                           steps: [Step(.launch, at: mark)] + discovery.witness.flatMap { $0.steps(in: spec) })]
            let found = Explorer.checker().check(replayed).findings.map(ExploredFinding.init)
            #expect(found.contains(ExploredFinding(discovery.finding)), "seed \(seed): the witness of \(discovery.finding.ruleID) does not reproduce it")
        }
        let again = explorer.explore(spec, device: result.device)
        #expect(again.discoveries.map { ExploredFinding($0.finding) } == identities)
        #expect(again.states == result.states && again.paths == result.paths)
    }

    @Test("the generated apps are not vacuous: exploring them finds bugs of several rules")
    func generatedAppsHaveBugs() throws {
        var rules: Set<String> = []
        var total = 0
        for seed in 0..<40 {
            let spec = try #require(SpecLoader.load(bytes: Array(Self.app(seed: UInt64(seed) &* 7919 &+ 1).utf8), path: "g.yaml").spec)
            let result = Explorer(bounds: .init(depth: 3, maxStates: 400)).explore(spec, device: seed % 2 == 0 ? .iphone : .ipad)
            total += result.discoveries.count
            rules.formUnion(result.discoveries.map(\.finding.ruleID))
        }
        #expect(total >= 40)
        #expect(rules.count >= 4, "\(rules)")
    }
}
