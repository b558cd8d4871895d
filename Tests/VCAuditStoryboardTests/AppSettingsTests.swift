import Foundation
import Testing
import VCAuditTestSupport
@testable import VCAuditStoryboard
import VCAuditSpec

/// What an app's settings say about its storyboards, as real apps write them: `INFOPLIST_FILE` in an .xcconfig file,
/// a launch screen without a storyboard, device-specific keys, device families, storyboards no target builds.
@Suite("App settings")
struct AppSettingsTests {
    /// An Info.plist with `keys`, each `(key, string value)`.
    static func propertyList(_ keys: [(String, String)]) -> String {
        "<plist><dict>" + keys.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined() + "</dict></plist>"
    }

    @Test("a target that names its Info.plist in an .xcconfig file starts with the storyboard that Info.plist names")
    func propertyListInConfigurationFile() throws {
        // iSH: app/App.xcconfig sets INFOPLIST_FILE; the project names only another target's Info.plist.
        let folder = try TemporaryFolder()
        let about = try folder.write("App/Base.lproj/About.storyboard", StoryboardText.board("About"))
        let terminal = try folder.write("App/Base.lproj/Terminal.storyboard", StoryboardText.board("Terminal"))
        try folder.write("App/Info.plist", Self.propertyList([("UIMainStoryboardFile", "Terminal")]))
        try folder.write("UITests/Info.plist", "<plist><dict/></plist>")
        try folder.write("App.xcodeproj/project.pbxproj", "baseConfigurationReference = A /* App.xcconfig */;\n"
            + "buildSettings = {\n INFOPLIST_FILE = UITests/Info.plist;\n};\n")
        // Paths are relative to the project's folder, not to the .xcconfig file's; a comment and a condition are read past.
        try folder.write("Configuration/App.xcconfig", "#include \"Base.xcconfig\"\nINFOPLIST_FILE = $(SRCROOT)/App/Info.plist // the app's\n")
        try folder.write("Configuration/Base.xcconfig", "TARGETED_DEVICE_FAMILY[sdk=iphoneos*] = 1 // iPhone\n")
        let app = StoryboardImporter.importReadable([about, terminal], named: [folder.path]).result
        #expect(app.mainPath == terminal)
        #expect(!app.rootIsAGuess)
        #expect(app.notes.first?.contains("the window's root is Terminal's (the UIMainStoryboardFile of \(folder.path)/App/Info.plist;") == true,
                "\(app.notes)")
        // The device family the .xcconfig file includes is the app's: an iPhone app.
        let settings = AppStoryboardSettings.find(inFolders: [folder.path])
        #expect(settings.isPhoneOnly(propertyList: folder.path + "/App/Info.plist"))
        #expect(app.deviceRestriction?.devices == [.iphone])
        #expect(AppStoryboardSettings.configurationValues(of: "INFOPLIST_FILE", in: "INFOPLIST_FILE_X = a\n// INFOPLIST_FILE = b\n"
            + "INFOPLIST_FILE = \"A B/Info.plist\"\nGENERATE_INFOPLIST_FILE = YES\nINFOPLIST_FILE[sdk=appletvos*] = TV/Info.plist\n")
            == ["A B/Info.plist", "TV/Info.plist"])
        #expect(AppStoryboardSettings.configurationIncludes(in: "#include \"A.xcconfig\"\n#include? \"B.xcconfig\"\n#include \"$(X).xcconfig\"")
            == ["A.xcconfig", "B.xcconfig"])
    }

    @Test("a storyboard only a test bundle's resources copy is no screen of the app")
    func testTargetStoryboard() throws {
        // Corona-Warn-App: DynamicTableViewControllerFake.storyboard, in the ENATests target only.
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Base.lproj/Main.storyboard", StoryboardText.board("Home"))
        let fake = try folder.write("AppTests/FakeTable.storyboard", StoryboardText.board("Fake"))
        try folder.write("App/Info.plist", Self.propertyList([("UIMainStoryboardFile", "Main")]))
        try folder.write("App.xcodeproj/project.pbxproj", """
            \t\tA1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = ( A2 /* Base */, ); name = Main.storyboard; };
            \t\tB1 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = A1 /* Main.storyboard */; };
            \t\tB2 /* FakeTable.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = A3 /* FakeTable.storyboard */; };
            \t\tC1 /* Resources */ = {
            \t\t\tisa = PBXResourcesBuildPhase;
            \t\t\tfiles = (
            \t\t\t\tB1 /* Main.storyboard in Resources */,
            \t\t\t);
            \t\t};
            \t\tC2 /* Resources */ = {isa = PBXResourcesBuildPhase; files = ( B2 /* FakeTable.storyboard in Resources */, ); };
            \t\tD1 /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t\tC1 /* Resources */,
            \t\t\t);
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tD2 /* AppTests */ = {isa = PBXNativeTarget; buildPhases = ( C2 /* Resources */, ); productType = "com.apple.product-type.bundle.unit-test"; };
            \t\tE1 = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = App/Info.plist; }; };

            """)
        let app = StoryboardImporter.importReadable([main, fake], named: [folder.path]).result
        #expect(app.leftOut.map(\.path) == [fake])
        #expect(app.leftOut.first?.reason == "a storyboard only test targets of \(folder.path)/App.xcodeproj/project.pbxproj copy, not the app")
        #expect(app.mainPath == main)
        #expect(AppStoryboardSettings.testOnlyStoryboardNames(inProject: "") == [])
    }

    @Test("a launch screen named as the main storyboard, all there is to import, is a guessed root: the app replaces it in code")
    func launchScreenAsTheOnlyMainStoryboard() throws {
        // Corona-Warn-App: UIMainStoryboardFile = LaunchScreen; AppDelegate sets the window's root.
        let folder = try TemporaryFolder()
        let launch = try folder.write("App/Base.lproj/LaunchScreen.storyboard", StoryboardText.board("Launch", launchScreen: true))
        try folder.write("App/Info.plist", Self.propertyList([("UILaunchStoryboardName", "LaunchScreen"), ("UIMainStoryboardFile", "LaunchScreen")]))
        let app = StoryboardImporter.importReadable([launch], named: [folder.path]).result
        #expect(app.rootIsAGuess)
        #expect(app.notes == ["\(launch):1:1: note: the window's root is LaunchScreen's initial controller, a guess: \(folder.path)/App/Info.plist "
            + "names 'LaunchScreen', a launch screen, as the main storyboard, so the app replaces the window's root in code; set 'window:' to "
            + "the controller the app starts with"], "\(app.notes)")
    }

    @Test("an app's Info.plist that names no main storyboard makes its root in code, whatever its launch screen key")
    func launchScreenDictionary() throws {
        // Threema: the UILaunchScreen dictionary, no UILaunchStoryboardName.
        let folder = try TemporaryFolder()
        let about = try folder.write("App/About.storyboard", StoryboardText.board("About"))
        let terminal = try folder.write("App/Terminal.storyboard", StoryboardText.board("Terminal"))
        try folder.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n INFOPLIST_FILE = App/SupportingFiles/App-Info.plist;\n};\n")
        try folder.write("App/SupportingFiles/App-Info.plist", "<plist><dict><key>CFBundleExecutable</key><string>$(EXECUTABLE_NAME)</string>"
            + "<key>UILaunchScreen</key><dict><key>UIColorName</key><string>LaunchColor</string></dict></dict></plist>")
        let app = StoryboardImporter.importReadable([about, terminal], named: [folder.path]).result
        #expect(app.rootIsAGuess)
        #expect(app.notes == ["\(about):1:1: note: 2 storyboards have an initial view controller; the window's root is About's (the first "
            + "given; the others: Terminal); set 'window:' if the app starts with another: \(folder.path)/App/SupportingFiles/App-Info.plist "
            + "names no main storyboard, so the app makes its window's root in code"])
        // An Info.plist Xcode generates from build settings, with a launch screen: the same.
        try folder.write("App.xcodeproj/project.pbxproj", "GENERATE_INFOPLIST_FILE = YES;\nINFOPLIST_KEY_UILaunchScreen_Generation = YES;\n")
        #expect(StoryboardImporter.importReadable([about, terminal], named: [folder.path]).result.rootIsAGuess)
        // Settings read that say nothing of the app (a framework's Info.plist): the note does not ask for the folder given, and
        // the first given is a guess all the same.
        try folder.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n INFOPLIST_FILE = App/SupportingFiles/App-Info.plist;\n};\n")
        try folder.write("App/SupportingFiles/App-Info.plist", Self.propertyList([("CFBundlePackageType", "FMWK")]))
        let silent = StoryboardImporter.importReadable([about, terminal], named: [folder.path]).result
        #expect(silent.rootIsAGuess)
        #expect(silent.rootNotes == silent.notes)
        #expect(silent.yaml.contains("window: aboutViewController   # a guess: the first of 2 storyboards with an initial controller; set the "
            + "controller it starts with\n"))
        #expect(silent.notes.first?.hasSuffix("set 'window:' if the app starts with another (its Info.plist's UIMainStoryboardFile says "
            + "which; none of the app's settings read in the folders given names one)") == true, "\(silent.notes)")
        // An extension's Info.plist is not an app's, whatever keys it has.
        #expect(AppStoryboardSettings.appKeys(inPropertyList: "<key>UILaunchStoryboardName~ipad</key><key>UIApplicationSceneManifest</key>")
            == ["UILaunchStoryboardName", "UIApplicationSceneManifest"])
        // Artsy's Eidolon: launch images in an asset catalog, no launch key; LSRequiresIPhoneOS, which only an app has, says
        // it is the app's.
        try folder.write("App/SupportingFiles/App-Info.plist", Self.propertyList([("CFBundlePackageType", "APPL")])
            .replacingOccurrences(of: "</dict>", with: "<key>LSRequiresIPhoneOS</key><true/></dict>"))
        #expect(StoryboardImporter.importReadable([about, terminal], named: [folder.path]).result.notes.first?.hasSuffix(
            "\(folder.path)/App/SupportingFiles/App-Info.plist names no main storyboard, so the app makes its window's root in code") == true)
    }

    @Test("a watch app's Info.plist is not the iOS app's, though it has a scene manifest or names a main storyboard")
    func watchAppPropertyList() throws {
        // Pocket Casts: the watch app's Info.plist (WKApplication, a scene manifest) is found before the app's podcasts-Info.plist.
        let folder = try TemporaryFolder()
        let about = try folder.write("podcasts/About.storyboard", StoryboardText.board("About"))
        let main = try folder.write("podcasts/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n INFOPLIST_FILE = \"Pocket Casts Watch App/Info.plist\";\n};\n"
            + "buildSettings = {\n INFOPLIST_FILE = \"podcasts/podcasts-Info.plist\";\n};\n")
        try folder.write("Pocket Casts Watch App/Info.plist", "<plist><dict><key>UIApplicationSceneManifest</key><dict/>"
            + "<key>WKApplication</key><true/></dict></plist>")
        try folder.write("podcasts/podcasts-Info.plist", Self.propertyList([("UILaunchStoryboardName", "LaunchScreen")]))
        let app = StoryboardImporter.importReadable([about, main], named: [folder.path]).result
        #expect(app.rootIsAGuess)
        #expect(app.notes.first?.hasSuffix("set 'window:' if the app starts with another: \(folder.path)/podcasts/podcasts-Info.plist "
            + "names no main storyboard, so the app makes its window's root in code") == true, "\(app.notes)")
        // A WatchKit app's Info.plist names its Interface storyboard as the main one: the iOS app's root is not that.
        try folder.write("Pocket Casts Watch App/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>About</string>"
            + "<key>WKWatchKitApp</key><true/></dict></plist>")
        let watchKit = StoryboardImporter.importReadable([about, main], named: [folder.path]).result
        #expect(watchKit.mainPath == main)
        #expect(watchKit.rootIsAGuess)
        #expect(AppStoryboardSettings.isWatchApp(propertyList: "<key>WKWatchKitApp</key><true/>"))
        #expect(!AppStoryboardSettings.isWatchApp(propertyList: "<key>WKBackgroundModes</key>"))
    }

    @Test("a launch screen named as the main storyboard is said to be one: the app replaces the root in code")
    func launchScreenAsMain() throws {
        // Corona-Warn-App: UIMainStoryboardFile and UILaunchStoryboardName are both LaunchScreen.
        let folder = try TemporaryFolder()
        let launch = try folder.write("App/Base.lproj/LaunchScreen.storyboard", StoryboardText.board("Launch", launchScreen: true))
        let main = try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/Info.plist", Self.propertyList([("UILaunchStoryboardName", "LaunchScreen"), ("UIMainStoryboardFile", "LaunchScreen")]))
        let app = StoryboardImporter.importReadable([launch, main], named: [folder.path]).result
        #expect(app.leftOut.map(\.path) == [launch])
        #expect(app.rootIsAGuess)
        #expect(app.notes == ["\(main):1:1: note: the window's root is Main's initial controller, a guess: \(folder.path)/App/Info.plist names "
            + "'LaunchScreen', a launch screen, as the main storyboard, so the app replaces the window's root in code; set 'window:' to the "
            + "controller the app starts with"])
    }

    @Test("an iPad-only storyboard named as another with iPad for iPhone is its twin: the app shows it on iPad in its place")
    func padTwins() throws {
        // seafile: SeafStart is the main storyboard on both devices; its code makes the tabs from FolderView_iPad on iPad
        // (an iPad-only storyboard) and from FolderView_iPhone elsewhere.
        let folder = try TemporaryFolder()
        let start = try folder.write("UI/SeafStart.storyboard", StoryboardText.board("Start"))
        let phone = try folder.write("UI/FolderView_iPhone.storyboard", StoryboardText.board("PhoneTabs", isInitial: false))
        let pad = try folder.write("UI/FolderView_iPad.storyboard", StoryboardText.board("PadTabs", isInitial: false)
            .replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"iOS.CocoaTouch.iPad\""))
        try folder.write("Info.plist", Self.propertyList([("UIMainStoryboardFile", "SeafStart")]))
        let reason = "on iPad the app shows FolderView_iPad in place of FolderView_iPhone (iPad-only twins of iPhone storyboards, picked by "
            + "the device in code)"
        let app = StoryboardImporter.importReadable([start, phone, pad], named: [folder.path]).result
        #expect(app.mainPath == start)
        #expect(app.startsOnPadWithAnother)
        #expect(app.leftOut == [SpecLoader.Skipped(path: pad, reason: "an iPad-only storyboard (targetRuntime=\"iOS.CocoaTouch.iPad\"), which "
            + "the app shows on iPad in place of its other storyboards; 'vcaudit check' or 'explore' of its folder checks both; 'vcaudit "
            + "import storyboard' of it with --device ipad writes the iPad app's spec")])
        #expect(app.deviceRestriction == DeviceRestriction(devices: [.iphone], reason: reason))
        let padApp = StoryboardImporter.importReadable([start, phone, pad], named: [folder.path], startingOnPad: true).result
        #expect(padApp.mainPath == start)
        #expect(padApp.leftOut == [SpecLoader.Skipped(path: phone, reason: "the iPhone twin of FolderView_iPad, an iPad-only storyboard the "
            + "app shows on iPad in its place")])
        #expect(padApp.deviceRestriction == DeviceRestriction(devices: [.ipad], reason: "on iPad only the app shows FolderView_iPad in place "
            + "of FolderView_iPhone (iPad-only twins of iPhone storyboards, picked by the device in code)"))
        #expect(padApp.yaml.contains("padTabsViewController"))
        #expect(!padApp.yaml.contains("phoneTabsViewController"))
        // Without its twin, an iPad-only storyboard beside the app's others is left out as before.
        let alone = StoryboardImporter.importReadable([start, pad], named: [folder.path]).result
        #expect(!alone.startsOnPadWithAnother)
        #expect(alone.leftOut.map(\.reason).allSatisfy { $0.hasSuffix("check it alone, with --device ipad") })
    }

    @Test("an iPhone-only app has no iPad app, whatever twins or ~ipad keys it has: on iPad it runs as on an iPhone")
    func phoneOnlyAppHasNoPadApp() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        let phone = try folder.write("App/Settings_iPhone.storyboard", StoryboardText.board("PhoneSettings", isInitial: false))
        let pad = try folder.write("App/Settings_iPad.storyboard", StoryboardText.board("PadSettings", isInitial: false)
            .replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"iOS.CocoaTouch.iPad\""))
        try folder.write("App/Info.plist", Self.propertyList([("UIMainStoryboardFile", "Main")]))
        try folder.write("App.xcodeproj/project.pbxproj", "path = Main.storyboard;\npath = Settings_iPhone.storyboard;\n"
            + "path = Settings_iPad.storyboard;\nbuildSettings = {\n INFOPLIST_FILE = App/Info.plist;\n TARGETED_DEVICE_FAMILY = 1;\n};\n")
        let app = StoryboardImporter.importReadable([main, phone, pad], named: [folder.path]).result
        #expect(!app.startsOnPadWithAnother)
        #expect(app.deviceRestriction?.reason.hasPrefix("an iPhone app (TARGETED_DEVICE_FAMILY = 1") == true, "\(String(describing: app.deviceRestriction))")
        #expect(app.leftOut == [SpecLoader.Skipped(path: pad, reason: "an iPad-only storyboard (targetRuntime=\"iOS.CocoaTouch.iPad\"), which this "
            + "iPhone app (TARGETED_DEVICE_FAMILY = 1) never shows: on iPad it runs as on an iPhone")])
    }

    @Test("as the app starts on iPad: a ~ipad storyboard without an initial controller, and an iPhone twin named as the main one")
    func padAppReasons() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("Main_iPhone.storyboard", StoryboardText.board("PhoneHome"))
        let pad = try folder.write("Main_iPad.storyboard", StoryboardText.board("PadHome")
            .replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"iOS.CocoaTouch.iPad\""))
        try folder.write("Info.plist", Self.propertyList([("UIMainStoryboardFile", "Main_iPhone")]))
        // The plain key names the iPhone twin: on iPad, the app starts with the iPad one, and that is no guess.
        let twins = StoryboardImporter.importReadable([main, pad], named: [folder.path], startingOnPad: true).result
        #expect(twins.mainPath == pad)
        #expect(!twins.rootIsAGuess && twins.notes.isEmpty, "\(twins.notes)")
        // A ~ipad storyboard with no initial controller: the reason still names the key, not twins.
        let keyed = try TemporaryFolder()
        let phoneMain = try keyed.write("Main.storyboard", StoryboardText.board("PhoneHome"))
        let padMain = try keyed.write("MainPad.storyboard", StoryboardText.board("PadHome", isInitial: false))
        let onboarding = try keyed.write("Onboarding.storyboard", StoryboardText.board("Welcome"))
        try keyed.write("Info.plist", Self.propertyList([("UIMainStoryboardFile", "Main"), ("UIMainStoryboardFile~ipad", "MainPad")]))
        let padApp = StoryboardImporter.importReadable([phoneMain, padMain, onboarding], named: [keyed.path], startingOnPad: true).result
        #expect(padApp.deviceRestriction?.reason == "the app starts with MainPad on iPad only (a ~ipad key in \(keyed.path)/Info.plist), "
            + "and with Main elsewhere", "\(String(describing: padApp.deviceRestriction))")
    }

    @Test("a storyboard the settings name as both, whose name says it is a launch screen, stays one (an old one lacks the attribute)")
    func launchNamedStoryboard() throws {
        let folder = try TemporaryFolder()
        let launch = try folder.write("LaunchScreen.storyboard", StoryboardText.board("Launch"))
        let settings = try folder.write("Settings.storyboard", StoryboardText.board("Settings"))
        try folder.write("Info.plist", Self.propertyList([("UILaunchStoryboardName", "LaunchScreen"), ("UIMainStoryboardFile", "LaunchScreen")]))
        let app = StoryboardImporter.importReadable([launch, settings], named: [folder.path]).result
        #expect(app.leftOut.map(\.path) == [launch])
        #expect(app.rootIsAGuess)
    }

    @Test("a storyboard named both the launch screen and the main one is the app's, unless its XML says it is a launch screen")
    func mainNamedAsLaunchScreen() throws {
        // pass: UILaunchStoryboardName and UIMainStoryboardFile are both Main, a storyboard of 37 scenes; its
        // LaunchScreen.storyboard (launchScreen="YES") is shown by nothing.
        let folder = try TemporaryFolder()
        let launch = try folder.write("App/Base.lproj/LaunchScreen.storyboard", StoryboardText.board("Launch", launchScreen: true))
        let main = try folder.write("App/Base.lproj/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/Info.plist", Self.propertyList([("UILaunchStoryboardName", "Main"), ("UIMainStoryboardFile", "Main")]))
        let app = StoryboardImporter.importReadable([launch, main], named: [folder.path]).result
        #expect(app.mainPath == main)
        #expect(app.leftOut.map(\.path) == [launch])
        #expect(!app.rootIsAGuess)
        #expect(app.notes.isEmpty, "\(app.notes)")
        #expect(app.yaml.contains("window: homeViewController\n"))
    }

    @Test("a ~ipad key that names another storyboard: the iPhone storyboards are one app on iphone, the iPad one another on ipad")
    func padStoryboardKey() throws {
        // Moonlight: UIMainStoryboardFile = iPhone, UIMainStoryboardFile~ipad = iPad.
        let folder = try TemporaryFolder()
        let phone = try folder.write("iPhone.storyboard", StoryboardText.board("PhoneMain"))
        let pad = try folder.write("iPad.storyboard", StoryboardText.board("PadMain"))
        try folder.write("Info.plist", Self.propertyList([("UIMainStoryboardFile", "iPhone"), ("UIMainStoryboardFile~ipad", "iPad")]))
        let app = StoryboardImporter.importReadable([pad, phone], named: [folder.path]).result
        #expect(app.mainPath == phone)
        #expect(app.leftOut == [SpecLoader.Skipped(path: pad, reason: "the storyboard the app starts with on iPad (a ~ipad key in "
            + "\(folder.path)/Info.plist), in place of iPhone; 'vcaudit check' or 'explore' of its folder checks both; 'vcaudit import "
            + "storyboard' of it with --device ipad writes the iPad app's spec")])
        let reason = "on iPad the app starts with the storyboard 'iPad' (a ~ipad key in \(folder.path)/Info.plist), not with iPhone"
        #expect(app.deviceRestriction == DeviceRestriction(devices: [.iphone], reason: reason))
        #expect(app.startsOnPadWithAnother)
        #expect(app.notes.contains("\(phone):1:1: note: checked on iphone only: \(reason); 'vcaudit check' or 'explore' of its folder "
            + "checks both; 'vcaudit import storyboard' of it with --device ipad writes the iPad app's spec"), "\(app.notes)")
        #expect(app.yaml.contains("device: iphone   # on iPad the app starts with"))
        // As the app starts on iPad: from the iPad storyboard, on ipad only, without the iPhone one.
        let padApp = StoryboardImporter.importReadable([pad, phone], named: [folder.path], startingOnPad: true).result
        #expect(padApp.mainPath == pad)
        #expect(padApp.leftOut == [SpecLoader.Skipped(path: phone, reason: "the storyboard the app starts with on iPhone, in place of iPad "
            + "(a ~ipad key in \(folder.path)/Info.plist) on iPad")])
        let padReason = "the app starts with iPad on iPad only (a ~ipad key in \(folder.path)/Info.plist), and with iPhone elsewhere"
        #expect(padApp.deviceRestriction == DeviceRestriction(devices: [.ipad], reason: padReason))
        #expect(padApp.yaml.contains("window: padMainViewController\ndevice: ipad   # \(padReason)\n"), "\(padApp.yaml)")
        #expect(!padApp.rootIsAGuess && padApp.notes.isEmpty, "\(padApp.notes)")
        // Named on its own, the iPad storyboard is imported; the ~iphone key is the iPhone's.
        #expect(StoryboardImporter.importReadable([pad, phone], named: [folder.path, pad]).result.leftOut.isEmpty)
        #expect(AppStoryboardSettings.storyboardSettings(inPropertyList: "<key>UISceneStoryboardFile~iphone</key><string>Phone</string>"
            + "<key>UISceneStoryboardFile~ipad</key><string>Pad</string>").map { "\($0.name) \($0.device?.rawValue ?? "-")" }
            == ["Pad ipad", "Phone iphone"])
        #expect(AppStoryboardSettings.names(inPropertyList: "<key>UIMainStoryboardFile~ipad</key><string>Pad</string>").isEmpty)
    }

    @Test("an iPhone app's storyboards are checked on iphone only: on iPad it runs in iPhone compatibility mode")
    func phoneOnlyApp() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/Info.plist", Self.propertyList([("UIMainStoryboardFile", "Main")]))
        // The app's target is iPhone-only; its tests' are universal.
        try folder.write("App.xcodeproj/project.pbxproj", "path = Main.storyboard;\nbuildSettings = {\n INFOPLIST_FILE = App/Info.plist;\n"
            + " TARGETED_DEVICE_FAMILY = 1;\n};\nbuildSettings = {\n INFOPLIST_FILE = Tests/Info.plist;\n TARGETED_DEVICE_FAMILY = \"1,2\";\n};\n")
        let app = StoryboardImporter.importReadable([main], named: [folder.path]).result
        #expect(app.deviceRestriction == DeviceRestriction(devices: [.iphone], reason: "an iPhone app (TARGETED_DEVICE_FAMILY = 1 for "
            + "\(folder.path)/App/Info.plist), which runs on iPad in iPhone compatibility mode, in an iPhone's compact width: its iphone "
            + "findings are its iPad ones"))
        #expect(app.yaml.contains("device: iphone   # an iPhone app"))
        // A universal app has no restriction.
        try folder.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n INFOPLIST_FILE = App/Info.plist;\n TARGETED_DEVICE_FAMILY = \"1,2\";\n};\n")
        #expect(StoryboardImporter.importReadable([main], named: [folder.path]).result.deviceRestriction == nil)
        #expect(AppStoryboardSettings.deviceFamiliesOfPropertyLists(inProject: "buildSettings = {\n INFOPLIST_FILE = \"$(SRCROOT)/A/Info.plist\";\n"
            + " TARGETED_DEVICE_FAMILY = 2;\n};\nbuildSettings = {\n INFOPLIST_FILE = A/Info.plist;\n TARGETED_DEVICE_FAMILY = \"1,2\";\n};\n")
            .map { "\($0.propertyList): \($0.families)" } == ["A/Info.plist: [\"2\", \"1,2\"]"])
    }

    @Test("a storyboard its Xcode project does not name is left out, unless the project takes in files it does not name")
    func storyboardsNoTargetBuilds() throws {
        // Corona-Warn-App: an old Main.storyboard no target builds.
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        let built = try folder.write("App/Base.lproj/My Settings.storyboard", StoryboardText.board("Settings"))
        let project = "A /* My Settings.storyboard in Resources */ = {isa = PBXBuildFile; };\n"
            + "B = {isa = PBXFileReference; name = Base; path = \"Base.lproj/My Settings.storyboard\"; };\n"
        try folder.write("App.xcodeproj/project.pbxproj", project)
        let app = StoryboardImporter.importReadable([main, built], named: [folder.path]).result
        #expect(app.leftOut == [SpecLoader.Skipped(path: main, reason: "a storyboard \(folder.path)/App.xcodeproj/project.pbxproj does not "
            + "name, which no target of the project builds (a file left behind)")])
        #expect(app.mainPath == built)
        // Named on its own, it is imported.
        #expect(StoryboardImporter.importReadable([main, built], named: [folder.path, main]).result.leftOut.isEmpty)
        // A synchronized folder or a folder reference takes in files the project does not name.
        for other in ["C = {isa = PBXFileSystemSynchronizedRootGroup; path = App; };\n", "C = {isa = PBXFileReference; lastKnownFileType = folder; path = App; };\n"] {
            try folder.write("App.xcodeproj/project.pbxproj", project + other)
            #expect(StoryboardImporter.importReadable([main, built], named: [folder.path]).result.leftOut.isEmpty)
        }
        // A Swift package in the project's folders builds its own storyboards.
        try folder.write("App.xcodeproj/project.pbxproj", project)
        let packaged = try folder.write("Packages/Feature/Sources/Feature/Feature.storyboard", StoryboardText.board("Feature"))
        try folder.write("Packages/Feature/Package.swift", "// swift-tools-version:5.9\n")
        #expect(StoryboardImporter.importReadable([main, built, packaged], named: [folder.path]).result.leftOut.map(\.path) == [main])
        #expect(AppStoryboardSettings.storyboardNames(inProject: project + "path = Main.storyboardc;\n") == ["My Settings.storyboard"])
    }

    @Test("of two Xcode projects side by side, the one that names a storyboard builds it: it is not left behind")
    func twoProjectsInOneFolder() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        let catalog = try folder.write("App/Catalog.storyboard", StoryboardText.board("Catalog"))
        let old = try folder.write("App/Old.storyboard", StoryboardText.board("Old"))
        try folder.write("App/Wallet.xcodeproj/project.pbxproj", "A1 /* Main.storyboard */ = {isa = PBXFileReference; path = Main.storyboard; };\n")
        try folder.write("App/Catalog.xcodeproj/project.pbxproj", "A1 /* Catalog.storyboard */ = {isa = PBXFileReference; path = Catalog.storyboard; };\n")
        let app = StoryboardImporter.importReadable([catalog, main, old], named: [folder.path]).result
        #expect(app.leftOut.map(\.path) == [old])
        #expect(app.leftOut.first?.reason == "a storyboard \(folder.path)/App/Catalog.xcodeproj/project.pbxproj, "
            + "\(folder.path)/App/Wallet.xcodeproj/project.pbxproj do not name, which no target of these projects builds (a file left behind)")
        #expect(app.mainPath == main)
        // A name with parentheses, commas and spaces is read whole.
        #expect(AppStoryboardSettings.storyboardNames(inProject: "A1 /* Onboarding (2024), v2.storyboard */ = {isa = PBXFileReference; "
            + "path = \"Onboarding (2024), v2.storyboard\"; };\nB1 /* Main.storyboard in Resources */,\n") == ["Onboarding (2024), v2.storyboard", "Main.storyboard"])
    }

    @Test("the main storyboard an .xcconfig sets as a build setting (INFOPLIST_KEY_UIMainStoryboardFile) is the app's")
    func mainStoryboardInConfigurationFile() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("App/App/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/App/Info.plist", "<plist><dict><key>UILaunchScreen</key><dict/></dict></plist>")
        try folder.write("App/App.xcodeproj/project.pbxproj", "A1 /* Main.storyboard */ = {isa = PBXFileReference; path = Main.storyboard; };\n")
        try folder.write("App/App.xcconfig", "INFOPLIST_FILE = App/Info.plist\nINFOPLIST_KEY_UIMainStoryboardFile = Main\n")
        let app = StoryboardImporter.importReadable([main], named: [folder.path]).result
        #expect(!app.rootIsAGuess, "\(app.notes)")
        #expect(AppStoryboardSettings.names(inConfiguration: "INFOPLIST_KEY_UIMainStoryboardFile = Main // the app's\n", role: .main) == ["Main"])
    }

    @Test("iPad is checked unless every app target is iPhone-only and no configuration of an unknown target builds for iPad")
    func universalAppsKeepIPad() throws {
        let folder = try TemporaryFolder()
        let main = try folder.write("App/Main.storyboard", StoryboardText.board("Home"))
        try folder.write("App/Info.plist", Self.propertyList([("UIMainStoryboardFile", "Main")]))
        // The target's own setting, over the .xcconfig's family (it names no Info.plist): universal.
        try folder.write("App/Base.xcconfig", "INFOPLIST_FILE = Info.plist\nTARGETED_DEVICE_FAMILY = 1\n")
        try folder.write("App/App.xcodeproj/project.pbxproj", "A2 /* Main.storyboard */ = {isa = PBXFileReference; path = Main.storyboard; };\n"
            + "C1 /* Debug */ = {isa = XCBuildConfiguration; baseConfigurationReference = X1 /* Base.xcconfig */; buildSettings = {\n"
            + "\tTARGETED_DEVICE_FAMILY = \"1,2\";\n}; name = Debug; };\n")
        #expect(StoryboardImporter.importReadable([main], named: [folder.path]).result.deviceRestriction == nil)
        // A free iPhone-only target and a universal one share the storyboard.
        try FileManager.default.removeItem(atPath: folder.path + "/App/Base.xcconfig")
        try folder.write("App/Free/Info.plist", Self.propertyList([("UIMainStoryboardFile", "Main")]))
        try folder.write("App/App.xcodeproj/project.pbxproj", "A2 /* Main.storyboard */ = {isa = PBXFileReference; path = Main.storyboard; };\n"
            + "buildSettings = {\n INFOPLIST_FILE = Free/Info.plist;\n TARGETED_DEVICE_FAMILY = 1;\n};\n"
            + "buildSettings = {\n INFOPLIST_FILE = Info.plist;\n TARGETED_DEVICE_FAMILY = \"1,2\";\n};\n")
        #expect(StoryboardImporter.importReadable([main], named: [folder.path]).result.deviceRestriction == nil)
        // A value with braces does not end its configuration's settings early.
        #expect(AppStoryboardSettings.deviceFamiliesOfPropertyLists(inProject: "buildSettings = {\n INFOPLIST_FILE = \"${SRCROOT}/A/Info.plist\";\n"
            + " TARGETED_DEVICE_FAMILY = 1;\n};\n").map { "\($0.propertyList): \($0.families)" } == ["A/Info.plist: [\"1\"]"])
    }

    @Test("an app extension's storyboard checked because nothing else was found says so; its root is its initial controller, not a guess")
    func extensionStoryboardAlone() throws {
        // Simplenote, wallabag: the app makes its screens in code; only the share extension has a storyboard.
        let folder = try TemporaryFolder()
        let share = try folder.write("Share/Base.lproj/MainInterface.storyboard", StoryboardText.board("Share"))
        try folder.write("Share/Supporting Files/Info.plist", "<plist><dict><key>NSExtension</key><dict><key>NSExtensionMainStoryboard</key>"
            + "<string>MainInterface</string></dict></dict></plist>")
        try folder.write("App/Info.plist", Self.propertyList([("UILaunchStoryboardName", "LaunchScreen")]))
        let app = StoryboardImporter.importReadable([share], named: [folder.path]).result
        let note = "\(share):1:1: note: an app extension's storyboard (NSExtensionMainStoryboard in \(folder.path)/Share/Supporting Files/Info.plist), "
            + "checked as the app: no storyboard of the app itself was found (it makes its screens in code)"
        #expect(app.notes.first == note, "\(app.notes)")
        #expect(app.rootNotes.first == note)
        // The extension's host shows the storyboard's initial controller: that the app makes its own root in code
        // says nothing about the extension's.
        #expect(app.rootNotes == [note] && !app.rootIsAGuess, "\(app.rootNotes)")
        #expect(app.yaml.contains("window: shareViewController\n"), "\(app.yaml)")
    }
}
