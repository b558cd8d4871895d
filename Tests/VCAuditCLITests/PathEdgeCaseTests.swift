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

/// The edges of naming files and keying findings: symbolic links, baselines of older versions, suppressed and open
/// findings side by side, folders named like subcommands.
@Suite("vcaudit: path and report edge cases")
struct PathEdgeCaseTests {
    @Test("a path through a symbolic link and '..' opens the file the kernel opens, under the name given")
    func symbolicLinkThenParent() throws {
        let folder = try TemporaryFolder()
        try folder.write("other/x.yaml", doublePush)
        try folder.write("other/sub/keep", "")
        try FileManager.default.createDirectory(atPath: folder.path + "/work", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/work/link", withDestinationPath: "../other/sub")
        let outcome = try VCAuditProcess.run(["check", "link/../x.yaml"], in: folder.path + "/work")
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("link/../x.yaml:13:13: error: "))
        // Without a link, the shorter name is the same file, and it is the name used.
        let plain = try VCAuditProcess.run(["check", "other/../other/x.yaml"], in: folder.path)
        #expect(plain.standardOutput.hasPrefix("other/x.yaml:13:13: error: "))
    }

    @Test("a folder given where one spec is read says so, and which commands read folders", arguments: ["replay", "tree"])
    func folderForOneSpec(_ command: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("Specs/app.yaml", doublePush)
        let outcome = try VCAuditProcess.run([command, "Specs"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Specs:1:1: error: a folder, not a spec file; give the path of a spec file ('vcaudit check' and "
            + "'explore' read folders)\n", "\(outcome.standardError)")
    }

    @Test("a baseline in a subfolder written by an older version (specs named from the working directory) still matches")
    func olderBaselineInASubfolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Specs/a.yaml", doublePush)
        _ = try VCAuditProcess.run(["check", "Specs", "--write-baseline", "ci/baseline.json"], in: folder.path)
        let written = try String(contentsOfFile: folder.path + "/ci/baseline.json", encoding: .utf8)
        #expect(written.contains("\"spec\": \"../Specs/a.yaml\""))
        try folder.write("ci/old.json", written.replacingOccurrences(of: "\"../Specs/a.yaml\"", with: "\"Specs/a.yaml\""))
        let outcome = try VCAuditProcess.run(["check", "Specs", "--baseline", "ci/old.json"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(outcome.standardError == "no findings in 1 spec (1 scenario); 1 finding hidden by the baseline\n")
    }

    @Test("a suppressed finding and an open one of the same identity never share a fingerprint")
    func suppressedAndOpenFingerprints() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yaml", """
            vcaudit: 1
            controllers:
              home: {}
              compose: {}
            window: home
            scenarios:
              - name: Close twice
                steps:
                  - launch
                  - present: { vc: compose, from: home }
                  - dismiss: compose
                  - ignore: [{ rule: dismiss_without_presentation, reason: "known" }]
                    dismiss: compose
                  - dismiss: compose

            """)
        let sarif = try VCAuditProcess.run(["check", "a.yaml", "--format", "sarif"], in: folder.path)
        let fingerprints = sarif.standardOutput.split(separator: "\n").filter { $0.contains("\"vcauditFinding/v1\"") }
        #expect(fingerprints.count == 2, "\(sarif.standardOutput)")
        #expect(Set(fingerprints).count == fingerprints.count)
        let json = try VCAuditProcess.run(["check", "a.yaml", "--format", "json"], in: folder.path)
        let jsonFingerprints = json.standardOutput.split(separator: "\n").filter { $0.contains("\"fingerprint\"") }
        #expect(Set(jsonFingerprints).count == jsonFingerprints.count && jsonFingerprints.count == 2, "\(json.standardOutput)")
    }

    @Test("'vcaudit import Storyboards --out x' keeps the folder it names in the command it suggests")
    func importFolderNamedLikeTheKind() throws {
        let folder = try TemporaryFolder()
        try folder.write("Storyboards/Main.storyboard", StoryboardText.board("Home"))
        let outcome = try VCAuditProcess.run(["import", "Storyboards", "--out", "app.yaml"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: say what to import: write 'vcaudit import storyboard Storyboards --out app.yaml'\n")
    }

    @Test("an excluded storyboard is a skipped file, so a pattern that excludes it is not said to exclude nothing")
    func excludedStoryboards() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/Old/Legacy.storyboard", StoryboardText.board("Legacy"))
        try folder.write(".vcaudit.yml", "included: [App]\nexcluded: ['App/Old/*.storyboard']\n")
        let outcome = try VCAuditProcess.run(["check"], in: folder.path)
        #expect(outcome.standardError.contains("App/Old/Legacy.storyboard: note: skipped: excluded by .vcaudit.yml\n"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("excludes nothing"))
        // The command that lists the import's notes names the folder given, '.' included.
        try folder.write(".vcaudit.yml", "")
        let here = try VCAuditProcess.run(["check", "."], in: folder.path)
        #expect(!here.standardError.contains("'vcaudit import storyboard '"), "\(here.standardError)")
    }

    @Test("storyboards a spec lists by a path that goes up are named as the command line names them")
    func listedStoryboardsTidied() throws {
        let folder = try TemporaryFolder()
        try folder.write("UI/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("UI/Other.storyboard", StoryboardText.board("Other", isInitial: false))
        try folder.write("Specs/app.yaml", "vcaudit: 1\nstoryboards: [../UI/Main.storyboard, ../UI/Other.storyboard]\nwindow: homeViewController\n")
        let outcome = try VCAuditProcess.run(["explore", "Specs"], in: folder.path)
        #expect(outcome.standardOutput.contains("\nUI/Other.storyboard:6:17: warning: ") || outcome.standardOutput.hasPrefix("UI/Other.storyboard:6:17: warning: "),
                "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("Specs/../UI"))
    }

    @Test("an empty entry in 'excluded' is an error, not a pattern that excludes everything")
    func emptyExcludedEntry() throws {
        let folder = try TemporaryFolder()
        try folder.write("Specs/a.yaml", doublePush)
        try folder.write(".vcaudit.yml", "included: [Specs]\nexcluded: ['']\n")
        let outcome = try VCAuditProcess.run(["check"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(".vcaudit.yml:2:12: error: an empty entry in 'excluded' names no file; remove it\n"))
    }
}
