import Testing
import VCAuditReplay
import VCAuditSpec
@_spi(Testing) import VCAuditYAML
@testable import VCAuditRules

/// One example of one rule, as a test argument.
struct RuleExample: Sendable, CustomTestStringConvertible {
    var ruleID: String
    var triggering: Bool
    var index: Int
    var example: RuleDescription.Example

    var testDescription: String {
        "\(ruleID) \(triggering ? "triggering" : "non-triggering") #\(index + 1)\(example.device.map { " on \($0.rawValue)" } ?? "")"
    }

    static let all: [RuleExample] = RuleCatalog.descriptions.flatMap { description in
        description.triggeringExamples.enumerated().map {
            RuleExample(ruleID: description.identifier, triggering: true, index: $0.offset, example: $0.element)
        } + description.nonTriggeringExamples.enumerated().map {
            RuleExample(ruleID: description.identifier, triggering: false, index: $0.offset, example: $0.element)
        }
    }
}

@Suite("Rule examples")
struct RuleExampleTests {
    @Test("each example gives exactly the marked findings of its rule", arguments: RuleExample.all)
    func example(_ case: RuleExample) throws {
        let (source, markers) = `case`.example.unmarked
        if !`case`.triggering {
            #expect(markers.isEmpty, "a non-triggering example has no markers")
        } else {
            #expect(!markers.isEmpty, "a triggering example marks at least one finding")
        }
        let spec = try #require(loadSpec(source, path: "\(`case`.ruleID).yaml"))
        // A rule that only runs when exploring is shown by its examples with exploring on.
        var configuration = RuleConfiguration()
        configuration.exploring = RuleCatalog.all.first { $0.identifier == `case`.ruleID }?.onlyWhenExploring ?? false
        let report = Checker(configuration).check(spec, devices: `case`.example.device.map { [$0] } ?? [])
        #expect(report.diagnostics.isEmpty, Comment(rawValue: "\(report.diagnostics)"))
        let findings = report.findings.filter { $0.ruleID == `case`.ruleID }
        let expected = markers.map { "\($0.line):\($0.column)" }.sorted()
        let described = findings.map { "\($0.location): \($0.message)" }.joined(separator: "\n")
        #expect(positions(findings).sorted() == expected, Comment(rawValue: "findings:\n\(described)"))
        for finding in findings {
            // The rule's severity, or error where UIKit crashes on what the rule otherwise warns about.
            let severity = RuleCatalog.rule(`case`.ruleID)?.description.severity
            #expect(finding.severity == severity || (finding.severity == .error && finding.message.contains("crashes")))
            #expect(!finding.message.isEmpty)
            #expect(finding.location.file == spec.file)
        }
    }
}

/// The checker makes the rules' observers once per spec and gives each replay a fresh copy: nothing a replay leaves
/// in them may reach the next one.
@Suite("Observers across replays")
struct ObserversAcrossReplaysTests {
    @Test("a scenario checked after every other scenario of its spec gives what it gives alone", arguments: RuleExample.all.filter(\.triggering))
    func freshObservers(_ case: RuleExample) throws {
        let spec = try #require(loadSpec(`case`.example.unmarked.source, path: "\(`case`.ruleID).yaml"))
        var configuration = RuleConfiguration()
        configuration.exploring = RuleCatalog.all.first { $0.identifier == `case`.ruleID }?.onlyWhenExploring ?? false
        let checker = Checker(configuration)
        let devices = `case`.example.device.map { [$0] } ?? []
        for scenario in spec.scenarios {
            var alone = spec
            alone.scenarios = [scenario]
            // Every scenario first (so that the observers' copies have each seen a replay before), then this one again,
            // under a name of its own so that its findings stay apart.
            var last = scenario
            last.name += " (last)"
            var after = spec
            after.scenarios = spec.scenarios + [last]
            func own(_ report: CheckReport, _ name: String) -> [String] {
                report.findings.filter { $0.scenario == name }.map { "\($0.ruleID) \($0.location) \($0.message)" }.sorted()
            }
            let expected = own(checker.check(alone, devices: devices), scenario.name)
            #expect(own(checker.check(after, devices: devices), last.name) == expected, "\(scenario.name)")
        }
    }
}

/// A copy of the rules' observers is made for every path `explore` tries: an observer that keeps state must fit in an
/// existential's inline buffer (three words), or each copy allocates a box for it the first time it is called.
@Suite("Observer size")
struct ObserverSizeTests {
    @Test("every observer that keeps state fits in an existential's inline buffer")
    func inline() throws {
        // Restoration on, so that the restoration rules make their observers too.
        let spec = try #require(loadSpec("""
            vcaudit: 1
            restoration: true
            controllers:
              home: { class: HomeViewController, restorationID: home }
            window: home
            """, path: "sizes.yaml"))
        #expect(spec.usesRestoration)
        let scenario = Scenario(name: "", mark: Mark(line: 1, column: 1), device: nil, steps: [])
        let context = ReplayContext(spec: spec, index: SpecIndex(spec), scenario: scenario, scenarioIndex: 0, device: .iphone)
        var configuration = RuleConfiguration()
        configuration.exploring = true
        let observers = Checker.observers(of: Checker(configuration).enabledRules, reportingTo: context).observers
        #expect(observers.contains { $0 is RestorationCheckpoints<RestorationIDMissingRule> })
        #expect(observers.contains { $0 is RestorationRoundTripMismatchRule.Observer })
        var stateful = 0
        for observer in observers where (type(of: observer) as? any SelectiveObserver.Type)?.keepsState ?? true {
            stateful += 1
            let (size, alignment) = Self.layout(of: observer)
            #expect(size <= 3 * MemoryLayout<Int>.size && alignment <= MemoryLayout<Int>.alignment,
                    "\(type(of: observer)) is \(size) bytes")
        }
        #expect(stateful > 0)
    }

    static func layout<Observer: ReplayObserver>(of observer: Observer) -> (size: Int, alignment: Int) {
        (MemoryLayout<Observer>.size, MemoryLayout<Observer>.alignment)
    }
}

/// The rules' examples are specs as users write them: the YAML reader that skips libyaml must read each one as
/// libyaml does (`SubsetParserTests` has the rest of the repository's YAML).
@Suite("Rule examples read without libyaml")
struct RuleExampleReadingTests {
    @Test("each example is read as libyaml reads it", arguments: RuleExample.all)
    func agrees(_ case: RuleExample) {
        #expect(Composer.readersAgree(on: Array(`case`.example.unmarked.source.utf8)) != false)
    }
}
