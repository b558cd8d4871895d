import VCAuditSpec

/// How bad a finding is. Ordered: info < warning < error.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case info, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }

    /// Its position in `allCases`, without searching the list (every finding made compares two severities).
    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// One hierarchy problem found in a replay, pointing at the spec line where its cause or fix lives.
public struct Finding: Sendable, Hashable {
    /// Another place involved: the transition that expanded into the call, the scenario step that ran it.
    public typealias Note = Diagnostic.Note

    public var ruleID: String
    public var severity: Severity
    /// Names the controllers as UIKit's message would, then says what to do.
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]
    /// The scenario it occurred in; nil for findings about declarations alone.
    public var scenario: String?
    /// The devices it occurs on (sorted), after the device matrix is merged.
    public var devices: [Device]
    /// The controllers involved, most relevant first: the baseline key uses them.
    public var controllers: [ControllerID]
    /// The spec it was found in (its location may be elsewhere: a storyboard the spec imports); nil when unknown.
    public var spec: String?
    /// The other specs that made this same finding, merged into it (a storyboard the two apps of one folder share,
    /// iPhone's and iPad's): counted among the specs with findings.
    public var alsoFoundIn: [String] = []
    /// The reason of the `ignore:` entry that suppressed it, for a finding in `CheckResult.suppressed`.
    public var suppression: String?
    /// The transition whose call caused it (the innermost, when transitions perform others); nil when a scenario
    /// step or a declaration did.
    public var transition: String?

    /// Adds `devices` to those it occurs on, kept sorted and each once (the same finding met on another device).
    public mutating func addDevices(_ devices: [Device]) {
        self.devices = Array(Set(self.devices + devices)).sorted()
    }

    /// Sort order for reports: file, line, column, rule, message.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.location != b.location { return a.location < b.location }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        if a.message != b.message { return a.message < b.message }
        return (a.scenario ?? "") < (b.scenario ?? "")
    }
}

/// The initializers are declared here, outside the type, so that it keeps its memberwise initializer, which the
/// checker makes each finding with (its suppression and transition set too): an initializer of the type's own
/// copies the finding whole once it is made (a retain and a release of each of its strings and lists, about 570
/// instructions a finding in callgrind), where the memberwise one builds it from its fields at once.
extension Finding {
    /// A finding that no `ignore:` entry suppressed and no transition caused.
    public init(ruleID: String, severity: Severity, message: String, location: SourceLocation, notes: [Note] = [],
                scenario: String? = nil, devices: [Device] = [], controllers: [ControllerID] = []) {
        self.init(ruleID: ruleID, severity: severity, message: message, location: location, notes: notes, scenario: scenario,
                  devices: devices, controllers: controllers, suppression: nil, transition: nil)
    }
}

/// A rule's documentation and examples: what the catalog, `vcaudit rules ID` and SARIF show.
public struct RuleDescription: Sendable, Hashable {
    /// Rule groups, by the UIKit area they are about.
    public enum Category: String, Sendable, Hashable, CaseIterable {
        case containment, appearance, presentation, navigation, window, restoration, scenario
    }

    /// A spec that shows the rule; `↓` marks where each expected finding points.
    public struct Example: Sendable, Hashable {
        public var spec: String
        /// Run on this device (default: the spec's own).
        public var device: Device?

        public init(_ spec: String, device: Device? = nil) {
            self.spec = spec
            self.device = device
        }
    }

    public var identifier: String
    public var name: String
    public var description: String
    public var category: Category
    public var severity: Severity
    /// The UIKit message or documented rule this mirrors.
    public var uikitMessage: String
    public var triggeringExamples: [Example]
    public var nonTriggeringExamples: [Example]

    public init(identifier: String, name: String, description: String, category: Category, severity: Severity,
                uikitMessage: String, triggeringExamples: [Example] = [], nonTriggeringExamples: [Example] = []) {
        self.identifier = identifier
        self.name = name
        self.description = description
        self.category = category
        self.severity = severity
        self.uikitMessage = uikitMessage
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// Everything one `check` run produced: what reporters render.
public struct CheckResult: Sendable {
    /// The spec files checked (loaded or not), in order.
    public var files: [String]
    /// Findings that survived configuration, suppressions and the baseline, in report order.
    public var findings: [Finding]
    /// Bad input: files that could not be loaded, bad configuration (exit status 2).
    public var inputErrors: [Diagnostic]
    /// Files found in folders, or storyboards given, but not checked, with the reason (`SpecLoader.Skipped`).
    public var skipped: [SpecLoader.Skipped]
    /// The catalog entries of the rules that were enabled.
    public var rules: [RuleDescription]
    /// Scenarios replayed (per device).
    public var scenarioCount: Int
    /// Whether the specs' scenarios were replayed: `explore` only explores.
    public var replayedScenarios = true
    /// User paths explored from launch (`explore`, `check --explore`), over every spec and device; nil when the run
    /// explored nothing.
    public var exploredPaths: Int?
    /// The text of each file that has input errors, by path, so they can be shown with excerpts.
    public var sources: [String: SourceText] = [:]
    /// Spec files that were not replayed because they could not be loaded (their errors are in `inputErrors`).
    public var notReplayed: [String] = []
    /// Findings the baseline left out of `findings`.
    public var hiddenByBaseline: Int = 0
    /// Every scenario × device replay that ran, in input order: a JUnit test case each.
    public var runs: [ScenarioReplay] = []
    /// Findings an `ignore:` entry suppressed, each with its reason (`Finding.suppression`), in report order: SARIF
    /// reports them as suppressed in source, the summary counts them.
    public var suppressed: [Finding] = []
    /// The storyboards imported as one app (its spec is in `files` under the name of the one it starts with).
    public var importedStoryboards: [String] = []

    /// The files this run read and checked: the specs that loaded and the storyboards of the app.
    public var checkedPaths: [String] {
        let failed = Set(notReplayed)
        return (files + importedStoryboards).filter { !failed.contains($0) }
    }

    public init(files: [String] = [], findings: [Finding] = [], inputErrors: [Diagnostic] = [],
                skipped: [SpecLoader.Skipped] = [], rules: [RuleDescription] = [], scenarioCount: Int = 0, runs: [ScenarioReplay] = []) {
        self.files = files
        self.findings = findings
        self.inputErrors = inputErrors
        self.skipped = skipped
        self.rules = rules
        self.scenarioCount = scenarioCount
        self.runs = runs
    }
}
