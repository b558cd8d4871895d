import Testing
import VCAuditReplay
@testable import VCAuditRules
import VCAuditSpec

@Suite("Checker")
struct CheckerTests {
    // MARK: Devices

    static let popover = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: recipe }
          recipe: { class: RecipeViewController }
          share: { class: UIActivityViewController, modalPresentationStyle: popover }
          tabs: { kind: tabBar, children: [a, b] }
          a: {}
          b: {}
        window: nav
        transitions:
          shareRecipe:
            calls:
              - present: { vc: share, from: recipe }
        scenarios:
          - name: Share
            steps:
              - launch
              - perform: shareRecipe
          - name: Share on iPad only
            device: ipad
            steps:
              - launch
              - pop: nav
        """

    @Test("a finding on both devices is one finding with both devices")
    func mergesDevices() throws {
        let spec = try #require(loadSpec(Self.popover))
        let report = Checker().check(spec, devices: [.ipad, .iphone])
        let popovers = report.findings.filter { $0.ruleID == "popover_missing_anchor" }
        #expect(popovers.count == 1)
        #expect(popovers.first?.devices == [.iphone, .ipad])
        #expect(popovers.first?.scenario == "Share")
        #expect(report.replayCount == 3)
        #expect(report.devices == [.iphone, .ipad])
    }

    @Test("a scenario with its own device runs only on it")
    func scenarioDevice() throws {
        let spec = try #require(loadSpec(Self.popover))
        let report = Checker().check(spec, devices: [.iphone, .ipad])
        let pops = report.findings.filter { $0.ruleID == "pop_root" }
        #expect(pops.map(\.devices) == [[.ipad]])
        #expect(Checker().check(spec).findings.first { $0.ruleID == "popover_missing_anchor" }?.devices == [.iphone])
    }

    @Test("a finding on one device only names that device")
    func oneDevice() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              book: { class: BookViewController }
              info:
                class: AuthorInfoViewController
                modalPresentationStyle: popover
                popover: { barButtonItem: infoItem }
            window: book
            scenarios:
              - name: Rotate while the info is up
                steps:
                  - launch
                  - present: { vc: info, from: book }
                  - dismiss: info
                  - dismiss: info
            """))
        let report = Checker().check(spec, devices: [.iphone, .ipad])
        // The second dismiss finds nothing to dismiss on both devices.
        #expect(summary(report.findings) == ["dismiss_without_presentation@15:9"])
        #expect(report.findings.first?.devices == [.iphone, .ipad])
    }

    // MARK: Notes and locations

    @Test("a finding from a transition call points at the call, with notes at the transition and the scenario step")
    func notes() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: inbox }
              inbox: { class: InboxViewController }
            window: nav
            transitions:
              back:
                calls:
                  - pop: nav
            scenarios:
              - name: Browse
                steps:
                  - launch
                  - perform: back
            """, path: "inbox.yaml"))
        let finding = try #require(Checker().check(spec).findings.first)
        #expect(finding.location == SourceLocation(file: "inbox.yaml", line: 9, column: 9))
        #expect(finding.notes == [
            Finding.Note(location: SourceLocation(file: "inbox.yaml", line: 7, column: 3), message: "transition 'back' declared here"),
            Finding.Note(location: SourceLocation(file: "inbox.yaml", line: 14, column: 9), message: "in scenario 'Browse', step 2"),
        ])
        #expect(finding.scenario == "Browse")
        #expect(finding.controllers == ["nav", "inbox"])
    }

    @Test("a scene without a restoration identifier is one finding for all its instances, whose advice names the scene")
    func restorationIDOfInstances() throws {
        let spec = try #require(SpecLoader.load(bytes: Array("""
            vcaudit: 1
            restoration: true
            controllers:
              nav: { kind: navigation, root: catalog, restorationID: nav }
              catalog: { restorationID: catalog }
              product: { class: ProductViewController }
            window: nav
            transitions:
              openProduct: { segue: show, from: catalog, to: product }
            scenarios:
              - name: Double tap
                steps:
                  - launch
                  - simultaneously:
                      - perform: openProduct
                      - perform: openProduct
                  - preserve
            """.utf8), path: "app.yaml").spec)
        let findings = Checker().check(spec).findings.filter { $0.ruleID == "restoration_id_missing" }
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("Set one ('restorationID: product')") == true, "\(findings)")
    }

    @Test("a declaration finding seen in several scenarios is one finding")
    func declarationFindingsMerge() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            restoration: true
            controllers:
              nav: { kind: navigation, restorationID: nav, root: inbox }
              inbox: { class: InboxViewController }
            window: nav
            scenarios:
              - name: First
                steps: [launch, preserve]
              - name: Second
                steps: [launch]
            """))
        let findings = Checker().check(spec, devices: [.iphone, .ipad]).findings
        #expect(summary(findings) == ["restoration_id_missing@5:3"])
        #expect(findings.first?.scenario == nil)
        #expect(findings.first?.devices == [.iphone, .ipad])
        #expect(findings.first?.notes.map(\.message) == ["in scenario 'First', step 2"])
    }

    // MARK: Suppressions

    /// A spec where each kind of `ignore:` suppresses exactly one real finding.
    static let suppressed = """
        vcaudit: 1
        restoration: true
        controllers:
          inboxNav: { kind: navigation, restorationID: inboxNav, root: inbox }
          inbox: { class: InboxViewController, restorationID: inbox }
          thread: { class: ThreadViewController, restorationID: thread }
          attachment: { class: AttachmentViewController, restorationID: attachment }
          compose: { class: ComposeViewController, restorationID: compose }
          toast:
            class: ToastViewController
            modalPresentationStyle: overFullScreen
            ignore: [{ rule: restoration_id_missing, reason: "transient" }]
        window: inboxNav
        transitions:
          backToInbox:
            calls: [pop: inboxNav]
            ignore: [{ rule: pop_root, reason: "Cmd-[ on every screen" }]
          logout:
            calls:
              - dismiss: { vc: compose, ignore: [{ rule: dismiss_without_presentation, reason: "defensive" }] }
        scenarios:
          - name: Everything suppressed
            ignore: [{ rule: transition_in_progress, reason: "INBOX-812" }]
            steps:
              - launch
              - perform: backToInbox
              - perform: logout
              - dismiss: { vc: thread, ignore: [{ rule: dismiss_without_presentation, reason: "on a step" }] }
              - simultaneously:
                  - push: { nav: inboxNav, vc: thread }
                  - push: { nav: inboxNav, vc: attachment }
              - present: { vc: toast, from: inboxNav }
        """

    @Test("ignore on a step, a transition call, a transition, a controller and a scenario each suppress their finding")
    func suppressions() throws {
        let spec = try #require(loadSpec(Self.suppressed))
        let report = Checker().check(spec, devices: [.iphone, .ipad])
        #expect(report.findings.isEmpty, Comment(rawValue: summary(report.findings).joined(separator: ", ")))
        #expect(report.diagnostics.isEmpty)

        // Without the suppressions, each finding is there.
        let plain = try #require(loadSpec("""
            vcaudit: 1
            restoration: true
            controllers:
              inboxNav: { kind: navigation, restorationID: inboxNav, root: inbox }
              inbox: { class: InboxViewController, restorationID: inbox }
              thread: { class: ThreadViewController, restorationID: thread }
              attachment: { class: AttachmentViewController, restorationID: attachment }
              compose: { class: ComposeViewController, restorationID: compose }
              toast:
                class: ToastViewController
                modalPresentationStyle: overFullScreen
            window: inboxNav
            transitions:
              backToInbox:
                calls: [pop: inboxNav]
              logout:
                calls:
                  - dismiss: { vc: compose }
            scenarios:
              - name: Everything suppressed
                steps:
                  - launch
                  - perform: backToInbox
                  - perform: logout
                  - dismiss: { vc: thread }
                  - simultaneously:
                      - push: { nav: inboxNav, vc: thread }
                      - push: { nav: inboxNav, vc: attachment }
                  - present: { vc: toast, from: inboxNav }
            """))
        #expect(Set(Checker().check(plain).findings.map(\.ruleID)) == [
            "pop_root", "dismiss_without_presentation", "transition_in_progress", "restoration_id_missing",
        ])
        #expect(Checker().check(plain).findings.filter { $0.ruleID == "dismiss_without_presentation" }.count == 2)
    }

    @Test("an ignore on the scenario step that runs a transition covers the transition's calls")
    func stepCoversTransition() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: inbox }
              inbox: {}
            window: nav
            transitions:
              back: { calls: [pop: nav] }
            scenarios:
              - name: Back
                steps:
                  - launch
                  - perform: { transition: back, ignore: [{ rule: pop_root, reason: "known" }] }
                  - simultaneously:
                      - perform: back
                      - perform: back
            """))
        // Step 2 is suppressed; step 3 runs the call twice and reports it once.
        let findings = Checker().check(spec).findings
        #expect(summary(findings) == ["pop_root@7:19"])
        #expect(findings.first?.notes.map(\.message) == ["transition 'back' declared here", "in scenario 'Back', step 3"])
    }

    @Test("an ignore that suppresses nothing is reported where its rule is named")
    func unusedSuppression() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: inbox }
              inbox:
                ignore: [{ rule: push_duplicate_instance, reason: "never happens" }]
              thread: {}
            window: nav
            scenarios:
              - name: Browse
                ignore: [{ rule: pop_root, reason: "used" }]
                steps:
                  - launch
                  - pop: nav
                  - push: { nav: nav, vc: thread, ignore: [{ rule: pop_root, reason: "wrong step" }] }
            """))
        let report = Checker().check(spec, devices: [.iphone, .ipad])
        #expect(summary(report.findings) == ["unused_suppression@5:22", "unused_suppression@14:56"])
        #expect(report.findings.first?.controllers == ["inbox"])
        #expect(report.findings.first?.devices == [.iphone, .ipad])
        #expect(report.findings.last?.message.contains("'pop_root'") == true)
        #expect(report.findings.last?.message.contains("wrong step") == true)
    }

    @Test("an unused_suppression entry silences the unused entries it encloses, and is reported when it silences none")
    func unusedSuppressionOfUnused() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: inbox }
              inbox: {}
              thread: {}
            window: nav
            scenarios:
              - name: Browse
                ignore: [{ rule: unused_suppression, reason: "kept for the iPad build" }]
                steps:
                  - launch
                  - push: { nav: nav, vc: thread, ignore: [{ rule: pop_root, reason: "wrong step" }] }
              - name: Other
                ignore: [{ rule: unused_suppression, reason: "nothing to silence" }]
                steps: [launch]
            """))
        #expect(summary(Checker().check(spec).findings) == ["unused_suppression@14:22"])
    }

    @Test("ignores of disabled rules are not reported unused; unknown rule ids are input errors with a suggestion")
    func disabledAndUnknown() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: inbox }
              inbox: {}
            window: nav
            scenarios:
              - name: Browse
                ignore: [{ rule: pop_root, reason: "disabled below" }, { rule: pop_rot, reason: "typo" }]
                steps: [launch]
            """, path: "typo.yaml"))
        let report = Checker(RuleConfiguration(disabling: ["pop_root"])).check(spec)
        #expect(report.findings.isEmpty)
        #expect(report.diagnostics.map(\.description) == [
            "typo.yaml:8:68: error: unknown rule 'pop_rot' in 'ignore'; did you mean 'pop_root'? ('vcaudit rules' lists every rule)",
        ])
        #expect(report.diagnostics.first?.length == 7)
        #expect(summary(Checker().check(spec).findings) == ["unused_suppression@8:22"])
    }

    @Test("an ignore of a rule that runs only when exploring is unused only when the check explores")
    func ignoresOfExploringRules() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: inbox }
              inbox: {}
              legacy: { ignore: [{ rule: unreachable_controller, reason: "a column vcaudit does not model" }] }
              archive: { ignore: [{ rule: unreachable_controller, reason: "shown by a segue" }] }
            window: nav
            transitions:
              openArchive: { segue: show, from: inbox, to: archive }
            scenarios:
              - name: Browse
                steps: [launch]
            """))
        // Without exploring, unreachable_controller does not run: neither entry had anything to suppress.
        #expect(Checker().check(spec).findings.isEmpty)
        // Exploring, the first suppresses its finding and the second, on a controller a segue reaches, is unused.
        var exploring = RuleConfiguration()
        exploring.exploring = true
        #expect(summary(Checker(exploring).check(spec).findings) == ["unused_suppression@6:31"])
        // Imported in memory from storyboards, the ignores are the import's, which the user cannot remove: neither is
        // reported (Habitica's compact column, a tab bar controller its code also makes by its storyboard ID).
        var imported = spec
        imported.locateInStoryboards()
        #expect(Checker(exploring).check(imported).findings.isEmpty)
    }

    // MARK: Configuration

    @Test("disabled rules report nothing and severity overrides apply")
    func configuration() throws {
        let spec = try #require(loadSpec(Self.popover))
        let quiet = Checker(RuleConfiguration(disabling: ["popover_missing_anchor"])).check(spec)
        #expect(!quiet.findings.contains { $0.ruleID == "popover_missing_anchor" })
        let loud = Checker(RuleConfiguration(severityOverrides: ["popover_missing_anchor": .info])).check(spec)
        #expect(loud.findings.first { $0.ruleID == "popover_missing_anchor" }?.severity == .info)
        let only = Checker(.only(["pop_root"])).check(spec, devices: [.ipad])
        #expect(Set(only.findings.map(\.ruleID)) == ["pop_root"])
        #expect(Checker(.only(["pop_root"])).enabledRules.map { $0.identifier } == ["pop_root"])
        let described = Checker(RuleConfiguration(enabledRules: ["pop_root", "push_duplicate_instance"], severityOverrides: ["pop_root": .error]))
            .enabledDescriptions
        #expect(described.map(\.identifier) == ["push_duplicate_instance", "pop_root"])
        #expect(described.map(\.severity) == [.error, .error])

        var file = Configuration()
        file.disabledRules = ["pop_root"]
        file.severities = ["popover_missing_anchor": .warning]
        let fromFile = RuleConfiguration(file)
        #expect(!fromFile.isEnabled("pop_root") && fromFile.isEnabled("popover_missing_anchor"))
        #expect(fromFile.severity(of: "popover_missing_anchor") == .warning)
        file.onlyRules = ["push_duplicate_instance"]
        #expect(RuleConfiguration(file).enabledRules == ["push_duplicate_instance"])
    }

    // MARK: Logs

    @Test("checking logs read back from JSON Lines gives the same findings as replaying")
    func logs() throws {
        for source in RuleExample.all.filter(\.triggering).map(\.example.source) {
            let spec = try #require(loadSpec(source))
            // Without scenarios there are no logs, and declaration findings name the spec's device alone.
            guard !spec.scenarios.isEmpty else { continue }
            let logs = try spec.scenarios.flatMap { scenario in
                try ScenarioRuns.devices(for: scenario, in: spec, requested: [.iphone, .ipad]).map {
                    try EventLog.parse(Replay.run(spec, scenario: scenario, device: $0).log.jsonLines)
                }
            }
            #expect(Checker().check(spec, logs: logs).findings == Checker().check(spec, devices: [.iphone, .ipad]).findings)
        }
    }

    @Test("a log of a scenario the spec does not have is a diagnostic")
    func foreignLog() throws {
        let spec = try #require(loadSpec(Self.popover))
        var other = try #require(loadSpec(Self.popover.replacingOccurrences(of: "name: Share\n", with: "name: Elsewhere\n")))
        other.file = spec.file
        let log = Replay.run(other, scenario: other.scenarios[0]).log
        let report = Checker().check(spec, logs: [log])
        #expect(report.findings.isEmpty)
        #expect(report.diagnostics.map(\.message) == ["the event log of scenario 'Elsewhere' does not belong to this spec; check the log's spec"])
        #expect(report.replayCount == 0)
    }

    // MARK: Determinism

    @Test("the same input gives the same findings, in report order")
    func determinism() throws {
        let sources = RuleExample.all.filter(\.triggering).map(\.example.source)
        for source in sources {
            let spec = try #require(loadSpec(source))
            let first = Checker().check(spec, devices: [.ipad, .iphone])
            let second = Checker().check(spec, devices: [.iphone, .ipad, .iphone])
            #expect(first.findings == second.findings)
            #expect(first.findings == first.findings.sorted(by: Checker.order))
            for (a, b) in zip(first.findings, first.findings.dropFirst()) {
                #expect(!Checker.order(b, a), "\(b.location) sorts before \(a.location)")
            }
        }
    }
}
