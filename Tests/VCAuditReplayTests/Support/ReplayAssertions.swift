import Foundation
import Testing
@testable import VCAuditReplay
import VCAuditSpec

/// A spec loaded from inline YAML as `spec.yaml`, or nil (recorded as an issue with its diagnostics).
func loadSpec(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Spec? {
    let loaded = SpecLoader.load(bytes: Array(yaml.utf8), path: "spec.yaml")
    if loaded.spec == nil {
        let shown = loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
        Issue.record("the spec did not load:\n\(shown)", sourceLocation: sourceLocation)
    }
    return loaded.spec
}

/// `base` (a spec without `scenarios:`) with one scenario named `test` made of `steps` (YAML list items).
func specText(_ base: String, device: String? = nil, steps: String) -> String {
    var text = base
    if !text.hasSuffix("\n") { text += "\n" }
    text += "scenarios:\n  - name: test\n"
    if let device { text += "    device: \(device)\n" }
    text += "    steps:\n"
    for line in steps.split(separator: "\n", omittingEmptySubsequences: true) {
        text += "      " + line + "\n"
    }
    return text
}

/// The events as the tests write them: the causing step's index, two spaces per nesting level, then the summary.
func eventLines(_ log: EventLog) -> String {
    log.events.map { "\($0.step) " + String(repeating: "  ", count: $0.depth) + $0.summary }.joined(separator: "\n")
}

/// The events of a first step `launch` that shows `root` in the window with `shown` inside it, outermost first, as
/// UIKit calls them: the window's root set, the window made key, every `viewWillAppear`, then every `viewDidAppear`.
///
/// Tests write `events: launchEvents("tabs", "nav", "home") + """ ... """` to state only the events after launch;
/// they still assert the whole list, and these lines are written here, not taken from a replay.
func launchEvents(_ root: ControllerID, _ shown: ControllerID...) -> String {
    let chain = [root] + shown
    let lines = ["setRootViewController \(root)", "makeKeyAndVisible \(root)"]
        + chain.map { "viewWillAppear \($0)" } + chain.map { "viewDidAppear \($0)" }
    return lines.map { "1 \($0)\n" }.joined()
}

/// Replays the scenario `test` of `base` + `steps` and asserts, exhaustively:
/// the whole event sequence (`events`), the whole final state as `HierarchyPrinter`
/// prints it (`tree`), and the replay invariants (the log re-folds to the final
/// state, a second replay gives the same bytes, the log parses back, the
/// hierarchy is consistent). Returns the replay for further checks.
@discardableResult
func assertReplay(
    _ base: String, device: String? = nil, steps: String, retargeting map: [ControllerID: ControllerID] = [:], events: String, tree: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> (spec: Spec, result: ReplayResult)? {
    guard let loaded = loadSpec(specText(base, device: device, steps: steps), sourceLocation: sourceLocation) else { return nil }
    let spec = map.isEmpty ? loaded : retargetingContainers(loaded, map)
    guard let scenario = spec.scenarios.first else { return nil }
    let result = Replay.run(spec, scenario: scenario)
    let actualEvents = eventLines(result.log)
    let actualTree = HierarchyPrinter(spec: spec, state: result.finalState).render()
    expectText(actualEvents, equals: events, what: "events", sourceLocation: sourceLocation)
    expectText(actualTree, equals: tree, what: "tree", sourceLocation: sourceLocation)
    checkInvariants(spec: spec, scenario: scenario, result: result, sourceLocation: sourceLocation)
    return (spec, result)
}

/// Compares multi-line text after trimming each side's trailing newlines; on a mismatch,
/// records a line diff and the actual text ready to paste.
func expectText(_ actual: String, equals expected: String, what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let a = actual.trimmingTrailingNewlines
    let e = expected.trimmingTrailingNewlines
    guard a != e else { return }
    RecordedText.record(actual: a, what: what, at: sourceLocation)
    let diff = LineDiff.render(expected: e.components(separatedBy: "\n"), actual: a.components(separatedBy: "\n"))
    Issue.record("\(what) differ (- expected, + actual):\n\(diff)\nactual \(what):\n\(a)\n", sourceLocation: sourceLocation)
}

/// Checks what holds after every replay: the log re-folds to the final state, a
/// second replay is byte-identical, the JSON Lines parse back to the same events,
/// and the hierarchy is consistent (`HierarchyInvariants`).
func checkInvariants(spec: Spec, scenario: Scenario, result: ReplayResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let initial = Replay.initialState(spec: spec, device: result.device)
    let folded = Replay.fold(result.log.events, into: initial)
    #expect(folded == result.finalState, "folding the log does not rebuild the final state", sourceLocation: sourceLocation)
    let again = Replay.run(spec, scenario: scenario)
    #expect(again.log.jsonLines == result.log.jsonLines, "a second replay differs", sourceLocation: sourceLocation)
    do {
        let parsed = try EventLog.parse(result.log.jsonLines)
        #expect(parsed == result.log, "the JSON Lines do not parse back to the same log", sourceLocation: sourceLocation)
    } catch {
        Issue.record("the JSON Lines do not parse: \(error)", sourceLocation: sourceLocation)
    }
    for problem in HierarchyInvariants.problems(in: result.finalState) {
        Issue.record("invariant broken: \(problem)", sourceLocation: sourceLocation)
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

/// With `VCAUDIT_RECORD_DIR` set, mismatching actual texts are written there as JSON
/// (file, line, what, actual) so a reviewer can paste them after reading them;
/// tests never pass because of it.
enum RecordedText {
    static func record(actual: String, what: String, at location: Testing.SourceLocation) {
        guard let directory = ProcessInfo.processInfo.environment["VCAUDIT_RECORD_DIR"] else { return }
        let object: [String: Any] = ["file": location.filePath, "line": location.line, "what": what, "actual": actual]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        let name = "\(location.fileName)-\(location.line)-\(what).json"
        _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: data)
    }
}

/// `spec` with the container argument of its steps (`nav` of push and pops, `of` of
/// setViewControllers, `tabs` of select) renamed by `map`.
///
/// The decoder refuses YAML whose container argument names a controller of the
/// wrong kind, but a spec built in code can still do it; the reducer answers with
/// a warning, and tests reach that path through this.
func retargetingContainers(_ spec: Spec, _ map: [ControllerID: ControllerID]) -> Spec {
    func r(_ reference: Reference) -> Reference { Reference(map[reference.id] ?? reference.id, at: reference.mark) }
    func retarget(_ original: Step) -> Step {
        var step = original
        switch step.action {
        case let .push(nav, vc, animated): step.action = .push(nav: r(nav), vc: vc, animated: animated)
        case let .pop(nav, animated): step.action = .pop(nav: r(nav), animated: animated)
        case let .popToRoot(nav, animated): step.action = .popToRoot(nav: r(nav), animated: animated)
        case let .popTo(nav, vc, animated): step.action = .popTo(nav: r(nav), vc: vc, animated: animated)
        case let .setViewControllers(of, vcs, animated): step.action = .setViewControllers(of: r(of), vcs: vcs, animated: animated)
        case let .select(tabs, vc): step.action = .select(tabs: r(tabs), vc: vc)
        case let .simultaneously(steps): step.action = .simultaneously(steps.map(retarget))
        default: break
        }
        return step
    }
    var spec = spec
    for index in spec.scenarios.indices { spec.scenarios[index].steps = spec.scenarios[index].steps.map(retarget) }
    return spec
}
