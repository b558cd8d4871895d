import VCAuditReplay
import VCAuditSpec

/// One rule's view of a replay: the spec, scenario and device, naming helpers, and `report`.
///
/// It is one reference wide, so that an observer holding it and a list of what it saw fits in an existential's
/// inline buffer (three words): a copy of the rules' observers (one per path `explore` tries) then allocates no box
/// for it.
public struct RuleContext {
    /// The rule and the replay, behind the one reference the context is.
    private final class Storage {
        let ruleID: String
        let replay: ReplayContext

        init(ruleID: String, replay: ReplayContext) {
            self.ruleID = ruleID
            self.replay = replay
        }
    }

    private let storage: Storage

    public init(ruleID: String, replay: ReplayContext) {
        storage = Storage(ruleID: ruleID, replay: replay)
    }

    public var ruleID: String { storage.ruleID }
    public var replay: ReplayContext { storage.replay }

    public var spec: Spec { replay.spec }
    public var scenario: Scenario { replay.scenario }
    public var device: Device { replay.device }

    /// `<Class: id>`, the way UIKit names a controller in its messages.
    public func name(_ id: ControllerID) -> String { replay.uikitName(id) }

    /// The step or transition call that caused `event` (for an `expect` event, the `expect` step).
    public func call(for event: Event) -> Step? {
        replay.call(for: event)
    }

    /// The expectation an `expect` event checked.
    public func expectation(for event: Event) -> Expectation? {
        replay.expectation(for: event)
    }

    /// A note pointing at the declaration of `id`.
    public func declarationNote(_ id: ControllerID, _ message: String) -> Finding.Note? {
        spec.controller(id).map { Finding.Note(location: SourceLocation(file: spec.file, mark: $0.mark), message: message) }
    }

    /// Reports a violation located at the call that caused `event`.
    public func report(_ event: Event, _ message: String, controllers: [ControllerID], notes: [Finding.Note] = [],
                       minimumSeverity: Severity? = nil) {
        // Made whole by the memberwise initializer (`Violation`'s extension says why).
        replay.record(Violation(
            ruleID: ruleID, message: message, location: event.at, controllers: Self.unique(controllers), notes: notes,
            call: event.location.mark, step: event.step, transition: event.transition, scenario: replay.scenarioIndex, scope: .scenario,
            minimumSeverity: minimumSeverity))
    }

    /// Reports a violation located at a declaration, found while replaying `cause` (or at the end of the scenario when nil).
    ///
    /// Identical declaration violations from several scenarios become one finding.
    public func report(declaration location: SourceLocation, cause: Event?, _ message: String, controllers: [ControllerID],
                       notes: [Finding.Note] = [], scope: Violation.Scope = .declaration) {
        replay.record(Violation(
            ruleID: ruleID, message: message, location: location, controllers: Self.unique(controllers), notes: notes,
            call: cause?.location.mark, step: cause?.step, transition: cause?.transition, scenario: replay.scenarioIndex, scope: scope,
            minimumSeverity: nil))
    }

    static func unique(_ ids: [ControllerID]) -> [ControllerID] {
        // Most lists name each controller once: they are kept as they are, not copied.
        var firstRepeat: Int?
        for index in ids.indices where ids[..<index].contains(ids[index]) {
            firstRepeat = index
            break
        }
        guard let firstRepeat else { return ids }
        var result = Array(ids[..<firstRepeat])
        for id in ids[firstRepeat...] where !result.contains(id) { result.append(id) }
        return result
    }
}
