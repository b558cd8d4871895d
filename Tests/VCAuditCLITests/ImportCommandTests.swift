import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditTestSupport

/// `vcaudit import storyboard` and `vcaudit check` on storyboards, as a user runs them.
@Suite("import storyboard and check on storyboards")
struct ImportCommandTests {
    static let storyboards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("VCAuditStoryboardTests/Storyboards")

    /// A folder holding copies of the test storyboards `names`.
    func folder(with names: [String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in names {
            let text = try String(contentsOf: Self.storyboards.appendingPathComponent(name), encoding: .utf8)
            try folder.write("UI/\(name)", text)
        }
        return folder
    }

    @Test("imports a folder to standard output, with notes and a summary on standard error")
    func toStandardOutput() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        let outcome = try VCAuditProcess.run(["import", "storyboard", "UI"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("# Imported by vcaudit \(VCAuditVersion.number) from UI/Main.storyboard, UI/Settings.storyboard.\n"))
        #expect(outcome.standardError.hasSuffix("imported 14 controllers and 10 transitions from 2 storyboards\n"))
        #expect(outcome.standardError.contains("UI/Settings.storyboard:57:37: note: the unwind segue 'doneWithHelp:'"))
    }

    @Test("--out writes atomically, refuses a file vcaudit did not write, and --force overwrites it")
    func outFile() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        try folder.write("app.yaml", "# mine\n")
        let refused = try VCAuditProcess.run(["import", "storyboard", "UI", "--out", "app.yaml"], in: folder.path)
        #expect(refused.status == 2)
        #expect(refused.standardError.hasSuffix("app.yaml:1:1: error: exists and was not written by vcaudit import; choose another --out, or pass --force\n"))
        #expect(try String(contentsOfFile: folder.path + "/app.yaml", encoding: .utf8) == "# mine\n")
        let forced = try VCAuditProcess.run(["import", "storyboard", "UI", "--out", "app.yaml", "--force"], in: folder.path)
        #expect(forced.status == 0)
        let again = try VCAuditProcess.run(["import", "storyboard", "UI", "--out", "app.yaml"], in: folder.path)
        #expect(again.status == 0, "a spec vcaudit wrote is rewritten without --force")
        let check = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test("'import' without 'storyboard' says the command to write, with what was given; alone, it shows its help")
    func importWithoutKind() throws {
        let folder = try folder(with: ["Main.storyboard"])
        let withoutKind = try VCAuditProcess.run(["import", "UI", "--out", "my app.yaml"], in: folder.path)
        #expect(withoutKind.status == 2)
        #expect(withoutKind.standardError == "error: say what to import: write 'vcaudit import storyboard UI --out \"my app.yaml\"'\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/my app.yaml"))
        let misspelt = try VCAuditProcess.run(["import", "storyboards", "UI"], in: folder.path)
        #expect(misspelt.status == 2)
        #expect(misspelt.standardError == "error: vcaudit imports no 'storyboards'; write 'vcaudit import storyboard UI'\n")
        let alone = try VCAuditProcess.run(["import"], in: folder.path)
        #expect(alone.status == 0)
        #expect(alone.standardOutput.hasPrefix("OVERVIEW: Write a spec from what the app already has (its storyboards).\n"))
        #expect(!alone.standardOutput.contains("without-kind"))
        let help = try VCAuditProcess.run(["import", "storyboard", "--help"], in: folder.path)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: Write a spec from storyboards"))
    }

    @Test("--device ipad writes the app an iPad user sees, with 'device: ipad'; an iPhone app has none to write")
    func padApp() throws {
        // Moonlight: UIMainStoryboardFile = iPhone, UIMainStoryboardFile~ipad = iPad; both open Settings.
        let folder = try TemporaryFolder()
        try folder.write("App/iPhone.storyboard", StoryboardText.board("PhoneHome"))
        try folder.write("App/iPad.storyboard", StoryboardText.board("PadHome"))
        try folder.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>iPhone</string>"
            + "<key>UIMainStoryboardFile~ipad</key><string>iPad</string></dict></plist>")
        let phone = try VCAuditProcess.run(["import", "storyboard", "App"], in: folder.path)
        #expect(phone.status == 0, "\(phone.standardError)")
        #expect(phone.standardOutput.contains("class: PhoneHome"))
        #expect(!phone.standardOutput.contains("class: PadHome"))
        #expect(phone.standardError.contains("'vcaudit import storyboard' of it with --device ipad writes the iPad app's spec"),
                "\(phone.standardError)")
        let pad = try VCAuditProcess.run(["import", "storyboard", "App", "--device", "ipad"], in: folder.path)
        #expect(pad.status == 0, "\(pad.standardError)")
        #expect(pad.standardOutput.contains("class: PadHome"))
        #expect(!pad.standardOutput.contains("class: PhoneHome"))
        #expect(pad.standardOutput.contains("\ndevice: ipad   # the app starts with iPad on iPad only (a ~ipad key in App/Info.plist), "
            + "and with iPhone elsewhere\n"), "\(pad.standardOutput)")
        #expect(pad.standardError.contains("App/iPhone.storyboard:1:1: note: not imported with the app's storyboards: the storyboard the "
            + "app starts with on iPhone, in place of iPad (a ~ipad key in App/Info.plist) on iPad\n"), "\(pad.standardError)")
        // The spec written is the iPad app: checked, it replays on ipad.
        try folder.write("pad.yaml", pad.standardOutput)
        let checked = try VCAuditProcess.run(["check", "pad.yaml", "--explore"], in: folder.path)
        #expect(checked.standardError.contains("explored pad.yaml on ipad: "), "\(checked.standardError)")
        #expect(!checked.standardError.contains("on iphone"), "\(checked.standardError)")

        // An iPhone app runs on iPad as on an iPhone: there is no iPad app, and saying so is an error.
        let phoneOnly = try TemporaryFolder()
        try phoneOnly.write("App/Main.storyboard", StoryboardText.board("Home"))
        try phoneOnly.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        try phoneOnly.write("App/App.xcodeproj/project.pbxproj", "A1 /* Main.storyboard */ = {isa = PBXFileReference; path = Main.storyboard; };\n"
            + "buildSettings = {\n INFOPLIST_FILE = Info.plist;\n TARGETED_DEVICE_FAMILY = 1;\n};\n")
        let refused = try VCAuditProcess.run(["import", "storyboard", "App", "--device", "ipad"], in: phoneOnly.path)
        #expect(refused.status == 2, "\(refused.standardError)")
        #expect(refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("App/Main.storyboard:1:1: error: --device ipad, but an iPhone app (TARGETED_DEVICE_FAMILY = 1"),
                "\(refused.standardError)")
        let misspelt = try VCAuditProcess.run(["import", "storyboard", "App", "--device", "ipda"], in: phoneOnly.path)
        #expect(misspelt.status == 2)
    }

    @Test("bad input: an AppKit storyboard and a missing path exit 2 with their location")
    func badInput() throws {
        let folder = try folder(with: ["AppKit.storyboard"])
        let appKit = try VCAuditProcess.run(["import", "storyboard", "UI/AppKit.storyboard"], in: folder.path)
        #expect(appKit.status == 2)
        #expect(appKit.standardError.hasPrefix("UI/AppKit.storyboard:2:1: error: an AppKit (macOS) storyboard"))
        let missing = try VCAuditProcess.run(["import", "storyboard", "Nope.storyboard"], in: folder.path)
        #expect(missing.status == 2)
        #expect(missing.standardError == "Nope.storyboard:1:1: error: no such file or folder; check the path\n")
    }

    @Test("check reads storyboards directly; one bad storyboard does not stop the others")
    func checkStoryboards() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        try folder.write("UI/Broken.storyboard", "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n")
        let outcome = try VCAuditProcess.run(["check", "UI"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix("UI/Broken.storyboard:"))
        #expect(outcome.standardError.contains("no findings in 1 app (0 scenarios); 1 spec not replayed: fix its input errors first; 1 input error\n"))
        #expect(outcome.standardError.hasSuffix("UI/Main.storyboard: note: storyboards have no scenarios, so only their declarations were checked; "
            + "add --explore to try every user path from launch, or write scenarios in a spec that lists the storyboards under 'storyboards:'\n"))
    }

    @Test("an AppKit storyboard found beside the iOS ones is skipped with a note by check, explore, graph and import; named, it is bad input")
    func otherPlatformSkipped() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard", "AppKit.storyboard"])
        let skipped = "UI/AppKit.storyboard: note: skipped: an AppKit (macOS) storyboard (targetRuntime=\"MacOSX.Cocoa\"), found in a folder; "
            + "vcaudit audits UIKit view controllers\n"
        let check = try VCAuditProcess.run(["check", "UI"], in: folder.path)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardError.hasPrefix(skipped + "no findings in 1 app (0 scenarios); 1 file skipped\n"))
        #expect(check.standardError.contains("UI/Main.storyboard: note: importing the storyboards left 7 notes on what their XML cannot say; "
            + "'vcaudit import storyboard UI' lists them\n"))
        // The command that lists the notes names the paths that hold storyboards, not the specs' folder.
        try folder.write("Specs/app.yaml", "vcaudit: 1\ncontrollers:\n  home: {}\nwindow: home\n")
        let withSpecs = try VCAuditProcess.run(["check", "Specs", "UI/"], in: folder.path)
        #expect(withSpecs.status == 0, "\(withSpecs.standardError)")
        #expect(withSpecs.standardError.contains("; 'vcaudit import storyboard UI' lists them\n"))
        let explore = try VCAuditProcess.run(["explore", "UI", "--depth", "1"], in: folder.path)
        #expect(explore.status == 0, "\(explore.standardError)")
        #expect(explore.standardError.hasPrefix(skipped))
        #expect(!explore.standardError.contains("only their declarations were checked"))
        let graph = try VCAuditProcess.run(["graph", "UI"], in: folder.path)
        #expect(graph.status == 0)
        #expect(graph.standardError == skipped)
        let imported = try VCAuditProcess.run(["import", "storyboard", "UI"], in: folder.path)
        #expect(imported.status == 0)
        #expect(imported.standardError.hasPrefix("UI/AppKit.storyboard:1:1: note: not imported with the app's storyboards: an AppKit (macOS) storyboard"))
        #expect(imported.standardError.hasSuffix("imported 14 controllers and 10 transitions from 2 storyboards\n"))
        let named = try VCAuditProcess.run(["check", "UI", "UI/AppKit.storyboard"], in: folder.path)
        #expect(named.status == 2)
        #expect(named.standardError.hasPrefix("UI/AppKit.storyboard:2:1: error: an AppKit (macOS) storyboard"))
        let macOnly = try TemporaryFolder()
        try macOnly.write("Mac/AppKit.storyboard", try String(contentsOf: Self.storyboards.appendingPathComponent("AppKit.storyboard"), encoding: .utf8))
        let nothing = try VCAuditProcess.run(["import", "storyboard", "Mac"], in: macOnly.path)
        #expect(nothing.status == 2)
        #expect(nothing.standardError.hasSuffix("error: no UIKit storyboard in Mac; give the app's iOS storyboards, or folders that hold them\n"))
    }

    @Test("scenarios added to an imported spec report at the storyboard line, with a note at the spec line")
    func findingsPointAtStoryboards() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        let imported = try VCAuditProcess.run(["import", "storyboard", "UI", "--out", "app.yaml"], in: folder.path)
        #expect(imported.status == 0)
        var spec = try String(contentsOfFile: folder.path + "/app.yaml", encoding: .utf8)
        spec += "scenarios:\n  - name: Double tap on a row\n    steps:\n      - launch\n      - simultaneously:\n"
            + "          - perform: showDetail\n          - perform: showDetail\n"
        try folder.write("app.yaml", spec)
        let outcome = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        // A segue makes a new detail each time: the double tap is a nested push (a warning), not a duplicate push.
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("UI/Main.storyboard:35:37: warning: nested push animation") == true)
        #expect(lines.contains { $0.hasPrefix("app.yaml:") && $0.hasSuffix(": note: imported into the spec here") })
    }

    @Test("a spec that lists storyboards adds scenarios and transitions on top of them; findings point at the storyboard")
    func specOnStoryboards() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        try folder.write("app.yaml", """
            vcaudit: 1
            storyboards: [UI/Main.storyboard, UI/Settings.storyboard]
            controllers:
              composeEditor: { class: ComposeEditorViewController }
            transitions:
              openComposer:
                calls:
                  - present: { vc: composeNavigationController, from: list }
            scenarios:
              - name: Double tap on a row
                steps:
                  - launch
                  - simultaneously:
                      - perform: showDetail
                      - perform: showDetail

            """)
        let outcome = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.split(separator: "\n").map(String.init).map { $0.components(separatedBy: ": ").prefix(2).joined(separator: ": ") } == [
            // No note repeats the warning's place to say the segue is declared there.
            "UI/Main.storyboard:35:37: warning", "app.yaml:13:9: note",
        ])
        let replay = try VCAuditProcess.run(["replay", "app.yaml"], in: folder.path)
        #expect(replay.status == 0)
        #expect(replay.standardOutput.contains("\"event\":\"pushViewController\""))
        // The segue's events point at its storyboard element, not at a line the spec does not have.
        #expect(replay.standardOutput.contains(#"{"at":"UI/Main.storyboard:35:37","depth":2,"event":"performSegue""#))
        let text = try VCAuditProcess.run(["replay", "app.yaml", "--format", "text"], in: folder.path)
        #expect(text.standardOutput.contains("performSegue list to=detail segue=show  @ UI/Main.storyboard:35:37 [showDetail]\n"))
        #expect(text.standardOutput.contains("setRootViewController mainTabBarController  @ 12:9\n"))
    }

    @Test("a transition of an imported segue's name replaces the segue; its findings point at the spec")
    func replacedSegue() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        // The app's prepare(for:) cancels the Show segue and presents the detail itself.
        try folder.write("app.yaml", """
            vcaudit: 1
            storyboards: [UI/Main.storyboard, UI/Settings.storyboard]
            transitions:
              showDetail:
                from: list
                calls:
                  - present: { vc: detail, from: list }
            scenarios:
              - name: Row twice
                steps:
                  - launch
                  - perform: showDetail
                  - perform: showDetail

            """)
        let outcome = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(outcome.status == 1, "\(outcome.standardOutput)\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        // A present of the one detail, twice: UIKit raises, where the storyboard's Show made a new detail each time.
        #expect(lines.first?.hasPrefix("app.yaml:7:9: error: Application tried to present modally a view controller <DetailViewController: detail>") == true, "\(lines)")
        #expect(lines.dropFirst().first == "app.yaml:4:3: note: transition 'showDetail' declared here")
        #expect(!outcome.standardOutput.contains("Main.storyboard:35:37"))
        let replay = try VCAuditProcess.run(["replay", "app.yaml"], in: folder.path)
        #expect(replay.status == 0)
        #expect(!replay.standardOutput.contains("\"event\":\"pushViewController\""))
        #expect(!replay.standardOutput.contains("\"event\":\"performSegue\""))
        #expect(replay.standardOutput.contains("\"event\":\"present\""))
        // The other segues are still the storyboard's, and findings about them still point there.
        let explored = try VCAuditProcess.run(["check", "--explore", "app.yaml"], in: folder.path)
        #expect(explored.standardOutput.contains("UI/Main.storyboard:43:33: warning: "))
        #expect(explored.standardOutput.contains("\napp.yaml:4:3: note: witness, after launch, action 1 of 2: perform showDetail\n"))
    }

    @Test("a line of the spec that is also a line of the storyboards' import is the spec's")
    func marksOfTheSpecStayInTheSpec() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        // The import declares 'mainTabBarController' at 6:3 of its text; 'presentDetail' is declared at 6:3 of this one.
        try folder.write("app.yaml", """
            vcaudit: 1
            storyboards: [UI/Main.storyboard, UI/Settings.storyboard]
            transitions:
              presentHelp:
                calls: [{ present: { vc: help, from: list } }]
              presentDetail:
                calls:
                  - present: { vc: detail, from: list }
            scenarios:
              - name: Twice
                steps: [launch, { perform: presentDetail }, { perform: presentDetail }]

            """)
        let outcome = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.split(separator: "\n").map { $0.components(separatedBy: ": ").prefix(2).joined(separator: ": ") } == [
            "app.yaml:8:9: error", "app.yaml:6:3: note", "app.yaml:11:51: note",
        ])
    }

    @Test("a controller declared both by the storyboards and by the spec is an error at the spec's line")
    func conflictingDeclaration() throws {
        let folder = try folder(with: ["Main.storyboard", "Settings.storyboard"])
        try folder.write("app.yaml", "vcaudit: 1\nstoryboards: [UI/Main.storyboard, UI/Settings.storyboard]\ncontrollers:\n  list: {}\n")
        let outcome = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(
            "app.yaml:4:3: error: controller 'list' is already declared by the storyboards (UI/Main.storyboard:30:17); give this one another id, or remove it"))
        try folder.write("other.yaml", "vcaudit: 1\nstoryboards: [UI/Missing.storyboard]\n")
        let missing = try VCAuditProcess.run(["check", "other.yaml"], in: folder.path)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("other.yaml:2:15: error: a storyboard listed here cannot be read: UI/Missing.storyboard:1:1: error: "))
        // An id the storyboards do not give (an old one, or a guess) says where the ids come from.
        try folder.write("guess.yaml", "vcaudit: 1\nstoryboards: [UI/Main.storyboard, UI/Settings.storyboard]\n"
            + "scenarios:\n  - name: Back\n    steps: [launch, {pop: navigationController}]\n")
        let guess = try VCAuditProcess.run(["check", "guess.yaml"], in: folder.path)
        #expect(guess.status == 2)
        #expect(guess.standardError.hasPrefix("guess.yaml:5:27: error: unknown controller 'navigationController' in 'nav' of the 'pop' step; "
            + "declare it under 'controllers:', or use the id the storyboards give it ('vcaudit import storyboard' lists them)\n"))
    }

    /// A navigation controller whose list's cell shows a detail: a double tap on the cell pushes twice.
    static let phoneBoard = StoryboardText.document(initial: "nav", """
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections>
                                <segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/>
                            </connections>
                        </navigationController>
                        <tableViewController id="list" customClass="PhoneListViewController" sceneMemberID="viewController">
                            <tableView key="view" id="tv">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="cell" id="cell">
                                        <connections>
                                            <segue destination="detail" kind="show" identifier="showDetail" id="s1"/>
                                        </connections>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                        </tableViewController>
                        <viewController id="detail" customClass="PhoneDetailViewController" sceneMemberID="viewController"/>
        """)

    static let doubleTap = "scenarios:\n  - name: double tap\n    steps: [launch, { simultaneously: [{ perform: showDetail }, { perform: showDetail }] }]\n"

    /// The place of each finding and note on standard output (`file:line:column`).
    @Test("a 'source:' read through a spec folder that is a symbolic link names the file it reaches there")
    func sourceThroughSymbolicLink() throws {
        let folder = try TemporaryFolder()
        try folder.write("real/UI/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("real/specs/app.yaml", """
            vcaudit: 1
            controllers:
              home: { class: HomeViewController, source: "../UI/Main.storyboard:6:17" }
              orphan: { class: OrphanViewController, source: "../UI/Main.storyboard:9:17" }
            window: home

            """)
        try FileManager.default.createDirectory(atPath: folder.path + "/repo/UI", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/repo/Specs", withDestinationPath: "../real/specs")
        let outcome = try VCAuditProcess.run(["explore", "Specs/app.yaml"], in: folder.path + "/repo")
        #expect(outcome.standardOutput.hasPrefix("Specs/../UI/Main.storyboard:9:17: warning: "), "\(outcome.standardOutput)")
    }

    @Test("a 'source:' that names no file gets a note, once a file, at the first declaration that names it")
    func missingSourceFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("UI/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("Specs/ci/app.yaml", """
            vcaudit: 1
            controllers:
              home: { class: HomeViewController, source: "../UI/Main.storyboard:6:17" }
              other: { class: OtherViewController, source: "../UI/Main.storyboard:9:17" }
              found: { class: FoundViewController, source: "../../UI/Main.storyboard:12:17" }
            window: home
            scenarios:
              - name: s
                steps: [launch]

            """)
        let outcome = try VCAuditProcess.run(["check", "Specs/ci/app.yaml"], in: folder.path)
        #expect(outcome.status == 0)
        #expect(outcome.standardError.components(separatedBy: "note: 'source:'").count == 2, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("Specs/ci/app.yaml:3:3: note: 'source:' names ../UI/Main.storyboard, which is no file from the "
            + "spec's folder or the working directory; findings point there all the same: fix the path (relative to the spec), or import the "
            + "storyboards again with --out\n"), "\(outcome.standardError)")
    }

    static func places(_ output: String) -> [String] {
        output.split(separator: "\n").map { $0.components(separatedBy: ": ")[0] }
    }

    @Test("--out writes 'source:' relative to the spec's folder; findings name the storyboard from any working directory")
    func sourcesRelativeToTheSpec() throws {
        let folder = try TemporaryFolder()
        try folder.write("UI/Main.storyboard", Self.phoneBoard)
        try FileManager.default.createDirectory(atPath: folder.path + "/Other", withIntermediateDirectories: true)
        let imported = try VCAuditProcess.run(["import", "storyboard", "UI/Main.storyboard", "--out", "Specs/app.yaml"], in: folder.path)
        #expect(imported.status == 0, "\(imported.standardError)")
        let spec = try String(contentsOfFile: folder.path + "/Specs/app.yaml", encoding: .utf8)
        #expect(spec.contains("    source: \"../UI/Main.storyboard:6:17\"\n"))
        #expect(spec.contains("source: \"../UI/Main.storyboard:16:37\" }\n"))
        // Notes on standard error name the storyboard as the command line did.
        #expect(!imported.standardError.contains("../UI"))
        try folder.write("Specs/app.yaml", spec + Self.doubleTap)
        let fromRoot = try VCAuditProcess.run(["check", "Specs/app.yaml"], in: folder.path)
        #expect(Self.places(fromRoot.standardOutput) == ["UI/Main.storyboard:16:37", "Specs/app.yaml:23:15", "Specs/app.yaml:23:3", "Specs/app.yaml:26:23"],
                "\(fromRoot.standardOutput)\(fromRoot.standardError)")
        let fromSpecs = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path + "/Specs")
        #expect(Self.places(fromSpecs.standardOutput) == ["../UI/Main.storyboard:16:37", "app.yaml:23:15", "app.yaml:23:3", "app.yaml:26:23"])
        let fromOther = try VCAuditProcess.run(["check", "../Specs/app.yaml"], in: folder.path + "/Other")
        #expect(Self.places(fromOther.standardOutput).first == "../UI/Main.storyboard:16:37")
        let sarif = try VCAuditProcess.run(["check", "Specs/app.yaml", "--format", "sarif"], in: folder.path)
        #expect(sarif.standardOutput.contains("\"uri\": \"UI/Main.storyboard\""), "\(sarif.standardOutput)")
        let github = try VCAuditProcess.run(["check", "Specs/app.yaml", "--format", "github"], in: folder.path)
        #expect(github.standardOutput.hasPrefix("::warning file=UI/Main.storyboard,line=16,col=37,"), "\(github.standardOutput)")

        // To standard output, and in the folder the spec is written to, paths read from the working directory.
        let printed = try VCAuditProcess.run(["import", "storyboard", "UI/Main.storyboard"], in: folder.path)
        #expect(printed.standardOutput.contains("    source: \"UI/Main.storyboard:6:17\"\n"))
        let beside = try VCAuditProcess.run(["import", "storyboard", "./UI/Main.storyboard", "--out", "app.yaml"], in: folder.path)
        #expect(beside.status == 0)
        #expect(try String(contentsOfFile: folder.path + "/app.yaml", encoding: .utf8).contains("    source: \"UI/Main.storyboard:6:17\"\n"))
        // An absolute path stays absolute.
        let absolute = try VCAuditProcess.run(["import", "storyboard", folder.path + "/UI/Main.storyboard", "--out", "Specs/abs.yaml"], in: folder.path)
        #expect(absolute.status == 0)
        let absoluteSpec = try String(contentsOfFile: folder.path + "/Specs/abs.yaml", encoding: .utf8)
        #expect(absoluteSpec.contains("    source: \"\(folder.path)/UI/Main.storyboard:6:17\"\n"))
        try folder.write("Specs/abs.yaml", absoluteSpec + Self.doubleTap)
        #expect(Self.places(try VCAuditProcess.run(["check", "abs.yaml"], in: folder.path + "/Specs").standardOutput).first
            == folder.path + "/UI/Main.storyboard:16:37")
    }

    @Test("a spec written by earlier versions, its 'source:' paths from the folder the import ran in, still points at the storyboard")
    func sourcesFromTheWorkingDirectory() throws {
        let folder = try TemporaryFolder()
        try folder.write("UI/Main.storyboard", Self.phoneBoard)
        let printed = try VCAuditProcess.run(["import", "storyboard", "UI/Main.storyboard"], in: folder.path)
        #expect(printed.status == 0)
        // What `--out Specs/old.yaml` used to write: the paths as given.
        try folder.write("Specs/old.yaml", printed.standardOutput + Self.doubleTap)
        let old = try VCAuditProcess.run(["check", "Specs/old.yaml"], in: folder.path)
        #expect(Self.places(old.standardOutput).first == "UI/Main.storyboard:16:37", "\(old.standardOutput)\(old.standardError)")
        // A spec that lists the storyboards, and the storyboards checked directly, name them as before.
        try folder.write("Specs/listing.yaml", "vcaudit: 1\nstoryboards: [../UI/Main.storyboard]\n" + Self.doubleTap)
        let listing = try VCAuditProcess.run(["check", "Specs/listing.yaml"], in: folder.path)
        #expect(Self.places(listing.standardOutput) == ["UI/Main.storyboard:16:37", "Specs/listing.yaml:5:23"],
                "\(listing.standardOutput)\(listing.standardError)")
        let direct = try VCAuditProcess.run(["check", "UI", "--explore-depth", "2"], in: folder.path)
        #expect(Self.places(direct.standardOutput).allSatisfy { $0.hasPrefix("UI/Main.storyboard:") }, "\(direct.standardOutput)")
        #expect(Self.places(direct.standardOutput).first == "UI/Main.storyboard:16:37", "\(direct.standardOutput)")
        // The summary counts what ran: an app, no scenarios, and the paths explored.
        #expect(direct.standardError.contains("1 warning in 1 of 1 app (0 scenarios, 10 paths explored)\n"), "\(direct.standardError)")
        let explored = try VCAuditProcess.run(["explore", "UI", "--depth", "2"], in: folder.path)
        #expect(explored.standardError.contains("1 warning in 1 of 1 app (10 paths explored)\n"), "\(explored.standardError)")
    }

}

/// `vcaudit init` as a new user runs it.
@Suite("vcaudit init")
struct InitCommandTests {
    @Test("writes a starter configuration and spec that check clean, and never overwrites them")
    func starter() throws {
        let folder = try TemporaryFolder()
        let first = try VCAuditProcess.run(["init"], in: folder.path)
        #expect(first.status == 0)
        #expect(first.standardOutput == "created .vcaudit.yml\ncreated Specs/app.yaml\nnext: vcaudit check\n")
        let check = try VCAuditProcess.run(["check"], in: folder.path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardError == "no findings in 1 spec (1 scenario, 2 replays)\n")
        let again = try VCAuditProcess.run(["init"], in: folder.path)
        #expect(again.status == 2)
        #expect(again.standardError.hasPrefix(".vcaudit.yml:1:1: error: already exists; vcaudit init never overwrites a file"))
    }

    @Test("writes nothing when one of its files cannot be written, and says why in words")
    func blocked() throws {
        let folder = try TemporaryFolder()
        try folder.write("Specs", "a file where the Specs folder would go\n")
        let outcome = try VCAuditProcess.run(["init"], in: folder.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Specs/app.yaml:1:1: error: cannot write it: \(folder.path)/Specs is a file, not a folder; "
            + "move it away, or write somewhere else\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.vcaudit.yml"), "nothing written, so a second run can succeed")
    }
}
