import Foundation
import Testing
@testable import VCAuditStoryboard
@testable import VCAuditCLI
import VCAuditRules
import VCAuditSpec
import VCAuditTestSupport

/// `vcaudit explore`, run in process.
@Suite("explore command")
struct ExploreCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Examples/Bugs: the double tap is found with its witness, as check finds it from the hand-written scenario")
    func bugs() throws {
        let file = Self.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml").path
        let output = try ExploreCommand.parse([file]).execute()
        #expect(output.exitStatus == 1)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("[push_duplicate_instance]") == true)
        #expect(lines.contains { $0.hasSuffix(": note: witness, after launch, action 1 of 1: double tap openPost") })
        #expect(output.standardError.contains("explored \(file) on iphone: 6 states, 10 paths, depth 2, 1 distinct finding, 3 of 3 controllers on screen\n"),
                "\(output.standardError)")
        let check = try VCAuditProcess.run(["check", file])
        #expect(check.standardOutput.hasPrefix(lines[0].components(separatedBy: ": error:")[0] + ": error:"),
                "explore points where check points")
    }

    @Test("the configuration decides which rules report and how severely, and whether code paths run as events")
    func configuration() throws {
        let folder = try TemporaryFolder()
        let bug = Self.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml").path
        try folder.write("off.yml", "disabled_rules: [push_duplicate_instance]\n")
        try folder.write("warn.yml", "severities: {push_duplicate_instance: warning}\nexplore_events: true\n")
        let plain = try ExploreCommand.parse([bug, "--depth", "2"]).execute()
        #expect(plain.standardOutput.contains("error: ") && plain.standardOutput.contains("[push_duplicate_instance]"))

        let off = try ExploreCommand.parse([bug, "--depth", "2", "--config", folder.path + "/off.yml"]).execute()
        #expect(!off.standardOutput.contains("[push_duplicate_instance]"))
        let check = try CheckCommand.parse([bug, "--explore", "--config", folder.path + "/off.yml"]).execute()
        #expect(!check.stdout.contains("[push_duplicate_instance]"), "check --explore reports what the configuration enables")

        let warn = try ExploreCommand.parse([bug, "--depth", "2", "--config", folder.path + "/warn.yml"]).execute()
        #expect(warn.standardOutput.contains("warning: ") && warn.standardOutput.contains("[push_duplicate_instance]"))
        #expect(!warn.standardOutput.contains("error: "))

        // A view added without addChild in a callback (a code path, here without the example's `event: true`): found
        // when the configuration runs every code path as an event.
        let example = try String(contentsOf: Self.repository.appendingPathComponent("Examples/Bugs/addsubview-without-addchild.yaml"), encoding: .utf8)
        let unmarked = example.components(separatedBy: "\n").filter { !$0.hasPrefix("    event: true") }.joined(separator: "\n")
        #expect(unmarked != example)
        try folder.write("callback.yaml", unmarked)
        let callback = folder.path + "/callback.yaml"
        let withoutEvents = try ExploreCommand.parse([callback, "--depth", "2"]).execute()
        #expect(!withoutEvents.standardOutput.contains("[view_added_without_containment]"))
        let withEvents = try ExploreCommand.parse([callback, "--depth", "2", "--config", folder.path + "/warn.yml"]).execute()
        #expect(withEvents.standardOutput.contains("[view_added_without_containment]"), "explore_events: true runs code paths as events")
    }

    @Test("no path and no 'included', or a configuration that does not load, is bad input")
    func badInput() throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.yml", "explore_events: maybe\n")
        let bad = try ExploreCommand.parse([Self.repository.appendingPathComponent("Examples/Bugs").path, "--config", folder.path + "/bad.yml"]).execute()
        #expect(bad.exitStatus == 2)
        #expect(bad.standardError.hasPrefix(folder.path + "/bad.yml:1:17: error: expected true or false for 'explore_events'"))
        let none = try ExploreCommand.parse(["--config", folder.path + "/empty.yml"]).execute()
        #expect(none.exitStatus == 2)
    }

    @Test("--write-scenarios writes witnesses that load as scenarios and reproduce the findings")
    func writeScenarios() throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: Self.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml"), encoding: .utf8)
        let withoutScenarios = spec.components(separatedBy: "\nscenarios:")[0] + "\n"
        try folder.write("app.yaml", withoutScenarios)
        let output = try ExploreCommand.parse([folder.path + "/app.yaml", "--write-scenarios", folder.path + "/found.yaml"]).execute()
        let written = try #require(output.files[folder.path + "/found.yaml"])
        #expect(written.contains("    steps:\n      - launch\n      - simultaneously:          # a double tap\n          - perform: openPost\n          - perform: openPost\n"))
        let yamlBody = written.components(separatedBy: "\nscenarios:\n")[1]
        try folder.write("replayed.yaml", withoutScenarios + "scenarios:\n" + yamlBody)
        let check = try VCAuditProcess.run(["check", folder.path + "/replayed.yaml"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("[push_duplicate_instance]"))
    }

    @Test("an iPhone app asked for on iPad alone is checked on iphone in its place, and says so: a run never passes unchecked")
    func phoneOnlyAppOnIPad() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/Extra.storyboard", StoryboardText.board("Extra", isInitial: false))
        try folder.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        try folder.write("App/App.xcodeproj/project.pbxproj", "A1 /* Main.storyboard */ = {isa = PBXFileReference; path = Main.storyboard; };\n"
            + "A2 /* Extra.storyboard */ = {isa = PBXFileReference; path = Extra.storyboard; };\n"
            + "buildSettings = {\n INFOPLIST_FILE = Info.plist;\n TARGETED_DEVICE_FAMILY = 1;\n};\n")
        let output = try VCAuditProcess.run(["check", "App", "--explore", "--device", "ipad"], in: folder.path)
        #expect(output.standardOutput.contains("[unreachable_controller]"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("(on iphone)"), "\(output.standardOutput)")
        #expect(output.standardError.contains("App/Main.storyboard: note: not checked on ipad, checked on iphone in its place: an iPhone app "),
                "\(output.standardError)")
    }

    @Test("an app that starts on iPad with another storyboard (a ~ipad key) is two apps: the iPad one is explored on ipad from the folder")
    func padStoryboardApp() throws {
        // Moonlight: UIMainStoryboardFile = iPhone, UIMainStoryboardFile~ipad = iPad; the iPad list pushes on a cell's tap.
        let folder = try TemporaryFolder()
        try folder.write("App/iPhone.storyboard", StoryboardText.board("PhoneHome"))
        try folder.write("App/iPad.storyboard", StoryboardText.document(initial: "nav", """
                            <navigationController id="nav" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/>
                                </connections>
                            </navigationController>
                            <viewController id="list" customClass="PadListViewController" sceneMemberID="viewController">
                                <view key="view" id="v1">
                                    <subviews>
                                        <button id="b1">
                                            <connections>
                                                <segue destination="detail" kind="show" identifier="showDetail" id="s1"/>
                                            </connections>
                                        </button>
                                    </subviews>
                                </view>
                            </viewController>
                            <viewController id="detail" customClass="PadDetailViewController" sceneMemberID="viewController"/>
            """))
        try folder.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>iPhone</string>"
            + "<key>UIMainStoryboardFile~ipad</key><string>iPad</string></dict></plist>")
        let output = try VCAuditProcess.run(["explore", "App"], in: folder.path)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix("App/iPad.storyboard:16:37: warning: nested push animation"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("(scenario 'explore: double tap showDetail', on ipad) [transition_in_progress]"))
        #expect(output.standardError.hasPrefix("1 warning in 1 of 2 apps (16 paths explored)\n"), "\(output.standardError)")
        #expect(!output.standardError.contains("skipped"), "\(output.standardError)")
        #expect(output.standardError.contains("explored App/iPhone.storyboard on iphone: "), "\(output.standardError)")
        #expect(output.standardError.contains("explored App/iPad.storyboard on ipad: "), "\(output.standardError)")
        // Asked for on both devices, each app runs on its own, and says why not on the other.
        let both = try VCAuditProcess.run(["explore", "App", "--device", "iphone,ipad"], in: folder.path)
        #expect(both.standardOutput == output.standardOutput)
        #expect(both.standardError.contains("App/iPhone.storyboard: note: not checked on ipad from these storyboards (the app's others are, there): on iPad the app starts with the storyboard "
            + "'iPad' (a ~ipad key in App/Info.plist), not with iPhone\n"), "\(both.standardError)")
        #expect(both.standardError.contains("App/iPad.storyboard: note: not checked on iphone from these storyboards (the app's others are, there): the app starts with iPad on iPad only "
            + "(a ~ipad key in App/Info.plist), and with iPhone elsewhere\n"), "\(both.standardError)")
        // One device asked for: only the app that runs there (the other is not run in its place).
        let phone = try VCAuditProcess.run(["explore", "App", "--device", "iphone"], in: folder.path)
        #expect(phone.standardOutput.isEmpty, "\(phone.standardOutput)")
        #expect(phone.standardError.contains("App/iPad.storyboard: note: not checked on iphone from these storyboards (the app's others are, there): the app starts with iPad"), "\(phone.standardError)")
        #expect(!phone.standardError.contains("explored App/iPad.storyboard"), "\(phone.standardError)")
        let pad = try VCAuditProcess.run(["explore", "App", "--device", "ipad"], in: folder.path)
        #expect(pad.standardOutput == output.standardOutput)
        #expect(!pad.standardError.contains("explored App/iPhone.storyboard"), "\(pad.standardError)")
    }

    @Test("a storyboard the iPhone and the iPad app share makes one finding, on both devices, not one per app")
    func sharedStoryboardOfTwoApps() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Main.storyboard", StoryboardText.board("PhoneHome"))
        try folder.write("App/MainPad.storyboard", StoryboardText.board("PadHome"))
        try folder.write("App/Shared.storyboard", StoryboardText.board("Orphan", isInitial: false))
        try folder.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string>"
            + "<key>UIMainStoryboardFile~ipad</key><string>MainPad</string></dict></plist>")
        let output = try VCAuditProcess.run(["explore", "App", "--depth", "1"], in: folder.path)
        #expect(output.standardOutput.components(separatedBy: "[unreachable_controller]").count == 2, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("(on iphone and ipad) [unreachable_controller]"), "\(output.standardOutput)")
        #expect(output.standardError.hasPrefix("1 warning in 2 of 2 apps "), "\(output.standardError)")
        // One device asked for: the app that runs there is the only one counted.
        let phone = try VCAuditProcess.run(["check", "App", "--device", "iphone"], in: folder.path)
        #expect(phone.standardError.hasPrefix("no findings in 1 app "), "\(phone.standardError)")
    }

    @Test("a folder of several apps (sdl_ios's two sample apps) checks each with its own storyboards and those they share, once")
    func severalApps() throws {
        let folder = try TemporaryFolder()
        try folder.write("Examples/ObjC/Base.lproj/Main.storyboard", StoryboardText.board("ObjCHome"))
        try folder.write("Examples/ObjC/ObjC-Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        try folder.write("Examples/Swift/Main.storyboard", StoryboardText.board("SwiftHome"))
        try folder.write("Examples/Swift/Swift-Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        // A framework's storyboard, in no app's folder: both apps show it.
        try folder.write("Framework/LockScreen.storyboard", StoryboardText.board("Orphan", isInitial: false))
        let output = try VCAuditProcess.run(["check", ".", "--explore", "--explore-depth", "1"], in: folder.path)
        #expect(output.standardOutput.components(separatedBy: "[unreachable_controller]").count == 2, "\(output.standardOutput)")
        #expect(output.standardOutput.hasPrefix("Framework/LockScreen.storyboard:6:17: warning: <OrphanViewController: orphanViewController>"),
                "\(output.standardOutput)")
        #expect(output.standardError.hasPrefix("1 warning in 2 of 2 apps "), "\(output.standardError)")
        #expect(output.standardError.contains("explored Examples/ObjC/Base.lproj/Main.storyboard on iphone: "), "\(output.standardError)")
        #expect(output.standardError.contains("explored Examples/Swift/Main.storyboard on iphone: "), "\(output.standardError)")
        // Each app has its own home, not the other's as a second copy.
        #expect(!output.standardError.contains("2 storyboards have an initial view controller"), "\(output.standardError)")
        // One spec is one app: the import says the folder holds two.
        let imported = try VCAuditProcess.run(["import", "storyboard", "."], in: folder.path)
        #expect(imported.status == 0)
        #expect(imported.standardError.contains("note: the folders given hold 2 apps, each with its own Info.plist and main storyboard "
            + "(./Examples/ObjC/Base.lproj/Main.storyboard, ./Examples/Swift/Main.storyboard)"), "\(imported.standardError)")
        // Two Info.plists in one app's folder that name one storyboard (white-label targets) are one app.
        let shared = try TemporaryFolder()
        try shared.write("App/Main.storyboard", StoryboardText.board("Home"))
        try shared.write("App/Brand-A-Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        try shared.write("App/Brand-B-Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        let one = try VCAuditProcess.run(["check", "App"], in: shared.path)
        #expect(one.standardError.hasPrefix("no findings in 1 app "), "\(one.standardError)")
    }

    @Test("storyboards of an app that makes its root in code: exploring starts from a guess; what nothing can show is unreachable whatever the root")
    func guessedRoot() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/About.storyboard", StoryboardText.board("About"))
        try folder.write("App/Settings.storyboard", StoryboardText.board("Settings"))
        try folder.write("App/Extra.storyboard", StoryboardText.board("Extra", isInitial: false))
        try folder.write("App/Info.plist", "<plist><dict><key>UILaunchStoryboardName</key><string>Launch</string></dict></plist>")
        // Code can make Settings' initial controller; Extra's scene has neither an identifier nor a segue to it.
        let output = try ExploreCommand.parse([folder.path + "/App"]).execute()
        #expect(output.standardOutput.components(separatedBy: "[unreachable_controller]").count == 2, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("/App/Extra.storyboard:6:17: warning: <ExtraViewController: extraViewController> is declared"),
                "\(output.standardOutput)")
        #expect(output.standardError.contains("/App/About.storyboard on iphone from a guessed root: "), "\(output.standardError)")
        let imported = try VCAuditProcess.run(["import", "storyboard", folder.path + "/App"])
        #expect(imported.standardError.contains("names no main storyboard, so the app makes its window's root in code\n"),
                "\(imported.standardError)")
        // Without the settings, the root is the first given, a guess as well, and the verdict is the same.
        try FileManager.default.removeItem(atPath: folder.path + "/App/Info.plist")
        let unsaid = try ExploreCommand.parse([folder.path + "/App"]).execute()
        #expect(unsaid.standardOutput == output.standardOutput)
        #expect(unsaid.standardError.contains("/App/About.storyboard on iphone from a guessed root: "), "\(unsaid.standardError)")
    }

    @Test("what code makes from a storyboard is explored from launch, presented from the root; its witness says so and reproduces")
    func codeMadeEntryPoints() throws {
        let folder = try TemporaryFolder()
        let spec = """
            vcaudit: 1
            controllers:
              terminal: { class: TerminalViewController }
              aboutNav: { kind: navigation, root: about, storyboard: About, storyboardInitial: true }
              about: { class: AboutViewController, storyboard: About }
              licenses: { class: LicensesViewController, storyboard: About }
            window: terminal
            transitions:
              showLicenses: { segue: show, from: about, to: licenses }

            """
        try folder.write("app.yaml", spec)
        let output = try ExploreCommand.parse([folder.path + "/app.yaml", "--write-scenarios", folder.path + "/found.yaml"]).execute()
        #expect(output.standardOutput.contains("note: witness, after launch, action 1 of 2: code presents aboutNav (assumed: made from its "
            + "storyboard, presented from the root)"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("[transition_in_progress]"), "\(output.standardOutput)")
        let written = try #require(output.files[folder.path + "/found.yaml"])
        #expect(written.contains("      - present: { vc: aboutNav, from: terminal, animated: false }   # what the app's code does (assumed)\n"),
                "\(written)")
        try folder.write("replayed.yaml", spec + "scenarios:\n" + written.components(separatedBy: "\nscenarios:\n")[1])
        let check = try VCAuditProcess.run(["check", folder.path + "/replayed.yaml"])
        #expect(check.standardOutput.contains("[transition_in_progress]"), "\(check.standardOutput)")
    }

    @Test("with the app's sources in the folder, explore presents only what their code makes: an identifier it spells")
    func codeMadeEntryPointsFromSources() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        func navigation(_ identifier: String) -> String {
            StoryboardText.document(initial: nil, """
                                <navigationController storyboardIdentifier="\(identifier)Nav" id="\(identifier)-nav" sceneMemberID="viewController">
                                    <connections>
                                        <segue destination="\(identifier)-root" kind="relationship" relationship="rootViewController" id="\(identifier)-r"/>
                                    </connections>
                                </navigationController>
                                <viewController id="\(identifier)-root" customClass="\(identifier)ViewController" sceneMemberID="viewController"/>
                """)
        }
        try folder.write("App/About.storyboard", navigation("About"))
        try folder.write("App/Legacy.storyboard", navigation("Legacy"))
        try folder.write("App/HomeViewController.swift", """
            // Nothing makes "LegacyNav" any more.
            let about = UIStoryboard(name: "About", bundle: nil).instantiateViewController(withIdentifier: "AboutNav")

            """)
        let output = try ExploreCommand.parse([folder.path + "/App"]).execute()
        #expect(output.standardError.contains("controllers code makes from a storyboard, never on screen: legacyNav, legacyViewController ("),
                "\(output.standardError)")
        #expect(output.standardError.contains("4 states, 7 paths, depth 2, 0 distinct findings, 3 of 5 controllers on screen"), "\(output.standardError)")
        var names: Set<String> = []
        AppSourceLiterals.collect(Array("let a = \"A\" // \"B\"\n/* \"C\" */ x = @\"D\"; y = \"E\\\"F\"".utf8), into: &names)
        #expect(names == ["A", "D", "E\\\"F"])
    }

    @Test("what Xcode previews spell is not code the app runs: an identifier made only in a preview is not code-made")
    func previewsAreNotTheAppsCode() throws {
        // AltStore: "addSourceNavigationController" is made by its identifier only in a #Preview.
        let folder = try TemporaryFolder()
        try folder.write("App/AddSourceViewController.swift", """
            let used = "Used"
            @available(iOS 17.0, *)
            #Preview(traits: .portrait) {
                let board = UIStoryboard(name: "Sources", bundle: .main)
                return board.instantiateViewController(withIdentifier: "InMacro")
            }
            struct Row_Previews: PreviewProvider {
                static var previews: some View { Row(title: "InProvider").frame(width: { 1 }()) }
            }
            class AfterThem { let name = "After" }
            """)
        try folder.write("App/Legacy.m", "#import \"Legacy.h\"\nNSString *name = @\"ObjC\";\n")
        let names = try #require(AppSourceLiterals.find(inFolders: [folder.path + "/App"]))
        #expect(names.literals == ["Used", "After", "Legacy.h", "ObjC"])
        #expect(!names.makesInitialControllers)
    }

    @Test("looking for previews takes linear time: keywords with no body, or a body far ahead, are not searched again",
          .timeLimit(.minutes(1)))
    func previewsInHostileSources() throws {
        let folder = try TemporaryFolder()
        // 120 k keywords before the one brace, then 60 k macros with none: each searched ahead to it would be 10^10 steps.
        try folder.write("App/Hostile.swift", String(repeating: "class ", count: 120_000) + "{ \"Kept\" }\n"
            + String(repeating: "#Preview ", count: 60_000) + "\"After\"\n")
        let names = try #require(AppSourceLiterals.find(inFolders: [folder.path + "/App"]))
        #expect(names.literals == ["Kept", "After"])
    }

    @Test("a split's supplementary column, which UIKit shows and vcaudit does not model, is not called unreachable")
    func supplementaryColumnIsNotUnreachable() throws {
        // NetNewsWire: sidebar, timeline (supplementary) and article columns.
        let folder = try TemporaryFolder()
        try folder.write("App/Main.storyboard", StoryboardText.document(initial: "split", """
                            <splitViewController id="split" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="article" kind="relationship" relationship="detailViewController" id="r-1"/>
                                    <segue destination="feeds" kind="relationship" relationship="masterViewController" id="r-2"/>
                                    <segue destination="timeline" kind="relationship" relationship="supplementaryViewController" id="r-3"/>
                                </connections>
                            </splitViewController>
                            <viewController id="feeds" customClass="FeedsViewController" sceneMemberID="viewController"/>
                            <viewController id="timeline" customClass="TimelineViewController" sceneMemberID="viewController"/>
                            <viewController id="article" customClass="ArticleViewController" sceneMemberID="viewController"/>
            """))
        for device in ["iphone", "ipad"] {
            let output = try VCAuditProcess.run(["explore", "App", "--device", device], in: folder.path)
            #expect(output.status == 0, "\(output.standardOutput)")
            #expect(output.standardOutput == "", "\(device): \(output.standardOutput)")
            // The declared (empty) detail column is discarded when the split collapses on an iPhone.
            let never = device == "iphone" ? "articleViewController, timelineViewController" : "timelineViewController"
            #expect(output.standardError.contains("note: controllers never on screen: \(never)\n"), "\(output.standardError)")
        }
        let imported = try VCAuditProcess.run(["import", "storyboard", "App"], in: folder.path)
        #expect(imported.standardOutput.contains("""
              timelineViewController:
                class: TimelineViewController
                storyboard: Main
                ignore: [{ rule: unreachable_controller, reason: "the supplementary column of split 'splitViewController', which vcaudit does not model yet" }]

            """), "\(imported.standardOutput)")
        #expect(imported.standardError.contains("vcaudit models the primary and secondary ones, and declares 'timelineViewController' with an "
            + "ignore of unreachable_controller, since UIKit shows it\n"), "\(imported.standardError)")
    }

    @Test("an unwind segue the code performs is tried where it lands; one a control performs, also where it finds nothing")
    func manualUnwindsWhereTheyLand() throws {
        let folder = try TemporaryFolder()
        func spec(manual: Bool) -> String {
            """
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: home }
              home: { class: HomeViewController }
              settings: { class: SettingsViewController }
              detail: { class: DetailViewController }
            window: nav
            transitions:
              openDetail: { segue: show, from: home, to: detail }
              backToSettings: { segue: unwind, from: detail, to: settings\(manual ? ", manual: true" : "") }
            """
        }
        try folder.write("manual.yaml", spec(manual: true))
        try folder.write("tapped.yaml", spec(manual: false))
        let manual = try ExploreCommand.parse([folder.path + "/manual.yaml", "--no-double-taps"]).execute()
        #expect(!manual.standardOutput.contains("[unwind_destination_not_found]"), "\(manual.standardOutput)")
        let tapped = try ExploreCommand.parse([folder.path + "/tapped.yaml", "--no-double-taps"]).execute()
        #expect(tapped.standardOutput.contains("[unwind_destination_not_found]"), "\(tapped.standardOutput)")
    }

    @Test("code that sets the window's root to another storyboard controller is said with the findings; comments and labels are not it")
    func rootSetInCode() throws {
        let assignments = AppSourceLiterals.rootAssignments(in: Array("""
            // window?.rootViewController = board.instantiateViewController(withIdentifier: "Commented")
            let nav = UINavigationController(rootViewController: board.instantiateViewController(withIdentifier: "Label"))
            if window?.rootViewController == board.instantiateViewController(withIdentifier: "Compared") {}
                window?.rootViewController = board.instantiateViewController(withIdentifier: "PhoneParent")
            self.window.rootViewController = [board instantiateViewControllerWithIdentifier:@"Legacy"];
            let rootViewController = board.instantiateViewController(withIdentifier: "Local")
            /* window?.rootViewController = board.instantiateViewController(withIdentifier: "InABlock")
               window?.rootViewController = board.instantiateViewController(withIdentifier: "StillInIt") */
            scene.window?.rootViewController = board.instantiateViewController(identifier: "Modern") // iOS 13
            let url = "https://example.com"; window?.rootViewController = board.instantiateViewController(withIdentifier: "AfterAURL")
            if window!.rootViewController != board.instantiateViewController(withIdentifier: "NotEqual") {}
            let initialViewController = storyboard.instantiateViewController(withIdentifier: "LoginViewController")
            self.window?.rootViewController = initialViewController
            UIViewController *home = [storyboard instantiateViewControllerWithIdentifier:@"Home"];
            home = [[UIViewController alloc] init];
            self.window.rootViewController = home;
            let onboarding = storyboard.instantiateViewController(withIdentifier: "Onboarding")
            window?.rootViewController = onboarding.navigationController
            """.utf8), file: "AppDelegate.swift")
        #expect(assignments == [SourceNames.RootAssignment(identifier: "PhoneParent", file: "AppDelegate.swift", line: 4),
                                SourceNames.RootAssignment(identifier: "Legacy", file: "AppDelegate.swift", line: 5),
                                SourceNames.RootAssignment(identifier: "Modern", file: "AppDelegate.swift", line: 9),
                                SourceNames.RootAssignment(identifier: "AfterAURL", file: "AppDelegate.swift", line: 10),
                                SourceNames.RootAssignment(identifier: "LoginViewController", file: "AppDelegate.swift", line: 13)])
        // synthone: the iPad root is the storyboard's initial controller, the iPhone one a controller made by its identifier.
        let folder = try TemporaryFolder()
        try folder.write("App/Main.storyboard", StoryboardText.document(initial: "pad", """
                            <viewController id="pad" customClass="PadParent" sceneMemberID="viewController"/>
                            <viewController storyboardIdentifier="iPhoneParentVC" id="phone" customClass="PhoneParent" sceneMemberID="viewController"/>
            """))
        try folder.write("App/AppDelegate.swift", """
            if UIDevice.current.userInterfaceIdiom == .pad {
                window?.rootViewController = board.instantiateInitialViewController()
            } else {
                window?.rootViewController = board.instantiateViewController(withIdentifier: "iPhoneParentVC")
            }
            """)
        let output = try VCAuditProcess.run(["explore", "App"], in: folder.path)
        #expect(output.standardError.contains("App/Main.storyboard: note: the app's code sets the window's root to 'iPhoneParentVC' "
            + "(App/AppDelegate.swift:4), where it was explored from 'padParent'; if the app starts there, "
            + "on a device or always, write a spec that lists the storyboards under 'storyboards:' and sets 'window:'\n"), "\(output.standardError)")
        // The note is one of the import's notes on the root: the count of the others is theirs.
        #expect(!output.standardError.contains("importing the storyboards left"), "\(output.standardError)")
    }

    @Test("--write-scenarios never writes over a file explore did not write (the spec explored, say) unless --force")
    func writeScenariosKeepsOtherFiles() throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: Self.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml"), encoding: .utf8)
        try folder.write("app.yaml", spec)
        let refused = try VCAuditProcess.run(["explore", "app.yaml", "--write-scenarios", "app.yaml"], in: folder.path)
        #expect(refused.status == 2)
        #expect(refused.standardError == "app.yaml:1:1: error: exists and was not written by vcaudit explore (a spec, say); "
            + "choose another --write-scenarios file, or pass --force\n")
        #expect(try String(contentsOfFile: folder.path + "/app.yaml", encoding: .utf8) == spec)
        // A file it wrote is written over; --force writes over anything.
        #expect(try VCAuditProcess.run(["explore", "app.yaml", "--write-scenarios", "found.yaml"], in: folder.path).status == 1)
        #expect(try VCAuditProcess.run(["explore", "app.yaml", "--write-scenarios", "found.yaml"], in: folder.path).status == 1)
        try folder.write("notes.txt", "mine\n")
        #expect(try VCAuditProcess.run(["explore", "app.yaml", "--write-scenarios", "notes.txt", "--force"], in: folder.path).status == 1)
        #expect(try String(contentsOfFile: folder.path + "/notes.txt", encoding: .utf8).hasPrefix("# Written by 'vcaudit explore'"))
    }

    @Test("--write-scenarios names each scenario by its rule and path, once, and lists what only exploring finds instead")
    func writtenNames() throws {
        let folder = try TemporaryFolder()
        let spec = """
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: home }
              home: { class: HomeViewController }
              sheet: { class: SheetViewController }
              unused: { class: UnusedViewController }
            window: nav
            transitions:
              openSheet: { segue: modal, from: home, to: sheet }
              close:                  # HomeViewController.closeTapped(_:): pops twice
                from: home
                calls:
                  - pop: nav
                  - pop: nav

            """
        try folder.write("app.yaml", spec)
        let output = try ExploreCommand.parse([folder.path + "/app.yaml", "--write-scenarios", folder.path + "/found.yaml"]).execute()
        let written = try #require(output.files[folder.path + "/found.yaml"])
        // Names do not move with lines: a scenario pasted from one version pairs with the next one's in `vcaudit diff`.
        #expect(written.contains("""
            # Found by exploring alone, with no scenario to write ('vcaudit check --explore' finds them):
            #   unreachable_controller at line 6
            scenarios:
              - name: "pop_root after perform close"
            """))
        #expect(written.contains("  - name: \"transition_in_progress after double tap openSheet\"\n"))
        #expect(written.contains("  - name: \"pop_root after perform close (2)\"\n"))
        #expect(!written.contains("name: \"unreachable_controller"))
        // The finding about a declaration has no witness to show: no path leads to it.
        let unreachable = output.standardOutput.split(separator: "\n").drop { !$0.hasSuffix("[unreachable_controller]") }.dropFirst()
        #expect(!(unreachable.first ?? "").contains("witness"), "\(output.standardOutput)")
        try folder.write("replayed.yaml", spec + "scenarios:" + written.components(separatedBy: "\nscenarios:")[1])
        let check = try VCAuditProcess.run(["check", folder.path + "/replayed.yaml"])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains("[transition_in_progress]"))
        // Each of the two pops, once per scenario that performs `close`.
        #expect(check.standardOutput.components(separatedBy: "replayed.yaml:13:9: warning:").count == 3, "\(check.standardOutput)")
        #expect(check.standardOutput.components(separatedBy: "replayed.yaml:14:9: warning:").count == 3, "\(check.standardOutput)")
    }

    @Test("a controller code makes from a storyboard (by storyboard ID, or as its initial controller) is no unreachable controller: explore lists it apart")
    func unreachableWithStoryboardID() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", """
            vcaudit: 1
            controllers:
              home: { class: HomeViewController }
              onboarding: { class: OnboardingViewController, storyboard: Main, storyboardID: Onboarding }
              legacy: { class: LegacyViewController }
              orphan: { class: OrphanViewController, storyboard: Main }
              scanNav: { kind: navigation, root: scan, storyboard: Scan, storyboardInitial: true }
              scan: { class: ScanViewController, storyboard: Scan }
            window: home

            """)
        let output = try ExploreCommand.parse([folder.path + "/app.yaml"]).execute()
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(!output.standardOutput.contains("<OnboardingViewController: onboarding> is declared"), "\(lines)")
        #expect(!output.standardOutput.contains("<UINavigationController: scanNav> is declared"), "\(lines)")
        #expect(!output.standardOutput.contains("<ScanViewController: scan> is declared"), "\(lines)")
        #expect(lines.contains { $0.contains("app.yaml:5:3: warning: <LegacyViewController: legacy> is declared, but")
            && $0.contains("Declare the transition that shows it (a segue, or calls with 'from:'), or remove it if the app no longer uses it.") },
            "\(lines)")
        #expect(lines.contains { $0.contains("app.yaml:6:3: warning: <OrphanViewController: orphan> is declared, but")
            && $0.contains("Code cannot make it from its storyboard either (it has no storyboard ID and is not the initial controller): "
                + "declare the segue that shows it, or remove it if the app no longer uses it.") }, "\(lines)")
        #expect(!output.standardOutput.contains("witness"))
        #expect(output.standardError.contains("note: controllers never on screen: legacy, orphan\n"), "\(output.standardError)")
        // A navigation controller code makes from a storyboard is explored from launch, presented from the root (an
        // assumption its witness states); a content controller, which the code may push or embed, is listed with the
        // advice to declare that code. The summary says how much of the app the paths showed.
        #expect(output.standardError.contains("depth 2, 2 distinct findings, 3 of 6 controllers on screen\n"), "\(output.standardError)")
        #expect(output.standardError.contains("note: controllers code makes from a storyboard, never on screen: onboarding (by storyboard ID "
            + "or as a storyboard's initial controller). To explore what they show, declare the code that shows each as a transition from the "
            + "controller whose action runs it: '{ segue: modal, from: <it>, to: <controller>, identifier: null }' (or 'segue: show' for a push), "
            + "since instantiating makes a new controller on each call, as a segue does; 'calls' name one instance the code keeps\n"),
            "\(output.standardError)")
    }

    @Test("a finding both devices reach by different paths is one finding with each device's witness, named by device")
    func witnessPerDevice() {
        let here = SourceLocation(file: "app.yaml", line: 9, column: 3)
        func finding(_ device: Device, _ witness: [String]) -> Finding {
            Finding(ruleID: "transition_in_progress", severity: .warning, message: "m", location: here,
                    notes: [Finding.Note(location: here, message: "in scenario 'explore: x', step 2")]
                        + witness.enumerated().map { Finding.Note(location: here, message: "witness, after launch, action \($0.offset + 1) of \(witness.count): \($0.element)") },
                    scenario: "explore: x", devices: [device], controllers: ["nav"])
        }
        let same = CheckRunner.mergingDevices([finding(.iphone, ["double tap x"]), finding(.ipad, ["double tap x"])])
        #expect(same.count == 1)
        #expect(same[0].devices == [.iphone, .ipad])
        #expect(same[0].notes.map(\.message) == ["in scenario 'explore: x', step 2", "witness, after launch, action 1 of 1: double tap x"])
        let differ = CheckRunner.mergingDevices([finding(.iphone, ["double tap x"]), finding(.ipad, ["resize to compact width", "double tap x"])])
        #expect(differ.count == 1)
        #expect(differ[0].notes.map(\.message) == [
            "in scenario 'explore: x', step 2",
            "witness on iphone, after launch, action 1 of 1: double tap x",
            "witness on ipad, after launch, action 1 of 2: resize to compact width",
            "witness on ipad, after launch, action 2 of 2: double tap x",
        ])
    }

    @Test("storyboards of an app that makes its root in code give one verdict whether a spec lists them or not, guessed root or said")
    func guessedRootThroughASpec() throws {
        let folder = try TemporaryFolder()
        try folder.write("UI/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("UI/Other.storyboard", StoryboardText.board("Other", isInitial: false))
        try folder.write("UI/Info.plist", "<plist><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>")
        try folder.write("app.yaml", "vcaudit: 1\nstoryboards: [UI]\n")
        let guessed = try VCAuditProcess.run(["check", "--explore", "app.yaml"], in: folder.path)
        #expect(guessed.standardOutput.components(separatedBy: "[unreachable_controller]").count == 2, "\(guessed.standardOutput)")
        let direct = try VCAuditProcess.run(["check", "--explore", "UI"], in: folder.path)
        #expect(direct.standardOutput.components(separatedBy: "[unreachable_controller]").count == 2, "\(direct.standardOutput)")
        try folder.write("app.yaml", "vcaudit: 1\nstoryboards: [UI]\nwindow: homeViewController\n")
        let said = try VCAuditProcess.run(["check", "--explore", "app.yaml"], in: folder.path)
        #expect(said.standardOutput.components(separatedBy: "[unreachable_controller]").count == 2, "\(said.standardOutput)")
        // The written import says the window is a guess.
        let imported = try VCAuditProcess.run(["import", "storyboard", "UI"], in: folder.path)
        #expect(imported.standardOutput.contains("   # a guess: the app makes its root in code; set the controller it starts with\n"), "\(imported.standardOutput)")
    }

    @Test("a folder of storyboards is explored as one app, as check reads it")
    func storyboardFolder() throws {
        let folder = try TemporaryFolder()
        let storyboards = Self.repository.appendingPathComponent("Tests/VCAuditStoryboardTests/Storyboards")
        for name in ["Main.storyboard", "Settings.storyboard"] {
            try folder.write("UI/\(name)", String(contentsOf: storyboards.appendingPathComponent(name), encoding: .utf8))
        }
        let output = try ExploreCommand.parse([folder.path + "/UI", "--depth", "2"]).execute()
        #expect(output.standardError.contains("explored \(folder.path)/UI/Main.storyboard on iphone: "))
        #expect(!output.standardError.contains("no *.yaml"))
        // What only exploring finds is listed by the path of its storyboard: two storyboards of an app may share a name.
        try folder.write("UI/Base.lproj/Extra.storyboard", """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <scenes>
                    <scene sceneID="s-1">
                        <objects>
                            <viewController id="vc-x" customClass="ForgottenViewController" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """)
        let written = try ExploreCommand.parse([folder.path + "/UI", "--write-scenarios", folder.path + "/found.yaml"]).execute()
        let text = try #require(written.files[folder.path + "/found.yaml"])
        let listed = text.split(separator: "\n").filter { $0.hasPrefix("#   unreachable_controller at ") }
        #expect(!listed.isEmpty)
        #expect(listed == ["#   unreachable_controller at \(folder.path)/UI/Base.lproj/Extra.storyboard:6"], "\(listed)")
    }

    @Test("when several findings end with a double tap, the summary says so once, with the fix that covers them")
    func doubleTapsSummarized() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", """
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: home }
              home: { class: HomeViewController }
              profile: { class: ProfileViewController }
              settings: { class: SettingsViewController }
            window: nav
            transitions:
              openProfile: { segue: show, from: home, to: profile }
              openSettings: { segue: show, from: home, to: settings }
            """)
        let output = try ExploreCommand.parse([folder.path + "/app.yaml", "--depth", "2"]).execute()
        #expect(output.standardError.contains("note: 2 of them end with a double tap (the same control's transition twice in one "
            + "run-loop turn); a control that ignores taps while its transition runs fixes them all (if the app's do, "
            + "'explore_double_taps: false' in .vcaudit.yml, or explore --no-double-taps, stops trying them)\n"), "\(output.standardError)")
        #expect(output.standardOutput.contains("[transition_in_progress]"))
        // An app whose controls ignore the second tap: none is tried, from the command line or the configuration.
        let none = try ExploreCommand.parse([folder.path + "/app.yaml", "--depth", "2", "--no-double-taps"]).execute()
        #expect(!none.standardOutput.contains("[transition_in_progress]"), "\(none.standardOutput)")
        #expect(!none.standardError.contains("double tap "), "\(none.standardError)")
        #expect(none.standardError.contains(" on screen, no double taps tried\n"), "\(none.standardError)")
        try folder.write(".vcaudit.yml", "explore_double_taps: false\n")
        let configured = try ExploreCommand.parse([folder.path + "/app.yaml", "--depth", "2", "--config", folder.path + "/.vcaudit.yml"]).execute()
        #expect(configured.standardOutput == none.standardOutput)
        let checked = try VCAuditProcess.run(["check", "app.yaml", "--explore"], in: folder.path)
        #expect(!checked.standardOutput.contains("[transition_in_progress]"), "\(checked.standardOutput)")
        try folder.write(".vcaudit.yml", "strict: false\n")
        let flagged = try VCAuditProcess.run(["check", "app.yaml", "--explore-no-double-taps"], in: folder.path)
        #expect(flagged.standardOutput == checked.standardOutput, "\(flagged.standardError)")
        try folder.write(".vcaudit.yml", "explore_double_taps: maybe\n")
        let bad = try VCAuditProcess.run(["check", "app.yaml", "--explore"], in: folder.path)
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix(".vcaudit.yml:1:22: error: expected true or false for 'explore_double_taps'"), "\(bad.standardError)")
    }

    @Test("a finding exploring makes on iPhone and on iPad alike is one finding, on both, as check merges its devices")
    func devicesMerged() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", """
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: home }
              home: { class: HomeViewController }
              unused: { class: UnusedViewController }
            window: nav
            """)
        let output = try ExploreCommand.parse([folder.path + "/app.yaml", "--device", "iphone,ipad"]).execute()
        #expect(output.standardOutput.components(separatedBy: "[unreachable_controller]").count == 2, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("(on iphone and ipad) [unreachable_controller]"))
    }

    @Test("a bug iPad reaches by another path (after a resize) is still one finding, and one scenario in --write-scenarios")
    func devicesMergedAcrossWitnesses() throws {
        let folder = try TemporaryFolder()
        // iPhone's collapsed split pushes the article at once; iPad replaces its secondary column until it is resized.
        try folder.write("app.yaml", """
            vcaudit: 1
            controllers:
              split: { kind: split, children: [listNav, detail] }
              listNav: { kind: navigation, root: list }
              list: { class: ListViewController }
              detail: { class: DetailViewController }
              article: { class: ArticleViewController }
            window: split
            transitions:
              openArticle: { segue: showDetail, from: list, to: article }
            """)
        let output = try ExploreCommand.parse([folder.path + "/app.yaml", "--device", "iphone,ipad", "--write-scenarios", folder.path + "/w.yaml"]).execute()
        let findings = output.standardOutput.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(findings.count == 1, "\(output.standardOutput)")
        #expect(findings.first?.hasSuffix("(scenario 'explore: double tap openArticle', on iphone and ipad) [transition_in_progress]") == true)
        let written = try #require(output.files[folder.path + "/w.yaml"])
        #expect(written.components(separatedBy: "\nscenarios:\n").count == 2)
        #expect(written.contains("# \(folder.path)/app.yaml, on iphone and ipad\nscenarios:\n"
            + "  - name: \"transition_in_progress after double tap openArticle\"\n    device: iphone\n"))
        #expect(!written.contains("device: ipad"))
    }

    @Test("on a storyboard, findings and every note point at its lines, never at the spec imported in memory")
    func storyboardLocations() throws {
        let folder = try TemporaryFolder()
        try folder.write("Main.storyboard", """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="hom-00-vc1">
                <scenes>
                    <scene sceneID="s-home">
                        <objects>
                            <viewController id="hom-00-vc1" customClass="HomeViewController" sceneMemberID="viewController">
                                <view key="view" id="v-1">
                                    <subviews>
                                        <button id="btn-open" userLabel="Open">
                                            <connections>
                                                <segue destination="tab-00-bar" kind="presentation" modalPresentationStyle="pageSheet" id="sg-1"/>
                                            </connections>
                                        </button>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                    <scene sceneID="s-tabs">
                        <objects>
                            <tabBarController id="tab-00-bar" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="fst-00-vc1" kind="relationship" relationship="viewControllers" id="r-1"/>
                                </connections>
                            </tabBarController>
                        </objects>
                    </scene>
                    <scene sceneID="s-first">
                        <objects>
                            <viewController id="fst-00-vc1" customClass="FirstViewController" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """)
        let output = try ExploreCommand.parse([folder.path + "/Main.storyboard"]).execute()
        let lines = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix(folder.path) }
        // The double tap's finding, its scenario note and its witness are all at the segue (line 11, column 37).
        #expect(lines.contains { $0.hasPrefix(folder.path + "/Main.storyboard:11:37: warning: Attempt to present") })
        #expect(lines.contains { $0.hasPrefix(folder.path + "/Main.storyboard:11:37: note: witness, after launch, action 1 of 1: double tap") })
        #expect(!lines.isEmpty)
        for line in lines {
            let place = line.split(separator: ":").dropFirst().prefix(2).joined(separator: ":")
            #expect(["11:37", "6:17"].contains(place), "\(line)")
        }
        #expect(!output.standardOutput.contains("dismiss_without_presentation"))

        // The witnesses go in a spec that builds on the storyboard, and reproduce the findings there.
        let written = try ExploreCommand.parse([folder.path + "/Main.storyboard", "--write-scenarios", folder.path + "/found.yaml"]).execute()
        let text = try #require(written.files[folder.path + "/found.yaml"])
        #expect(text.contains("\n# \(folder.path)/Main.storyboard, on iphone: in a spec that lists it under 'storyboards:' "
            + "(\(folder.path)/Main.storyboard) with 'window: homeViewController'\nscenarios:\n"), "\(text)")
        try folder.write("app.yaml", "vcaudit: 1\nstoryboards: [Main.storyboard]\n" + "scenarios:" + text.components(separatedBy: "\nscenarios:")[1])
        let check = try VCAuditProcess.run(["check", folder.path + "/app.yaml"])
        #expect(check.standardOutput.contains("Main.storyboard:11:37: warning: Attempt to present"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("[transition_in_progress]"))
    }

    @Test("witnesses of an app's folder go in a spec that lists the folder; an app with other storyboards on iPad gets a list for them")
    func scenariosOfAFolder() throws {
        // As MIT Mobile and Delta: a spec that lists only the storyboard files reads neither the app's settings nor
        // its sources (which say where an unwind segue lands), so the transitions a witness names may not be there.
        let folder = try TemporaryFolder()
        // News_iPad is News_iPhone's iPad-only twin: the iPad app is Main with it, the iPhone app Main with News_iPhone.
        func news(_ name: String, runtime: String) -> String {
            StoryboardText.document(initial: "nav-\(name)", """
                            <navigationController id="nav-\(name)" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="list-\(name)" kind="relationship" relationship="rootViewController" id="r-\(name)"/>
                                </connections>
                            </navigationController>
                            <viewController id="list-\(name)" customClass="\(name)ListViewController" sceneMemberID="viewController">
                                <view key="view" id="v-\(name)">
                                    <subviews>
                                        <button id="b-\(name)">
                                            <connections>
                                                <segue destination="story-\(name)" kind="show" id="sg-\(name)"/>
                                            </connections>
                                        </button>
                                    </subviews>
                                </view>
                            </viewController>
                            <viewController id="story-\(name)" customClass="\(name)StoryViewController" sceneMemberID="viewController"/>
            """).replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"\(runtime)\"")
        }
        try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/News_iPhone.storyboard", news("Phone", runtime: "iOS.CocoaTouch"))
        try folder.write("App/News_iPad.storyboard", news("Pad", runtime: "iOS.CocoaTouch.iPad"))
        try folder.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string>"
            + "<key>LSRequiresIPhoneOS</key><true/></dict></plist>")
        let output = try ExploreCommand.parse([folder.path + "/App", "--device", "iphone,ipad", "--write-scenarios", folder.path + "/w.yaml"]).execute()
        let written = try #require(output.files[folder.path + "/w.yaml"])
        let blocks = written.components(separatedBy: "\n# ").dropFirst().filter { $0.contains("\nscenarios:\n") }
        #expect(blocks.count == 2, "\(written)")
        #expect(blocks.first?.hasPrefix("\(folder.path)/App/Main.storyboard, on iphone: in a spec that lists the folder under 'storyboards:' "
            + "(\(folder.path)/App) with 'window: homeViewController'\n") == true, "\(written)")
        #expect(blocks.last?.hasPrefix("\(folder.path)/App/Main.storyboard, on ipad: in a spec that lists them under 'storyboards:' "
            + "(\(folder.path)/App/Main.storyboard, \(folder.path)/App/News_iPad.storyboard) with 'window: homeViewController'\n") == true,
            "\(written)")
        // Each list, pasted as it says, reproduces its findings.
        for (index, block) in blocks.enumerated() {
            let header = block.prefix { $0 != "\n" }
            let listed = header.split(separator: "(").last!.split(separator: ")").first!
            try folder.write("spec\(index).yaml", "vcaudit: 1\nstoryboards: [\(listed)]\nwindow: \(header.split(separator: "'").last!.split(separator: " ").last!)\n"
                + "scenarios:" + block.components(separatedBy: "\nscenarios:")[1])
            let check = try VCAuditProcess.run(["check", folder.path + "/spec\(index).yaml"])
            #expect(check.standardOutput.contains("[transition_in_progress]"), "\(check.standardOutput)\(check.standardError)")
            #expect(!check.standardError.contains("error:"), "\(check.standardError)")
        }
    }

    @Test("a spec with no window root is not explored, and the note says why at its place")
    func noWindowRoot() throws {
        let folder = try TemporaryFolder()
        try folder.write("part.yaml", "vcaudit: 1\ncontrollers:\n  home: { class: HomeViewController }\n")
        let output = try ExploreCommand.parse([folder.path + "/part.yaml"]).execute()
        #expect(output.exitStatus == 0)
        #expect(output.standardError.contains(folder.path + "/part.yaml:1:1: note: not explored: it declares no window root, so nothing launches; "))
    }

    @Test("specs explored on several threads give the output of one, byte for byte", arguments: [2, 3, 8])
    func jobs(_ jobs: Int) throws {
        let bugs = Self.repository.appendingPathComponent("Examples/Bugs").path
        let one = try ExploreCommand.parse([bugs, "--depth", "3", "--jobs", "1", "--format", "json"]).execute()
        let many = try ExploreCommand.parse([bugs, "--depth", "3", "--jobs", "\(jobs)", "--format", "json"]).execute()
        #expect(one.standardOutput.contains("push_duplicate_instance"))
        #expect(many.standardOutput == one.standardOutput)
        #expect(many.standardError == one.standardError)
        #expect(many.exitStatus == one.exitStatus)
    }

    @Test("bad options exit with a usage error")
    func badOptions() {
        #expect(throws: (any Error).self) { try ExploreCommand.parse(["x.yaml", "--depth", "0"]) }
        #expect(throws: (any Error).self) { try ExploreCommand.parse(["x.yaml", "--device", "watch"]) }
        #expect(throws: (any Error).self) { try ExploreCommand.parse(["x.yaml", "--format", "pdf"]) }
        #expect(throws: (any Error).self) { try ExploreCommand.parse(["x.yaml", "--jobs", "0"]) }
        // The depths `explore:` takes in .vcaudit.yml, 1 to 50, on the command line too.
        #expect(throws: (any Error).self) { try ExploreCommand.parse(["x.yaml", "--depth", "51"]) }
        #expect(throws: (any Error).self) { try CheckCommand.parse(["x.yaml", "--explore-depth", "51"]) }
        #expect(throws: Never.self) { try ExploreCommand.parse(["x.yaml", "--depth", "50"]) }
    }
}

/// `check --explore` and `explore:` in `.vcaudit.yml`.
@Suite("check --explore")
struct CheckExploreTests {
    static let withoutScenarios: String = {
        let url = ExploreCommandTests.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\nscenarios:")[0] + "\n"
    }()

    @Test("--explore adds what exploring finds to a check; without it a spec with no scenarios is clean")
    func flag() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", Self.withoutScenarios)
        let plain = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(plain.status == 0)
        let explored = try VCAuditProcess.run(["check", "app.yaml", "--explore"], in: folder.path)
        #expect(explored.status == 1)
        #expect(explored.standardOutput.contains("[push_duplicate_instance]"))
        #expect(explored.standardError.contains("explored app.yaml on iphone: "))
    }

    @Test("explore: in the configuration turns it on; a bad value is an error at its place")
    func configuration() throws {
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", Self.withoutScenarios)
        try folder.write(".vcaudit.yml", "explore: 2\n")
        let explored = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(explored.status == 1)
        try folder.write(".vcaudit.yml", "explore: lots\n")
        let bad = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix(".vcaudit.yml:1:10: error: expected true, false or a depth from 1 to 50 for 'explore'"))
    }

    @Test("--explore-events and explore_events: code paths run as events while check explores")
    func events() throws {
        let folder = try TemporaryFolder()
        let url = ExploreCommandTests.repository.appendingPathComponent("Examples/Bugs/already-presenting.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        // The example marks its two code paths `event: true`; without the marks they are code paths a user cannot run.
        let unmarked = text.components(separatedBy: "\nscenarios:")[0].components(separatedBy: "\n")
            .filter { !$0.hasPrefix("    event: true") }.joined(separator: "\n")
        #expect(unmarked.count < text.components(separatedBy: "\nscenarios:")[0].count)
        try folder.write("app.yaml", unmarked + "\n")
        let users = try VCAuditProcess.run(["check", "app.yaml", "--explore"], in: folder.path)
        #expect(!users.standardOutput.contains("[present_while_presenting]"), "the sign-in and rating prompts are code paths")
        let flag = try VCAuditProcess.run(["check", "app.yaml", "--explore-events"], in: folder.path)
        #expect(flag.standardOutput.contains("[present_while_presenting]"))
        try folder.write(".vcaudit.yml", "explore: 3\nexplore_events: true\n")
        let configured = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(configured.standardOutput == flag.standardOutput)
        try folder.write(".vcaudit.yml", "explore_events: sometimes\n")
        let bad = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path)
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix(".vcaudit.yml:1:17: error: expected true or false for 'explore_events'"))
    }

    @Test("code paths marked 'event: true' run as events without --explore-events")
    func markedEvents() throws {
        let folder = try TemporaryFolder()
        let url = ExploreCommandTests.repository.appendingPathComponent("Examples/Bugs/already-presenting.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        try folder.write("app.yaml", text.components(separatedBy: "\nscenarios:")[0] + "\n")
        let marked = try VCAuditProcess.run(["check", "app.yaml", "--explore"], in: folder.path)
        #expect(marked.status == 1)
        #expect(marked.standardOutput.contains("[present_while_presenting]"))
        #expect(!marked.standardError.contains("transitions never performed"))
    }

    @Test("a bug the scenarios already found is not reported again by exploring")
    func noRepeats() throws {
        let file = ExploreCommandTests.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml").path
        let outcome = try VCAuditProcess.run(["check", file, "--explore"])
        let errors = outcome.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") && $0.hasSuffix("[push_duplicate_instance]") }
        #expect(errors.count == 1)
    }
}
