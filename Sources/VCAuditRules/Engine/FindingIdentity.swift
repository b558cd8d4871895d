import VCAuditReplay
import VCAuditSpec
import VCAuditSupport

/// What makes two findings the same finding, however the spec's lines move: the rule, the spec, the scenario and
/// the controllers involved.
///
/// One identity serves every place that matches findings from run to run: baseline entries (`Baseline`), the
/// fingerprints of SARIF and JSON reports, the diff's new, fixed and unchanged findings, and `explore`'s one
/// finding per bug (`acrossPaths`). Lines and messages are not part of it: editing a spec moves lines, and a
/// message may quote them. Findings with the same identity are told apart by counting them in report order,
/// never by their text.
public struct FindingIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rule: String
    /// The spec's path as the caller knows it (relative to the compared folder, or to the report's root).
    public var spec: String
    /// The scenario it occurred in; nil for findings about declarations alone.
    public var scenario: String?
    /// The controllers involved, most relevant first.
    public var controllers: [ControllerID]

    public init(rule: String, spec: String, scenario: String?, controllers: [ControllerID]) {
        self.rule = rule
        self.spec = spec
        self.scenario = scenario
        self.controllers = controllers
    }

    /// The identity of `finding`, its spec named `spec` (by default the file its location is in).
    public init(_ finding: Finding, spec: String? = nil) {
        self.init(rule: finding.ruleID, spec: spec ?? finding.location.file, scenario: finding.scenario,
                  controllers: finding.controllers)
    }

    /// The identity without its scenario, with instances named by their scene (`detail#2` is `detail`): the same bug
    /// reached by two paths of `explore` is one finding.
    public var acrossPaths: FindingIdentity {
        FindingIdentity(rule: rule, spec: spec, scenario: nil, controllers: controllers.map(\.sceneID))
    }

    /// The identity as canonical JSON, `[rule, spec, [controllers], scenario or null]`: what fingerprints hash.
    public var canonicalJSON: String {
        JSONValue.array([
            .string(rule), .string(spec), .array(controllers.map { .string($0.name) }), scenario.map { .string($0) } ?? .null,
        ]).canonical
    }

    /// `rule in spec, scenario 'name' (a, b)`, as messages about baseline entries name them.
    public var description: String {
        "\(rule) in \(spec)" + (scenario.map { ", scenario '\($0)'" } ?? "")
            + (controllers.isEmpty ? "" : " (\(controllers.joined(separator: ", ")))")
    }

    /// By spec, rule, scenario (none first), then controllers.
    public static func < (a: FindingIdentity, b: FindingIdentity) -> Bool {
        (a.spec, a.rule, a.scenario ?? "", a.controllers.joined(separator: ","))
            < (b.spec, b.rule, b.scenario ?? "", b.controllers.joined(separator: ","))
    }
}
