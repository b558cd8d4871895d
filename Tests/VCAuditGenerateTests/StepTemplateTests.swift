import Testing
@testable import VCAuditGenerate
import VCAuditSpec

/// The vocabulary's `call` and `prose` templates are filled from the labelled payload of each step's action, so the
/// labels must be the vocabulary's keys and every placeholder must name one.
@Suite("Step templates")
struct StepTemplateTests {
    /// Every step of the example specs, the calls of their transitions and the steps inside `simultaneously`.
    static func exampleSteps() throws -> [Step] {
        var steps: [Step] = []
        func collect(_ step: Step) {
            steps.append(step)
            if case .simultaneously(let inner) = step.action { inner.forEach(collect) }
        }
        for path in Fixtures.exampleSpecPaths() {
            let spec = try Fixtures.loadExample(path).spec
            spec.scenarios.flatMap(\.steps).forEach(collect)
            for transition in spec.transitions {
                if case .calls(let calls) = transition.body { calls.forEach(collect) }
            }
        }
        return steps
    }

    @Test("each action's labels are its kind's keys, and each template names only those keys")
    func labelsAreTheVocabularysKeys() throws {
        let steps = try Self.exampleSteps()
        for kind in Step.Kind.allCases {
            let entry = SpecVocabulary.step(kind)
            let keys = Set(entry.keys.map(\.name.description)).subtracting(["ignore"])
            for template in [entry.call, entry.prose].compactMap({ $0 }) {
                #expect(Set(StepTemplate.placeholders(template)).isSubset(of: keys), "\(kind): \(template)")
            }
            guard !entry.bare, !keys.isEmpty else { continue }
            let examples = steps.filter { $0.kind == kind }
            #expect(!examples.isEmpty, "no example spec has a '\(kind.rawValue)' step to check its labels with")
            for step in examples {
                #expect(StepTemplate(step).keys == keys, "\(kind) at \(step.mark)")
            }
        }
    }

    @Test("a filled template keeps no placeholder, and a null controller reads as the template's words for it")
    func filling() throws {
        #expect(StepTemplate.fill("{child} will move to {parent|no parent}") { key, fallback in key == "child" ? "list" : fallback ?? "?" }
            == "list will move to no parent")
        #expect(StepTemplate.placeholders("{nav}.popToViewController({vc}, animated: {animated})") == ["nav", "vc", "animated"])
        let spec = try Fixtures.spec("""
            vcaudit: 1
            controllers:
              nav: {kind: navigation, root: list}
              list:
              detail:
            window: nav
            scenarios:
              - name: moves
                steps: [launch, {willMove: {child: detail, parent: null}}, {push: {nav: nav, vc: detail, animated: false}}]
            """).spec
        let steps = spec.scenarios[0].steps
        #expect(StepTemplate(steps[1]).prose == "detail will move to no parent")
        #expect(StepTemplate(steps[1]).call(ref: { "app.\($0)" }, animated: { "\($0)" }) == "app.detail.willMove(toParent: nil)")
        #expect(StepTemplate(steps[2]).call(ref: { $0.name }, animated: { $0 ? "animated" : "false" }) == "nav.pushViewController(detail, animated: false)")
        #expect(StepTemplate(steps[2]).callName == "pushViewController")
    }
}
