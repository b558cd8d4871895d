import Testing
@testable import VCAuditRules
import VCAuditReplay
import VCAuditSpec

/// A relaunch drops the instances segues made; rules that saw one before it must not read its state after it.
@Suite("Rules across a relaunch")
struct RelaunchTests {
    /// Found by fuzzing (Tests/FuzzRegressionTests/Inputs/check/relaunch-drops-tracked-instance): a begin never ended
    /// on an instance, then a relaunch, crashed the unbalanced-appearance rule at the end of the replay.
    @Test func anInstanceARelaunchDroppedIsNotReadAfterIt() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            restoration: true
            controllers:
              nav: { kind: navigation, root: home, restorationID: nav }
              home: { restorationID: home }
              detail: { restorationID: detail }
            window: nav
            transitions:
              showDetail: { segue: show, from: home, to: detail }
            scenarios:
              - name: A begin on the second detail, then a relaunch with nothing saved
                steps:
                  - launch
                  - perform: showDetail
                  - pop: nav
                  - perform: showDetail
                  - beginAppearance: { vc: detail, appearing: false }
                  - restore
            """))
        let replay = Replay.run(spec, scenario: spec.scenarios[0])
        #expect(replay.log.events.contains { $0.name == .beginAppearanceTransition && $0.vc == "detail#2" },
                "the step names the newest instance")
        #expect(!replay.finalState.contains("detail#2"), "the relaunch dropped it")
        let findings = Checker().check(spec).findings
        #expect(!findings.contains { $0.ruleID == "unbalanced_appearance_transition" && $0.controllers.contains("detail#2") })
    }
}
