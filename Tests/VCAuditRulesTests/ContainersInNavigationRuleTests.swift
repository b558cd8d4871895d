import Testing
@testable import VCAuditRules
import VCAuditReplay
import VCAuditSpec

/// `tab_bar_in_navigation` and `nested_navigation_controller` on nesting the declarations make, and on nesting
/// a call makes.
@Suite("Containers in navigation: where and how often")
struct ContainersInNavigationRuleTests {
    static func findings(_ spec: String) throws -> [Finding] {
        try #require(loadSpec(spec)).findings(ruleID: "tab_bar_in_navigation")
    }

    @Test("nesting the declarations make is one finding at the inner declaration, however many scenarios launch")
    func declaredNestingOnce() throws {
        let found = try Self.findings("""
            vcaudit: 1
            controllers:
              homeNav: { kind: navigation, root: mainTabs }
              mainTabs: { kind: tabBar, children: [feed, profile] }
              feed:
              profile:
            window: homeNav
            scenarios:
              - name: Launch
                steps: [launch]
              - name: Launch and switch tabs
                steps: [launch, { select: { tabs: mainTabs, vc: profile } }]
              - name: Launch twice
                steps: [launch, launch]
            """)
        #expect(positions(found) == ["4:3"])
        // The tab bar is the stack's root: there is no back button to leave it by.
        #expect(found.first?.message.contains("back button") == false)
        #expect(found.first?.notes.map(\.message) == ["in scenario 'Launch', step 1", "<UINavigationController: homeNav> declared here"])
    }

    @Test("a nesting the launch shows is reported in every replay that launches, on each device, as a replay without a kept launch reports it")
    func launchNestingInEveryReplay() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              homeNav: { kind: navigation, root: box }
              box: { kind: container, children: [innerNav, tabs] }
              innerNav: { kind: navigation, root: inner }
              inner:
              tabs: { kind: tabBar, children: [a, b] }
              a:
              b:
            window: homeNav
            scenarios:
              - name: Launch
                steps: [launch]
              - name: Launch and select
                steps: [launch, { select: { tabs: tabs, vc: b } }]
              - name: Traits, then launch
                steps: [{ traits: { width: compact } }, launch]
              - name: Launch twice
                steps: [launch, launch]
            """))
        let rules: [any Rule.Type] = [NestedNavigationControllerRule.self, TabBarInNavigationRule.self]
        let replay = ReplayContext(spec: spec, index: SpecIndex(spec), scenario: spec.scenarios[0], scenarioIndex: 0, device: .iphone)
        let fresh = Checker.observers(of: rules, reportingTo: replay)
        // One workspace for every replay, as `Checker` has: each scenario that starts with `launch` replays the
        // launch it keeps per device, and the walk at it is made once.
        var workspace = ReplayWorkspace()
        for device in [Device.iphone, .ipad] {
            let initial = Replay.initialState(spec: spec, device: device)
            for (offset, scenario) in spec.scenarios.enumerated() {
                replay.begin(scenario, scenarioIndex: offset, device: device)
                var observers = fresh
                _ = Replay.run(spec, scenario: scenario, device: device, initialState: initial, observers: &observers, keepingLog: false,
                               workspace: &workspace)
                let kept = replay.violations
                replay.begin(scenario, scenarioIndex: offset, device: device)
                var alone = fresh
                _ = Replay.run(spec, scenario: scenario, device: device, initialState: initial, observers: &alone, keepingLog: false)
                #expect(kept == replay.violations, "'\(scenario.name)' on \(device)")
                #expect(kept.map(\.ruleID) == ["nested_navigation_controller", "tab_bar_in_navigation"], "'\(scenario.name)' on \(device)")
            }
        }
        let found = Checker().check(spec, devices: [.iphone, .ipad]).findings
            .filter { $0.ruleID == "nested_navigation_controller" || $0.ruleID == "tab_bar_in_navigation" }
        #expect(positions(found) == ["5:3", "7:3"])
        #expect(found.map(\.devices) == [[.iphone, .ipad], [.iphone, .ipad]])
    }

    @Test("a tab bar pushed above the root is reported at the push in each scenario, with the back button that leaves every tab")
    func pushedAboveTheRoot() throws {
        let found = try Self.findings("""
            vcaudit: 1
            controllers:
              loginNav: { kind: navigation, root: login }
              login:
              mainTabs: { kind: tabBar, children: [feed] }
              feed:
            window: loginNav
            transitions:
              signIn: { segue: show, from: login, to: mainTabs }
            scenarios:
              - name: Sign in
                steps: [launch, { perform: signIn }]
              - name: Sign in again
                steps: [launch, { perform: signIn }]
            """)
        #expect(positions(found) == ["9:11", "9:11"])
        #expect(found.map(\.scenario) == ["Sign in", "Sign in again"])
        #expect(found.first?.message.contains("<UINavigationController: loginNav>'s back button leaves every tab at once") == true)
    }

    @Test("with the outer navigation bar hidden, the finding speaks of no bar to sit under and no back button")
    func outerBarHidden() throws {
        let found = try Self.findings("""
            vcaudit: 1
            controllers:
              loginNav: { kind: navigation, root: login, navigationBarHidden: true }
              login:
              mainTabs: { kind: tabBar, children: [feed] }
              feed:
            window: loginNav
            transitions:
              signIn: { segue: show, from: login, to: mainTabs }
            scenarios:
              - name: Sign in
                steps: [launch, { perform: signIn }]
            """)
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("<UITabBarController: mainTabs> is inside <UINavigationController: loginNav>'s stack: with "
            + "<UINavigationController: loginNav>'s bar hidden, navigation controllers in its tabs nest inside"))
        #expect(!message.contains("sits under") && !message.contains("back button"))
    }
}

private extension Spec {
    func findings(ruleID: String) -> [Finding] {
        Checker().check(self).findings.filter { $0.ruleID == ruleID }
    }
}
