import VCAuditReplay
import VCAuditRules

/// What reporters need to know beyond the result: how to show it and what the tool is.
///
/// The CLI fills it in: `color` from whether standard output is a terminal,
/// `rootDirectory` from the working directory (the repository root in CI).
/// The defaults give plain, machine-independent output.
public struct ReportOptions: Sendable, Hashable {
    /// The tool's name, as SARIF, JSON and JUnit name it.
    public static let toolName = "vcaudit"

    /// ANSI colour in the `text` format; only on a terminal.
    public var color: Bool
    /// The version SARIF and JSON report; the release by default, fixed in golden tests.
    public var toolVersion: String
    /// The tool's home page for SARIF's `informationUri`; left out when nil.
    public var informationURI: String?
    /// The directory CI-facing formats (`sarif`, `github`, `junit`, `markdown`) make paths relative to.
    ///
    /// Code scanning and workflow annotations resolve paths from the
    /// repository root, so an absolute path under this directory is reported
    /// relative to it. `text` and `json` keep paths as given (Xcode wants the
    /// paths it passed in). Finding fingerprints always use the relative form.
    public var rootDirectory: String?
    /// The least severity that fails the run (error; warning with `--strict`): JUnit fails only those test cases,
    /// so a test report is red exactly when the job is.
    public var failingSeverity: Severity

    public init(color: Bool = false, toolVersion: String = VCAuditVersion.number, informationURI: String? = nil,
                rootDirectory: String? = nil, failingSeverity: Severity = .error) {
        self.color = color
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.rootDirectory = rootDirectory
        self.failingSeverity = failingSeverity
    }
}
