import VCAuditReplay
import VCAuditSpec
import VCAuditSupport
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
            runningRuleIDs = Set(enabledRuleIDs)
        }
    }

    /// The catalog entries of the rules that run, in catalog order (worked out when the configuration is set, not
    /// for every spec checked).
    public private(set) var enabledRules: [any Rule.Type]

    /// The identifiers of `enabledRules`, in their order: a rule's `identifier` copies its whole description.
    private var enabledRuleIDs: [String]

    /// `enabledRuleIDs` as a set: whether an `ignore:` entry names a rule that runs is one lookup, where asking the
    /// catalog and the configuration hashed the rule's id twice for each entry of every spec.
    private var runningRuleIDs: Set<String>

    public init(_ configuration: RuleConfiguration = RuleConfiguration()) {
        self.configuration = configuration
        enabledRules = Self.enabledRules(configuration)
        enabledRuleIDs = enabledRules.map { $0.identifier }
        runningRuleIDs = Set(enabledRuleIDs)
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
        // The devices of the scenarios that name none, worked out once (`ScenarioRuns.devices(for:in:requested:)`
        // made a list for every scenario).
        let sharedDevices = ScenarioRuns.devices(own: nil, in: spec, requested: requested)
        return check(spec, requested: requested) { play in
            func replay(_ offset: Int, on device: Device) {
                play(offset, device) { scenario, observers, initialState in
                    Self.replay(spec, scenario, on: device, from: &initialState, watchedBy: &observers, in: &workspace)
                }
            }
            for offset in spec.scenarios.indices {
                if let own = spec.scenarios[offset].device {
                    replay(offset, on: own)
                } else {
                    for device in sharedDevices { replay(offset, on: device) }
                }
            }
        }
    }

    /// Replays `scenario` for the rules' observers, keeping no log and no result (`Replay.watch`).
    ///
    /// The observers are passed in place rather than copied: a copy would share the rules' state, and each rule's
    /// first event would then copy it. The initial state is lent in place too, and only read.
    private static func replay(_ spec: Spec, _ scenario: Scenario, on device: Device, from initialState: inout HierarchyState?,
                               watchedBy observers: inout ObserverSet, in workspace: inout ReplayWorkspace) {
        Replay.watch(spec, scenario: scenario, device: device, initialState: &initialState, observers: &observers, workspace: &workspace)
    }

    /// Checks the scenarios of `spec` on `device`, each replayed from `initialState`, without the rules about
    /// declarations alone: for callers that check many scenarios of one spec one at a time (`explore` checks a spec's
    /// declarations once, then each path it tries).
    ///
    /// `initialState` must be `Replay.initialState(spec: spec, device: device)`; passing it saves rebuilding it for
    /// every call.
    public func checkScenarios(_ spec: Spec, device: Device, initialState: HierarchyState) -> CheckReport {
        let initialStates = InitialStates(spec: spec, device: device, state: initialState)
        var workspace = ReplayWorkspace()
        return check(spec, requested: [device], declarations: false, initialStates: initialStates) { play in
            for (offset, scenario) in spec.scenarios.enumerated() {
                play(offset, scenario.device ?? device) { scenario, observers, initialState in
                    Self.replay(spec, scenario, on: scenario.device ?? device, from: &initialState, watchedBy: &observers, in: &workspace)
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
    ///
    /// The two rules about containers in navigation stacks (`nested_navigation_controller`, `tab_bar_in_navigation`)
    /// share one observer when both run, at the first one's place: each walked the subtree a call linked, at the same
    /// events, and one walk finds what both report (`ContainersInNavigationObserver`).
    private static func observers(of rules: [any Rule.Type], identifiedAs identifiers: [String],
                                  reportingTo replay: ReplayContext) -> ObserverSet {
        let nested = rules.firstIndex { $0 == NestedNavigationControllerRule.self }
        let tabBars = rules.firstIndex { $0 == TabBarInNavigationRule.self }
        func context(_ position: Int) -> RuleContext { RuleContext(ruleID: identifiers[position], replay: replay) }
        // Made by `compactMap`, which moves each observer into the list: appended one by one, each observer too large
        // for an existential's inline buffer was copied into a box of its own.
        return ObserverSet(observers: rules.indices.compactMap { position -> (any ReplayObserver)? in
            guard let nested, let tabBars, position == nested || position == tabBars else {
                return rules[position].makeObserver(context(position))
            }
            guard position == min(nested, tabBars) else { return nil }
            let reporters: [(rule: any ContainerInNavigationRule.Type, context: RuleContext)] =
                [(NestedNavigationControllerRule.self, context(nested)), (TabBarInNavigationRule.self, context(tabBars))]
            return ContainersInNavigationObserver(reportingFor: nested < tabBars ? reporters : [reporters[1], reporters[0]])
        })
    }

    /// Feeds the events of `scenario` (the spec's scenario `play` was given) to the rules' observers, from the
    /// initial state it is lent (`InitialStates.lend(on:to:)`), which it only reads.
    typealias Feed = (_ scenario: Scenario, _ observers: inout ObserverSet, _ initialState: inout HierarchyState?) -> Void

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

        // Each list of violations is kept as the rule or replay left it: copying its violations into one list retained
        // each of their strings and lists, and released them with the copy.
        var occurrences: [Occurrences] = []
        // One context for every rule, started over for each (`DeclarationContext.begin(ruleID:)`).
        if declarations, let first = enabledRuleIDs.first {
            let context = DeclarationContext(ruleID: first, spec: spec)
            for (rule, id) in zip(rules, enabledRuleIDs) {
                context.begin(ruleID: id)
                rule.checkDeclarations(spec, context)
                if !context.violations.isEmpty {
                    let violations = context.takeViolations()
                    occurrences.append((violations, violations.indices, nil))
                }
            }
        }
        // The devices replayed on, each once: one or two, a list rather than a set (which hashed each replay's).
        var replayed: [Device] = []
        var replayCount = 0
        var runs: [ScenarioReplay] = []
        // One run a scenario, unless it is replayed on several devices: grown one at a time, the list was allocated
        // again at each doubling.
        runs.reserveCapacity(spec.scenarios.count)
        // Where each replay's violations are in the replays' one list (`ReplayContext.beginKeepingViolations`), and its
        // device.
        var replayViolations: [(range: Range<Int>, device: Device)] = []
        var initialStates = initialStates ?? InitialStates(spec: spec)
        // The observers are made for the first replay and copied, fresh, for every other: an observer's value is
        // shared with the copy until a callback changes it, so one that keeps no state (or sees no event it watches)
        // is never made again. They all report through one context, started over for each replay; it keeps the
        // violations of every replay in one list (a list per replay was an allocation for each replay that found any).
        var watchers: (replay: ReplayContext, observers: ObserverSet)?
        // The copy the last replay used, which the next one starts over (`ObserverSet.restart(from:)`): a new copy for
        // each replay allocated its list of observers again.
        var lastObservers: ObserverSet?
        produce { offset, device, feed in
            let scenario = spec.scenarios[offset]
            let replay: ReplayContext
            var observers: ObserverSet
            if let watchers {
                replay = watchers.replay
                replay.beginKeepingViolations(scenario, scenarioIndex: offset, device: device)
                if var last = lastObservers.take() {
                    last.restart(from: watchers.observers)
                    observers = last
                } else {
                    observers = watchers.observers
                }
            } else {
                replay = ReplayContext(spec: spec, index: index, scenario: scenario, scenarioIndex: offset, device: device)
                observers = Self.observers(of: rules, identifiedAs: enabledRuleIDs, reportingTo: replay)
                watchers = (replay, observers)
            }
            let firstViolation = replay.violations.count
            initialStates.lend(on: device) { feed(scenario, &observers, &$0) }
            if replay.violations.count > firstViolation {
                replayViolations.append((firstViolation..<replay.violations.count, device))
            }
            lastObservers = consume observers
            if !replayed.contains(device) { replayed.append(device) }
            replayCount += 1
            runs.append(ScenarioReplay(spec: spec.file, scenario: scenario.name, device: device, line: scenario.mark.line))
        }
        if let violations = watchers?.replay.violations {
            for batch in replayViolations { occurrences.append((violations, batch.range, batch.device)) }
        }
        let allDevices = replayed.isEmpty ? ScenarioRuns.devices(own: nil, in: spec, requested: requested) : replayed.sorted()

        // Each list changed in place and handed on: a copy to add to, or to sort, would copy each of its findings.
        var (found, used, suppressed) = findings(of: occurrences, spec: spec, index: index, devices: allDevices)
        if configuration.isEnabled(UnusedSuppressionRule.identifier) {
            found += unusedSuppressions(index, used: used, devices: allDevices)
        }
        var report = CheckReport(findings: Self.inOrder(consume found, spec: spec.file), diagnostics: diagnostics,
                                 replayCount: replayCount, devices: allDevices)
        report.runs = runs
        report.suppressed = Self.inOrder(consume suppressed, spec: spec.file)
        return report
    }

    /// `findings` sorted by `order` (stably), each found in `spec`.
    ///
    /// What is sorted is a key per finding (its file's rank, its line and column, its position), read in place; only
    /// findings at the same place are compared by `order`. The findings are then moved into that order where they are,
    /// each once: sorting them, or copying each into a new list, retained and released each of their strings and lists.
    static func inOrder(_ findings: consuming [Finding], spec: String) -> [Finding] {
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
        findings.withUnsafeMutableBufferPointer { found in
            // The finding at `index` is to be the one now at `keys[index].position`: each cycle of that permutation is
            // followed by swaps, and a place filled points at itself.
            for start in found.indices {
                var index = start
                while keys[index].position != start {
                    let source = keys[index].position
                    found.swapAt(index, source)
                    keys[index].position = index
                    index = source
                }
                keys[index].position = index
                found[start].spec = spec
            }
        }
        return findings
    }

    /// Violations one rule or replay reported (those of `violations` in `range`), and the device of the replay (nil for
    /// the rules about declarations alone: every device the spec is checked on).
    typealias Occurrences = (violations: [Violation], range: Range<Int>, device: Device?)

    /// The findings `occurrences` make once the `ignore:` entries that cover them are applied and the same finding on
    /// several devices is merged (devices sorted), in the order they occurred; the entries that suppressed one; and the
    /// findings they suppressed, each with the reason of the first entry that covers it.
    func findings(of occurrences: [Occurrences], spec: Spec, index: SpecIndex,
                  devices allDevices: [Device]) -> (findings: [Finding], used: Set<Mark>, suppressed: [Finding]) {
        var used: Set<Mark> = []
        var reported = MergedFindings(capacity: occurrences.reduce(0) { $0 + $1.range.count })
        var suppressed = MergedFindings(capacity: 0)
        var parts = SpecFindingParts(spec: spec)
        // The list of the last occurrence's device, shared by the findings of the next ones on it: a list made for each
        // finding was an allocation each.
        var deviceList: [Device] = []
        for batch in occurrences.indices {
            let devices: [Device]
            if let device = occurrences[batch].device {
                if deviceList.first != device { deviceList = [device] }
                devices = deviceList
            } else {
                devices = allDevices
            }
            // Read in place: iterating the list copied each violation, and the copy was destroyed at once.
            occurrences[batch].violations.withUnsafeBufferPointer { all in
                let violations = UnsafeBufferPointer(rebasing: all[occurrences[batch].range])
                for position in violations.indices {
                    let violation = violations[position]
                    let rule = parts.rule(violation.ruleID, in: configuration, index: index)
                    // Only a rule some entry names can be suppressed: the others' violations skip the lookup.
                    var reason: String?
                    if rule.isSuppressible {
                        let matching = index.suppressions(of: violation.ruleID, scenario: violation.scenario,
                                                          step: violation.step, call: violation.call,
                                                          transition: violation.transition,
                                                          controller: violation.controllers.first)
                        if let first = matching.first {
                            for entry in matching { used.insert(entry.mark) }
                            reason = first.reason
                        }
                    }
                    let (location, importedAt) = Self.findingLocation(of: violation, in: spec, hasSources: parts.hasSources)
                    // A declaration's finding is looked up before it is made: one met before (in another scenario,
                    // nearly always) only gains devices, and its notes and texts are not made again.
                    if violation.scope == .declaration {
                        if reason == nil {
                            if reported.addDevices(devices, toDeclarationOf: violation, at: location) { continue }
                        } else if suppressed.addDevices(devices, toDeclarationOf: violation, at: location) {
                            continue
                        }
                    }
                    let finding = makeFinding(violation, spec: spec, devices: devices, location: location, importedAt: importedAt,
                                              suppression: reason, configured: rule.severity, parts: &parts)
                    if reason == nil {
                        reported.merge(finding, scope: violation.scope)
                    } else {
                        suppressed.merge(finding, scope: violation.scope)
                    }
                }
            }
        }
        return (reported.findings, used, suppressed.findings)
    }

    /// One spec's findings, each added once: the same finding met again (on another device, or a declaration's in
    /// another scenario) only adds its devices to the one there.
    ///
    /// Findings are found by a hash of what tells them apart in practice (the rule id's and scenario name's lengths,
    /// the line and column, the controllers: the file, message and notes are long text, and the same for one rule at
    /// one place with the same controllers in nearly every case), then compared in place with the one in the list. A
    /// table keyed by the fields themselves copied each finding's strings and lists into its key.
    ///
    /// The hash is a few multiplications over those numbers, and the table is open addressing over positions in
    /// `findings` (linear probing, at most half full): hashing them with `Hasher` and keeping the chains' heads in a
    /// dictionary (which hashed the hash again) cost over a thousand instructions a finding (callgrind).
    private struct MergedFindings {
        private(set) var findings: [Finding] = []
        /// By position: the finding's hash, and whether it is a declaration's (whose notes do not tell it apart: it is
        /// one finding however many scenarios show it).
        private var keys: [(hash: UInt64, isDeclaration: Bool)] = []
        /// Each finding's position plus one, in the bucket its hash (or the probe from there) gives it; 0 for none. The
        /// count is a power of two, at least twice the findings'.
        private var buckets: [Int32]

        init(capacity: Int) {
            findings.reserveCapacity(capacity)
            keys.reserveCapacity(capacity)
            var size = 16
            while size < capacity * 2 { size *= 2 }
            buckets = Array(repeating: 0, count: size)
        }

        /// The hash findings are looked up by: the lengths of the rule id and scenario name, the line and column, the
        /// controllers.
        private static func hash(ruleID: String, location: SourceLocation, controllers: [ControllerID], scenario: String?) -> UInt64 {
            func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 { (hash ^ value) &* 0x9E37_79B9_7F4A_7C15 }
            var hash = mix(UInt64(ruleID.utf8.count), UInt64(truncatingIfNeeded: location.line))
            hash = mix(hash, UInt64(truncatingIfNeeded: location.column))
            for id in controllers { hash = mix(hash, id.key) }
            return mix(hash, scenario.map { UInt64($0.utf8.count) } ?? .max)
        }

        /// The position of the finding with `hash` that `matches` accepts (at most one does: a finding is added only
        /// when none is there), or else the empty bucket where one with `hash` goes.
        private func find(_ hash: UInt64, where matches: (Finding, _ isDeclaration: Bool) -> Bool) -> (found: Int?, bucket: Int) {
            buckets.withUnsafeBufferPointer { buckets in
                let mask = buckets.count - 1
                var bucket = Int(truncatingIfNeeded: hash >> 32) & mask
                while true {
                    let entry = Int(buckets[bucket])
                    if entry == 0 { return (nil, bucket) }
                    if keys[entry - 1].hash == hash, matches(findings[entry - 1], keys[entry - 1].isDeclaration) {
                        return (entry - 1, bucket)
                    }
                    bucket = (bucket + 1) & mask
                }
            }
        }

        /// Adds `devices` to the finding the declaration's `violation` made at `location` (`Checker.findingLocation`),
        /// if there is one; false when there is none.
        mutating func addDevices(_ devices: [Device], toDeclarationOf violation: Violation, at location: SourceLocation) -> Bool {
            let hash = Self.hash(ruleID: violation.ruleID, location: location, controllers: violation.controllers, scenario: nil)
            let (found, _) = find(hash) { finding, isDeclaration in
                isDeclaration && finding.ruleID == violation.ruleID && finding.location == location
                    && finding.message == violation.message && finding.controllers == violation.controllers && finding.scenario == nil
            }
            guard let found else { return false }
            Checker.addDevices(devices, to: &findings[found])
            return true
        }

        /// Adds `finding` (of a violation of `scope`), or its devices to the same finding already there.
        mutating func merge(_ finding: consuming Finding, scope: Violation.Scope) {
            let isDeclaration = scope == .declaration
            let hash = Self.hash(ruleID: finding.ruleID, location: finding.location, controllers: finding.controllers,
                                 scenario: finding.scenario)
            let (found, bucket) = find(hash) { other, otherIsDeclaration in
                otherIsDeclaration == isDeclaration && other.ruleID == finding.ruleID && other.location == finding.location
                    && other.message == finding.message && other.controllers == finding.controllers
                    && other.scenario == finding.scenario && (isDeclaration || other.notes == finding.notes)
            }
            if let found {
                Checker.addDevices(finding.devices, to: &findings[found])
                return
            }
            keys.append((hash, isDeclaration))
            findings.append(finding)
            buckets[bucket] = Int32(findings.count)
            if findings.count * 2 > buckets.count { grow() }
        }

        /// Doubles the buckets, placing every finding again.
        private mutating func grow() {
            buckets = Array(repeating: 0, count: buckets.count * 2)
            let mask = buckets.count - 1
            for position in keys.indices {
                var bucket = Int(truncatingIfNeeded: keys[position].hash >> 32) & mask
                while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
                buckets[bucket] = Int32(position + 1)
            }
        }
    }

    /// What one spec's findings share, worked out once for all of them: whether any declaration was imported from a
    /// storyboard, what the configuration and the `ignore:` entries say of each rule that reported, and the last step
    /// note.
    private struct SpecFindingParts {
        /// Whether a controller or transition of the spec has a `source:` (`Checker.importedSource` finds none otherwise).
        let hasSources: Bool
        /// What was found about each rule asked about (`rule(_:in:index:)`), in the order first asked: a spec's
        /// violations come from a few rules, in turns (a scenario's failed expectations, its restoration findings, the
        /// next scenario's), where the configuration and the index each hash the rule's id.
        private var rules: [RuleFacts] = []
        /// Where the rule asked about last is in `rules`.
        private var lastRule = 0
        /// The last step note made, with the scenario's position and the step it names, as the list of notes of a
        /// finding that has no other: a step's violations come together (the checks of one `expect` step that failed,
        /// the restoration findings at the scenario's end), and their findings share the text and the list.
        private var lastStepNote: (scenario: Int, step: Int, notes: [Finding.Note])?

        /// What a spec's findings say of one rule.
        struct RuleFacts {
            let ruleID: String
            /// The severity the configuration gives its findings.
            let severity: Severity
            /// Whether an `ignore:` entry names it: only then can one of its violations be suppressed.
            let isSuppressible: Bool
        }

        init(spec: Spec) {
            hasSources = spec.controllers.contains { $0.source != nil } || spec.transitions.contains { $0.source != nil }
        }

        /// What `configuration` and `index` say of `ruleID`, found the first time it is asked about.
        ///
        /// The rules are told apart by their ids, nearly always the same string (each rule's observers report with
        /// the one id the checker gave them), which compares at once.
        mutating func rule(_ ruleID: String, in configuration: RuleConfiguration, index: SpecIndex) -> RuleFacts {
            if rules.indices.contains(lastRule), rules[lastRule].ruleID == ruleID { return rules[lastRule] }
            if let position = rules.firstIndex(where: { $0.ruleID == ruleID }) {
                lastRule = position
                return rules[position]
            }
            let rule = RuleFacts(ruleID: ruleID, severity: configuration.severity(of: ruleID),
                            isSuppressible: index.suppressedRules.contains(ruleID))
            lastRule = rules.count
            rules.append(rule)
            return rule
        }

        /// The note `in scenario 'name', step n` at step `step` (`location`) of `spec`'s scenario at position
        /// `scenario`, alone in a list.
        ///
        /// Written piece by piece into the one string it becomes (`TextWriter`): an interpolation's string, made for
        /// its literals, grew again for a scenario's name, and each append to a string made with room for it checked
        /// the string again.
        mutating func stepNote(scenario: Int, step: Int, at location: SourceLocation, in spec: Spec) -> [Finding.Note] {
            if let lastStepNote, lastStepNote.scenario == scenario, lastStepNote.step == step { return lastStepNote.notes }
            let name = spec.scenarios[scenario].name
            let number = String(step)
            let text = TextWriter.text { note in
                note.write("in scenario '")
                note.write(name)
                note.write("', step ")
                note.write(number)
            }
            let notes = [Finding.Note(location: location, message: text)]
            lastStepNote = (scenario, step, notes)
            return notes
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

    /// Adds `devices` to those `finding` occurs on, unless it has each of them already (the same finding met again on
    /// the same device: nothing to sort).
    fileprivate static func addDevices(_ devices: [Device], to finding: inout Finding) {
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

    /// The finding `violation` makes at `location` (`findingLocation`), with its notes, devices and severity (the
    /// `configured` one, or the violation's minimum), and the reason of the `ignore:` entry that suppressed it, if one
    /// did.
    private func makeFinding(_ violation: Violation, spec: Spec, devices: [Device], location: SourceLocation,
                             importedAt: SourceLocation?, suppression: String?, configured: Severity,
                             parts: inout SpecFindingParts) -> Finding {
        var notes: [Finding.Note] = []
        // The transition is found once, by position: a `Transition` copied out of the spec retains each of its fields.
        let transitionPosition = violation.transition.flatMap { spec.transitionPosition($0) }
        if let name = violation.transition, let transitionPosition {
            notes.append(Finding.Note(location: SourceLocation(file: spec.file, mark: spec.transitions[transitionPosition].mark),
                                      message: "transition '\(name)' declared here"))
        }
        let hasTransitionNote = !notes.isEmpty
        var scenarioName: String?
        // The scenario is read in place: a copy retained each of its strings and lists.
        if let index = violation.scenario, spec.scenarios.indices.contains(index) {
            if let step = violation.step, spec.scenarios[index].steps.indices.contains(step - 1) {
                let location = SourceLocation(file: spec.file, mark: spec.scenarios[index].steps[step - 1].mark)
                if location != violation.location {
                    let stepNote = parts.stepNote(scenario: index, step: step, at: location, in: spec)
                    if notes.isEmpty { notes = stepNote } else { notes += stepNote }
                }
            } else if violation.step == nil, violation.call == nil {
                notes.append(Finding.Note(location: SourceLocation(file: spec.file, mark: spec.scenarios[index].mark),
                                          message: "in scenario '\(spec.scenarios[index].name)'"))
            }
            if violation.scope == .scenario { scenarioName = spec.scenarios[index].name }
        }
        // Only when there are any: adding none to a list shared with other findings (the step note's) still copied it.
        if !violation.notes.isEmpty { notes += violation.notes }
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
        return Finding(ruleID: violation.ruleID, severity: max(configured, violation.minimumSeverity ?? configured),
                       message: violation.message, location: location, notes: notes, scenario: scenarioName, devices: devices,
                       controllers: violation.controllers, suppression: suppression,
                       transition: transitionPosition == nil ? nil : violation.transition)
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
        // Positions in `index.entries`, whose entries are read in place: iterating the list copied each of them.
        var unused: [Int] = []
        let entries = index.entries
        let silencing = entries.indices.filter { entries[$0].suppression.rule.value == unusedID }
        for position in entries.indices {
            let suppression = entries[position].suppression
            // An ignore an import wrote (a column vcaudit does not model) is the import's guess, which the user
            // cannot remove: it says nothing when something else brings its controller on screen.
            guard suppression.rule.value != unusedID, runningRuleIDs.contains(suppression.rule.value),
                  !used.contains(suppression.mark), !index.spec.isImported(suppression.mark) else { continue }
            let silencers = silencing.filter { entries[position].owners.contains(entries[$0].owners[0]) }
            if silencers.isEmpty {
                unused.append(position)
            } else {
                used.formUnion(silencers.map { entries[$0].suppression.mark })
            }
        }
        unused += silencing.filter { !used.contains(entries[$0].suppression.mark) }
        let severity = configuration.severity(of: unusedID)
        return unused.map { position in
            let suppression = entries[position].suppression
            var controllers: [ControllerID] = []
            if case .controller(let id)? = entries[position].owners.first { controllers = [id] }
            return Finding(
                ruleID: unusedID, severity: severity,
                message: UnusedSuppressionRule.message(rule: suppression.rule.value, reason: suppression.reason, devices: devices),
                location: SourceLocation(file: index.spec.file, mark: suppression.rule.mark),
                devices: devices, controllers: controllers)
        }
    }
}

/// `Replay.initialState` of one spec, built once per device: every scenario starts from it.
struct InitialStates {
    let spec: Spec
    /// One or two devices: a list, looked up by comparing the devices, where a table hashed one for each replay.
    private var devices: [Device] = []
    /// The state of each of `devices`, at the same position (apart from them: a list of pairs copied the pair, then its
    /// state), as the optional a replay takes: handing a replay a state made an optional of it, a copy.
    private var states: [HierarchyState?] = []

    init(spec: Spec) {
        self.spec = spec
    }

    /// The states of `spec`, the one on `device` already built: `state`.
    init(spec: Spec, device: Device, state: HierarchyState) {
        self.spec = spec
        devices = [device]
        states = [state]
    }

    /// Lends `body` the state on `device` (built the first time) where it is kept, `inout` though `body` only reads
    /// it: a state passed as a value from the list, even yielded by a read accessor, was copied for the call (a retain
    /// of each of its arrays, and their releases after), for every replay.
    mutating func lend(on device: Device, to body: (inout HierarchyState?) -> Void) {
        let position: Int
        if let index = devices.firstIndex(of: device) {
            position = index
        } else {
            position = states.count
            devices.append(device)
            states.append(Replay.initialState(spec: spec, device: device))
        }
        body(&states[position])
    }
}
