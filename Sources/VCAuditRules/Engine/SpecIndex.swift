import VCAuditSpec
import VCAuditYAML

/// Lookups over one spec that rules and the checker need: the step written at a
/// mark, every `ignore:` entry with what encloses it, and the `ignore:` lists
/// that cover a call.
public struct SpecIndex: Sendable {
    /// One `ignore:` entry and where it is written.
    public struct Entry: Sendable, Hashable {
        /// What carries an `ignore:` list.
        public enum Owner: Sendable, Hashable {
            case controller(ControllerID)
            case transition(String)
            /// A scenario, by its index in `spec.scenarios`.
            case scenario(Int)
            /// A step or transition call, by where it is written.
            case step(Mark)
        }

        public var suppression: Suppression
        /// The entry's own owner first, then the owners that enclose it (a nested step's steps, its transition or scenario).
        public var owners: [Owner]
    }

    public let spec: Spec
    /// Every `ignore:` entry in the spec, in source order.
    public private(set) var entries: [Entry] = []
    /// The rules some `ignore:` entry of the spec names: a violation of another rule has nothing to look up.
    public private(set) var suppressedRules: Set<String> = []

    public init(_ spec: Spec) {
        self.spec = spec
        for controller in spec.controllers {
            for suppression in controller.ignore { entries.append(Entry(suppression: suppression, owners: [.controller(controller.id)])) }
        }
        for transition in spec.transitions {
            let owner = Entry.Owner.transition(transition.name)
            for suppression in transition.ignore { entries.append(Entry(suppression: suppression, owners: [owner])) }
            if case .calls(let calls) = transition.body { index(calls, enclosing: [owner]) }
        }
        for (offset, scenario) in spec.scenarios.enumerated() {
            let owner = Entry.Owner.scenario(offset)
            for suppression in scenario.ignore { entries.append(Entry(suppression: suppression, owners: [owner])) }
            // One list of owners for every step of the scenario, not one per step.
            index(scenario.steps, enclosing: [owner])
        }
        entries.sort { $0.suppression.mark < $1.suppression.mark }
        suppressedRules = Set(entries.map(\.suppression.rule.value))
    }

    /// Indexes the suppressions of `steps` and of the steps nested in them.
    ///
    /// Reads each step in place, through a buffer pointer: iterating the array would copy every step (and retain
    /// what it holds) only to find that nearly none has a suppression.
    private mutating func index(_ steps: [Step], enclosing: [Entry.Owner]) {
        steps.withUnsafeBufferPointer { steps in
            for position in steps.indices {
                if !steps[position].ignore.isEmpty {
                    let owners = [Entry.Owner.step(steps[position].mark)] + enclosing
                    for suppression in steps[position].ignore { entries.append(Entry(suppression: suppression, owners: owners)) }
                }
                if case .simultaneously(let inner) = steps[position].action {
                    index(inner, enclosing: [Entry.Owner.step(steps[position].mark)] + enclosing)
                }
            }
        }
    }

    /// The step or transition call written at `mark` that `top` runs (itself, a nested step, or a call of a
    /// transition it performs); for an expectation's mark, the `expect` step that holds it.
    public func step(at mark: Mark, within top: Step) -> Step? {
        var visiting: [String] = []
        return find(mark, in: top, visiting: &visiting)?.step
    }

    /// The expectation written at `mark` that `top` checks.
    public func expectation(at mark: Mark, within top: Step) -> Expectation? {
        var visiting: [String] = []
        return find(mark, in: top, visiting: &visiting)?.expectation
    }

    /// The step written at `mark` within `step`, entering the transitions it performs; `visiting` lists the
    /// transitions being entered (a handful at most), so that one that performs itself is entered once.
    private func find(_ mark: Mark, in step: Step, visiting: inout [String]) -> (step: Step, expectation: Expectation?)? {
        if step.mark == mark { return (step, nil) }
        switch step.action {
        case .simultaneously(let inner):
            for nested in inner {
                if let found = find(mark, in: nested, visiting: &visiting) { return found }
            }
        case .expect(let expectations):
            if let expectation = expectations.first(where: { $0.mark == mark }) { return (step, expectation) }
        case .perform(let name):
            guard !visiting.contains(name.value), case .calls(let calls)? = spec.transition(name.value)?.body else { break }
            visiting.append(name.value)
            defer { visiting.removeLast() }
            for call in calls {
                if let found = find(mark, in: call, visiting: &visiting) { return found }
            }
        default:
            break
        }
        return nil
    }

    /// Every `ignore:` entry that covers a violation of a call at `call`, run by `step` of scenario `scenario`
    /// (or written in `transition`): the scenario's, the steps' and transitions' on the way to the call, and the call's own.
    public func suppressions(scenario: Int?, step: Int?, call: Mark?, transition: String?) -> [Suppression] {
        var result: [Suppression] = []
        if let scenario, spec.scenarios.indices.contains(scenario) {
            let owner = spec.scenarios[scenario]
            result += owner.ignore
            if let step, owner.steps.indices.contains(step - 1) {
                let top = owner.steps[step - 1]
                var visiting: [String] = []
                if let call, let path = path(from: top, to: call, visiting: &visiting) {
                    result += path
                } else {
                    result += top.ignore
                    if let transition { result += spec.transition(transition)?.ignore ?? [] }
                }
            }
        } else if let transition, let declared = spec.transition(transition) {
            result += declared.ignore
            if let call, case .calls(let calls) = declared.body {
                var visiting = [transition]
                for nested in calls { result += path(from: nested, to: call, visiting: &visiting) ?? [] }
            }
        }
        var seen: Set<Mark> = []
        return result.filter { seen.insert($0.mark).inserted }
    }

    /// The `ignore:` entries on every path from `step` down to the call at `mark`, or nil when `mark` is not below `step`;
    /// `visiting` lists the transitions being entered, as in `find`.
    private func path(from step: Step, to mark: Mark, visiting: inout [String]) -> [Suppression]? {
        var found = step.mark == mark
        var below: [Suppression] = []
        switch step.action {
        case .simultaneously(let inner):
            for nested in inner {
                if let path = path(from: nested, to: mark, visiting: &visiting) {
                    found = true
                    below += path
                }
            }
        case .expect(let expectations):
            if expectations.contains(where: { $0.mark == mark }) { found = true }
        case .perform(let name):
            guard !visiting.contains(name.value), let transition = spec.transition(name.value) else { break }
            switch transition.body {
            case .segue(let segue):
                if segue.mark == mark {
                    found = true
                    below += transition.ignore
                }
            case .calls(let calls):
                var inside: [Suppression] = []
                var reached = false
                visiting.append(name.value)
                defer { visiting.removeLast() }
                for call in calls {
                    if let path = path(from: call, to: mark, visiting: &visiting) {
                        reached = true
                        inside += path
                    }
                }
                if reached {
                    found = true
                    below += transition.ignore + inside
                }
            }
        default:
            break
        }
        return found ? step.ignore + below : nil
    }
}
