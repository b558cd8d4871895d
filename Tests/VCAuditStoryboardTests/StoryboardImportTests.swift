import Foundation
import Testing
import VCAuditTestSupport
@testable import VCAuditStoryboard
import VCAuditRules
import VCAuditSpec

/// `vcaudit import storyboard`: test storyboards written for these tests import to golden specs that load and check.
@Suite("Storyboard import")
struct StoryboardImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The storyboard `name` from `Storyboards/`, under the path the spec names it by.
    static func file(_ name: String) throws -> (path: String, bytes: [UInt8]) {
        ("Storyboards/\(name)", try [UInt8](Data(contentsOf: folder.appendingPathComponent("Storyboards/\(name)"))))
    }

    /// Records an issue unless `text` is `Golden/name` byte for byte (rewrites it with VCAUDIT_UPDATE_GOLDEN=1).
    static func expectGolden(_ text: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try GoldenFiles().expect(text, matches: name, sourceLocation: sourceLocation)
    }

    @Test("a gesture recognizer's segue is its scene controller's, performed by a tap like a control's")
    func gestureRecognizerSegue() throws {
        // MIT Mobile: a tap on a story's cover image shows its media gallery.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="story">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <viewController id="story" customClass="StoryViewController" sceneMemberID="viewController"/>
                            <tapGestureRecognizer id="tap">
                                <connections>
                                    <segue destination="gallery" kind="modal" identifier="showMediaGallery" id="g1"/>
                                </connections>
                            </tapGestureRecognizer>
                        </objects>
                    </scene>
                    <scene sceneID="s2">
                        <objects>
                            <viewController id="gallery" customClass="GalleryViewController" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let app = try StoryboardImporter.importTexts([("News.storyboard", Array(text.utf8))])
        #expect(app.yaml.contains("  showMediaGallery: { segue: modal, from: storyViewController, to: galleryViewController, "
            + "source: \"News.storyboard:9:25\" }"), "\(app.yaml)")
    }

    @Test("two storyboards of one app: tab bar, navigation, split with three columns, page, an embed twice, every segue kind, a reference across files")
    func appOfTwoFiles() throws {
        let result = try StoryboardImporter.importTexts([try Self.file("Main.storyboard"), try Self.file("Settings.storyboard")])
        try Self.expectGolden(result.yaml, "main-settings.yaml")
        try Self.expectGolden(result.notes.joined(separator: "\n") + "\n", "main-settings.notes")
        #expect(result.controllerCount == 14)
        #expect(result.transitionCount == 10)
        let loaded = SpecLoader.load(bytes: Array(result.yaml.utf8), path: "imported.yaml", rules: RuleCatalog.vocabulary)
        let spec = try #require(loaded.spec, "\(loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined())")
        #expect(Checker().check(spec).findings.isEmpty)
        // The reference resolves to the split in Settings; the scene embedded twice is two instances.
        #expect(spec.controller("mainTabBarController")?.children.map(\.id) == ["listNavigation", "settings", "dashboardViewController"])
        #expect(spec.controller("dashboardViewController")?.children.map(\.id) == ["summaryViewController", "summaryViewController2"])
        #expect(spec.controller("list")?.source == SourceReference(file: "Storyboards/Main.storyboard", line: 30, column: 17))
        #expect(spec.restoration == false, "identifiers from 'Use Storyboard ID' do not switch restoration on")
    }

    @Test("alone, a file's references to others stay placeholders and are named in a note")
    func unresolvedReference() throws {
        let result = try StoryboardImporter.importTexts([try Self.file("Main.storyboard")])
        #expect(result.yaml.contains("  settingsReference:\n    # A storyboard reference (storyboard Settings, identifier settings) that is not among the files imported.\n"))
        #expect(result.notes.contains { $0.hasPrefix("Storyboards/Main.storyboard:118:17: note: the storyboard reference (storyboard Settings, identifier settings) is not among the files imported") })
        #expect(SpecLoader.load(bytes: Array(result.yaml.utf8), path: "imported.yaml").spec != nil)
    }

    @Test("an empty storyboard is answered clearly: a spec with no controllers, and a note")
    func empty() throws {
        let result = try StoryboardImporter.importTexts([try Self.file("Empty.storyboard")])
        try Self.expectGolden(result.yaml, "empty.yaml")
        #expect(result.notes == ["Storyboards/Empty.storyboard:1:1: note: the storyboard has no scenes, so there is nothing to import from it"])
        #expect(SpecLoader.load(bytes: Array(result.yaml.utf8), path: "empty.yaml").spec != nil)
    }

    /// `StoryboardText.document`, as the importer reads it.
    static func document(initial: String, launchScreen: Bool = false, _ objects: String) -> [UInt8] {
        Array(StoryboardText.document(initial: initial, launchScreen: launchScreen, objects).utf8)
    }

    /// `StoryboardText.board`, as the importer reads it.
    static func board(_ name: String, launchScreen: Bool = false) -> [UInt8] {
        Array(StoryboardText.board(name, launchScreen: launchScreen).utf8)
    }

    @Test("a launch screen is left out of an app's storyboards, and of a folder it is alone in; named alone, it is imported")
    func launchScreen() throws {
        let app = try StoryboardImporter.importTexts([("UI/LaunchScreen.storyboard", Self.board("Launch", launchScreen: true)),
                                                    ("UI/Main.storyboard", Self.board("Home"))])
        #expect(app.yaml.contains("window: homeViewController\n"))
        #expect(!app.yaml.contains("launchViewController"))
        #expect(app.leftOut == [SpecLoader.Skipped(path: "UI/LaunchScreen.storyboard",
                                                   reason: "a launch screen (launchScreen=\"YES\"), which the system shows before the app runs")])
        #expect(app.notes.isEmpty)
        #expect(app.allNotes == ["UI/LaunchScreen.storyboard:1:1: note: not imported with the app's storyboards: a launch screen "
            + "(launchScreen=\"YES\"), which the system shows before the app runs"])
        #expect(app.mainPath == "UI/Main.storyboard")
        // Alone in a folder (ios-restart-app): the app makes its screens in code.
        let launchScreen = try Storyboard.read(Self.board("Launch", launchScreen: true), path: "UI/LaunchScreen.storyboard")
        let found = StoryboardImporter.importStoryboards([launchScreen], named: ["UI"])
        #expect(!found.yaml.contains("launchViewController"))
        #expect(found.leftOut == [SpecLoader.Skipped(path: "UI/LaunchScreen.storyboard",
                                                     reason: "a launch screen (launchScreen=\"YES\"), which the system shows before the app runs; the "
                                                        + "app has no other storyboard, so it makes its screens in code: declare them in a spec "
                                                        + "(vcaudit init), or name this file to check it alone")])
        // Named alone, it is imported, as asked.
        let alone = StoryboardImporter.importStoryboards([launchScreen], named: ["UI/LaunchScreen.storyboard"])
        #expect(alone.yaml.contains("window: launchViewController\n"))
        #expect(alone.notes.isEmpty)
        #expect(alone.leftOut.isEmpty)
        // A launch screen the app's storyboards open through a reference (a loading screen reusing it) is imported.
        let reused = try StoryboardImporter.importTexts([
            ("UI/LaunchScreen.storyboard", Self.board("Launch", launchScreen: true)),
            ("UI/Main.storyboard", Self.document(initial: "vc-Home", """
                            <viewController id="vc-Home" customClass="HomeViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="ref-1" kind="embed" id="e-1"/>
                                </connections>
                            </viewController>
                            <viewControllerPlaceholder storyboardName="LaunchScreen" id="ref-1" sceneMemberID="viewController"/>
            """)),
        ])
        #expect(reused.leftOut.isEmpty)
        #expect(reused.yaml.contains("children: [launchViewController]"), "\(reused.yaml)")
    }

    /// A storyboard whose initial controller is a plain controller of class `name`, holding `objects` too.
    static func board(_ name: String, runtime: String, _ objects: String = "") -> [UInt8] {
        Array(String(decoding: board(name), as: UTF8.self)
            .replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"\(runtime)\"")
            .replacingOccurrences(of: "sceneMemberID=\"viewController\"/>", with: "sceneMemberID=\"viewController\"/>\n" + objects).utf8)
    }

    @Test("the app starts with the storyboard its settings name, else one no other storyboard opens, else Main, else the first")
    func startingStoryboard() throws {
        // Settings: an Info.plist or an Xcode project in the folders given.
        let folder = try TemporaryFolder()
        let about = try folder.write("app/About.storyboard", StoryboardText.board("About"))
        let terminal = try folder.write("app/Terminal.storyboard", StoryboardText.board("Terminal"))
        try folder.write("app/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>UILaunchStoryboardName</key>
            \t<string>Splash</string>
            \t<key>UIMainStoryboardFile</key>
            \t<string>Terminal</string>
            </dict>
            </plist>
            """)
        // An old launch screen without launchScreen="YES": the settings name it.
        let splash = try folder.write("app/Splash.storyboard", StoryboardText.board("Splash"))
        let fromPlist = StoryboardImporter.importReadable([about, splash, terminal], named: [folder.path + "/app"]).result
        #expect(fromPlist.mainPath == terminal)
        #expect(fromPlist.leftOut.map(\.reason) == ["a launch screen (UILaunchStoryboardName), which the system shows before the app runs"])
        #expect(fromPlist.notes.first?.contains("the window's root is Terminal's (the UIMainStoryboardFile of \(folder.path)/app/Info.plist;") == true)
        // Read from the settings, the note does not send the user to them.
        #expect(fromPlist.notes.first?.hasSuffix("set 'window:' if the app starts with another") == true)
        #expect(StoryboardImporter.importReadable([about, terminal], named: [about, terminal]).result.mainPath == about,
                "storyboards named one by one: no folder to read settings in")
        // Settings that name a launch screen and no main storyboard: the app makes its root in code, and the note says so.
        try folder.write("code/Info.plist", "<plist><dict><key>UILaunchStoryboardName</key><string>Splash</string></dict></plist>")
        let inCode = StoryboardImporter.importReadable([about, terminal], named: [folder.path + "/code", about, terminal]).result
        #expect(inCode.notes.first?.hasSuffix("set 'window:' if the app starts with another: \(folder.path)/code/Info.plist names "
            + "no main storyboard, so the app makes its window's root in code") == true,
                "\(inCode.notes)")
        #expect(inCode.rootIsAGuess)
        #expect(!fromPlist.rootIsAGuess)
        // One storyboard with an initial controller, and settings that name a main storyboard the folders do not hold.
        try folder.write("missing/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        let missing = StoryboardImporter.importReadable([about], named: [folder.path + "/missing", about]).result
        #expect(missing.rootIsAGuess)
        #expect(missing.notes == ["\(about):1:1: note: the window's root is About's initial controller, a guess: \(folder.path)/missing/Info.plist "
            + "names 'Main' as the main storyboard, which is not among them; set 'window:' to the controller the app starts with"])
        #expect(AppStoryboardSettings.names(inProject: "INFOPLIST_KEY_UIMainStoryboardFile = Terminal;\n"
            + "INFOPLIST_KEY_UIMainStoryboardFile = \"$(MAIN)\";\nINFOPLIST_KEY_UIMainStoryboardFile = \"Main Menu\";") == ["Terminal", "Main Menu"])
        #expect(AppStoryboardSettings.names(inPropertyList: "<key>UISceneStoryboardFile</key>\n  <string>Main</string>") == ["Main"])
        #expect(AppStoryboardSettings.names(inProject: "INFOPLIST_KEY_UILaunchStoryboardName = LaunchScreen;", role: .launchScreen) == ["LaunchScreen"])

        // Without settings: a storyboard another one opens through a reference is not where the app starts.
        let shop = Self.board("Shop", runtime: "iOS.CocoaTouch", """
                            <viewControllerPlaceholder storyboardName="Buy" id="ref-1" sceneMemberID="viewController"/>
            """)
        let app = try StoryboardImporter.importTexts([("Buy.storyboard", Self.board("Buy")), ("Shop.storyboard", shop)])
        #expect(app.mainPath == "Shop.storyboard")
        #expect(app.notes.contains { $0.contains("the window's root is Shop's (no other storyboard opens it; the others: Buy)") })
    }

    /// An Info.plist that names `storyboard` as the one the app starts with.
    static func mainPropertyList(_ storyboard: String) -> String {
        "<plist><dict><key>UIMainStoryboardFile</key><string>\(storyboard)</string></dict></plist>"
    }

    @Test("the Info.plist files an Xcode project names are the app's: one no target uses says nothing, and its Main is not the app's")
    func propertyListsTheProjectNames() throws {
        // Loop: Learn/Info.plist, which no target uses, names a Main of its own beside the app's.
        let folder = try TemporaryFolder()
        let learn = try folder.write("Learn/Base.lproj/Main.storyboard", StoryboardText.board("Learn"))
        let loop = try folder.write("Loop/Base.lproj/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("Learn/Info.plist", Self.mainPropertyList("Main"))
        try folder.write("Loop/Info.plist", Self.mainPropertyList("Main"))
        try folder.write("Loop.xcodeproj/project.pbxproj", """
            buildSettings = {
            				GENERATE_INFOPLIST_FILE = NO;
            				INFOPLIST_FILE = Loop/Info.plist;
            };
            """)
        let app = StoryboardImporter.importReadable([learn, loop], named: [folder.path]).result
        #expect(app.mainPath == loop)
        #expect(app.notes == ["\(loop):1:1: note: 2 storyboards have an initial view controller; the window's root is Main's (the "
            + "UIMainStoryboardFile of \(folder.path)/Loop/Info.plist; the others: \(learn)); set 'window:' if the app starts with another"])

        // A path after $(SRCROOT)/, quoted, of a file the search does not find by its name; with the project's folder given as `./`.
        let other = try TemporaryFolder()
        let about = try other.write("App/About.storyboard", StoryboardText.board("About"))
        let terminal = try other.write("App/Terminal.storyboard", StoryboardText.board("Terminal"))
        try other.write("Sample/Info.plist", Self.mainPropertyList("About"))
        try other.write("App/Settings.plist", Self.mainPropertyList("Terminal"))
        try other.write("Terminal.xcodeproj/project.pbxproj", "INFOPLIST_FILE = \"$(SRCROOT)/App/Settings.plist\";\n"
            + "INFOPLIST_FILE = \"$(TARGET_NAME)/Info.plist\";\n")
        let named = StoryboardImporter.importReadable([about, terminal], named: [other.path + "/./"]).result
        #expect(named.mainPath == terminal)
        #expect(AppStoryboardSettings.find(inFolders: [other.path + "/./"]).storyboards
            == [AppStoryboardSettings.Found(name: "Terminal", file: other.path + "/App/Settings.plist", project: other.path)])
        // A project that names no Info.plist (its targets generate theirs): every Info.plist found is read, as without one.
        try other.write("Terminal.xcodeproj/project.pbxproj", "GENERATE_INFOPLIST_FILE = YES;\n")
        #expect(StoryboardImporter.importReadable([about, terminal], named: [other.path]).result.mainPath == about)
        #expect(AppStoryboardSettings.propertyListFiles(inProject: "GENERATE_INFOPLIST_FILE = YES;\nINFOPLIST_FILE = \"${PROJECT_DIR}/A B/Info.plist\";\n"
            + "\"INFOPLIST_FILE[sdk=appletvos*]\" = TV/Info.plist;\nINFOPLIST_FILE = Loop/Info.plist;\nINFOPLIST_FILE = Loop/Info.plist;")
            == ["A B/Info.plist", "Loop/Info.plist"])
        // Read as bytes: a name after non-ASCII text is found, and a byte above ASCII before a name is part of another.
        #expect(AppStoryboardSettings.propertyListFiles(inProject: "/* Überweisung — 送金 */\nINFOPLIST_FILE = Ü/Info.plist;\néINFOPLIST_FILE = x;\n")
            == ["Ü/Info.plist"])
        #expect(AppStoryboardSettings.propertyListFiles(inProject: "INFOPLIST_FILE = a") == [])
    }

    @Test("of several Xcode projects, the app starts with a storyboard of its own, the shallowest, never with a nested project's")
    func appsOwnProject() throws {
        // blink: the app makes its root in code; a framework's project in its folders has a sample app with a Main.
        let folder = try TemporaryFolder()
        let settings = try folder.write("Settings/Base.lproj/Settings.storyboard", StoryboardText.board("Settings"))
        let keys = try folder.write("Frameworks/SmartKeys/smartkeys/Base.lproj/Main.storyboard", StoryboardText.board("Keys"))
        try folder.write("Blink.xcodeproj/project.pbxproj", "INFOPLIST_FILE = Blink/Info.plist;\n")
        try folder.write("Blink/Info.plist", "<plist><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>")
        try folder.write("Frameworks/SmartKeys/smartkeys.xcodeproj/project.pbxproj", "INFOPLIST_FILE = smartkeys/Info.plist;\n")
        try folder.write("Frameworks/SmartKeys/smartkeys/Info.plist", Self.mainPropertyList("Main"))
        let blink = StoryboardImporter.importReadable([keys, settings], named: [folder.path]).result
        #expect(blink.mainPath == settings)
        #expect(blink.rootIsAGuess)
        #expect(blink.notes == [
            "\(settings):1:1: note: the window's root is Settings's initial controller, a guess: \(folder.path)/Blink/Info.plist names no main "
                + "storyboard, so the app makes its window's root in code; set 'window:' to the controller the app starts with",
            "\(settings):1:1: note: the app starts with a storyboard of its own Xcode project, \(folder.path)/Blink.xcodeproj (the shallowest "
                + "of the 2 found), not with another project's: \(keys)",
        ])
        // Given alone, the framework's folder is an app of its own.
        #expect(StoryboardImporter.importReadable([keys], named: [folder.path + "/Frameworks/SmartKeys"]).result.rootIsAGuess == false)

        // Monal: two projects side by side; the app's is the one whose settings name the storyboard it starts with.
        let sideBySide = try TemporaryFolder()
        let demo = try sideBySide.write("Crypto/Demo.storyboard", StoryboardText.board("Demo"))
        let main = try sideBySide.write("Monal/localization/Base.lproj/Main.storyboard", StoryboardText.board("Chats"))
        try sideBySide.write("Crypto/Crypto.xcodeproj/project.pbxproj", "INFOPLIST_FILE = Crypto/Info.plist;\n")
        try sideBySide.write("Crypto/Crypto/Info.plist", "<plist><dict/></plist>")
        try sideBySide.write("Monal/Vaccine Alert.xcodeproj/project.pbxproj", "INFOPLIST_FILE = \"Monal-Info.plist\";\n")
        try sideBySide.write("Monal/Monal-Info.plist", Self.mainPropertyList("Main"))
        let monal = StoryboardImporter.importReadable([demo, main], named: [sideBySide.path]).result
        #expect(monal.mainPath == main)
        #expect(monal.notes == [
            "\(main):1:1: note: the app starts with a storyboard of its own Xcode project, \(sideBySide.path)/Monal/Vaccine Alert.xcodeproj "
                + "(of the shallowest projects, the one whose settings name the storyboard it starts with), not with another project's: \(demo)",
        ])
    }

    @Test("of projects side by side, the app's is the one whose settings name a launch screen when none names a main storyboard")
    func appProjectByItsLaunchScreen() throws {
        // woocommerce: eight projects one folder down; the app's names only a launch screen and makes its root in code.
        let folder = try TemporaryFolder()
        let testing = try folder.write("Experiments/Experiments/TestingMode.storyboard", StoryboardText.board("Testing"))
        let main = try folder.write("WooCommerce/Classes/Main.storyboard", StoryboardText.board("Tabs"))
        try folder.write("Experiments/Experiments.xcodeproj/project.pbxproj", "INFOPLIST_FILE = Experiments/Info.plist;\n")
        try folder.write("Experiments/Experiments/Info.plist", "<plist><dict/></plist>")
        try folder.write("WooCommerce/WooCommerce.xcodeproj/project.pbxproj", "INFOPLIST_FILE = Resources/Info.plist;\n")
        try folder.write("WooCommerce/Resources/Info.plist", "<plist><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>")
        let woo = StoryboardImporter.importReadable([testing, main], named: [folder.path]).result
        #expect(woo.mainPath == main)
        #expect(woo.rootIsAGuess)
        #expect(woo.notes.contains("\(main):1:1: note: the app starts with a storyboard of its own Xcode project, \(folder.path)/WooCommerce/"
            + "WooCommerce.xcodeproj (of the shallowest projects, the one whose settings name an app's storyboard (its launch screen)), not "
            + "with another project's: \(testing)"), "\(woo.notes)")
    }

    @Test("an iPad-only storyboard beside the app's others is left out; alone, it is imported for iPad; tvOS is another platform")
    func padOnlyAndTV() throws {
        let phone = ("Main.storyboard", Self.board("Home"))
        let pad = ("Main-iPad.storyboard", Self.board("PadHome", runtime: "iOS.CocoaTouch.iPad"))
        let both = try StoryboardImporter.importTexts([pad, phone])
        #expect(both.mainPath == "Main.storyboard")
        #expect(both.leftOut.map(\.path) == ["Main-iPad.storyboard"])
        #expect(!both.yaml.contains("device:"))
        let alone = try StoryboardImporter.importTexts([pad])
        #expect(alone.yaml.contains("window: padHomeViewController\ndevice: ipad   # an iPad-only storyboard\n"))
        #expect(SpecLoader.load(bytes: Array(alone.yaml.utf8), path: "pad.yaml").spec?.device == .ipad)
        let folder = try TemporaryFolder()
        let tv = try folder.write("TV/Main.storyboard", String(decoding: Self.board("TV", runtime: "AppleTV"), as: UTF8.self))
        let iOS = try folder.write("iOS/Main.storyboard", StoryboardText.board("Home"))
        let found = StoryboardImporter.importReadable([tv, iOS], named: [folder.path])
        #expect(found.errors.isEmpty)
        #expect(found.result.leftOut.map(\.reason) == ["a tvOS storyboard (targetRuntime=\"AppleTV\"), found in a folder; vcaudit models iPhone and iPad apps"])
    }

    @Test("a tab without class or title is named by its tab's title; a navigation controller still after its root")
    func tabTitles() throws {
        let result = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "tabs", """
                            <tabBarController id="tabs" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="learn" kind="relationship" relationship="viewControllers" id="r-1"/>
                                    <segue destination="nav" kind="relationship" relationship="viewControllers" id="r-2"/>
                                </connections>
                            </tabBarController>
                            <viewController id="learn" sceneMemberID="viewController">
                                <tabBarItem key="tabBarItem" title="Learn" id="t-1"/>
                            </viewController>
                            <navigationController id="nav" sceneMemberID="viewController">
                                <tabBarItem key="tabBarItem" title="Account" id="t-2"/>
                                <connections><segue destination="account" kind="relationship" relationship="rootViewController" id="r-3"/></connections>
                            </navigationController>
                            <viewController id="account" customClass="AccountViewController" sceneMemberID="viewController"/>
            """))])
        #expect(result.yaml.contains("    children: [learn, accountNavigation]\n"), "\(result.yaml)")
    }

    @Test("a popover anchored on the controller's own view is anchored on its view property, with no note")
    func anchorOnTheControllersView() throws {
        let result = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "list", """
                            <tableViewController id="list" customClass="ScheduleViewController" sceneMemberID="viewController">
                                <tableView key="view" id="wtO-IZ-5Bg"/>
                                <connections>
                                    <segue destination="pick" kind="popoverPresentation" identifier="pick" popoverAnchorView="wtO-IZ-5Bg" id="s-1"/>
                                </connections>
                            </tableViewController>
                            <viewController id="pick" customClass="PickerViewController" sceneMemberID="viewController"/>
            """))])
        #expect(result.yaml.contains("anchor: { sourceView: view }"), "\(result.yaml)")
        #expect(!result.notes.contains { $0.contains("held by no outlet") })
    }

    @Test("copies of one storyboard are imported once: localized variants keep Base.lproj, an .xcloc catalog's copies are left out")
    func copiesOfOneStoryboard() throws {
        let boards = [
            ("App/en.lproj/Main.storyboard", Self.board("Stale")),
            ("App/Base.lproj/Main.storyboard", Self.board("Home")),
            ("App/fr.lproj/Main.storyboard", Self.board("Maison")),
            ("App/Base.lproj/Settings.storyboard", Self.board("Settings")),
            ("Localizations/de.xcloc/Source Contents/App/Base.lproj/Main.storyboard", Self.board("Home")),
        ]
        let result = try StoryboardImporter.importTexts(boards)
        #expect(result.leftOut.map(\.path) == [
            "Localizations/de.xcloc/Source Contents/App/Base.lproj/Main.storyboard", "App/en.lproj/Main.storyboard", "App/fr.lproj/Main.storyboard",
        ])
        #expect(result.leftOut.first?.reason == "a copy in the Xcode localization catalog de.xcloc, which is exported for translators and not part of the app")
        #expect(result.leftOut.last?.reason == "a localized variant of App/Base.lproj/Main.storyboard (fr.lproj); UIKit loads one variant "
            + "of a storyboard, and vcaudit imports Base.lproj as UIKit falls back to it")
        #expect(result.mainPath == "App/Base.lproj/Main.storyboard")
        #expect(!result.yaml.contains("stale") && !result.yaml.contains("maison") && !result.yaml.contains("homeViewController2"))
        // Without Base.lproj, en.lproj is kept; a catalog's copy alone is imported, as asked.
        let languages = try StoryboardImporter.importTexts([("fr.lproj/Main.storyboard", Self.board("Maison")), ("en.lproj/Main.storyboard", Self.board("Home"))])
        #expect(languages.leftOut.map(\.path) == ["fr.lproj/Main.storyboard"])
        let catalog = try StoryboardImporter.importTexts([boards[4]])
        #expect(catalog.leftOut.isEmpty)
    }

    @Test("ids and transition names do not depend on the order the storyboards are given; the root, when nothing else decides, does")
    func orderGiven() throws {
        func board(_ name: String) -> [UInt8] {
            Self.document(initial: "vc-\(name)", """
                            <viewController id="vc-\(name)" customClass="\(name)ViewController" sceneMemberID="viewController">
                                <connections><segue destination="vc-\(name)Next" kind="presentation" identifier="start" id="s-\(name)"/></connections>
                            </viewController>
                            <viewController id="vc-\(name)Next" customClass="NextViewController" sceneMemberID="viewController"/>
                """)
        }
        let (network, configuration) = (("UI/Network.storyboard", board("Network")), ("UI/Configuration.storyboard", board("Configuration")))
        let one = try StoryboardImporter.importTexts([network, configuration])
        let other = try StoryboardImporter.importTexts([configuration, network])
        func transitions(_ result: StoryboardImporter.Result) -> [String] {
            result.yaml.split(separator: "\n").filter { $0.hasPrefix("  start") }.map { $0.components(separatedBy: ", source:")[0] }
        }
        #expect(transitions(one) == ["  start: { segue: modal, from: configurationViewController, to: nextViewController, manual: true",
                                     "  start2: { segue: modal, from: networkViewController, to: nextViewController2, identifier: start, manual: true"])
        #expect(transitions(other) == transitions(one))
        #expect(one.yaml.contains("window: networkViewController   # a guess"))
        #expect(other.yaml.contains("window: configurationViewController   # a guess"))
    }

    @Test("an app extension's storyboard is left out of the app; an iPad app's project keeps its iPad storyboards")
    func extensionsAndPadApps() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Base.lproj/Main.storyboard", StoryboardText.board("Home"))
        let share = try folder.write("Share/Base.lproj/MainInterface.storyboard", StoryboardText.board("Share"))
        try folder.write("App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        try folder.write("Share/Info.plist", """
            <plist><dict><key>NSExtension</key><dict>
              <key>NSExtensionMainStoryboard</key><string>MainInterface</string>
              <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
            </dict></dict></plist>
            """)
        // A second extension with a storyboard of the same name: each is told by the folder of its Info.plist.
        let action = try folder.write("Action/Base.lproj/MainInterface.storyboard", StoryboardText.board("Action"))
        try folder.write("Action/Info.plist", "<plist><dict><key>NSExtension</key><dict><key>NSExtensionMainStoryboard</key>"
            + "<string>MainInterface</string></dict></dict></plist>")
        let found = StoryboardImporter.importReadable([action, main, share], named: [folder.path])
        #expect(found.result.leftOut.map(\.path) == [action, share])
        #expect(found.result.leftOut.last?.reason == "an app extension's storyboard (NSExtensionMainStoryboard in \(folder.path)/Share/Info.plist), "
            + "which the extension's host shows, not the app; check it alone")
        let alone = StoryboardImporter.importReadable([share], named: [folder.path])
        #expect(alone.result.leftOut.isEmpty)

        let pad = try folder.write("Pad/Auction.storyboard", String(decoding: Self.board("Auction", runtime: "iOS.CocoaTouch.iPad"), as: UTF8.self))
        let other = try folder.write("Pad/Fulfillment.storyboard", StoryboardText.board("Fulfillment"))
        try folder.write("Pad/Kiosk.xcodeproj/project.pbxproj", "buildSettings = {\n TARGETED_DEVICE_FAMILY = 2;\n};\nbuildSettings = {\n TARGETED_DEVICE_FAMILY = \"2\";\n};\n")
        // Named one by one (a spec's 'storyboards:'), an iPad-only storyboard is imported beside the others.
        #expect(StoryboardImporter.importReadable([pad, other], named: nil).result.leftOut.isEmpty)
        #expect(StoryboardImporter.importReadable([pad, other], named: [folder.path + "/Elsewhere"]).result.leftOut.map(\.path) == [pad])
        let padApp = StoryboardImporter.importReadable([pad, other], named: [folder.path + "/Pad"])
        #expect(padApp.result.leftOut.isEmpty)
        #expect(padApp.result.yaml.contains("device: ipad   # TARGETED_DEVICE_FAMILY = 2: an iPad app\n"))
        #expect(AppStoryboardSettings.deviceFamilies(inProject: "TARGETED_DEVICE_FAMILY = \"1,2\";\nTARGETED_DEVICE_FAMILY = 2;") == ["1,2", "2"])
        #expect(AppStoryboardSettings.Settings(deviceFamilies: ["1,2", "2"]).isPadOnly == false)
        #expect(AppStoryboardSettings.Settings(deviceFamilies: []).isPadOnly == false)
    }

    @Test("storyboards in the folder of an Info.plist with NSExtension, or below it, are an app extension's, whether a target uses it or not")
    func extensionFolders() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Base.lproj/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/Info.plist", Self.mainPropertyList("Main"))
        try folder.write("App.xcodeproj/project.pbxproj", "INFOPLIST_FILE = App/Info.plist;\nINFOPLIST_FILE = AutoFill/Info.plist;\n")
        // Monal: a share extension whose principal class opens its storyboard; its Info.plist is no target's any more.
        let share = try folder.write("Share/localization/Base.lproj/Share.storyboard", StoryboardText.board("Share"))
        try folder.write("Share/Info.plist", """
            <plist><dict><key>NSExtension</key><dict>
              <key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
              <key>NSExtensionPrincipalClass</key><string>ShareViewController</string>
            </dict></dict></plist>
            """)
        // KeePassium: an extension's storyboard besides the one its Info.plist names, in a folder below.
        let autoFill = try folder.write("AutoFill/Base.lproj/MainInterface.storyboard", StoryboardText.board("AutoFill"))
        let setup = try folder.write("AutoFill/controllers/SetupMessage.storyboard", StoryboardText.board("SetupMessage"))
        try folder.write("AutoFill/Info.plist", "<plist><dict><key>NSExtension</key><dict><key>NSExtensionMainStoryboard</key>"
            + "<string>MainInterface</string></dict></dict></plist>")
        // A folder below with an Info.plist of its own, not an extension's (a framework's): its storyboards are not said to be.
        let picker = try folder.write("Share/Picker/Picker.storyboard", StoryboardText.board("Picker"))
        try folder.write("Share/Picker/Info.plist", "<plist><dict><key>CFBundlePackageType</key><string>FMWK</string></dict></plist>")
        let found = StoryboardImporter.importReadable([autoFill, setup, main, picker, share], named: [folder.path]).result
        #expect(found.leftOut.map(\.path) == [autoFill, setup, share])
        #expect(found.leftOut.map(\.reason) == [
            "an app extension's storyboard (NSExtensionMainStoryboard in \(folder.path)/AutoFill/Info.plist), which the extension's host shows, "
                + "not the app; check it alone",
            "an app extension's storyboard (in the folder of \(folder.path)/AutoFill/Info.plist, an Info.plist with NSExtension), which the "
                + "extension's host shows, not the app; check it alone",
            "an app extension's storyboard (in the folder of \(folder.path)/Share/Info.plist, an Info.plist with NSExtension), which the "
                + "extension's host shows, not the app; check it alone",
        ])
        #expect(found.mainPath == main)
        // Named on its own beside the folder, an extension's storyboard is imported.
        let named = StoryboardImporter.importReadable([main, share], named: [folder.path, share]).result
        #expect(named.leftOut.isEmpty)
    }

    @Test("a reference to a name two storyboards share opens the nearest one that holds its identifier, or the nearest")
    func referenceToASharedName() throws {
        // Provenance: the app's Settings beside its Provenance storyboard, and a package's Settings found first by path.
        let folder = "PVUI/Sources/PVUI_IOS/Resources/StoryBoards"
        let app = try StoryboardImporter.importTexts([
            ("\(folder)/Provenance.storyboard", Self.document(initial: "library", """
                            <viewController id="library" customClass="GameLibraryViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="settings-ref" kind="presentation" identifier="settingsSegue" id="s-1"/>
                                    <segue destination="home-ref" kind="presentation" identifier="homeSegue" id="s-2"/>
                                </connections>
                            </viewController>
                            <viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="settingsNavigationController" id="settings-ref" sceneMemberID="viewController"/>
                            <viewControllerPlaceholder storyboardName="Home" id="home-ref" sceneMemberID="viewController"/>
            """)),
            ("\(folder)/Settings.storyboard", Self.document(initial: "settings-nav", """
                            <navigationController storyboardIdentifier="settingsNavigationController" id="settings-nav" sceneMemberID="viewController"/>
            """)),
            ("\(folder)/Home.storyboard", Self.board("Home")),
            ("PVPatreon/Sources/PVPatreonUI/Resources/Settings.storyboard", Self.board("Patreon")),
            ("PVPatreon/Sources/PVPatreonUI/Resources/Home.storyboard", Self.board("PatreonHome")),
        ])
        #expect(!app.notes.contains { $0.contains("is not among the files imported") }, "\(app.notes)")
        #expect(app.yaml.contains("  settingsSegue: { segue: modal, from: gameLibraryViewController, to: settingsNavigationController, manual: true, source:"),
                "\(app.yaml)")
        // Without an identifier, the nearest of those with an initial controller.
        #expect(app.yaml.contains("  homeSegue: { segue: modal, from: gameLibraryViewController, to: homeViewController, manual: true, source:"))
        // Elsewhere, a storyboard that holds the identifier beats a nearer one that does not.
        let far = try StoryboardImporter.importTexts([
            ("App/Main.storyboard", Self.document(initial: "home", """
                            <viewController id="home" customClass="HomeViewController" sceneMemberID="viewController">
                                <connections><segue destination="ref" kind="show" identifier="openAccount" id="s-1"/></connections>
                            </viewController>
                            <viewControllerPlaceholder storyboardName="Account" referencedIdentifier="account" id="ref" sceneMemberID="viewController"/>
            """)),
            ("App/Account.storyboard", Self.board("Stale")),
            ("Packages/Account/Account.storyboard", Self.document(initial: "account", """
                            <viewController storyboardIdentifier="account" id="account" customClass="AccountViewController" sceneMemberID="viewController"/>
            """)),
        ])
        #expect(far.yaml.contains("  openAccount: { segue: show, from: homeViewController, to: account, manual: true, source:"), "\(far.yaml)")
    }

    @Test("a spec's 'storyboards:' lists folders as the command line takes them; an error is located at the entry it comes from")
    func specListsAFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("UI/Base.lproj/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("UI/Base.lproj/LaunchScreen.storyboard", StoryboardText.board("Launch", launchScreen: true))
        try folder.write("UI/Mac/Main.storyboard", String(decoding: try Self.file("AppKit.storyboard").bytes, as: UTF8.self))
        try folder.write("Extra/Help.storyboard", StoryboardText.board("Help"))
        let spec = try folder.write("app.yaml", "vcaudit: 1\nstoryboards:\n  - UI\n  - Extra/Help.storyboard\n")
        let loaded = SpecLoader.load(path: spec, storyboards: StoryboardImporter.specImport)
        let app = try #require(loaded.spec, "\(loaded.diagnostics.map(\.message))")
        // The launch screen and the AppKit storyboard found in the folder are left out; the app's settings would be read there.
        #expect(app.controllers.map(\.id) == ["helpViewController", "homeViewController"])
        #expect(app.window?.id == "homeViewController")

        try folder.write("Empty/README.md", "no storyboards here\n")
        try folder.write("Broken/Main.storyboard", "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n")
        let bad = try folder.write("bad.yaml", "vcaudit: 1\nstoryboards:\n  - UI\n  - Empty\n  - Broken\n")
        let failed = SpecLoader.load(path: bad, storyboards: StoryboardImporter.specImport)
        #expect(failed.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "4:5: a storyboard listed here cannot be read: \(folder.path)/Empty: error: the folder holds no .storyboard file; list storyboards, "
                + "or folders that hold them",
            "5:5: a storyboard listed here cannot be read: \(folder.path)/Broken/Main.storyboard:3:1: error: the document ends inside <document> "
                + "opened at line 2; check that this is a complete storyboard (a merge conflict?)",
        ])
    }

    @Test("a segue's identifier is kept when the transition's name is not it, and a segue without one says so")
    func segueIdentifiers() throws {
        let result = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "vc-a", """
                            <viewController id="vc-a" customClass="AdminViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-b" kind="show" identifier="Show Admin Options" id="s-1"/>
                                    <segue destination="vc-b" kind="presentation" identifier="showAdminOptions" id="s-2"/>
                                    <segue destination="vc-b" kind="presentation" identifier="plain" id="s-4"/>
                                </connections>
                                <button id="b-3">
                                    <connections>
                                        <segue destination="vc-b" kind="presentation" id="s-3"/>
                                    </connections>
                                </button>
                            </viewController>
                            <viewController id="vc-b" customClass="OptionsViewController" sceneMemberID="viewController"/>
            """))])
        #expect(result.yaml.contains("  showAdminOptions: { segue: show, from: adminViewController, to: optionsViewController, identifier: \"Show Admin Options\","))
        #expect(result.yaml.contains("  showAdminOptions2: { segue: modal, from: adminViewController, to: optionsViewController, identifier: showAdminOptions,"))
        #expect(result.yaml.contains("  adminViewControllerToOptionsViewController: { segue: modal, from: adminViewController, to: optionsViewController, identifier: null,"))
        #expect(result.yaml.contains("  plain: { segue: modal, from: adminViewController, to: optionsViewController, manual: true, source:"))
        let spec = try #require(SpecLoader.load(bytes: Array(result.yaml.utf8), path: "app.yaml").spec)
        func identifier(_ name: String) -> Segue.Identifier? {
            guard case .segue(let segue) = spec.transition(name)?.body else { return nil }
            return segue.identifier
        }
        #expect(identifier("showAdminOptions") == .named("Show Admin Options"))
        #expect(identifier("showAdminOptions2") == .named("showAdminOptions"))
        #expect(identifier("adminViewControllerToOptionsViewController") == Segue.Identifier.none)
        #expect(identifier("plain") == .transitionName)
    }

    @Test("segues without identifiers between the same controllers are named by their controls, so adding one renames none")
    func segueNamesByControl() throws {
        func app(_ buttons: [String]) throws -> String {
            let controls = buttons.enumerated().map { index, title in
                """
                                    <button title="\(title)" id="b-\(title)">
                                        <connections>
                                            <segue destination="vc-b" kind="presentation" id="s-\(index)"/>
                                        </connections>
                                    </button>
                """
            }.joined(separator: "\n")
            return try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "vc-a", """
                                <viewController id="vc-a" customClass="CardsViewController" sceneMemberID="viewController">
                \(controls)
                                </viewController>
                                <viewController id="vc-b" customClass="CardViewController" sceneMemberID="viewController"/>
                """))]).yaml
        }
        let before = try app(["Leading", "Trailing"])
        let after = try app(["Center", "Leading", "Trailing"])
        for yaml in [before, after] {
            #expect(yaml.contains("  cardsViewControllerToCardViewControllerLeading: { segue: modal,"))
            #expect(yaml.contains("  cardsViewControllerToCardViewControllerTrailing: { segue: modal,"))
        }
        #expect(after.contains("  cardsViewControllerToCardViewControllerCenter: { segue: modal,"))
        // One segue alone keeps the short name.
        #expect(try app(["Leading"]).contains("  cardsViewControllerToCardViewController: { segue: modal,"))
    }

    @Test("a scene in two places is two controllers, and each performs the scene's segues")
    func seguesOfEachCopy() throws {
        let result = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "vc-board", """
                            <viewController id="vc-board" customClass="BoardViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-list" kind="embed" id="e-1"/>
                                    <segue destination="vc-list" kind="embed" id="e-2"/>
                                </connections>
                            </viewController>
                            <viewController id="vc-list" customClass="ListViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-filter" kind="presentation" identifier="filterSegue" customClass="FadeSegue" id="s-1"/>
                                </connections>
                            </viewController>
                            <viewController id="vc-filter" customClass="FilterViewController" sceneMemberID="viewController"/>
            """))])
        #expect(result.yaml.contains("  filterSegue: { segue: modal, from: listViewController, to: filterViewController,"))
        #expect(result.yaml.contains("  filterSegue2: { segue: modal, from: listViewController2, to: filterViewController,"))
        #expect(result.notes.filter { $0.contains("has the class FadeSegue") }.count == 1, "a segue's note is said once: \(result.notes)")
        #expect(result.transitionCount == 2)
    }

    @Test("an AppKit storyboard found in a folder is left out of the app; named, it is an error")
    func otherPlatformInFolder() throws {
        let folder = try TemporaryFolder()
        let mac = try folder.write("Mac/Main.storyboard", String(decoding: try Self.file("AppKit.storyboard").bytes, as: UTF8.self))
        let iOS = try folder.write("iOS/Main.storyboard", StoryboardText.board("Home"))
        let found = StoryboardImporter.importReadable([mac, iOS], named: [folder.path])
        #expect(found.errors.isEmpty)
        #expect(found.result.leftOut == [SpecLoader.Skipped(
            path: mac, reason: "an AppKit (macOS) storyboard (targetRuntime=\"MacOSX.Cocoa\"), found in a folder; vcaudit audits UIKit view controllers")])
        #expect(found.result.yaml.contains("window: homeViewController\n"))
        #expect(found.result.mainPath == iOS)
        let named = StoryboardImporter.importReadable([mac, iOS], named: [mac, iOS])
        #expect(named.errors.map(\.description) == ["\(mac):2:1: error: an AppKit (macOS) storyboard (targetRuntime=\"MacOSX.Cocoa\"); "
            + "vcaudit audits UIKit view controllers: give the app's iOS storyboards"])
        #expect(named.result.leftOut.isEmpty)
        #expect(StoryboardImporter.importReadable([mac]).errors.count == 1, "without 'named', every path counts as named (a spec's 'storyboards:')")
    }

    @Test("a scene without storyboard ID or class is named by its title, a plain navigation controller after its root: adding scenes renames none")
    func namesThatStay() throws {
        func navigation(_ id: String, root: String, title: String) -> String {
            """
                            <navigationController id="nav-\(id)" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-\(id)" kind="relationship" relationship="rootViewController" id="r-\(id)"/>
                                </connections>
                            </navigationController>
                            <tableViewController id="vc-\(id)" sceneMemberID="viewController">
                                <navigationItem key="navigationItem" title="\(title)" id="item-\(id)"/>
                            </tableViewController>
            """
        }
        let before = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "nav-a", navigation("a", root: "vc-a", title: "Recipes")))])
        let after = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(
            initial: "nav-a", navigation("b", root: "vc-b", title: "Favorites") + "\n" + navigation("a", root: "vc-a", title: "Recipes")))])
        for result in [before, after] {
            #expect(result.yaml.contains("window: recipesNavigation\n"))
            #expect(result.yaml.contains("  recipesNavigation:\n    kind: navigation\n"))
            #expect(result.yaml.contains("    root: recipes\n"))
        }
        #expect(after.yaml.contains("  favoritesNavigation:\n"))
        // A root with no name of its own leaves the navigation controller named by its kind.
        let plain = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "nav-c", """
                            <navigationController id="nav-c" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-c" kind="relationship" relationship="rootViewController" id="r-c"/>
                                </connections>
                            </navigationController>
                            <viewController id="vc-c" sceneMemberID="viewController"/>
            """))])
        #expect(plain.yaml.contains("window: navigationController\n"))
        #expect(plain.yaml.contains("    root: viewController\n"))
        // A class that several scenes share names them less well than their titles.
        let shared = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "n-1", """
                            <navigationController id="n-1" customClass="AppNavigationController" userLabel="HomeNav" sceneMemberID="viewController"/>
                            <navigationController id="n-2" customClass="AppNavigationController" title="Rooms" sceneMemberID="viewController"/>
                            <viewController id="v-1" customClass="SettingsViewController" title="Preferences" sceneMemberID="viewController"/>
            """))])
        #expect(shared.yaml.contains("  homeNav:\n"))
        #expect(shared.yaml.contains("  rooms:\n"))
        #expect(shared.yaml.contains("  settingsViewController:\n"), "a class of one scene names it")
        // A navigation controller of a shared class, without a title: named after its root.
        let rooted = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "n-1", """
                            <navigationController id="n-1" customClass="NavController" sceneMemberID="viewController">
                                <connections><segue destination="v-1" kind="relationship" relationship="rootViewController" id="r-1"/></connections>
                            </navigationController>
                            <navigationController id="n-2" customClass="NavController" sceneMemberID="viewController">
                                <connections><segue destination="v-2" kind="relationship" relationship="rootViewController" id="r-2"/></connections>
                            </navigationController>
                            <navigationController id="n-3" customClass="NavController" sceneMemberID="viewController"/>
                            <viewController id="v-1" customClass="ShuffleViewController" sceneMemberID="viewController"/>
                            <viewController id="v-2" customClass="MoveViewController" sceneMemberID="viewController"/>
            """))])
        #expect(rooted.yaml.contains("  shuffleNavigation:\n"))
        #expect(rooted.yaml.contains("  moveNavigation:\n"))
        #expect(rooted.yaml.contains("  navController:\n"), "without a root or title, the class")
    }

    @Test("of several storyboards with an initial controller, the app starts with Main's, and a note names the others")
    func mainStoryboard() throws {
        let app = try StoryboardImporter.importTexts([("UI/Onboarding.storyboard", Self.board("Welcome")),
                                                    ("UI/Base.lproj/Main.storyboard", Self.board("Home")),
                                                    ("UI/Settings.storyboard", Self.board("Settings"))])
        #expect(app.yaml.contains("window: homeViewController\n"))
        #expect(app.mainPath == "UI/Base.lproj/Main.storyboard")
        #expect(app.notes == ["UI/Base.lproj/Main.storyboard:1:1: note: 3 storyboards have an initial view controller; the window's "
            + "root is Main's (by its name; the others: Onboarding, Settings); set 'window:' if the app starts with another (its "
            + "Info.plist's UIMainStoryboardFile says which; give the folder that holds it)"])
        #expect(!app.rootIsAGuess)
        // Without one named Main, the first given, which is a guess (and said as one by check and explore).
        let other = try StoryboardImporter.importTexts([("A.storyboard", Self.board("First")), ("B.storyboard", Self.board("Second"))])
        #expect(other.yaml.contains("window: firstViewController   # a guess: the first of 2 storyboards with an initial controller; "
            + "set the controller it starts with\n"))
        #expect(other.mainPath == "A.storyboard")
        #expect(other.rootIsAGuess && other.rootNotes == other.notes)
        // Of many, a few are named.
        let many = try StoryboardImporter.importTexts((1...9).map { ("S\($0).storyboard", Self.board("Screen\($0)")) })
        #expect(many.notes.first?.contains("the others: S2, S3, S4, S5, S6 and 3 more)") == true, "\(many.notes)")
    }

    @Test("an initial controller that a container holds gets one note, not also 'no initial view controller'")
    func initialControllerInAContainer() throws {
        let text = Self.document(initial: "vc-1", """
                            <tabBarController id="tab-1" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-1" kind="relationship" relationship="viewControllers" id="r-1"/>
                                </connections>
                            </tabBarController>
                            <viewController id="vc-1" customClass="HomeViewController" sceneMemberID="viewController"/>
            """)
        let result = try StoryboardImporter.importTexts([("Main.storyboard", text)])
        #expect(result.notes == ["Main.storyboard:1:1: note: the initial controller is also a child of a container, which a "
            + "window's root cannot be; set 'window:' yourself"])
        #expect(!result.yaml.contains("window:"))
    }

    @Test("a navigation controller with its bar hidden is imported with navigationBarHidden")
    func hiddenNavigationBar() throws {
        let text = Self.document(initial: "nav-1", """
                            <navigationController navigationBarHidden="YES" id="nav-1" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-1" kind="relationship" relationship="rootViewController" id="r-1"/>
                                </connections>
                            </navigationController>
                            <viewController id="vc-1" customClass="HomeViewController" sceneMemberID="viewController"/>
            """)
        let result = try StoryboardImporter.importTexts([("Main.storyboard", text)])
        #expect(result.yaml.contains("    navigationBarHidden: true\n    root: homeViewController\n"))
        let spec = try #require(SpecLoader.load(bytes: Array(result.yaml.utf8), path: "Main.yaml").spec)
        #expect(spec.controllers.first { $0.kind == .navigation }?.navigationBarHidden == true)
    }

    @Test("a segue drawn from the controller is manual; one without an identifier, which no code can perform, is left out")
    func manualSegues() throws {
        let result = try StoryboardImporter.importTexts([("Main.storyboard", Self.document(initial: "vc-1", """
                            <viewController id="vc-1" customClass="LaunchViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="vc-2" kind="presentation" identifier="showGames" id="sg-1"/>
                                    <segue destination="vc-2" kind="presentation" id="sg-2"/>
                                </connections>
                                <button id="b-1" title="Play">
                                    <connections>
                                        <segue destination="vc-2" kind="presentation" id="sg-3"/>
                                    </connections>
                                </button>
                            </viewController>
                            <viewController id="vc-2" customClass="GamesViewController" sceneMemberID="viewController"/>
            """))])
        #expect(result.yaml.contains("  showGames: { segue: modal, from: launchViewController, to: gamesViewController, manual: true, source: \"Main.storyboard:8:25\" }\n"))
        #expect(result.yaml.contains("  launchViewControllerToGamesViewController: { segue: modal, from: launchViewController, to: gamesViewController, identifier: null, source: \"Main.storyboard:13:29\" }\n"))
        #expect(result.transitionCount == 2)
        #expect(result.notes == ["Main.storyboard:9:25: note: the manual presentation segue from 'launchViewController' has no identifier, so no code can "
            + "perform it (performSegue(withIdentifier:) needs one); left out"])
    }

    @Test("a built-in segue with a class of the app's is imported as that kind, with a note that its perform() is code")
    func segueSubclass() throws {
        let text = Self.document(initial: "vc-1", """
                            <viewController id="vc-1" customClass="HomeViewController" sceneMemberID="viewController">
                                <connections>
                                    <outlet property="pickButton" destination="b-1" id="o-1"/>
                                </connections>
                                <button id="b-1" userLabel="Pick a colour">
                                    <connections>
                                        <segue destination="vc-2" kind="popoverPresentation" customClass="WrappingPopoverSegue" popoverAnchorView="b-1" id="sg-1"/>
                                    </connections>
                                </button>
                            </viewController>
                            <viewController id="vc-2" customClass="PickerViewController" sceneMemberID="viewController"/>
            """)
        let result = try StoryboardImporter.importTexts([("Main.storyboard", text)])
        // The anchor is named by the outlet that holds it, which generated tests read.
        #expect(result.yaml.contains("anchor: { sourceView: pickButton }"))
        #expect(result.notes == ["Main.storyboard:12:29: note: the popover segue from 'homeViewController' has the class WrappingPopoverSegue, "
            + "modelled as UIKit's popover segue; what its perform() adds is in code"])
        #expect(result.yaml.contains("  # segue class WrappingPopoverSegue: modelled as a popover segue; if its perform() does more, write it as calls\n"))
        #expect(SpecLoader.load(bytes: Array(result.yaml.utf8), path: "Main.yaml").spec != nil)
    }

    @Test("an AppKit storyboard is refused with a located error")
    func appKit() throws {
        #expect(throws: StoryboardError(file: "Storyboards/AppKit.storyboard", line: 2, column: 1, message:
            "an AppKit (macOS) storyboard (targetRuntime=\"MacOSX.Cocoa\"); vcaudit audits UIKit view controllers: give the app's iOS storyboards",
            otherPlatform: StoryboardError.OtherPlatform(storyboard: "an AppKit (macOS) storyboard (targetRuntime=\"MacOSX.Cocoa\")",
                                                         reason: "vcaudit audits UIKit view controllers"))) {
            try StoryboardImporter.importTexts([try Self.file("AppKit.storyboard")])
        }
    }

    @Test("malformed XML and other documents are refused with their line")
    func malformed() throws {
        let truncated = Array("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>\n".utf8)
        #expect(throws: StoryboardError.self) { try StoryboardImporter.importTexts([("cut.storyboard", truncated)]) }
        do {
            _ = try StoryboardImporter.importTexts([("cut.storyboard", truncated)])
        } catch {
            #expect(error.file == "cut.storyboard")
            #expect(error.message == "the document ends inside <scenes> opened at line 3; check that this is a complete storyboard (a merge conflict?)")
        }
        let xib = Array("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>\n".utf8)
        #expect(throws: StoryboardError(file: "a.xib", line: 2, column: 1, message:
            "not a storyboard (the root element is <document> of type com.apple.InterfaceBuilder3.CocoaTouch.XIB); give .storyboard files written by Xcode")) {
            try StoryboardImporter.importTexts([("a.xib", xib)])
        }
    }

    @Test("bytes that are not UTF-8 are refused at their place (FoundationXML crashed on them; found by fuzzing)")
    func notUTF8() throws {
        var bytes = Array("<?xml version=\"1.0\"?>\n<document>\n  <scene scen".utf8)
        bytes += [0xF9] + Array("eID=\"s\"/>\n</document>\n".utf8)
        #expect(throws: StoryboardError(file: "bad.storyboard", line: 3, column: 14, message:
            "bytes that are not UTF-8; storyboards are UTF-8 text: check that this is a storyboard written by Xcode")) {
            try StoryboardImporter.importTexts([("bad.storyboard", bytes)])
        }
    }

    @Test("a segue whose destination is no object of the file is refused at its line")
    func danglingDestination() throws {
        let (_, bytes) = try Self.file("Main.storyboard")
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "destination=\"inf-00-vc1\" kind=\"popoverPresentation\"",
                                                                             with: "destination=\"gone-00-vc\" kind=\"popoverPresentation\"")
        #expect(throws: StoryboardError(file: "Main.storyboard", line: 58, column: 37, message: "the segue's destination 'gone-00-vc' is not an "
            + "object of this storyboard (a dangling id, often left by a merge); fix or delete the segue in Interface Builder")) {
            try StoryboardImporter.importTexts([("Main.storyboard", Array(text.utf8))])
        }
    }

    @Test("two objects with one id, and an initial view controller that is no object, are refused at their lines")
    func duplicateAndDanglingIDs() throws {
        let twice = Self.document(initial: "a", """
                            <viewController id="a" customClass="AViewController" sceneMemberID="viewController"/>
                            <viewController id="a" customClass="BViewController" sceneMemberID="viewController"/>
            """)
        #expect(throws: StoryboardError(file: "Main.storyboard", line: 7, column: 17, message: "another object (line 6) already has the id 'a' "
            + "(often left by a merge); give one of them a new id, or delete the copy, in Interface Builder")) {
            try StoryboardImporter.importTexts([("Main.storyboard", twice)])
        }
        let dangling = Self.document(initial: "gone", """
                            <viewController id="a" customClass="AViewController" sceneMemberID="viewController"/>
            """)
        #expect(throws: StoryboardError(file: "Main.storyboard", line: 2, column: 1, message: "the initial view controller 'gone' is not an "
            + "object of this storyboard (a dangling id, often left by a merge); choose the initial view controller again in Interface Builder")) {
            try StoryboardImporter.importTexts([("Main.storyboard", dangling)])
        }
    }

    @Test("an external entity naming a local file is never resolved")
    func externalEntity() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("vcaudit-secret-\(UUID().uuidString).txt")
        try Data("TOP-SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE document [ <!ENTITY secret SYSTEM "file://\(secret.path)"> ]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch">
                <scenes><scene sceneID="s"><objects>
                    <viewController id="a" customClass="&secret;" sceneMemberID="viewController"/>
                </objects></scene></scenes>
            </document>
            """
        do {
            let result = try StoryboardImporter.importTexts([("xxe.storyboard", Array(text.utf8))])
            Issue.record("the document was imported: \(result.yaml)")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.hasPrefix("a document type declaration"))
            #expect(!error.description.contains("TOP-SECRET"))
        }
    }

    @Test("a billion-laughs document is refused at once, without expanding anything")
    func billionLaughs() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">&lol9;</document>\n"
        let start = Date()
        #expect(throws: StoryboardError.self) { try StoryboardImporter.importTexts([("lol.storyboard", Array(text.utf8))]) }
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test("deep nesting is bounded")
    func deepNesting() throws {
        let text = "<?xml version=\"1.0\"?>\n" + String(repeating: "<a>", count: 5000) + String(repeating: "</a>", count: 5000)
        do {
            _ = try StoryboardImporter.importTexts([("deep.storyboard", Array(text.utf8))])
            Issue.record("a 5000-level document was accepted")
        } catch {
            #expect(error.message.contains("nested deeper than"), "\(error)")
        }
    }

    @Test("identifiers read like Swift names", arguments: [
        ("URIIconViewController", "uriIconViewController"), ("Settings View", "settingsView"), ("list", "list"),
        ("123go", "vc123go"), ("!!!", "controller"), ("navigationController", "navigationController"),
        ("NULL", "vcNull"), ("null", "vcNull"), ("Null", "vcNull"), ("nullable", "nullable"), ("null view", "nullView"),
    ])
    func identifiers(text: String, id: String) {
        #expect(StoryboardImporter.identifier(from: text) == id)
    }

    @Test("a long name is cut to an identifier YAML reads as a key")
    func longIdentifier() {
        let id = StoryboardImporter.identifier(from: String(repeating: "Ωmega ", count: 400))
        #expect(id == String(("ωmega" + String(repeating: "Ωmega", count: 399)).prefix(80)))
        #expect(id.unicodeScalars.count == StoryboardImporter.maximumIdentifierLength)
    }

    @Test("a page curl's transition style and spine are imported; a scroll, the default, writes neither")
    func pageTransitionStyle() throws {
        let curl = StoryboardText.document(initial: "book", """
                            <pageViewController transitionStyle="pageCurl" navigationOrientation="horizontal" spineLocation="max" id="book" customClass="BookViewController" sceneMemberID="viewController"/>
            """)
        let curled = try StoryboardImporter.importTexts([("UI/Book.storyboard", Array(curl.utf8))])
        #expect(curled.yaml.contains("    kind: page\n    class: BookViewController\n    storyboard: Book\n    storyboardInitial: true\n"
            + "    transitionStyle: pageCurl\n    spine: max\n"), "\(curled.yaml)")
        // A mid spine shows two pages: the import declares two.
        let spread = try StoryboardImporter.importTexts([("UI/Book.storyboard", Array(curl.replacingOccurrences(of: "spineLocation=\"max\"",
                                                                                                              with: "spineLocation=\"mid\"").utf8))])
        #expect(spread.yaml.contains("    transitionStyle: pageCurl\n    spine: mid\n    children: [bookViewControllerPage, bookViewControllerPage2]   # set in code\n"),
                "\(spread.yaml)")
        #expect(SpecLoader.load(bytes: Array(spread.yaml.utf8), path: "spread.yaml").spec != nil)
        let scroll = curl.replacingOccurrences(of: "transitionStyle=\"pageCurl\"", with: "transitionStyle=\"scroll\"")
            .replacingOccurrences(of: "spineLocation=\"max\"", with: "spineLocation=\"none\"")
        let scrolled = try StoryboardImporter.importTexts([("UI/Book.storyboard", Array(scroll.utf8))])
        #expect(!scrolled.yaml.contains("transitionStyle") && !scrolled.yaml.contains("spine"), "\(scrolled.yaml)")
    }
}
