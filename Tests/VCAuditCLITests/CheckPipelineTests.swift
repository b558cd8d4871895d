import Foundation
import Testing
import VCAuditTestSupport

/// A spec with one warning (present while presenting) and one error (a double push).
private let buggySpec = """
    vcaudit: 1
    controllers:
      root: { kind: navigation, root: list }
      list: {}
      detail: {}
      sheet: { modalPresentationStyle: pageSheet }
      alert: {}
    window: root
    scenarios:
      - name: Double tap
        steps:
          - launch
          - simultaneously:
              - push: { nav: root, vc: detail }
              - push: { nav: root, vc: detail }
      - name: Two sheets
        steps:
          - launch
          - present: { vc: sheet, from: list }
          - present: { vc: alert, from: list }

    """

@Suite("vcaudit check: rules, configuration, reports, baseline, devices")
struct CheckPipelineTests {
    @Test("findings go to standard output Xcode-style; an error exits 1")
    func findings() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", buggySpec)
        let outcome = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(outcome.status == 1)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("app.yaml:15:13: error: ") && $0.hasSuffix("[push_duplicate_instance]") })
        #expect(lines.contains { $0.hasPrefix("app.yaml:20:9: warning: Attempt to present <UIViewController: alert> on <UINavigationController: root> (from <UIViewController: list>) which is already presenting <UIViewController: sheet>.") && $0.hasSuffix("[present_while_presenting]") })
        #expect(outcome.standardError == "1 error, 1 warning in 1 of 1 spec (2 scenarios)\n")
    }

    @Test("the configuration disables rules and overrides severities; warnings fail with strict")
    func configuration() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", buggySpec)
        try folder.write(".vcaudit.yml", "disabled_rules: [push_duplicate_instance]\nseverities: { present_while_presenting: info }\n")
        let relaxed = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(relaxed.status == 0)
        #expect(!relaxed.standardOutput.contains("push_duplicate_instance"))
        #expect(relaxed.standardOutput.contains(": note: Attempt to present"))
        try folder.write(".vcaudit.yml", "disabled_rules: [push_duplicate_instance]\nstrict: true\n")
        let strict = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(strict.status == 1)
    }

    @Test("a scenario that adds a view to itself, or into its own subtree, is an error and exits 1", arguments: [
        ("- addSubview: { view: board, to: board }", "add_self_as_subview"),
        ("- addSubview: { view: board, to: card }", "view_hierarchy_cycle"),
    ])
    func viewHierarchyCrashes(step: String, rule: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", """
            vcaudit: 1
            controllers:
              board: { kind: container, children: [card] }
              card:
            window: board
            scenarios:
              - name: Crash
                steps:
                  - launch
                  \(step)

            """)
        let outcome = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasPrefix("app.yaml:10:9: error: "))
        #expect(outcome.standardOutput.contains("[\(rule)]"))
    }

    @Test("a bad configuration is an error with a suggestion, exit 2, and nothing is checked")
    func badConfiguration() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", buggySpec)
        try folder.write("ci.yml", "disabled_rulez: [pop_root]\nseverities: { pop_rot: error }\n")
        let outcome = try VCAuditProcess.run(["check", "--config", "ci.yml", "app.yaml"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == """
            ci.yml:1:1: error: unknown configuration key 'disabled_rulez'; did you mean 'disabled_rules'?
            disabled_rulez: [pop_root]
            ^~~~~~~~~~~~~~
            ci.yml:2:15: error: unknown rule 'pop_rot' in 'severities'; did you mean 'pop_root'? ('vcaudit rules' lists every rule)
            severities: { pop_rot: error }
                          ^~~~~~~
            nothing checked; 2 input errors

            """)
    }

    @Test("--report writes each format atomically beside the standard output format")
    func reports() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", buggySpec)
        let outcome = try VCAuditProcess.run(
            ["check", "app.yaml", "--format", "github", "--report", "sarif:out/vcaudit.sarif", "--report", "junit:out/junit.xml"], in: folder.path)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasPrefix("::error file=app.yaml,line=15,col=13,"))
        let sarif = try String(contentsOfFile: folder.path + "/out/vcaudit.sarif", encoding: .utf8)
        #expect(sarif.contains("\"version\": \"2.1.0\""))
        let junit = try String(contentsOfFile: folder.path + "/out/junit.xml", encoding: .utf8)
        #expect(junit.hasPrefix("<?xml"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("a written baseline silences its findings, survives moved lines, and reports entries that match nothing")
    func baseline() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", buggySpec)
        let written = try VCAuditProcess.run(["check", "app.yaml", "--write-baseline", "baseline.json"], in: folder.path)
        #expect(written.status == 0)
        #expect(written.standardOutput == "")
        let baseline = try String(contentsOfFile: folder.path + "/baseline.json", encoding: .utf8)
        #expect(baseline.contains("\"rule\": \"push_duplicate_instance\""))
        #expect(!baseline.contains("\"line\""))
        // Move every line down: the baseline still matches.
        try folder.write("app.yaml", "# a comment that moves every line\n\n" + buggySpec)
        let moved = try VCAuditProcess.run(["check", "app.yaml", "--baseline", "baseline.json"], in: folder.path)
        #expect(moved.status == 0)
        #expect(moved.standardOutput == "")
        // Fix the double push: its entry no longer matches and is named.
        try folder.write("app.yaml", buggySpec.replacingOccurrences(of: "      - simultaneously:\n          - push: { nav: root, vc: detail }\n          - push: { nav: root, vc: detail }\n", with: "      - push: { nav: root, vc: detail }\n"))
        let fixed = try VCAuditProcess.run(["check", "app.yaml", "--baseline", "baseline.json"], in: folder.path)
        #expect(fixed.status == 0)
        #expect(fixed.standardError.contains("app.yaml: note: baseline entry matches nothing any more: push_duplicate_instance in app.yaml, scenario 'Double tap' (detail, root); run with --write-baseline to drop it"))
    }

    @Test("--device iphone,ipad replays on both and reports a finding once with both devices")
    func deviceMatrix() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", buggySpec)
        let outcome = try VCAuditProcess.run(["check", "app.yaml", "--device", "iphone,ipad", "--format", "json"], in: folder.path)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.components(separatedBy: "\"push_duplicate_instance\"").count - 1 == 1)
        #expect(outcome.standardOutput.contains("\"devices\": [\n        \"iphone\",\n        \"ipad\"\n      ]"))
        #expect(outcome.standardError == "1 error, 1 warning in 1 of 1 spec (2 scenarios, 4 replays)\n")
    }

    @Test("bad flags are usage errors with suggestions, exit 2", arguments: [
        (["check", "x.yaml", "--format", "sarf"], "unknown format 'sarf'; did you mean 'sarif'?"),
        (["check", "x.yaml", "--report", "sarif"], "--report takes FORMAT:PATH"),
        (["check", "x.yaml", "--device", "ipod"], "unknown device 'ipod'"),
    ])
    func badFlags(arguments: [String], message: String) throws {
        let outcome = try VCAuditProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(message))
    }

    @Test("vcaudit rules lists the catalog; vcaudit rules ID shows the documentation and examples")
    func rules() throws {
        let list = try VCAuditProcess.run(["rules"])
        #expect(list.status == 0)
        let lines = list.standardOutput.split(separator: "\n")
        #expect(lines.count == 43)
        #expect(lines.contains { $0.hasPrefix("popover_missing_anchor") && $0.contains("error") && $0.contains("yes") })
        let one = try VCAuditProcess.run(["rules", "pop_root"])
        #expect(one.status == 0)
        #expect(one.standardOutput.contains("(pop_root)"))
        #expect(one.standardOutput.contains("Triggering example 1"))
        #expect(one.standardOutput.contains("↓"))
        let unknown = try VCAuditProcess.run(["rules", "pop_rot"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("pop_root"))
    }
}
