import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// SARIF 2.1.0, as GitHub code scanning and other SARIF viewers read it.
///
/// One run: `tool.driver` carries the enabled rules' catalog entries (and a
/// bare entry for any rule a finding names that the catalog lacks), sorted by
/// id, so `ruleIndex` is stable. Each finding is a result with its message
/// and context phrase, its location relative to `%SRCROOT%`, its notes as
/// `relatedLocations`, a `partialFingerprints` entry that survives line moves
/// and its scenario, devices and controllers as properties. Input errors are
/// error notifications and skipped files note notifications of
/// `invocations[0]`, which is successful when there are no input errors. A finding an `ignore:` entry suppressed is
/// a result too, with a `suppressions` entry (`inSource`, its reason as the justification), so code scanning shows
/// it as suppressed rather than not at all.
/// Columns count Unicode scalars, as libyaml's marks do.
public struct SARIFReporter: JSONDocumentReporter {
    public static let identifier = "sarif"
    public static let help = "SARIF 2.1.0 with rule metadata, for GitHub code scanning"
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The `partialFingerprints` key; the suffix is bumped if the key's recipe changes.
    public static let fingerprintKey = "vcauditFinding/v1"
    /// The base every relative artifact URI is resolved against: the repository root.
    public static let sourceRootBaseID = "%SRCROOT%"

    public var options: ReportOptions

    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// The log as a JSON value.
    public func document(_ result: CheckResult) -> JSONValue {
        let (ordered, fingerprints, suppressed) = fingerprinted(result)
        let rules = catalog(result.rules, findings: ordered.findings + suppressed.map(\.finding))
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.identifier, $0) })

        var driver: [String: JSONValue] = [
            "name": .string(ReportOptions.toolName),
            "version": .string(options.toolVersion),
            "rules": .array(rules.map(Self.descriptor)),
        ]
        if let uri = options.informationURI { driver["informationUri"] = .string(uri) }

        var notifications = ordered.inputErrors.map(notification)
        notifications += ordered.skipped.map { skipped in
            .object([
                "level": .string("note"),
                "message": .object(["text": .string("skipped: " + skipped.reason)]),
                "locations": .array([.object(["physicalLocation": .object(["artifactLocation": artifactLocation(skipped.path)])])]),
            ])
        }

        var results = zip(ordered.findings, fingerprints).map { finding, fingerprint in
            self.result(finding, fingerprint: fingerprint, ruleIndex: ruleIndex[finding.ruleID]!)
        }
        results += suppressed.map { finding, fingerprint in
            self.result(finding, fingerprint: fingerprint, ruleIndex: ruleIndex[finding.ruleID]!)
        }

        let run: JSONValue = .object([
            "tool": .object(["driver": .object(driver)]),
            "invocations": .array([.object([
                "executionSuccessful": .bool(ordered.inputErrors.isEmpty),
                "toolExecutionNotifications": .array(notifications),
            ])]),
            "columnKind": .string("unicodeCodePoints"),
            "results": .array(results),
        ])
        return .object([
            "$schema": .string(Self.schemaURI),
            "version": .string("2.1.0"),
            "runs": .array([run]),
        ])
    }

    /// The rule entries: the enabled rules plus a bare entry for each other rule a finding names, sorted by id.
    private func catalog(_ rules: [RuleDescription], findings: [Finding]) -> [RuleEntry] {
        var entries: [String: RuleEntry] = [:]
        for rule in rules where entries[rule.identifier] == nil { entries[rule.identifier] = RuleEntry(identifier: rule.identifier, rule: rule) }
        for finding in findings where entries[finding.ruleID] == nil { entries[finding.ruleID] = RuleEntry(identifier: finding.ruleID, rule: nil) }
        return entries.values.sorted { $0.identifier < $1.identifier }
    }

    private struct RuleEntry {
        var identifier: String
        var rule: RuleDescription?
    }

    private static func descriptor(_ entry: RuleEntry) -> JSONValue {
        guard let rule = entry.rule else { return .object(["id": .string(entry.identifier)]) }
        // A rule's description is Markdown already (docs/rules.md renders it as written): its code spans stay code.
        let markdown = rule.description
            + "\n\n**UIKit:** " + MarkdownEscaping.code(rule.uikitMessage, inTable: false)
            + "\n\nRun `vcaudit rules \(rule.identifier)` for triggering and non-triggering examples."
        return .object([
            "id": .string(rule.identifier),
            "name": .string(rule.name),
            "shortDescription": .object(["text": .string(rule.name)]),
            "fullDescription": .object(["text": .string(rule.description)]),
            "help": .object(["text": .string(rule.uikitMessage), "markdown": .string(markdown)]),
            "helpUri": .string(RulesDocument.helpURI(rule.identifier)),
            "defaultConfiguration": .object(["level": .string(level(rule.severity))]),
            "properties": .object(["tags": .array([.string("uikit"), .string(rule.category.rawValue)])]),
        ])
    }

    private func result(_ finding: Finding, fingerprint: String, ruleIndex: Int) -> JSONValue {
        var properties: [String: JSONValue] = [
            "devices": .array(finding.devices.sorted().map { .string($0.rawValue) }),
            "controllers": .array(finding.controllers.map { .string($0.name) }),
        ]
        if let scenario = finding.scenario { properties["scenario"] = .string(scenario) }
        var result: [String: JSONValue] = [
            "ruleId": .string(finding.ruleID),
            "ruleIndex": .int(ruleIndex),
            "level": .string(Self.level(finding.severity)),
            "message": .object(["text": .string(FindingContext.message(finding))]),
            "locations": .array([.object(["physicalLocation": physicalLocation(finding.location)])]),
            "partialFingerprints": .object([Self.fingerprintKey: .string(fingerprint)]),
            "properties": .object(properties),
        ]
        if let reason = finding.suppression {
            result["suppressions"] = .array([.object(["kind": .string("inSource"), "justification": .string(reason)])])
        }
        if !finding.notes.isEmpty {
            result["relatedLocations"] = .array(finding.notes.enumerated().map { index, note in
                .object([
                    "id": .int(index + 1),
                    "physicalLocation": physicalLocation(note.location),
                    "message": .object(["text": .string(note.message)]),
                ])
            })
        }
        return .object(result)
    }

    private func notification(_ diagnostic: Diagnostic) -> JSONValue {
        var locations: [JSONValue] = [.object(["physicalLocation": physicalLocation(diagnostic.location)])]
        locations += diagnostic.notes.map { note in
            .object(["physicalLocation": physicalLocation(note.location), "message": .object(["text": .string(note.message)])])
        }
        return .object([
            "level": .string(diagnostic.severity == .note ? "note" : diagnostic.severity.rawValue),
            "message": .object(["text": .string(diagnostic.message)]),
            "locations": .array(locations),
        ])
    }

    private func physicalLocation(_ location: SourceLocation) -> JSONValue {
        .object([
            "artifactLocation": artifactLocation(location.file),
            "region": .object(["startLine": .int(max(1, location.line)), "startColumn": .int(max(1, location.column))]),
        ])
    }

    private func artifactLocation(_ path: String) -> JSONValue {
        let relative = ReportPath.relative(path, to: options.rootDirectory)
        if ReportPath.isAbsolute(relative) { return .object(["uri": .string(ReportPath.uri(relative))]) }
        return .object(["uri": .string(ReportPath.uri(relative)), "uriBaseId": .string(Self.sourceRootBaseID)])
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
