import Foundation
import Testing
import VCAuditTestSupport

/// A spec with one error (a double push) in its one scenario.
private let doublePush = """
    vcaudit: 1
    controllers:
      root: { kind: navigation, root: list }
      list: {}
      detail: {}
    window: root
    scenarios:
      - name: Double tap
        steps:
          - launch
          - simultaneously:
              - push: { nav: root, vc: detail }
              - push: { nav: root, vc: detail }

    """

/// A repository as CI sees it: `.vcaudit.yml` at the root, specs in `Specs`, drafts excluded, a baseline beside the
/// configuration.
private func repository(configuration: String = "included: [Specs]\nexcluded: [Specs/Drafts]\nbaseline: .vcaudit-baseline.json\n") throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(".vcaudit.yml", configuration)
    try folder.write("Specs/a.yaml", doublePush)
    try folder.write("Specs/b.yaml", doublePush)
    try folder.write("Specs/Drafts/draft.yaml", "vcaudit: 1\ncontrollers: {}\nwindow: nowhere\n")
    return folder
}

/// A spec has one name however the command line gives it, `.vcaudit.yml`'s paths are read from its folder, and a
/// baseline matches from any working directory: what a CI job and a developer's terminal must agree on.
@Suite("vcaudit check: paths, configuration folder and baseline keys")
struct CheckPathsTests {
    @Test("a baseline written with 'check Specs' matches however the specs are named and from a subfolder")
    func baselineMatchesEverySpelling() throws {
        let folder = try repository()
        let written = try VCAuditProcess.run(["check", "Specs", "--write-baseline", ".vcaudit-baseline.json"], in: folder.path)
        #expect(written.status == 0)
        let baseline = try String(contentsOfFile: folder.path + "/.vcaudit-baseline.json", encoding: .utf8)
        #expect(baseline.contains("\"spec\": \"Specs/a.yaml\""))
        for arguments in [["check"], ["check", "Specs"], ["check", "."], ["check", "./Specs"], ["check", "Specs/../Specs/"], ["check", "Specs//a.yaml", "Specs/b.yaml"]] {
            let outcome = try VCAuditProcess.run(arguments, in: folder.path)
            #expect(outcome.status == 0, "\(arguments)")
            #expect(outcome.standardOutput == "", "\(arguments)")
            #expect(!outcome.standardError.contains("baseline entry matches nothing"), "\(arguments)")
        }
        // From the specs' folder the configuration is found above, and its paths and baseline are read from there.
        let inside = try VCAuditProcess.run(["check"], in: folder.path + "/Specs")
        #expect(inside.status == 0)
        #expect(inside.standardError == "Drafts/draft.yaml: note: skipped: excluded by ../.vcaudit.yml\n"
            + "no findings in 2 specs (2 scenarios); 2 findings hidden by the baseline; 1 file skipped\n")
        let insideByPath = try VCAuditProcess.run(["check", "."], in: folder.path + "/Specs")
        #expect(insideByPath.standardError == inside.standardError)
        // A configuration given by an absolute path, from anywhere.
        let elsewhere = try TemporaryFolder()
        let absolute = try VCAuditProcess.run(["check", "--config", folder.path + "/.vcaudit.yml"], in: elsewhere.path)
        #expect(absolute.status == 0)
        #expect(absolute.standardError.hasSuffix("no findings in 2 specs (2 scenarios); 2 findings hidden by the baseline; 1 file skipped\n"))
    }

    @Test("paths in reports are tidied: ./, // and x/.. are gone from text and SARIF alike")
    func tidiedPaths() throws {
        let folder = try repository(configuration: "")
        let outcome = try VCAuditProcess.run(["check", "./Specs/../Specs//a.yaml", "--format", "sarif"], in: folder.path)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("\"uri\": \"Specs/a.yaml\""))
        let text = try VCAuditProcess.run(["check", "./Specs/../Specs//a.yaml"], in: folder.path)
        #expect(text.standardOutput.hasPrefix("Specs/a.yaml:13:13: error: "))
    }

    @Test("replay, tree, graph and import name their input as check does, however it is typed")
    func otherCommandsTidyTheirInput() throws {
        let folder = try repository(configuration: "")
        try folder.write("UI/Main.storyboard", StoryboardText.board("Home"))
        let commands = [
            (["replay", "Specs/a.yaml"], ["replay", "./Specs/../Specs//a.yaml"]),
            (["tree", "Specs/a.yaml"], ["tree", "./Specs/../Specs//a.yaml"]),
            (["graph", "Specs/a.yaml"], ["graph", "./Specs//a.yaml"]),
            (["graph", "UI"], ["graph", "./UI/"]),
            (["import", "storyboard", "UI"], ["import", "storyboard", "./UI/"]),
        ]
        for (plain, typed) in commands {
            let expected = try VCAuditProcess.run(plain, in: folder.path)
            let outcome = try VCAuditProcess.run(typed, in: folder.path)
            #expect(expected.standardOutput.contains("Specs/a.yaml") || expected.standardOutput.contains("UI/Main.storyboard"), "\(plain)")
            #expect(outcome.standardOutput == expected.standardOutput, "\(typed)")
            #expect(outcome.standardError == expected.standardError, "\(typed)")
            #expect(outcome.status == expected.status, "\(typed)")
        }
    }

    @Test("a shard names no baseline entry of the files other shards check, nor of files not given")
    func shardedBaseline() throws {
        let folder = try repository()
        _ = try VCAuditProcess.run(["check", "--write-baseline", ".vcaudit-baseline.json"], in: folder.path)
        for shard in ["1/2", "2/2"] {
            let outcome = try VCAuditProcess.run(["check", "--shard", shard], in: folder.path)
            #expect(outcome.status == 0)
            #expect(!outcome.standardError.contains("baseline entry matches nothing"), "\(shard): \(outcome.standardError)")
        }
        let one = try VCAuditProcess.run(["check", "Specs/a.yaml"], in: folder.path)
        #expect(one.standardError == "no findings in 1 spec (1 scenario); 1 finding hidden by the baseline\n")
        // A spec that was checked and no longer has its finding is still named.
        try folder.write("Specs/a.yaml", doublePush.replacingOccurrences(of: "      - simultaneously:\n          - push: { nav: root, vc: detail }\n          - push: { nav: root, vc: detail }\n", with: "      - push: { nav: root, vc: detail }\n"))
        let fixed = try VCAuditProcess.run(["check", "--shard", "1/2"], in: folder.path)
        #expect(fixed.standardError.contains("Specs/a.yaml: note: baseline entry matches nothing any more: push_duplicate_instance in Specs/a.yaml"))
        let fixedFromInside = try VCAuditProcess.run(["check", "a.yaml"], in: folder.path + "/Specs")
        #expect(fixedFromInside.standardError.contains("a.yaml: note: baseline entry matches nothing any more: push_duplicate_instance in a.yaml"))
    }

    @Test("--write-baseline does not write over the baseline when a spec could not be checked")
    func baselineNotWrittenWithInputErrors() throws {
        let folder = try repository()
        _ = try VCAuditProcess.run(["check", "--write-baseline", ".vcaudit-baseline.json"], in: folder.path)
        let before = try String(contentsOfFile: folder.path + "/.vcaudit-baseline.json", encoding: .utf8)
        try folder.write("Specs/b.yaml", doublePush.replacingOccurrences(of: "window: root", with: "window: roott"))
        let outcome = try VCAuditProcess.run(["check", "--write-baseline", ".vcaudit-baseline.json"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(".vcaudit-baseline.json: note: baseline not written: 1 spec could not be checked; "
            + "fix the input errors above, then write it again\n"))
        #expect(try String(contentsOfFile: folder.path + "/.vcaudit-baseline.json", encoding: .utf8) == before)
    }

    @Test("an 'excluded' path to nothing is noted where it is written; a glob is not")
    func excludedTypo() throws {
        let folder = try repository(configuration: "included: [Specs]\nexcluded: [Specs/Draft, '**/Scratch']\n")
        let outcome = try VCAuditProcess.run(["check", "Specs/a.yaml"], in: folder.path)
        #expect(outcome.standardError.hasPrefix("""
            .vcaudit.yml:2:12: note: 'Specs/Draft' in 'excluded' is no file or folder, so it excludes nothing; fix the path, or remove it
            excluded: [Specs/Draft, '**/Scratch']
                       ^~~~~~~~~~~

            """))
    }

    @Test("an 'excluded' pattern that matches none of the files a whole run finds is noted; one that matches is not")
    func excludedPatternTypo() throws {
        let folder = try repository(configuration: "included: [Specs]\nexcluded: ['**/Draft', '**/Drafts']\n")
        let outcome = try VCAuditProcess.run(["check"], in: folder.path)
        #expect(outcome.standardError.hasPrefix("""
            .vcaudit.yml:2:13: note: '**/Draft' in 'excluded' matches none of the files 'included' holds, so it excludes nothing; fix the pattern, or remove it
            excluded: ['**/Draft', '**/Drafts']
                        ^~~~~~~~

            """), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("'**/Drafts' in 'excluded'"))
        // A run of some files says nothing about the others.
        let some = try VCAuditProcess.run(["check", "Specs/a.yaml"], in: folder.path)
        #expect(!some.standardError.contains("in 'excluded'"))
    }

    @Test("an 'included' path to nothing is shown with its line and a caret")
    func includedTypo() throws {
        let folder = try repository(configuration: "included: [Spec]\n")
        let outcome = try VCAuditProcess.run(["check"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == """
            .vcaudit.yml:1:12: error: 'Spec' in 'included' is no file or folder; fix the path, or remove it
            included: [Spec]
                       ^~~~
            nothing checked; 1 input error

            """)
    }

    @Test("--config /dev/null checks without a configuration; a folder given as the configuration is bad input")
    func noConfiguration() throws {
        let folder = try repository()
        let none = try VCAuditProcess.run(["check", "Specs", "--config", "/dev/null"], in: folder.path)
        #expect(none.status == 2)
        #expect(none.standardError.contains("Specs/Drafts/draft.yaml:3:9: error: "))
        let notAFile = try VCAuditProcess.run(["check", "Specs", "--config", "Specs"], in: folder.path)
        #expect(notAFile.status == 2)
        #expect(notAFile.standardError.hasPrefix("Specs:1:1: error: cannot read the configuration file; check the path given to --config\n"))
    }

    @Test("a suppressed finding is counted in the summary, and SARIF and JSON carry it with its reason")
    func suppressionsReported() throws {
        let folder = try repository(configuration: "")
        try folder.write("Specs/a.yaml", doublePush.replacingOccurrences(of: "      - simultaneously:",
            with: "      - ignore: [{ rule: push_duplicate_instance, reason: \"PROD-1: the tap is debounced in code\" }]\n        simultaneously:"))
        let text = try VCAuditProcess.run(["check", "Specs/a.yaml"], in: folder.path)
        #expect(text.status == 0, "\(text.standardOutput)\(text.standardError)")
        #expect(text.standardError == "no findings in 1 spec (1 scenario); 1 finding suppressed by 'ignore:'\n")
        let sarif = try VCAuditProcess.run(["check", "Specs/a.yaml", "--format", "sarif"], in: folder.path)
        #expect(sarif.standardOutput.contains("\"justification\": \"PROD-1: the tap is debounced in code\",\n"), "\(sarif.standardOutput)")
        #expect(sarif.standardOutput.contains("\"kind\": \"inSource\"\n"))
        let json = try VCAuditProcess.run(["check", "Specs/a.yaml", "--format", "json"], in: folder.path)
        #expect(json.standardOutput.contains("\"reason\": \"PROD-1: the tap is debounced in code\""), "\(json.standardOutput)")
        #expect(json.standardOutput.contains("\"suppressed\": 1"))
    }

    @Test("'explore_events: true' alone explores, as --explore-events does; with 'explore: false' it is an error")
    func exploreEventsAlone() throws {
        let folder = try repository(configuration: "explore_events: true\n")
        let outcome = try VCAuditProcess.run(["check", "Specs/a.yaml"], in: folder.path)
        #expect(outcome.standardError.contains("explored"))
        try folder.write(".vcaudit.yml", "explore: false\nexplore_events: true\n")
        let contradiction = try VCAuditProcess.run(["check", "Specs/a.yaml"], in: folder.path)
        #expect(contradiction.status == 2)
        #expect(contradiction.standardError.hasPrefix(".vcaudit.yml:1:10: error: 'explore: false' contradicts 'explore_events: true', which explores; remove one of them\n"))
    }
}
