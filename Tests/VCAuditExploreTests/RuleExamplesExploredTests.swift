import Foundation
import Testing
@testable import VCAuditExplore
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditYAML

/// A rule's triggering example, as a test argument.
struct TriggeringExample: Sendable, CustomTestStringConvertible {
    var ruleID: String
    var index: Int
    var example: RuleDescription.Example

    var testDescription: String { "\(ruleID) #\(index + 1)" }

    static let all: [TriggeringExample] = RuleCatalog.descriptions.flatMap { description in
        description.triggeringExamples.enumerated().map { TriggeringExample(ruleID: description.identifier, index: $0.offset, example: $0.element) }
    }
}

/// Explore finds every rule's bugs once the code paths that cause them are buttons on screen.
///
/// Each triggering example of each rule shows its bug with a scenario. Its steps after launch become `calls`
/// transitions with `from:` the controller on top when the scenario runs them (a button there), the scenarios go,
/// and explore, which reads no scenario, must find a finding of the rule, whose witness `check` reproduces.
@Suite("Rule examples, explored")
struct RuleExamplesExploredTests {
    /// The example's spec without scenarios, each scenario step after launch a transition run from the controller on
    /// top at that point (`preserve` then `restore` is the relaunch explore tries itself; `expect` checks nothing here).
    static func buttons(for source: String, device: Device?) throws -> (spec: Spec, device: Device, depth: Int)? {
        let spec = try #require(SpecLoader.load(bytes: Array(source.utf8), path: "example.yaml").spec)
        var transitions = spec.transitions
        var depth = 0
        var device = device ?? spec.device
        for scenario in spec.scenarios {
            device = scenario.device ?? device
            guard scenario.steps.first.map({ if case .launch = $0.action { true } else { false } }) == true else { return nil }
            var states = StatesBeforeSteps()
            _ = Replay.run(spec, scenario: scenario, device: device, observer: &states)
            for (offset, step) in scenario.steps.enumerated().dropFirst() {
                switch step.action {
                case .expect, .restore: continue
                case .preserve: depth += 1; continue
                default: break
                }
                guard offset < states.before.count else { continue }
                var order: [Int] = []
                states.before[offset].appendHierarchyPositions(to: &order)
                guard let top = UserAction.topLayer(of: states.before[offset], order: order) else { continue }
                var transition = Transition(name: "step\(transitions.count + 1)", mark: step.mark, body: .calls([step]))
                transition.trigger = Reference(top.sceneID, at: step.mark)
                transitions.append(transition)
                depth += 1
            }
        }
        let explored = Spec(file: spec.file, app: spec.app, device: spec.device, ios: spec.ios, restoration: spec.restoration,
                            controllers: spec.controllers, window: spec.window, transitions: transitions)
        return (explored, device, depth)
    }

    /// The state before each step of a replay (index 0: before the first step).
    struct StatesBeforeSteps: ReplayObserver {
        var before: [HierarchyState] = []
        mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) { before.append(state) }
    }

    /// `expect:` is not a user action: explore evaluates no expectation, so `expectation_failed` is for scenarios.
    static let scenarioOnly: Set<String> = ["expectation_failed"]

    @Test("explore finds the bug of every rule's example, and check reproduces it from the witness",
          arguments: TriggeringExample.all.filter { !scenarioOnly.contains($0.ruleID) })
    func explored(_ case: TriggeringExample) throws {
        guard let (spec, device, depth) = try Self.buttons(for: `case`.example.unmarked.source, device: `case`.example.device) else { return }
        let result = Explorer(bounds: Explorer.Bounds(depth: max(1, depth), maxStates: 50_000)).explore(spec, device: device)
        let found = result.discoveries.filter { $0.finding.ruleID == `case`.ruleID }
        #expect(!found.isEmpty, "found instead: \(result.discoveries.map(\.finding.ruleID))")
        for discovery in found {
            // Launch written where explore writes it: at the window's declaration.
            let launch = spec.window?.mark ?? Mark(line: 1, column: 1)
            var replayed = spec
            replayed.scenarios = [Scenario(name: "witness", mark: launch, device: device,
                                           steps: [Step(.launch, at: launch)] + discovery.witness.flatMap { $0.steps(in: spec) })]
            let reproduced = Explorer.checker().check(replayed).findings.map(ExploredFinding.init)
            #expect(reproduced.contains(ExploredFinding(discovery.finding)), "the witness \(discovery.witness.map(\.description)) does not reproduce it")
        }
    }
}

/// `vcaudit explore Examples/Bugs` finds every bug the Bugs scenarios show, without their scenarios: with its defaults,
/// the code paths the specs mark `event: true` run as events.
@Suite("Examples/Bugs, explored")
struct BugsExploredTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Bugs").path

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test("the Bugs examples are all there")
    func folder() {
        #expect(Self.files.count >= 10)
    }

    @Test("each rule the hand-written scenarios trigger is found, with a witness no longer than the scenario", arguments: files)
    func bug(_ file: String) throws {
        let spec = try #require(SpecLoader.load(path: Self.folder + "/" + file).spec)
        let checked = Explorer.checker().check(spec).findings
        var explorable = spec
        explorable.scenarios = []
        let result = Explorer(bounds: Explorer.Bounds()).explore(explorable, device: spec.device)
        for finding in checked where finding.scenario != nil {
            let scenario = try #require(spec.scenarios.first { $0.name == finding.scenario })
            // The hand-written scenario's actions: its steps after launch, without the expectations.
            let length = scenario.steps.dropFirst().filter { if case .expect = $0.action { false } else { true } }.count
            let witnesses = result.discoveries.filter { $0.finding.ruleID == finding.ruleID }.map(\.witness.count)
            #expect(!witnesses.isEmpty, "\(file): explore does not find \(finding.ruleID)")
            #expect((witnesses.min() ?? .max) <= length, "\(file): the shortest witness of \(finding.ruleID) has \(witnesses.min() ?? 0) actions, the scenario \(length)")
        }
    }
}
