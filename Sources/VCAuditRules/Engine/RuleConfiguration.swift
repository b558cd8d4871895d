/// Which rules run and at what severity: what `.vcaudit.yml` and the command line decide.
///
/// A value passed to `Checker`, never global state. Ids are not validated
/// here; `RuleCatalog.unknownIdentifierMessage(_:)` words the error for an id
/// the catalog does not know.
public struct RuleConfiguration: Sendable, Hashable {
    /// Ids of the rules that run.
    public var enabledRules: Set<String>
    /// Severities that replace the rules' defaults, by rule id.
    public var severityOverrides: [String: Severity]
    /// The run explores every user path (`vcaudit explore`): the rules that only make sense then run too.
    public var exploring = false

    /// Every rule of the catalog at its default severity, unless told otherwise.
    public init(enabledRules: Set<String> = Set(RuleCatalog.identifiers), severityOverrides: [String: Severity] = [:]) {
        self.enabledRules = enabledRules
        self.severityOverrides = severityOverrides
    }

    /// The catalog with `disabled` turned off.
    public init(disabling disabled: some Sequence<String>, severityOverrides: [String: Severity] = [:]) {
        self.init(enabledRules: Set(RuleCatalog.identifiers).subtracting(disabled), severityOverrides: severityOverrides)
    }

    /// Only the rules in `ids`.
    public static func only(_ ids: some Sequence<String>) -> RuleConfiguration {
        RuleConfiguration(enabledRules: Set(ids))
    }

    public func isEnabled(_ id: String) -> Bool { enabledRules.contains(id) }

    /// The severity findings of `id` get: the override, else the rule's default (warning for an unknown id).
    public func severity(of id: String) -> Severity {
        // Without overrides (the usual configuration) the id is not hashed twice: it is asked for every finding.
        if severityOverrides.isEmpty { return RuleCatalog.defaultSeverity(of: id) ?? .warning }
        return severityOverrides[id] ?? RuleCatalog.defaultSeverity(of: id) ?? .warning
    }
}

extension RuleConfiguration {
    /// The rules `.vcaudit.yml` enables (`only_rules`, else all but `disabled_rules`), at the severities it sets.
    public init(_ configuration: Configuration) {
        self.init(enabledRules: Set(RuleCatalog.identifiers.filter(configuration.isEnabled)),
                  severityOverrides: configuration.severities)
    }
}
