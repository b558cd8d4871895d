import Foundation
import Testing
import VCAuditReplay
@testable import VCAuditRules
import VCAuditSpec
import VCAuditYAML

/// `GrowingCheck` (what `explore` grows each path with) finds what a whole check of the same scenario finds, and a
/// copy grows on its own.
@Suite("Growing check", .enabled(if: RepositoryFolder.examples != nil, "Examples/ is not in this checkout"))
struct GrowingCheckTests {
    static var examples: [String] { ExamplesTests.expected.map(\.file) }

    /// A finding as a whole check and a growth both write it.
    static func line(_ finding: Finding) -> String {
        "\(finding.location) [\(finding.ruleID)] \(finding.message) " + finding.notes.map { "\($0.location) \($0.message)" }.joined(separator: "; ")
    }

    @Test("grown one step at a time, a scenario gives every finding a whole check of it gives, ended in place or not",
          arguments: examples)
    func sameFindings(file: String) throws {
        let loaded = SpecLoader.load(path: RepositoryFolder.examples! + "/" + file)
        let spec = try #require(loaded.spec)
        let checker = Checker()
        for scenario in spec.scenarios {
            let device = scenario.device ?? spec.device
            var alone = spec
            alone.scenarios = [scenario]
            let whole = checker.checkScenarios(alone, device: device, initialState: Replay.initialState(spec: spec, device: device))
                .findings.filter { $0.ruleID != UnusedSuppressionRule.identifier }
            var growing = GrowingCheck(checker, spec: spec, device: device, initialState: Replay.initialState(spec: spec, device: device))
            var grown: Set<String> = []
            // No step yet: the check takes the scenario's name and mark, which its copies below keep.
            _ = growing.grow([], scenario: scenario)
            for step in scenario.steps {
                // A copy told it will not grow again (its observers end the scenario in place) finds the same.
                var ending = growing
                let endedInPlace = ending.grow([step], named: { scenario.name }, goesOn: { _ in false })
                let found = growing.grow([step], scenario: scenario)
                #expect(endedInPlace.map(Self.line) == found.map(Self.line), "\(file), '\(scenario.name)'")
                grown.formUnion(found.map(Self.line))
            }
            for finding in whole {
                #expect(grown.contains(Self.line(finding)), "\(file), '\(scenario.name)': \(Self.line(finding))")
            }
            #expect(growing.state == Replay.run(spec, scenario: scenario, device: device).finalState)
            #expect(growing.withState { $0 == growing.state })
        }
    }

    /// A navigation controller and a transition that pushes `detail` (twice is a finding), with its launch and
    /// `open` steps.
    static func navigationWithOpen() throws -> (spec: Spec, launch: Step, open: Step) {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: list }
              list: {}
              detail: {}
            window: nav
            transitions:
              open:
                calls:
                  - push: { nav: nav, vc: detail }
            """))
        let launch = Step(.launch, at: Mark(line: 1, column: 1))
        let open = Step(.perform(transition: Located("open", at: Mark(line: 7, column: 3))), at: Mark(line: 7, column: 3))
        return (spec, launch, open)
    }

    @Test("a copy grows on its own: its steps change neither the original's state nor its findings")
    func copies() throws {
        let (spec, launch, open) = try Self.navigationWithOpen()
        func scenario(_ steps: [Step]) -> Scenario { Scenario(name: "S", mark: Mark(line: 1, column: 1), device: .iphone, steps: steps) }
        var launched = GrowingCheck(Checker(), spec: spec, device: .iphone, initialState: Replay.initialState(spec: spec, device: .iphone))
        #expect(launched.grow([launch], scenario: scenario([launch])).isEmpty)
        var once = launched
        #expect(once.grow([open], scenario: scenario([launch, open])).isEmpty)
        var twice = once
        let found = twice.grow([open], scenario: scenario([launch, open, open]))
        #expect(found.map(\.ruleID) == ["push_duplicate_instance"])
        #expect(launched.state.children(of: "nav") == ["list"])
        #expect(once.state.children(of: "nav") == ["list", "detail"])
        // The original goes on as if the copy had never run.
        var again = once
        #expect(again.grow([open], scenario: scenario([launch, open, open])).map(\.ruleID) == ["push_duplicate_instance"])
    }

    @Test("grown by its steps alone, a scenario finds what it finds when given whole, and is named only when it finds something")
    func growsByStepsNamedOnlyForFindings() throws {
        let (spec, launch, open) = try Self.navigationWithOpen()
        var namings = 0
        func name() -> String {
            namings += 1
            return "S"
        }
        var launched = GrowingCheck(Checker(), spec: spec, device: .iphone, initialState: Replay.initialState(spec: spec, device: .iphone))
        #expect(launched.grow([launch], named: name).isEmpty)
        var once = launched
        #expect(once.grow([open], named: name).isEmpty)
        #expect(namings == 0)
        var twice = once
        let named = twice.grow([open], named: name)
        #expect(namings == 1)
        var given = once
        let whole = given.grow([open], scenario: Scenario(name: "S", mark: Mark(line: 1, column: 1), device: .iphone, steps: [launch, open, open]))
        #expect(named.map { "\(Self.line($0)) \($0.scenario ?? "-")" } == whole.map { "\(Self.line($0)) \($0.scenario ?? "-")" })
        #expect(named.map(\.ruleID) == ["push_duplicate_instance"])
        // Violations the caller says it has seen make no finding, and leave the scenario unnamed.
        var asked = 0
        var skipping = once
        #expect(skipping.grow([open], named: name, skipping: { _ in
            asked += 1
            return true
        }).isEmpty)
        #expect(asked == 1 && namings == 1)
    }

    @Test("the steps a growth adds are a trail: read whole, in order, after the scenario's own; a long one is let go")
    func grownStepsTrail() throws {
        let (spec, launch, open) = try Self.navigationWithOpen()
        let first = StepTrail([launch], after: nil)
        let second = StepTrail([open, open], after: first)
        let branch = StepTrail([launch], after: first)
        #expect(second.steps.map(\.mark) == [launch, open, open].map(\.mark))
        #expect(branch.steps.map(\.mark) == [launch, launch].map(\.mark))
        #expect(first.steps.count == 1)

        let scenario = Scenario(name: "S", mark: Mark(line: 1, column: 1), device: .iphone, steps: [launch])
        let context = ReplayContext(spec: spec, index: SpecIndex(spec), scenario: scenario, scenarioIndex: 0, device: .iphone)
        let start = StartingScenario(scenario)
        context.setScenario(start, grownSteps: second)
        #expect(context.scenario.steps.map(\.mark) == [launch, launch, open, open].map(\.mark))
        #expect(context.scenario.name == "S")
        // Setting a scenario forgets the trail.
        context.scenario = scenario
        #expect(context.scenario.steps.count == 1)
        // And the object the scenario was set from: set from it again, the scenario is read from it again.
        var renamed = scenario
        renamed.name = "T"
        context.scenario = renamed
        context.setScenario(start, grownSteps: nil)
        #expect(context.scenario.name == "S")

        // A path as long as a large exploration's is let go without running out of stack.
        var long: StepTrail? = nil
        for _ in 0..<200_000 { long = StepTrail([open], after: long) }
        #expect(long?.previous != nil)
        long = nil
        #expect(long == nil)
    }
}
