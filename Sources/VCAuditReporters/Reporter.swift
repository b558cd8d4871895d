import VCAuditRules
import VCAuditSupport

/// Renders the result of one `vcaudit check` run in one output format.
///
/// A reporter is a value built from `ReportOptions`; `report(_:)` is pure, so
/// the same result and options always give byte-identical text. Every format
/// sorts findings with `Finding.reportOrder` and input errors by location,
/// whatever order the result holds them in. `Reporters` lists them by
/// identifier for `--format` and `--report FORMAT:PATH`.
public protocol Reporter: Sendable {
    /// The name `--format` and `--report` use, e.g. `sarif`.
    static var identifier: String { get }
    /// One line saying what the format is for, for help and error messages.
    static var help: String { get }

    /// The options this reporter renders with.
    var options: ReportOptions { get }

    init(options: ReportOptions)

    /// The whole report: empty, or text ending in a line break.
    func report(_ result: CheckResult) -> String
}

extension Reporter {
    /// The name `--format` and `--report` use, e.g. `sarif`.
    public var identifier: String { Self.identifier }
}

/// A reporter whose report is one JSON document, written indented with sorted keys and a final line break.
public protocol JSONDocumentReporter: Reporter {
    /// The report as a JSON value.
    func document(_ result: CheckResult) -> JSONValue
}

extension JSONDocumentReporter {
    public func report(_ result: CheckResult) -> String {
        document(result).pretty + "\n"
    }

    /// The result in report order, with each finding's fingerprint (paths relative to the options' root), and the
    /// suppressed findings in report order with theirs, counted on from the open findings' so that none shares one.
    func fingerprinted(_ result: CheckResult)
        -> (ordered: OrderedResult, fingerprints: [String], suppressed: [(finding: Finding, fingerprint: String)]) {
        let ordered = OrderedResult(result)
        let suppressed = result.suppressed.sorted(by: Finding.reportOrder)
        let fingerprints = FindingFingerprint.compute(ordered.findings + suppressed, root: options.rootDirectory)
        return (ordered, Array(fingerprints.prefix(ordered.findings.count)),
                Array(zip(suppressed, fingerprints.suffix(suppressed.count))).map { (finding: $0, fingerprint: $1) })
    }
}
