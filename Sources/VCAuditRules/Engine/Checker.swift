import VCAuditReplay
import VCAuditSpec
import VCAuditYAML

/// Runs the enabled rules over a spec: its declarations once, and every scenario on every device.
///
/// The rules' observers watch each scenario as it replays, with the state
/// before and after every event; logs read from files (`check(_:logs:)`) are
/// played back to the same observers (`LogPlayback`), so the same rules
/// check both.
///
/// For each violation the checker adds the notes (the transition that
/// expanded into the call, the scenario step that ran it), applies the
/// `ignore:` entries that cover it (on the call, the steps and transitions on
/// the way to it, the scenario, and the first controller involved), merges
/// identical findings across devices into one with the sorted device list,
/// and reports `unused_suppression` for every entry that suppressed nothing
/// in any scenario on any device. The same spec, devices and configuration
/// always give the same report.
public struct Checker: Sendable {
    public var configuration: RuleConfiguration {
        didSet {
            enabledRules = Self.enabledRules(configuration)
            enabledRuleIDs = enabledRules.map { $0.identifier }
        }
    }

    /// The catalog entries of the rules that run, in catalog order (worked out when the configuration is set, not
    /// for every spec checked).
    public private(set) var enabledRules: [any Rule.Type]

    /// The identifiers of `enabledRules`, in their order: a rule's `identifier` copies its whole description.
    private var enabledRuleIDs: [String]

    public init(_ configuration: RuleConfiguration = RuleConfiguration()) {
        self.configuration = configuration
        enabledRules = Self.enabledRules(configuration)
        enabledRuleIDs = enabledRules.map { $0.identifier }
    }

    private static func enabledRules(_ configuration: RuleConfiguration) -> [any Rule.Type] {
        RuleCatalog.all.filter { configuration.isEnabled($0.identifier) && (configuration.exploring || !$0.onlyWhenExploring) }
    }

    /// The enabled rules' documentation, each with the severity its findings get here (the configured one),
    /// for `CheckResult.rules` and reporters' rule metadata.
    public var enabledDescriptions: [RuleDescription] {
        enabledRules.map { rule in
            var description = rule.description
            description.severity = configuration.severity(of: description.identifier)
            return description
        }
    }

    /// Checks `spec`, replaying each scenario on each of `devices` (empty: the spec's own device).
    ///
    /// The rules watch each replay as it happens (one fold of the events), rather than a log played back after it.
    public func check(_ spec: Spec, devices requested: [Device] = []) -> CheckReport {
        // One workspace for the spec's replays: each starts over in the arrays the last one left.
        var workspace = ReplayWorkspace()
        return check(spec, requested: requested) { play in
            for (offset, scenario) in spec.scenarios.enumerated() {
                for device in ScenarioRuns.devices(for: scenario, in: spec, requested: requested) {
                    play(offset, device) { scenario, observers, initialState in
                        Self.replay(spec, scenario, on: device, from: initialState, watchedBy: &observers, in: &workspace)
                    }
                }
            }
        }
    }

    /// Replays `scenario` for the rules' observers, keeping no log.
    ///
    /// The observers are passed in place rather than copied: a copy would share the rules' state, and each rule's
    /// first event would then copy it.
    private static func replay(_ spec: Spec, _ scenario: Scenario, on device: Device, from initialState: HierarchyState,
                               watchedBy observers: inout ObserverSet, in workspace: inout ReplayWorkspace) {
        _ = Replay.run(spec, scenario: scenario, device: device, initialState: initialState, observers: &observers, keepingLog: false,
                       workspace: &workspace)
    }

    /// Checks the scenarios of `spec` on `device`, each replayed from `initialState`, without the rules about
    /// declarations alone: for callers that check many scenarios of one spec one at a time (`explore` checks a spec's
    /// declarations once, then each path it tries).
    ///
    /// `initialState` must be `Replay.initialState(spec: spec, device: device)`; passing it saves rebuilding it for
    /// every call.
    public func checkScenarios(_ spec: Spec, device: Device, initialState: HierarchyState) -> CheckReport {
        var initialStates = InitialStates(spec: spec)
        initialStates[device] = initialState
        var workspace = ReplayWorkspace()
        return check(spec, requested: [device], declarations: false, initialStates: initialStates) { play in
            for (offset, scenario) in spec.scenarios.enumerated() {
                play(offset, scenario.device ?? device) { scenario, observers, initialState in
                    Self.replay(spec, scenario, on: scenario.device ?? device, from: initialState, watchedBy: &observers, in: &workspace)
                }
            }
        }
    }

    /// Checks `spec` against logs already replayed (by `vcaudit replay`, an older version, or a recorded trace)
    /// instead of replaying its scenarios. Each log names its scenario and device in its header; a log whose
    /// scenario the spec does not have is reported as a diagnostic.
    ///
    /// A log whose events name a controller the spec does not declare (edited by hand, or from another spec) is
    /// reported as a diagnostic and not checked: folding it needs every id declared.
    public func check(_ spec: Spec, logs: [EventLog]) -> CheckReport {
        var scenarioIndex: [String: Int] = [:]
        for (offset, scenario) in spec.scenarios.enumerated() where scenarioIndex[scenario.name] == nil {
            scenarioIndex[scenario.name] = offset
        }
        var strays: [Diagnostic] = []
        var foreign: [Diagnostic] = []
        var report = check(spec, requested: []) { play in
            for log in logs {
                if let id = Replay.firstUnknownController(in: log.events, spec: spec) {
                    foreign.append(Diagnostic(.error, at: SourceLocation(file: spec.file, line: 1, column: 1),
                        "the event log of scenario '\(log.header.scenario)' names controller '\(id)', which this spec does not "
                        + "declare; the log was edited or comes from another version of the spec"))
                    continue
                }
                guard let offset = scenarioIndex[log.header.scenario] else {
                    strays.append(Diagnostic(.error, at: SourceLocation(file: spec.file, line: 1, column: 1),
                        "the event log of scenario '\(log.header.scenario)' does not belong to this spec; check the log's spec"))
                    continue
                }
                play(offset, log.header.device) { scenario, observers, initialState in
                    LogPlayback.play(log, spec: spec, scenario: scenario, initialState: initialState, observer: &observers)
                }
            }
        }
        report.diagnostics += strays + foreign
        return report
    }

    /// The observers of `rules` (those that watch replays), each reporting to `replay`.
    static func observers(of rules: [any Rule.Type], reportingTo replay: ReplayContext) -> ObserverSet {
        observers(of: rules, identifiedAs: rules.map { $0.identifier }, reportingTo: replay)
    }

    /// The observers of `rules`, whose identifiers are `identifiers` (in the same order), each reporting to `replay`.
    private static func observers(of rules: [any Rule.Type], identifiedAs identifiers: [String],
                                  reportingTo replay: ReplayContext) -> ObserverSet {
        ObserverSet(observers: zip(rules, identifiers).compactMap { rule, id in rule.makeObserver(RuleContext(ruleID: id, replay: replay)) })
    }

    /// Feeds the events of `scenario` (the spec's scenario `play` was given) to the rules' observers, from the
    /// initial state it is given.
    typealias Feed = (_ scenario: Scenario, _ observers: inout ObserverSet, _ initialState: HierarchyState) -> Void

    /// The rules over the scenarios `produce` hands to `play` (its position in `spec.scenarios`, its device, and how
    /// to feed its events), one at a time: memory stays that of one scenario.
    private func check(_ spec: Spec, requested: [Device], declarations: Bool = true, initialStates: InitialStates? = nil,
                       produce: ((_ scenario: Int, _ device: Device, _ feed: Feed) -> Void) -> Void) -> CheckReport {
        let rules = enabledRules
        let index = SpecIndex(spec)
        var diagnostics: [Diagnostic] = []
        for entry in index.entries where RuleCatalog.rule(entry.suppression.rule.value) == nil {
            let id = entry.suppression.rule.value
            diagnostics.append(Diagnostic(
                .error, at: SourceLocation(file: spec.file, mark: entry.suppression.rule.mark),
                RuleCatalog.unknownIdentifierMessage(id, in: "'ignore'"), length: id.count))
        }

        var occurrences: [(violation: Violation, device: Device?)] = []
        for (rule, id) in zip(rules, enabledRuleIDs) where declarations {
            let context = DeclarationContext(ruleID: id, spec: spec)
            rule.checkDeclarations(spec, context)
            occurrences += context.violations.map { ($0, nil) }
        }
        // The devices replayed on, each once: one or two, a list rather than a set (which hashed each replay's).
        var replayed: [Device] = []
        var replayCount = 0
        var runs: [ScenarioReplay] = []
        var initialStates = initialStates ?? InitialStates(spec: spec)
        // The observers are made for the first replay and copied, fresh, for every other: an observer's value is
        // shared with the copy until a callback changes it, so one that keeps no state (or sees no event it watches)
        // is never made again. They all report through one context, started over for each replay.
        var watchers: (replay: ReplayContext, observers: ObserverSet)?
        produce { offset, device, feed in
            let scenario = spec.scenarios[offset]
            let replay: ReplayContext
            var observers: ObserverSet
            if let watchers {
                replay = watchers.replay
                replay.begin(scenario, scenarioIndex: offset, device: device)
                observers = watchers.observers
            } else {
                replay = ReplayContext(spec: spec, index: index, scenario: scenario, scenarioIndex: offset, device: device)
                observers = Self.observers(of: rules, identifiedAs: enabledRuleIDs, reportingTo: replay)
                watchers = (replay, observers)
            }
            feed(scenario, &observers, initialStates[device])
            occurrences += replay.violations.map { ($0, device) }
            if !replayed.contains(device) { replayed.append(device) }
            replayCount += 1
            runs.append(ScenarioReplay(spec: spec.file, scenario: scenario.name, device: device, line: scenario.mark.line))
        }
        let allDevices = replayed.isEmpty
            ? (requested.isEmpty ? [spec.device] : Array(Set(requested)).sorted())
            : replayed.sorted()

        // Changed in place: a copy of its findings to add to would copy each of them.
        var found = findings(of: occurrences, spec: spec, index: index, devices: allDevices)
        if configuration.isEnabled(UnusedSuppressionRule.identifier) {
            found.findings += unusedSuppressions(index, used: found.used, devices: allDevices)
        }
        var report = CheckReport(findings: Self.inOrder(found.findings, spec: spec.file), diagnostics: diagnostics,
                                 replayCount: replayCount, devices: allDevices)
        report.runs = runs
        report.suppressed = Self.inOrder(found.suppressed, spec: spec.file)
        return report
    }

    /// `findings` sorted by `order` (stably), each found in `spec`.
    ///
    /// What is sorted is a key per finding (its file's rank, its line and column, its position), read in place; only
    /// findings at the same place are compared by `order`. Sorting the findings themselves moved each one, with its
    /// strings and lists, many times over.
    static func inOrder(_ findings: [Finding], spec: String) -> [Finding] {
        struct Key {
            var file: Int
            var line: Int
            var column: Int
            var position: Int
        }
        var keys: [Key] = []
        keys.reserveCapacity(findings.count)
        findings.withUnsafeBufferPointer { found in
            // The files findings point at (the spec, storyboards it imports): a few, each ranked by its name.
            var files: [String] = []
            for index in found.indices where !files.contains(found[index].location.file) { files.append(found[index].location.file) }
            files.sort()
            for index in found.indices {
                let location = found[index].location
                keys.append(Key(file: files.firstIndex(of: location.file)!, line: location.line, column: location.column, position: index))
            }
            keys.sort { a, b in
                if a.file != b.file { return a.file < b.file }
                if a.line != b.line { return a.line < b.line }
                if a.column != b.column { return a.column < b.column }
                if order(found[a.position], found[b.position]) { return true }
                if order(found[b.position], found[a.position]) { return false }
                return a.position < b.position
            }
        }
        return keys.map { key in
            var finding = findings[key.position]
            finding.spec = spec
            return finding
        }
    }

    /// The findings `occurrences` make once the `ignore:` entries that cover them are applied and the same finding on
    /// several devices is merged (devices sorted), in the order they occurred; the entries that suppressed one; and the
    /// findings they suppressed, each with the reason of the first entry that covers it.
    func findings(of occurrences: [(violation: Violation, device: Device?)], spec: Spec, index: SpecIndex,
                  devices allDevices: [Device]) -> (findings: [Finding], used: Set<Mark>, suppressed: [Finding]) {
        var used: Set<Mark> = []
        var findings: [Finding] = []
        findings.reserveCapacity(occurrences.count)
        var positions: [MergeKey: Int] = [:]
        positions.reserveCapacity(occurrences.count)
        var suppressed: [Finding] = []
        var suppressedPositions: [MergeKey: Int] = [:]
        var parts = SpecFindingParts(spec: spec)
        for (violation, device) in occurrences {
            // Only a rule some entry names can be suppressed: the others' violations skip the lookup.
            var reason: String?
            if index.suppressedRules.contains(violation.ruleID) {
                var covering = index.suppressions(scenario: violation.scenario, step: violation.step, call: violation.call,
                                                  transition: violation.transition)
                if let first = violation.controllers.first, let position = spec.controllerPosition(of: first) {
                    covering += spec.controllers[position].ignore
                }
                let matching = covering.filter { $0.rule.value == violation.ruleID }
                if let first = matching.first {
                    used.formUnion(matching.map(\.mark))
                    reason = first.reason
                }
            }
            let devices = device.map { [$0] } ?? allDevices
            let (location, importedAt) = Self.findingLocation(of: violation, in: spec, hasSources: parts.hasSources)
            // A declaration's finding is keyed without its notes: one met before (in another scenario, nearly always)
            // only gains devices, and its notes and texts are not made again.
            if violation.scope == .declaration {
                let key = MergeKey(violation, location: location)
                if reason == nil, let position = positions[key] {
                    Self.addDevices(devices, to: &findings[position])
                    continue
                }
                if reason != nil, let position = suppressedPositions[key] {
                    Self.addDevices(devices, to: &suppressed[position])
                    continue
                }
            }
            var finding = makeFinding(violation, spec: spec, devices: devices, location: location, importedAt: importedAt, parts: &parts)
            let key = MergeKey(violation: violation, finding: finding)
            if let reason {
                finding.suppression = reason
                Self.merge(finding, key: key, into: &suppressed, positions: &suppressedPositions)
            } else {
                Self.merge(finding, key: key, into: &findings, positions: &positions)
            }
        }
        return (findings, used, suppressed)
    }

    /// Adds `finding` to `list`, or its devices to the finding there with the same key.
    private static func merge(_ finding: consuming Finding, key: MergeKey, into list: inout [Finding], positions: inout [MergeKey: Int]) {
        if let position = positions[key] {
            addDevices(finding.devices, to: &list[position])
        } else {
            positions[key] = list.count
            list.append(finding)
        }
    }

    /// What one spec's findings share, worked out once for all of them: whether any declaration was imported from a
    /// storyboard, and the severity of the last rule's findings (the configuration looks a rule up by hashing its id).
    private struct SpecFindingParts {
        /// Whether a controller or transition of the spec has a `source:` (`Checker.importedSource` finds none otherwise).
        let hasSources: Bool
        /// The last rule whose findings' severity was asked for, and that severity: a scenario's violations come in
        /// runs of one rule (its failed expectations, its restoration findings).
        private var last: (ruleID: String, severity: Severity)?

        init(spec: Spec) {
            hasSources = spec.controllers.contains { $0.source != nil } || spec.transitions.contains { $0.source != nil }
        }

        /// The severity `configuration` gives `ruleID`'s findings.
        mutating func severity(of ruleID: String, in configuration: RuleConfiguration) -> Severity {
            if let last, last.ruleID == ruleID { return last.severity }
            let severity = configuration.severity(of: ruleID)
            last = (ruleID, severity)
            return severity
        }
    }

    /// Report order, then notes, devices and controllers, so that no two different findings tie.
    static func order(_ a: Finding, _ b: Finding) -> Bool {
        if Finding.reportOrder(a, b) { return true }
        if Finding.reportOrder(b, a) { return false }
        let notesA = a.notes.map { "\($0.location) \($0.message)" }
        let notesB = b.notes.map { "\($0.location) \($0.message)" }
        if notesA != notesB { return notesA.lexicographicallyPrecedes(notesB) }
        if a.devices != b.devices { return a.devices.lexicographicallyPrecedes(b.devices) }
        return a.controllers.lexicographicallyPrecedes(b.controllers)
    }

    /// What identifies a finding across devices; declaration findings are also one across scenarios.
    ///
    /// Its hash leaves out the file, the message and the notes (long text, and the same for one rule at one place
    /// with the same controllers in nearly every case; the findings merged are one spec's); equality compares them.
    private struct MergeKey: Hashable {
        var ruleID: String
        var location: SourceLocation
        var message: String
        var controllers: [ControllerID]
        var scenario: String?
        var notes: [Finding.Note]?

        init(violation: Violation, finding: Finding) {
            ruleID = finding.ruleID
            location = finding.location
            message = finding.message
            controllers = finding.controllers
            scenario = finding.scenario
            notes = violation.scope == .scenario ? finding.notes : nil
        }

        /// The key of the finding a declaration's `violation` makes at `location` (`Checker.findingLocation`): its
        /// notes are not part of it, and it names no scenario.
        init(_ violation: Violation, location: SourceLocation) {
            ruleID = violation.ruleID
            self.location = location
            message = violation.message
            controllers = violation.controllers
            scenario = nil
            notes = nil
        }

        /// The strings are hashed by their lengths: the ids of the rules that find anything differ in length more
        /// often than not, and hashing the text of each was most of a finding's lookup.
        func hash(into hasher: inout Hasher) {
            hasher.combine(ruleID.utf8.count)
            hasher.combine(location.line)
            hasher.combine(location.column)
            hasher.combine(controllers)
            hasher.combine(scenario?.utf8.count)
        }
    }

    /// Adds `devices` to those `finding` occurs on, unless it has each of them already (the same finding met again on
    /// the same device: nothing to sort).
    private static func addDevices(_ devices: [Device], to finding: inout Finding) {
        guard !devices.allSatisfy(finding.devices.contains) else { return }
        finding.addDevices(devices)
    }

    /// Where the finding `violation` makes points, and the spec location it was moved from when that is an imported
    /// declaration's storyboard element (which becomes a note).
    ///
    /// In a spec imported from storyboards, what points at an imported declaration points at the storyboard.
    private static func findingLocation(of violation: Violation, in spec: Spec,
                                        hasSources: Bool) -> (location: SourceLocation, importedAt: SourceLocation?) {
        if !spec.importedSources.isEmpty { return (spec.sourceLocation(of: violation.location), nil) }
        if hasSources, let source = importedSource(at: violation.location, in: spec, involving: violation) {
            return (SourceLocation(source), violation.location)
        }
        return (violation.location, nil)
    }

    /// The finding `violation` makes at `location` (`findingLocation`), with its notes, severity and devices.
    private func makeFinding(_ violation: Violation, spec: Spec, devices: [Device], location: SourceLocation,
                             importedAt: SourceLocation?, parts: inout SpecFindingParts) -> Finding {
        var notes: [Finding.Note] = []
        // The transition is found once, by position: a `Transition` copied out of the spec retains each of its fields.
        let transitionPosition = violation.transition.flatMap { spec.transitionPosition($0) }
        if let name = violation.transition, let transitionPosition {
            notes.append(Finding.Note(location: SourceLocation(file: spec.file, mark: spec.transitions[transitionPosition].mark),
                                      message: "transition '\(name)' declared here"))
        }
        let hasTransitionNote = !notes.isEmpty
        var scenarioName: String?
        if let index = violation.scenario, spec.scenarios.indices.contains(index) {
            let scenario = spec.scenarios[index]
            if let step = violation.step, scenario.steps.indices.contains(step - 1) {
                let location = SourceLocation(file: spec.file, mark: scenario.steps[step - 1].mark)
                if location != violation.location {
                    notes.append(Finding.Note(location: location, message: "in scenario '\(scenario.name)', step \(step)"))
                }
            } else if violation.step == nil, violation.call == nil {
                notes.append(Finding.Note(location: SourceLocation(file: spec.file, mark: scenario.mark), message: "in scenario '\(scenario.name)'"))
            }
            if violation.scope == .scenario { scenarioName = scenario.name }
        }
        notes += violation.notes
        if !spec.importedSources.isEmpty {
            // Declarations imported from storyboards have no lines in this spec: what points at them points at the
            // storyboard. A spec imported in memory has no lines at all: everything does.
            notes = notes.map { Finding.Note(location: spec.sourceLocation(of: $0.location), message: $0.message) }
            // A finding at the segue itself needs no note saying the transition is declared there.
            if hasTransitionNote, notes.first?.location == location { notes.removeFirst() }
        } else if let importedAt {
            // A finding about an imported declaration points at the storyboard element; the spec line becomes a note.
            notes.insert(Finding.Note(location: importedAt, message: "imported into the spec here"), at: 0)
        }
        let configured = parts.severity(of: violation.ruleID, in: configuration)
        var finding = Finding(ruleID: violation.ruleID, severity: max(configured, violation.minimumSeverity ?? configured),
                              message: violation.message, location: location, notes: notes, scenario: scenarioName,
                              devices: devices, controllers: violation.controllers)
        finding.transition = transitionPosition == nil ? nil : violation.transition
        return finding
    }

    /// The `source:` of the controller or transition declared at `location` that the violation is about, if it has one.
    ///
    /// Declarations imported from storyboards listed under `storyboards:` have marks in the imported text, which
    /// may coincide with a line of the spec itself: the violation must be about that controller or transition.
    static func importedSource(at location: SourceLocation, in spec: Spec, involving violation: Violation) -> SourceReference? {
        guard location.file == spec.file else { return nil }
        func at(_ mark: Mark) -> Bool { location.line == mark.line && location.column == mark.column }
        // By index, reading fields in place: copying each declaration for every finding showed in profiles.
        for index in spec.controllers.indices where spec.controllers[index].source != nil {
            if at(spec.controllers[index].mark), violation.controllers.contains(spec.controllers[index].id) {
                return spec.controllers[index].source
            }
        }
        guard let name = violation.transition else { return nil }
        for index in spec.transitions.indices where spec.transitions[index].source != nil && spec.transitions[index].name == name {
            if at(spec.transitions[index].mark) { return spec.transitions[index].source }
            if case .segue(let segue) = spec.transitions[index].body, at(segue.mark) { return spec.transitions[index].source }
        }
        return nil
    }

    /// `unused_suppression` findings: entries for enabled rules that suppressed nothing.
    ///
    /// A rule that did not run suppressed nothing because it found nothing to say: an entry of a rule that runs only
    /// when exploring (`unreachable_controller`) is not unused when the check does not explore.
    ///
    /// An `unused_suppression` entry on an owner (or on one that encloses it)
    /// silences these findings for that owner's entries; it is itself
    /// reported when it silences none.
    private func unusedSuppressions(_ index: SpecIndex, used: Set<Mark>, devices: [Device]) -> [Finding] {
        let unusedID = UnusedSuppressionRule.identifier
        var used = used
        var unused: [SpecIndex.Entry] = []
        let silencing = index.entries.filter { $0.suppression.rule.value == unusedID }
        for entry in index.entries {
            let rule = entry.suppression.rule.value
            // An ignore an import wrote (a column vcaudit does not model) is the import's guess, which the user
            // cannot remove: it says nothing when something else brings its controller on screen.
            guard rule != unusedID, let type = RuleCatalog.rule(rule), configuration.isEnabled(rule),
                  configuration.exploring || !type.onlyWhenExploring, !used.contains(entry.suppression.mark),
                  !index.spec.isImported(entry.suppression.mark) else { continue }
            let silencers = silencing.filter { entry.owners.contains($0.owners[0]) }
            if silencers.isEmpty {
                unused.append(entry)
            } else {
                used.formUnion(silencers.map(\.suppression.mark))
            }
        }
        unused += silencing.filter { !used.contains($0.suppression.mark) }
        return unused.map { entry in
            let suppression = entry.suppression
            var controllers: [ControllerID] = []
            if case .controller(let id)? = entry.owners.first { controllers = [id] }
            return Finding(
                ruleID: unusedID, severity: configuration.severity(of: unusedID),
                message: UnusedSuppressionRule.message(rule: suppression.rule.value, reason: suppression.reason, devices: devices),
                location: SourceLocation(file: index.spec.file, mark: suppression.rule.mark),
                devices: devices, controllers: controllers)
        }
    }
}

/// `Replay.initialState` of one spec, built once per device: every scenario starts from it.
struct InitialStates {
    let spec: Spec
    /// One or two devices': a list, looked up by comparing the devices, where a table hashed one for each replay.
    private var states: [(device: Device, state: HierarchyState)] = []

    init(spec: Spec) {
        self.spec = spec
    }

    subscript(device: Device) -> HierarchyState {
        mutating get {
            if let known = states.first(where: { $0.device == device }) { return known.state }
            let state = Replay.initialState(spec: spec, device: device)
            states.append((device, state))
            return state
        }
        set {
            if let index = states.firstIndex(where: { $0.device == device }) {
                states[index].state = newValue
            } else {
                states.append((device, newValue))
            }
        }
    }
}
