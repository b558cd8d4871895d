import Testing
@testable import VCAuditGenerate
@testable import VCAuditReplay
import VCAuditSpec

/// The generated assertions and `expect:` rest on one fact type: what a test asserts after a step is what the
/// replay's evaluator finds true in the state after it.
@Suite("Hierarchy facts")
struct HierarchyFactTests {
    @Test("every fact a generated test checks after a step holds in the replayed state", arguments: Fixtures.exampleSpecPaths())
    func changesHold(path: String) throws {
        let (spec, _) = try Fixtures.loadExample(path)
        for scenario in spec.scenarios {
            let trace = ScenarioTrace(spec: spec, scenario: scenario, device: scenario.device ?? spec.device)
            for record in trace.steps {
                let evaluator = ExpectationEvaluator(state: record.after)
                var facts = HierarchyFact.changes(from: record.before, to: record.after)
                if case .preserve = record.step.action {
                    facts += HierarchyFact.preserved(events: record.events, state: record.before)
                }
                for fact in facts {
                    let outcome = evaluator.evaluate(fact)
                    #expect(outcome.passed, "\(path), '\(scenario.name)' step \(record.index): \(outcome.description): \(outcome.failure ?? "")")
                }
            }
        }
    }

    @Test("a fact that does not hold says what was found instead")
    func failures() throws {
        let (spec, _) = try Fixtures.spec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: list, restorationID: nav }
              list: { restorationID: list }
              detail: {}
              sheet: { forwardsAppearance: false }
            window: nav
            scenarios:
              - name: Go
                steps:
                  - launch
                  - push: { nav: nav, vc: detail }
                  - present: { vc: sheet, from: detail }
            """)
        let state = Replay.run(spec, scenario: spec.scenarios[0]).finalState
        let evaluator = ExpectationEvaluator(state: state)
        #expect(evaluator.evaluate(.isPresented("sheet", false)) == (false, "sheet dismissed", "'sheet' is presented by 'nav'"), "UIKit presents from the navigation controller")
        #expect(evaluator.evaluate(.isPresented("sheet", true)).passed)
        #expect(evaluator.evaluate(.stack(nav: "nav", vcs: ["list"])) == (false, "stack of nav: [list]", "the stack of 'nav' is [list, detail]"))
        #expect(evaluator.evaluate(.forwardsAppearance("sheet", true)) == (false, "sheet forwards appearance: true", "'sheet' does not forward appearance"))
        #expect(evaluator.evaluate(.notRestorable("list")).passed, "nothing was preserved")
        #expect(evaluator.evaluate(.restorationPath("list", "nav/list")) == (false, "restoration path of list: nav/list", "'list' was not saved"))
    }
}
