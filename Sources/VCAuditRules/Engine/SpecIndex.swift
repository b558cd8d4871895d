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

    /// Reads the spec's declarations and steps in place, by position: iterating its lists copied every controller,
    /// transition and scenario (and retained what each holds) only to find that nearly none has an `ignore:`.
    public init(_ spec: Spec) {
        self.spec = spec
        for position in spec.controllers.indices where !spec.controllers[position].ignore.isEmpty {
            let owners = [Entry.Owner.controller(spec.controllers[position].id)]
            for suppression in spec.controllers[position].ignore { entries.append(Entry(suppression: suppression, owners: owners)) }
        }
        for position in spec.transitions.indices {
            let owner = Entry.Owner.transition(spec.transitions[position].name)
            if !spec.transitions[position].ignore.isEmpty {
                for suppression in spec.transitions[position].ignore { entries.append(Entry(suppression: suppression, owners: [owner])) }
            }
            if case .calls(let calls) = spec.transitions[position].body { index(calls, within: owner, enclosing: []) }
        }
        for position in spec.scenarios.indices {
            let owner = Entry.Owner.scenario(position)
            for suppression in spec.scenarios[position].ignore { entries.append(Entry(suppression: suppression, owners: [owner])) }
            index(spec.scenarios[position].steps, within: owner, enclosing: [])
        }
        entries.sort { $0.suppression.mark < $1.suppression.mark }
        suppressedRules = Set(entries.map(\.suppression.rule.value))
    }

    /// Indexes the suppressions of `steps` and of the steps nested in them, where `steps` are those of `owner`, which
    /// `enclosing` encloses in turn.
    ///
    /// Reads each step in place, through a buffer pointer: iterating the array would copy every step (and retain
    /// what it holds) only to find that nearly none has a suppression. The list of a step's owners is made only for a
    /// step that has an `ignore:` or nested steps: making one for every scenario allocated it for nothing.
    private mutating func index(_ steps: [Step], within owner: Entry.Owner, enclosing: [Entry.Owner]) {
        steps.withUnsafeBufferPointer { steps in
            for position in steps.indices {
                if !steps[position].ignore.isEmpty {
                    let owners = [Entry.Owner.step(steps[position].mark), owner] + enclosing
                    for suppression in steps[position].ignore { entries.append(Entry(suppression: suppression, owners: owners)) }
                }
                if case .simultaneously(let inner) = steps[position].action {
                    index(inner, within: .step(steps[position].mark), enclosing: [owner] + enclosing)
                }
            }
        }
    }

    /// The step or transition call written at `mark` that `top` runs (itself, a nested step, or a call of a
    /// transition it performs); for an expectation's mark, the `expect` step that holds it.
    public func step(at mark: Mark, within top: Step) -> Step? {
        var visiting: [String] = []
        return find(mark, in: top, visiting: &visiting) { step, _ in step }
    }

    /// The expectation written at `mark` that `top` checks.
    public func expectation(at mark: Mark, within top: Step) -> Expectation? {
        var visiting: [String] = []
        return find(mark, in: top, visiting: &visiting) { _, expectation in expectation } ?? nil
    }

    /// What `found` makes of the step written at `mark` within `step` (with the expectation written there, when it is
    /// in an `expect` step), entering the transitions it performs; `visiting` lists the transitions being entered (a
    /// handful at most), so that one that performs itself is entered once.
    ///
    /// The steps are read in place and handed to `found`: a step returned, or taken out of its list, was copied (a
    /// retain of each of its fields) for a caller that wants only the expectation.
    private func find<Found>(_ mark: Mark, in step: Step, visiting: inout [String],
                             _ found: (_ step: Step, _ expectation: Expectation?) -> Found) -> Found? {
        if step.mark == mark { return found(step, nil) }
        switch step.action {
        case .simultaneously(let inner):
            for index in inner.indices {
                if let result = find(mark, in: inner[index], visiting: &visiting, found) { return result }
            }
        case .expect(let expectations):
            if let index = expectations.firstIndex(where: { $0.mark == mark }) { return found(step, expectations[index]) }
        case .perform(let name):
            // By position, read in place: `spec.transition(_:)` copied the whole transition for its calls.
            guard !visiting.contains(name.value), let position = spec.transitionPosition(name.value),
                  case .calls(let calls) = spec.transitions[position].body else { break }
            visiting.append(name.value)
            defer { visiting.removeLast() }
            for index in calls.indices {
                if let result = find(mark, in: calls[index], visiting: &visiting, found) { return result }
            }
        default:
            break
        }
        return nil
    }

    /// Every `ignore:` entry of `rule` that covers a violation of a call at `call`, run by `step` of scenario
    /// `scenario` (or written in `transition`), about `controller`: the scenario's, the steps' and transitions' on the
    /// way to the call, the call's own, then the controller's declaration's.
    ///
    /// The declarations and steps are read in place and only the entries of `rule` are kept: listing every entry on
    /// the way (copying each transition and step it passed) to keep a few was most of a suppressed finding's cost.
    public func suppressions(of rule: String, scenario: Int?, step: Int?, call: Mark?, transition: String?,
                             controller: ControllerID?) -> [Suppression] {
        var result = suppressions(of: rule, scenario: scenario, step: step, call: call, transition: transition)
        if let controller, let position = spec.controllerPosition(of: controller) {
            append(spec.controllers[position].ignore, of: rule, to: &result)
        }
        return result
    }

    /// The entries of `rule` on the way from scenario `scenario` (or `transition`) to the call at `call`, each once.
    private func suppressions(of rule: String, scenario: Int?, step: Int?, call: Mark?, transition: String?) -> [Suppression] {
        var result: [Suppression] = []
        if let scenario, spec.scenarios.indices.contains(scenario) {
            append(spec.scenarios[scenario].ignore, of: rule, to: &result)
            if let step, spec.scenarios[scenario].steps.indices.contains(step - 1) {
                let top = spec.scenarios[scenario].steps[step - 1]
                var visiting: [String] = []
                var reachedCall = false
                if let call { reachedCall = appendPath(from: top, to: call, of: rule, visiting: &visiting, to: &result) }
                if !reachedCall {
                    append(top.ignore, of: rule, to: &result)
                    if let transition, let position = spec.transitionPosition(transition) {
                        append(spec.transitions[position].ignore, of: rule, to: &result)
                    }
                }
            }
        } else if let transition, let position = spec.transitionPosition(transition) {
            append(spec.transitions[position].ignore, of: rule, to: &result)
            if let call, case .calls(let calls) = spec.transitions[position].body {
                var visiting = [transition]
                for nested in calls { _ = appendPath(from: nested, to: call, of: rule, visiting: &visiting, to: &result) }
            }
        }
        guard result.count > 1 else { return result }
        var seen: Set<Mark> = []
        return result.filter { seen.insert($0.mark).inserted }
    }

    /// Appends the entries of `rule` in `entries` to `result`.
    private func append(_ entries: [Suppression], of rule: String, to result: inout [Suppression]) {
        for entry in entries where entry.rule.value == rule { result.append(entry) }
    }

    /// Appends to `result` the entries of `rule` on every path from `step` down to the call at `mark`, and says whether
    /// `mark` is below `step` (when it is not, `result` is left as it was); `visiting` lists the transitions being
    /// entered, as in `find`.
    private func appendPath(from step: Step, to mark: Mark, of rule: String, visiting: inout [String],
                            to result: inout [Suppression]) -> Bool {
        let start = result.count
        var found = step.mark == mark
        append(step.ignore, of: rule, to: &result)
        switch step.action {
        case .simultaneously(let inner):
            for nested in inner where appendPath(from: nested, to: mark, of: rule, visiting: &visiting, to: &result) {
                found = true
            }
        case .expect(let expectations):
            if expectations.contains(where: { $0.mark == mark }) { found = true }
        case .perform(let name):
            guard !visiting.contains(name.value), let position = spec.transitionPosition(name.value) else { break }
            switch spec.transitions[position].body {
            case .segue(let segue):
                if segue.mark == mark {
                    found = true
                    append(spec.transitions[position].ignore, of: rule, to: &result)
                }
            case .calls(let calls):
                let transitionStart = result.count
                append(spec.transitions[position].ignore, of: rule, to: &result)
                var reached = false
                visiting.append(name.value)
                defer { visiting.removeLast() }
                for call in calls where appendPath(from: call, to: mark, of: rule, visiting: &visiting, to: &result) {
                    reached = true
                }
                if reached {
                    found = true
                } else {
                    result.removeSubrange(transitionStart...)
                }
            }
        default:
            break
        }
        if !found { result.removeSubrange(start...) }
        return found
    }
}
