import VCAuditReplay
import VCAuditRules

/// Writes the test file of one spec: the suite, one test per scenario and device, and the `Controllers` class.
struct SuiteWriter {
    /// One test to write: a scenario replayed on one device.
    struct PlannedTest {
        let functionName: String
        let displayName: String
        let trace: ScenarioTrace
        let findings: [StepFinding]
    }

    let spec: Spec
    let comments: SpecComments
    let suiteName: String
    let settings: TestGenerator
    let names: SpecNames
    let tests: [PlannedTest]
    /// Transitions whose methods take `animated:`, because a step performs them with the spec's animation.
    let animatedTransitions: Set<String>
    /// Controllers that a storyboard segue makes anew: their properties are `var`.
    let segueDestinations: Set<ControllerID>

    var framework: TestFramework { settings.framework }

    /// UIKit refuses these calls because an animation is still running: the race needs the spec's animation.
    static let overlapReasons: Set<String> = ["presentation_in_progress", "dismiss_in_progress", "nested_navigation_animation"]

    init(spec: Spec, comments: SpecComments, suiteName: String, settings: TestGenerator) {
        self.spec = spec
        self.comments = comments
        self.suiteName = suiteName
        self.settings = settings
        let names = SpecNames(spec: spec)
        self.names = names

        var tests: [PlannedTest] = []
        var testScope = NameScope(reserved: ["spec", "Controllers", "init", "deinit", "setUp", "tearDown"])
        for scenario in spec.scenarios {
            let devices = ScenarioRuns.devices(for: scenario, in: spec, requested: settings.devices ?? [])
            for device in devices {
                var base = scenario.name
                var display = scenario.name
                if devices.count > 1 {
                    base += " on " + device.displayName
                    display += " (\(device.displayName))"
                }
                let function: String
                switch settings.framework {
                case .xctest: function = testScope.claim("test" + SwiftName.upperCamel(base, fallback: "Scenario"))
                case .swiftTesting: function = testScope.claim(SwiftName.lowerCamel(base, fallback: "scenario"))
                }
                let trace = ScenarioTrace(spec: spec, scenario: scenario, device: device)
                let findings = settings.findingSource.findings(spec: spec, scenario: scenario, replay: trace.replay)
                tests.append(PlannedTest(functionName: function, displayName: display, trace: trace, findings: findings))
            }
        }
        self.tests = tests

        var animated: Set<String> = []
        for test in tests {
            for record in test.trace.steps where Self.keepsSpecAnimation(record) {
                animated.formUnion(Self.performedTransitions(in: record.step, spec: spec))
            }
        }
        animatedTransitions = animated

        var destinations: Set<ControllerID> = []
        for transition in spec.transitions {
            guard case .segue(let segue) = transition.body, names.isFromStoryboard(segue.from.id),
                  Self.seguesMakeDestination.contains(segue.kind) else { continue }
            destinations.insert(segue.to.id)
        }
        segueDestinations = destinations
    }

    /// Segue kinds a test performs with `performSegue(withIdentifier:sender:)` and whose destination the storyboard makes.
    static let seguesMakeDestination: Set<Segue.Kind> = [.show, .showDetail, .modal, .popover, .custom]

    /// Whether a step's calls keep the spec's `animated:`: races (`simultaneously`, or a call UIKit refused
    /// because an animation was still running) need the animation to happen as in the app.
    static func keepsSpecAnimation(_ record: ScenarioTrace.StepRecord) -> Bool {
        if case .simultaneously = record.step.action { return true }
        return record.events.contains { $0.name == .warning && overlapReasons.contains($0.reason ?? "") }
    }

    /// The transitions a step runs, through `simultaneously` and transitions that perform others.
    static func performedTransitions(in step: Step, spec: Spec) -> Set<String> {
        var result: Set<String> = []
        var pending = [step]
        while let current = pending.popLast() {
            switch current.action {
            case .perform(let name):
                guard result.insert(name.value).inserted, let transition = spec.transition(name.value) else { continue }
                if case .calls(let calls) = transition.body { pending.append(contentsOf: calls) }
            case .simultaneously(let steps):
                pending.append(contentsOf: steps)
            default:
                continue
            }
        }
        return result
    }

    // MARK: File

    /// Whether any scenario step makes a UIKit call that takes `animated:` (so the file says how it animates them).
    static func hasAnimatedSteps(_ spec: Spec) -> Bool {
        spec.scenarios.contains { $0.steps.contains { step in
            switch step.action {
            case .present, .dismiss, .push, .pop, .popTo, .popToRoot, .setViewControllers, .show, .showDetail, .perform,
                 .beginAppearance, .transition, .simultaneously:
                true
            default:
                false
            }
        } }
    }

    func render() -> String {
        var w = SwiftSourceWriter()
        w.line(SwiftLiteral.commentSafe(
            "// Generated by vcaudit \(settings.toolVersion) from \(spec.file). Do not edit: run `vcaudit generate tests` again."))
        if Self.hasAnimatedSteps(spec) {
            w.line("// UIKit calls are made with `animated: false`, whatever the spec's `animated`, so each step has finished when the")
            w.line("// test checks the hierarchy (the hierarchy after a step is the same either way); steps that race an animation")
            w.line("// keep the spec's value and say so.")
        }
        w.blank()
        w.line("import \(framework.module)")
        w.line("import UIKit")
        for module in settings.appModules { w.line("@testable import \(module)") }
        w.blank()
        switch framework {
        case .xctest:
            writeSuiteDocumentation(into: &w)
            w.line("@MainActor")
            w.block("final class \(suiteName): XCTestCase") { w in writeSuiteBody(into: &w) }
        case .swiftTesting:
            w.block("extension VCAuditGeneratedTests") { w in
                writeSuiteDocumentation(into: &w)
                w.line("@MainActor")
                w.line("@Suite(\(SwiftLiteral.string(suiteTitle)))")
                w.block("struct \(suiteName)") { w in writeSuiteBody(into: &w) }
            }
        }
        return w.text
    }

    var specFileName: String { spec.file.split(separator: "/").last.map(String.init) ?? spec.file }

    var suiteTitle: String {
        if let app = spec.app { return "\(app) (\(specFileName))" }
        return specFileName
    }

    func writeSuiteDocumentation(into w: inout SwiftSourceWriter) {
        var lines = ["The scenarios of `\(spec.file)`\(spec.app.map { " (app: \($0))" } ?? ""), replayed against the app's view controllers."]
        let header = comments.header
        if !header.isEmpty {
            lines.append("")
            lines += header
        }
        w.docComment(lines)
    }

    func writeSuiteBody(into w: inout SwiftSourceWriter) {
        w.docComment(["The spec these tests come from; failure messages point at its lines."])
        w.line("static let spec = \(SwiftLiteral.string(spec.file))")
        w.blank()
        w.line("// MARK: - Scenarios")
        w.blank()
        for test in tests {
            writeTest(test, into: &w)
            w.blank()
        }
        writeControllers(into: &w)
    }

    // MARK: Tests

    func writeTest(_ test: PlannedTest, into w: inout SwiftSourceWriter) {
        let scenario = test.trace.scenario
        var doc = ["\(scenario.name) (line \(scenario.mark.line)), on \(test.trace.device.displayName)."]
        let above = comments.above(scenario.mark.line)
        if !above.isEmpty { doc += [""] + above }
        let outcome = outcomeSummary(test)
        if !outcome.isEmpty { doc += [""] + outcome }
        w.docComment(doc)
        let signature: String
        switch framework {
        case .xctest:
            signature = "func \(test.functionName)() async throws"
        case .swiftTesting:
            w.line("@Test(\(SwiftLiteral.string(test.displayName)))")
            signature = "func \(test.functionName)() async throws"
        }
        w.block(signature) { w in
            w.line("let host = try VCAuditHost(spec: Self.spec, device: .\(test.trace.device.rawValue))")
            w.line("defer { host.close() }")
            w.line("let app = host.track(Controllers())")
            let involved = Set(test.trace.replay.log.events.flatMap(\.controllerIDs))
            let declared = spec.controllers.filter { !$0.forwardsAppearance && involved.contains($0.id) }
            if !declared.isEmpty {
                w.blank()
                w.comment(["The spec declares that \(declared.count == 1 ? "this container forwards" : "these containers forward") "
                    + "appearance callbacks to its children itself."])
                for controller in declared {
                    w.line(render(.forwardsAppearance(controller.id, false), line: controller.mark.line, ref: testRef))
                }
            }
            for record in test.trace.steps {
                w.blank()
                if !writeStep(record, of: test, into: &w) { break }
            }
        }
    }

    /// What the replay predicts for the test, for its doc comment.
    func outcomeSummary(_ test: PlannedTest) -> [String] {
        var lines: [String] = []
        if let crash = test.findings.first(where: { $0.effect == .crash }) {
            lines.append("vcaudit: UIKit raises an exception at step \(crash.step) (line \(crash.location.line)), so the test stops before that step.")
        }
        for warning in test.findings where warning.effect == .warning {
            lines.append("vcaudit: UIKit logs a warning at step \(warning.step) (line \(warning.location.line))\(warning.ruleID.map { " [\($0)]" } ?? "").")
        }
        for finding in test.findings where finding.effect == .finding && finding.step == 0 {
            lines.append("vcaudit\(finding.ruleID.map { " [\($0)]" } ?? "") (line \(finding.location.line)): \(finding.message)")
        }
        if let restore = test.trace.steps.first(where: { if case .restore = $0.step.action { true } else { false } }),
           !test.findings.contains(where: { $0.effect == .crash && $0.step <= restore.index }) {
            lines.append("The test ends at step \(restore.index) (restore): a relaunch cannot happen inside a test.")
        }
        let failed = test.trace.replay.log.events.filter { $0.name == .expect && $0.passed == false }
        if !failed.isEmpty {
            let where_ = failed.map { "line \($0.at.line)" }.joined(separator: ", ")
            lines.append("vcaudit: \(failed.count == 1 ? "an expectation does" : "\(failed.count) expectations do") not hold in the replay (\(where_)).")
        }
        return lines
    }

    /// Writes one step; false when the test stops there.
    func writeStep(_ record: ScenarioTrace.StepRecord, of test: PlannedTest, into w: inout SwiftSourceWriter) -> Bool {
        let step = record.step
        let findings = test.findings.filter { $0.step == record.index }
        w.comment(["Step \(record.index) (line \(step.mark.line)): \(describe(step))"] + stepComments(step))

        if let crash = findings.first(where: { $0.effect == .crash }) {
            w.comment(["", "UIKit raises an exception here\(crash.ruleID.map { " [\($0)]" } ?? "") (line \(crash.location.line)), "
                + "so the test stops before the step and records the crash as a known issue."])
            writeCall("host.recordCrash", message: crash.message, specLine: crash.location.line, into: &w)
            writeNotRun(after: record.index, of: test, reason: "Not run after the crash:", into: &w)
            return false
        }

        switch step.action {
        case .restore:
            w.comment(["The system relaunches the app and restores what `preserve` saved. A relaunch cannot happen inside a test "
                + "process, so the test ends here; vcaudit replayed the rest."])
            writeNotRun(after: record.index, of: test, reason: "Replayed by vcaudit only, with its verdicts:", into: &w)
            return false
        case .preserve:
            w.comment(["UIKit saves each controller whose restoration identifier path is complete: the test checks the paths."])
            for check in HierarchyChanges.restorationChecks(events: record.events, state: record.before) {
                w.line(render(check, line: step.mark.line, ref: testRef))
            }
            return true
        case .expect(let expectations):
            writeExpectations(expectations, record: record, into: &w)
            return true
        default:
            break
        }

        let mode: AnimationMode = Self.keepsSpecAnimation(record) ? .spec : .none
        if mode == .spec {
            w.comment(["The calls keep the spec's animation: this step is a race against it."])
        }
        for line in callLines(step, context: CallContext(ref: testRef, animation: mode, inControllers: false)) {
            w.line(line)
        }
        if Self.needsSettling(step) { w.line("await host.settle()") }
        // A change the next step states in an `expect:` is checked there, with the spec's line.
        let steps = test.trace.scenario.steps
        let upcoming = record.index < steps.count ? Self.expectedChecks(steps[record.index]) : []
        for check in HierarchyChanges.checks(from: record.before, to: record.after) where !upcoming.contains(where: { Self.same($0, check) }) {
            w.line(render(check, line: step.mark.line, ref: testRef))
        }
        for finding in findings where finding.effect == .warning {
            writeWarning(finding, into: &w)
        }
        for finding in findings where finding.effect == .finding {
            w.comment(["vcaudit\(finding.ruleID.map { " [\($0)]" } ?? "") (line \(finding.location.line)): \(finding.message)"])
        }
        return true
    }

    /// The checks an `expect:` step makes.
    static func expectedChecks(_ step: Step) -> [HierarchyCheck] {
        guard case .expect(let expectations) = step.action else { return [] }
        return expectations.map { HierarchyCheck($0.check) }
    }

    /// Whether two checks assert the same thing (the controllers in the window in any order).
    static func same(_ a: HierarchyCheck, _ b: HierarchyCheck) -> Bool {
        if case .visible(let x) = a, case .visible(let y) = b { return Set(x) == Set(y) }
        return a == b
    }

    /// The comments the spec's author wrote at a step (and at the steps inside `simultaneously`).
    func stepComments(_ step: Step) -> [String] {
        var lines = comments.above(step.mark.line)
        if let trailing = comments.trailing(step.mark.line) { lines.append(trailing) }
        if case .simultaneously(let inner) = step.action {
            for item in inner where item.mark.line != step.mark.line {
                if let trailing = comments.trailing(item.mark.line) { lines.append("\(describe(item, brief: true)): \(trailing)") }
            }
        }
        return lines
    }

    /// `call(_ message, specLine:)`, the message cut into `+`-joined pieces when the line would be too long.
    func writeCall(_ call: String, message: String, specLine: Int, into w: inout SwiftSourceWriter) {
        let single = "\(call)(\(SwiftLiteral.string(message)), specLine: \(specLine))"
        if w.indentation.count + single.count <= w.width {
            w.line(single)
            return
        }
        w.line("\(call)(")
        w.indented { w in
            let pieces = SwiftLiteral.stringPieces(message, width: w.width - w.indentation.count - 8)
            for (index, piece) in pieces.enumerated() {
                let text = index == 0 ? piece : "    + " + piece
                w.line(text + (index == pieces.count - 1 ? "," : ""))
            }
            w.line("specLine: \(specLine)")
        }
        w.line(")")
    }

    func writeWarning(_ finding: StepFinding, into w: inout SwiftSourceWriter) {
        let rule = finding.ruleID.map { " [\($0)]" } ?? ""
        let quoted = "  \"" + finding.message + "\""
        guard let event = finding.event, let effect = HierarchyChanges.refusedEffect(of: event) else {
            w.comment(["UIKit logs this\(rule) (line \(finding.location.line)):", quoted], hanging: "   ")
            return
        }
        let refused = describe(effect, negated: true)
        w.comment(["UIKit logs this\(rule) (line \(finding.location.line)) and drops the call, so \(refused):", quoted], hanging: "   ")
        w.comment(["A known issue until the app is fixed:"])
        writeKnownIssue("UIKit drops the call at \(specFileName):\(finding.location.line): \(refused)", into: &w) { w in
            w.line(render(effect, line: finding.location.line, ref: testRef))
        }
    }

    func writeKnownIssue(_ reason: String, into w: inout SwiftSourceWriter, _ body: (inout SwiftSourceWriter) -> Void) {
        switch framework {
        case .swiftTesting: w.block("withKnownIssue(\(SwiftLiteral.string(reason)))", body)
        case .xctest: w.block("host.expectFailure(\(SwiftLiteral.string(reason)))", body)
        }
    }

    func writeExpectations(_ expectations: [Expectation], record: ScenarioTrace.StepRecord, into w: inout SwiftSourceWriter) {
        for expectation in expectations {
            let check = HierarchyCheck(expectation.check)
            let line = expectation.mark.line
            let event = record.events.first { $0.name == .expect && $0.at.line == line && $0.at.column == expectation.mark.column }
            if let earlier = expectation.check.references.first(where: { $0.id.contains("#") }) {
                w.comment(["\(describe(check)): names '\(earlier.id)', an instance a segue made, which a test's properties do not "
                    + "hold (they hold the newest); vcaudit checked it in the replay\(event?.passed == false ? ", where it does not hold" : "")."])
                continue
            }
            guard check.isObservable else {
                w.comment(["\(describe(check)): not observable from a test (a controller is between its own appearance callbacks); "
                    + "vcaudit checked it in the replay\(event?.passed == false ? ", where it does not hold" : "")."])
                continue
            }
            if event?.passed == false {
                w.comment(["vcaudit's replay says this does not hold: \(event?.message ?? describe(check))."])
                writeKnownIssue("vcaudit: expectation at \(specFileName):\(line) does not hold in the replay", into: &w) { w in
                    w.line(render(check, line: line, ref: testRef))
                }
            } else {
                w.line(render(check, line: line, ref: testRef))
            }
        }
    }

    /// Lists the steps after `index` as comments, with the replay's verdict on each expectation.
    func writeNotRun(after index: Int, of test: PlannedTest, reason: String, into w: inout SwiftSourceWriter) {
        let steps = test.trace.scenario.steps
        guard index < steps.count else { return }
        var lines = [reason]
        for (offset, step) in steps.enumerated().dropFirst(index) {
            let heading = "  Step \(offset + 1) (line \(step.mark.line)): "
            guard case .expect(let expectations) = step.action else {
                lines.append(heading + describe(step))
                continue
            }
            let verdicts = expectations.map { expectation -> String in
                let event = test.trace.replay.log.events.first {
                    $0.name == .expect && $0.at.line == expectation.mark.line && $0.at.column == expectation.mark.column
                }
                let verdict: String
                switch event?.passed {
                case true?: verdict = "holds in the replay"
                case false?: verdict = "does not hold in the replay: \(event?.message ?? "no detail")"
                case nil: verdict = "not reached in the replay"
                }
                return "expect \(describe(HierarchyCheck(expectation.check))): \(verdict)"
            }
            if verdicts.count == 1 {
                lines.append(heading + verdicts[0])
            } else {
                lines.append(heading + "expect")
                lines += verdicts.map { "    " + $0 }
            }
        }
        w.comment(lines, hanging: "      ")
    }

    static func needsSettling(_ step: Step) -> Bool {
        switch step.action {
        case .expect, .addChild, .removeFromParent, .willMove, .didMove, .preserve, .restore: false
        default: true
        }
    }

    // MARK: Steps as UIKit calls

    enum AnimationMode {
        /// `animated: false`: each step finishes before the next.
        case none
        /// The spec's `animated:` value, written as a literal.
        case spec
        /// The spec's value inside a transition method: `animated` when the spec animates, else `false`.
        case parameter
    }

    struct CallContext {
        /// The Swift expression for a controller.
        let ref: (ControllerID) -> String
        let animation: AnimationMode
        /// Inside a `Controllers` method (no host, transitions called on `self`).
        let inControllers: Bool

        func animated(_ specValue: Bool) -> String {
            switch animation {
            case .none: "false"
            case .spec: specValue ? "true" : "false"
            case .parameter: specValue ? "animated" : "false"
            }
        }
    }

    var testRef: (ControllerID) -> String { { "app." + names.property($0) } }
    var selfRef: (ControllerID) -> String { { names.property($0) } }

    /// The UIKit calls a step makes.
    func callLines(_ step: Step, context c: CallContext) -> [String] {
        let r = c.ref
        switch step.action {
        case .launch:
            guard let root = spec.window?.id else { return ["// The spec sets no window root."] }
            if c.inControllers { return ["// launch: done by the test, not by the app's code."] }
            return ["host.window.rootViewController = \(r(root))", "host.window.makeKeyAndVisible()"]
        case let .present(vc, from, style, anchor, animated):
            return presentationLines(vc.id, from: from.id, style: style?.value, anchor: anchor, animated: c.animated(animated), context: c)
        case let .dismiss(vc, animated):
            return ["\(r(vc.id)).dismiss(animated: \(c.animated(animated)))"]
        case let .push(nav, vc, animated):
            return requireKind(.navigation, nav.id, call: "pushViewController") ?? ["\(r(nav.id)).pushViewController(\(r(vc.id)), animated: \(c.animated(animated)))"]
        case let .pop(nav, animated):
            return requireKind(.navigation, nav.id, call: "popViewController") ?? ["\(r(nav.id)).popViewController(animated: \(c.animated(animated)))"]
        case let .popToRoot(nav, animated):
            return requireKind(.navigation, nav.id, call: "popToRootViewController") ?? ["\(r(nav.id)).popToRootViewController(animated: \(c.animated(animated)))"]
        case let .popTo(nav, vc, animated):
            return requireKind(.navigation, nav.id, call: "popToViewController")
                ?? ["\(r(nav.id)).popToViewController(\(r(vc.id)), animated: \(c.animated(animated)))"]
        case let .setViewControllers(of, vcs, animated):
            let list = "[" + vcs.map { r($0.id) }.joined(separator: ", ") + "]"
            switch spec.controller(of.id)?.kind ?? .content {
            case .navigation, .tabBar: return ["\(r(of.id)).setViewControllers(\(list), animated: \(c.animated(animated)))"]
            case .page: return ["\(r(of.id)).setViewControllers(\(list), direction: .forward, animated: \(c.animated(animated)))"]
            case .split: return ["\(r(of.id)).viewControllers = \(list)"]
            case .content, .container: return ["// \(of.id) is not a navigation, tab bar, split or page view controller: no setViewControllers to call."]
            }
        case let .select(tabs, vc):
            return requireKind(.tabBar, tabs.id, call: "selectedViewController") ?? ["\(r(tabs.id)).selectedViewController = \(r(vc.id))"]
        case let .show(from, vc):
            return ["\(r(from.id)).show(\(r(vc.id)), sender: nil)"]
        case let .showDetail(from, vc):
            return ["\(r(from.id)).showDetailViewController(\(r(vc.id)), sender: nil)"]
        case let .perform(name):
            let method = names.transition(name.value)
            let receiver = c.inControllers ? "" : "app."
            if animatedTransitions.contains(name.value), c.animation != .none {
                return ["\(receiver)\(method)(animated: \(c.animation == .parameter ? "animated" : "true"))"]
            }
            return ["\(receiver)\(method)()"]
        case let .addChild(parent, child):
            return ["\(r(parent.id)).addChild(\(r(child.id)))"]
        case let .removeFromParent(child):
            return ["\(r(child.id)).removeFromParent()"]
        case let .willMove(child, parent):
            return ["\(r(child.id)).willMove(toParent: \(parent.map { r($0.id) } ?? "nil"))"]
        case let .didMove(child, parent):
            return ["\(r(child.id)).didMove(toParent: \(parent.map { r($0.id) } ?? "nil"))"]
        case let .addSubview(view, to):
            return ["\(r(to.id)).view.addSubview(\(r(view.id)).view)"]
        case let .removeFromSuperview(view):
            return ["\(r(view.id)).view.removeFromSuperview()"]
        case let .beginAppearance(vc, appearing, animated):
            return ["\(r(vc.id)).beginAppearanceTransition(\(appearing), animated: \(c.animated(animated)))"]
        case let .endAppearance(vc):
            return ["\(r(vc.id)).endAppearanceTransition()"]
        case let .transition(parent, from, to, animated):
            let duration: String
            switch c.animation {
            case .none: duration = "0"
            case .spec: duration = animated ? "0.3" : "0"
            case .parameter: duration = animated ? "animated ? 0.3 : 0" : "0"
            }
            return ["\(r(parent.id)).transition(from: \(r(from.id)), to: \(r(to.id)), duration: \(duration), options: [], animations: nil)"]
        case let .traits(width, height):
            return sizeClassLines(horizontal: width, vertical: height, context: c)
        case let .device(device):
            return sizeClassLines(horizontal: device.horizontalSizeClass, vertical: .regular, context: c)
        case .preserve, .restore:
            return ["// \(step.name): the system does this, not the app's code; vcaudit replays it."]
        case .simultaneously(let steps):
            return steps.flatMap { callLines($0, context: c) }
        case .expect:
            return ["// expect: checked by vcaudit's replay at this point of the transition."]
        }
    }

    /// A comment instead of the call when `id` is not of `kind` (UIKit has no such call on it).
    func requireKind(_ kind: Controller.Kind, _ id: ControllerID, call: String) -> [String]? {
        guard let controller = spec.controller(id), controller.kind != kind else { return nil }
        return ["// \(id) is not a \(kind.uikitClass): it has no \(call); UIKit ignores the step."]
    }

    func sizeClassLines(horizontal: SizeClass?, vertical: SizeClass?, context c: CallContext) -> [String] {
        if c.inControllers { return ["// A size-class change is not a call the app makes; the test performs it where a scenario step does."] }
        var arguments: [String] = []
        if let horizontal { arguments.append("horizontal: .\(horizontal.rawValue)") }
        if let vertical { arguments.append("vertical: .\(vertical.rawValue)") }
        return ["host.overrideSizeClasses(\(arguments.joined(separator: ", ")))"]
    }

    /// `vc.modalPresentationStyle`, the popover anchor, then `from.present(vc, animated:)`.
    func presentationLines(_ vc: ControllerID, from: ControllerID, style: PresentationStyle?, anchor override: PopoverAnchor?,
                           animated: String, context c: CallContext) -> [String] {
        let r = c.ref
        var lines: [String] = []
        if let style { lines.append("\(r(vc)).modalPresentationStyle = .\(style.rawValue)") }
        let requested = style ?? spec.controller(vc)?.modalPresentationStyle?.value ?? .automatic
        if requested == .popover, let anchor = spec.popoverAnchor(for: vc, override: override) {
            lines += anchorLines(anchor, presented: vc, holder: from, ref: r)
        }
        lines.append("\(r(from)).present(\(r(vc)), animated: \(animated))")
        return lines
    }

    /// Sets the popover's anchor; anchor names are properties (outlets) of the controller presenting it.
    func anchorLines(_ anchor: PopoverAnchor, presented vc: ControllerID, holder: ControllerID, ref r: (ControllerID) -> String) -> [String] {
        var lines: [String] = []
        let popover = "\(r(vc)).popoverPresentationController?"
        let appClass = names.hasAppClass(holder)
        if let item = anchor.barButtonItem?.value {
            let expression = appClass ? "\(r(holder)).\(SwiftName.escaped(SwiftName.lowerCamel(item, fallback: "barButtonItem")))"
                : "\(r(holder)).navigationItem.rightBarButtonItem"
            lines.append("\(popover).\(spec.ios >= 16 ? "sourceItem" : "barButtonItem") = \(expression)")
        }
        if let view = anchor.sourceView?.value {
            let expression = appClass ? "\(r(holder)).\(SwiftName.escaped(SwiftName.lowerCamel(view, fallback: "sourceView")))" : "\(r(holder)).view"
            lines.append("\(popover).sourceView = \(expression)")
        }
        if let rect = anchor.sourceRect, rect.count == 4 {
            let values = rect.map(SwiftLiteral.number)
            lines.append("\(popover).sourceRect = CGRect(x: \(values[0]), y: \(values[1]), width: \(values[2]), height: \(values[3]))")
        }
        return lines
    }

    // MARK: Checks

    func render(_ check: HierarchyCheck, line: Int, ref r: (ControllerID) -> String) -> String {
        func list(_ ids: [ControllerID]) -> String { "[" + ids.map(r).joined(separator: ", ") + "]" }
        let at = "specLine: \(line)"
        switch check {
        case .visible(let ids):
            let ordered = spec.controllers.map(\.id).filter(ids.contains)
            return "host.expectVisible(\(list(ordered)), \(at))"
        case .presented(let by, let vc):
            return "host.expectPresented(by: \(r(by)), is: \(vc.map(r) ?? "nil"), \(at))"
        case .isPresented(let vc, let presented):
            return presented ? "host.expectPresented(\(r(vc)), \(at))" : "host.expectDismissed(\(r(vc)), \(at))"
        case .top(let nav, let vc):
            return "host.expectTop(of: \(r(nav)), is: \(r(vc)), \(at))"
        case .stack(let nav, let vcs):
            return "host.expectStack(of: \(r(nav)), is: \(list(vcs)), \(at))"
        case .selected(let tabs, let vc):
            return "host.expectSelected(in: \(r(tabs)), is: \(r(vc)), \(at))"
        case .tabs(let tabs, let vcs):
            return "host.expectTabs(of: \(r(tabs)), are: \(list(vcs)), \(at))"
        case .pages(let pages, let vcs):
            return "host.expectPages(of: \(r(pages)), are: \(list(vcs)), \(at))"
        case .parent(let child, let parent):
            return "host.expectParent(of: \(r(child)), is: \(parent.map(r) ?? "nil"), \(at))"
        case .appearance(let vc, let state):
            return "host.expectAppearance(of: \(r(vc)), is: .\(state.rawValue), \(at))"
        case .restorationPath(let vc, let path):
            return "host.expectRestorationPath(of: \(r(vc)), is: \(SwiftLiteral.string(path)), \(at))"
        case .notRestorable(let vc):
            return "host.expectNotRestorable(\(r(vc)), \(at))"
        case .forwardsAppearance(let vc, let forwards):
            return "host.expectForwardsAppearance(of: \(r(vc)), is: \(forwards), \(at))"
        }
    }

    /// A check in words, with the spec's ids (`negated`: what holds when it fails).
    func describe(_ check: HierarchyCheck, negated: Bool = false) -> String {
        func list(_ ids: [ControllerID]) -> String { "[" + ids.joined(separator: ", ") + "]" }
        let not = negated ? "not " : ""
        switch check {
        case .visible(let ids): return "\(negated ? "not " : "")visible \(list(ids))"
        case .presented(let by, let vc): return "\(by) presents \(not)\(vc ?? "nothing")"
        case .isPresented(let vc, let presented): return "\(vc) is \(not)\(presented ? "presented" : "dismissed")"
        case .top(let nav, let vc): return "\(vc) is \(not)on top of \(nav)"
        case .stack(let nav, let vcs): return "the stack of \(nav) is \(not)\(list(vcs))"
        case .selected(let tabs, let vc): return "\(vc) is \(not)selected in \(tabs)"
        case .tabs(let tabs, let vcs): return "the tabs of \(tabs) are \(not)\(list(vcs))"
        case .pages(let pages, let vcs): return "the pages of \(pages) are \(not)\(list(vcs))"
        case .parent(let child, let parent): return "the parent of \(child) is \(not)\(parent ?? "none")"
        case .appearance(let vc, let state):
            switch state {
            case .appeared, .disappeared: return "\(vc) has \(not)\(state.rawValue)"
            case .appearing, .disappearing: return "\(vc) is \(not)\(state.rawValue)"
            }
        case .restorationPath(let vc, let path): return "\(vc) is \(not)preserved as \(path)"
        case .notRestorable(let vc): return "\(vc) is \(negated ? "" : "not ")preserved"
        case .forwardsAppearance(let vc, let forwards): return "\(vc) \(forwards != negated ? "forwards" : "does not forward") appearance"
        }
    }

    /// A step in the spec's words (`brief`: a transition by its name only).
    func describe(_ step: Step, brief: Bool = false) -> String {
        switch step.action {
        case .launch:
            return "launch: \(spec.window?.id ?? "nothing") becomes the window's root view controller"
        case let .present(vc, from, style, _, _):
            return "present \(vc.id) from \(from.id)\(style.map { " (\($0.value.rawValue))" } ?? "")"
        case let .dismiss(vc, _): return "dismiss \(vc.id)"
        case let .push(nav, vc, _): return "push \(vc.id) onto \(nav.id)"
        case let .pop(nav, _): return "pop \(nav.id)"
        case let .popToRoot(nav, _): return "pop \(nav.id) to its root"
        case let .popTo(nav, vc, _): return "pop \(nav.id) to \(vc.id)"
        case let .setViewControllers(of, vcs, _): return "set the view controllers of \(of.id) to [\(vcs.map(\.id).joined(separator: ", "))]"
        case let .select(tabs, vc): return "select \(vc.id) in \(tabs.id)"
        case let .show(from, vc): return "show \(vc.id) from \(from.id)"
        case let .showDetail(from, vc): return "show \(vc.id) as the detail, from \(from.id)"
        case let .perform(name):
            if brief { return "perform \(name.value)" }
            return "perform \(name.value)" + (spec.transition(name.value).map { " — " + summary(of: $0) } ?? "")
        case let .addChild(parent, child): return "\(parent.id) adds \(child.id) as a child"
        case let .removeFromParent(child): return "\(child.id) is removed from its parent"
        case let .willMove(child, parent): return "\(child.id) will move to \(parent?.id ?? "no parent")"
        case let .didMove(child, parent): return "\(child.id) did move to \(parent?.id ?? "no parent")"
        case let .addSubview(view, to): return "\(view.id)'s view is added to \(to.id)'s view"
        case let .removeFromSuperview(view): return "\(view.id)'s view is removed from its superview"
        case let .beginAppearance(vc, appearing, _): return "\(vc.id) begins \(appearing ? "appearing" : "disappearing")"
        case let .endAppearance(vc): return "\(vc.id) ends its appearance transition"
        case let .transition(parent, from, to, _): return "\(parent.id) transitions from \(from.id) to \(to.id)"
        case let .traits(width, height):
            let parts = [width.map { "width \($0.rawValue)" }, height.map { "height \($0.rawValue)" }].compactMap { $0 }
            return "size classes change: " + parts.joined(separator: ", ")
        case let .device(device): return "size classes change to an \(device.displayName)'s"
        case .preserve: return "preserve: the app goes to the background and UIKit saves its state"
        case .restore: return "restore: the system relaunches the app with the saved state"
        case .simultaneously(let steps):
            return "simultaneously, before the first animation ends: " + steps.map { describe($0, brief: true) }.joined(separator: "; ")
        case .expect(let expectations):
            return "expect " + expectations.map { describe(HierarchyCheck($0.check)) }.joined(separator: "; ")
        }
    }

    /// A transition in one phrase: the segue, or the first line of what its author wrote about it.
    func summary(of transition: Transition) -> String {
        switch transition.body {
        case .segue(let segue):
            return "the \(segue.kind.rawValue) segue from \(segue.from.id) to \(segue.to.id)"
        case .calls(let calls):
            if let note = SpecComments.firstSentence(comments.above(transition.mark.line)) ?? comments.trailing(transition.mark.line) {
                return note
            }
            return calls.map { describe($0) }.joined(separator: "; ")
        }
    }
}

extension Device {
    /// `iPhone`, `iPad`.
    var displayName: String {
        switch self {
        case .iphone: "iPhone"
        case .ipad: "iPad"
        }
    }
}
