import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// A stable, versioned JSON document of the whole run, for scripts.
///
/// Shape (version 1; fields are only ever added within a version):
/// `{"version": 1, "tool": {"name", "version"}, "findings": [...],
/// "inputErrors": [...], "skipped": [...], "summary": {...}}`. A finding has
/// `ruleId`, `severity` (`error`, `warning`, `info`), `message`, `location`
/// (`file`, `line`, `column`), `notes` (`location`, `message`), `scenario`
/// (null for findings about declarations), `devices`, `controllers` and
/// `fingerprint` (the same stable identity as SARIF's `partialFingerprints`). `suppressed` lists the findings
/// `ignore:` entries suppressed, each with its `reason`; the summary counts them, the findings the baseline hid
/// (`hiddenByBaseline`), scenarios once per device replayed (`scenarios`) and once each (`distinctScenarios`), and
/// the user paths explored (`exploredPaths`, null when nothing was explored). `vcaudit explore`, which replays no
/// scenario, counts its paths in `scenarios` and `distinctScenarios` too, as version 1 always has.
/// Paths are as given; keys are sorted; two-space indentation.
public struct JSONReporter: JSONDocumentReporter {
    public static let identifier = "json"
    public static let help = "a versioned JSON document of findings, input errors, skipped files and counts"
    /// The document format version; bumped only for incompatible changes.
    public static let formatVersion = 1

    public var options: ReportOptions

    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// The report as a JSON value.
    public func document(_ result: CheckResult) -> JSONValue {
        let (ordered, fingerprints, suppressed) = fingerprinted(result)
        let summary = ordered.summary
        return .object([
            "version": .int(Self.formatVersion),
            "tool": .object(["name": .string(ReportOptions.toolName), "version": .string(options.toolVersion)]),
            "findings": .array(zip(ordered.findings, fingerprints).map { Self.finding($0, fingerprint: $1) }),
            "inputErrors": .array(ordered.inputErrors.map(Self.diagnostic)),
            "skipped": .array(ordered.skipped.map { .object(["path": .string($0.path), "reason": .string($0.reason)]) }),
            "summary": .object([
                "errors": .int(summary.errors),
                "warnings": .int(summary.warnings),
                "info": .int(summary.infos),
                "inputErrors": .int(summary.inputErrors),
                "skipped": .int(summary.skipped),
                "specs": .int(summary.specs),
                "specsWithFindings": .int(summary.specsWithFindings),
                // Replays, as version 1 has always counted them (explore's paths, for explore); each scenario once is
                // `distinctScenarios`.
                "scenarios": .int(summary.replayedScenarios ? summary.scenarioRuns : summary.paths ?? 0),
                "distinctScenarios": .int(summary.replayedScenarios ? summary.scenarios : summary.paths ?? 0),
                "exploredPaths": summary.paths.map { .int($0) } ?? .null,
                "hiddenByBaseline": .int(summary.hiddenByBaseline),
                "suppressed": .int(summary.suppressed),
            ]),
            "suppressed": .array(suppressed.map { Self.finding($0.finding, fingerprint: $0.fingerprint) }),
        ])
    }

    /// A finding as the document writes it; a suppressed one also has its `reason`.
    static func finding(_ finding: Finding, fingerprint: String) -> JSONValue {
        var fields: [String: JSONValue] = [
            "ruleId": .string(finding.ruleID),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "location": location(finding.location),
            "notes": .array(finding.notes.map { .object(["location": location($0.location), "message": .string($0.message)]) }),
            "scenario": finding.scenario.map { .string($0) } ?? .null,
            "devices": .array(finding.devices.sorted().map { .string($0.rawValue) }),
            "controllers": .array(finding.controllers.map { .string($0.name) }),
            "fingerprint": .string(fingerprint),
        ]
        if let reason = finding.suppression { fields["reason"] = .string(reason) }
        return .object(fields)
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            "severity": .string(diagnostic.severity.rawValue),
            "message": .string(diagnostic.message),
            "location": location(diagnostic.location),
            "notes": .array(diagnostic.notes.map { .object(["location": location($0.location), "message": .string($0.message)]) }),
        ])
    }

    static func location(_ location: SourceLocation) -> JSONValue {
        .object(["file": .string(location.file), "line": .int(location.line), "column": .int(location.column)])
    }
}
