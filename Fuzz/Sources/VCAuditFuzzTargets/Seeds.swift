import Foundation
import VCAuditReplay
import VCAuditRules
import VCAuditSpec

/// Writes the starting corpus of every target from the repository's own inputs: `vcaudit-fuzz seed REPO OUT`.
///
/// Specs come from `Specs/` and `Examples/` (invalid ones too: they reach the error paths), event logs are their
/// replays, baselines the findings of `Examples/`, configurations a few written here. The seeds are made at run
/// time, so the repository keeps no copies of its own files.
public enum Seeds {
    public static func write(repository: String, to output: String) throws {
        let fm = FileManager.default
        func folder(_ name: String) throws -> String {
            let path = output + "/" + name
            try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }
        var count = 0
        func save(_ text: String, in directory: String, name: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
            count += 1
        }

        let specFolder = try folder("spec"), logFolder = try folder("eventlog"), baselineFolder = try folder("baseline")
        let configFolder = try folder("config"), checkFolder = try folder("check"), storyboardFolder = try folder("storyboard")
        if let walker = fm.enumerator(atPath: repository + "/Tests/VCAuditStoryboardTests/Storyboards") {
            for case let name as String in walker where name.hasSuffix(".storyboard") {
                let source = repository + "/Tests/VCAuditStoryboardTests/Storyboards/" + name
                if let data = fm.contents(atPath: source) {
                    try data.write(to: URL(fileURLWithPath: storyboardFolder + "/" + name))
                    count += 1
                }
            }
        }
        var files: [String] = []
        for sub in ["Specs", "Examples"] {
            guard let walker = fm.enumerator(atPath: repository + "/" + sub) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                files.append(repository + "/" + sub + "/" + relative)
            }
        }
        for (index, file) in files.sorted().enumerated() {
            guard let data = fm.contents(atPath: file) else { continue }
            try data.write(to: URL(fileURLWithPath: specFolder + "/\(index).yaml"))
            count += 1
            guard let spec = SpecLoader.load(bytes: [UInt8](data), path: "fuzz.yaml").spec else { continue }
            let logs = spec.scenarios.map { Replay.run(spec, scenario: $0).log }
            try save(logs.map(\.jsonLines).joined(), in: logFolder, name: "\(index).jsonl")
            let findings = Checker().check(spec).findings
            if !findings.isEmpty { try save(Baseline(findings: findings).json, in: baselineFolder, name: "\(index).json") }
        }
        let configurations = [
            "disabled_rules: [pop_root]\nseverities: { present_while_presenting: error }\nincluded: [Specs]\nexcluded: [Specs/Drafts]\n",
            "only_rules: [push_duplicate_instance, pop_root]\ndevices: [iphone, ipad]\nstrict: true\nbaseline: b.json\n",
            "included: ['**/*.yaml']\n",
        ]
        for (index, text) in configurations.enumerated() { try save(text, in: configFolder, name: "\(index).yml") }
        // An app's settings: an Xcode project, an Info.plist and an .xcconfig, separated by NUL bytes.
        let appSettingsFolder = try folder("appsettings")
        let project = """
            /* Begin PBXFileReference section */
            A1 /* Main.storyboard */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; };
            A2 /* Terminal.storyboard */ = {isa = PBXFileReference; path = Base.lproj/Terminal.storyboard; };
            /* End PBXFileReference section */
            B1 /* Debug */ = {isa = XCBuildConfiguration; baseConfigurationReference = C1 /* App.xcconfig */;
                buildSettings = { INFOPLIST_FILE = "$(SRCROOT)/App/Info.plist"; TARGETED_DEVICE_FAMILY = "1,2"; }; name = Debug; };
            """
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
            <key>UIMainStoryboardFile</key><string>Terminal</string><key>UIMainStoryboardFile~ipad</key><string>Main</string>
            <key>UILaunchScreen</key><dict/><key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict><key>UISceneStoryboardFile</key><string>Terminal</string></dict></array>
            </dict></dict></dict></plist>
            """
        let xcconfig = "#include \"Base.xcconfig\"\nINFOPLIST_FILE = App/Info.plist // the app's\nTARGETED_DEVICE_FAMILY[sdk=iphoneos*] = 1\n"
        let swift = "// \"Old\"\nlet about = UIStoryboard(name: \"About\", bundle: nil).instantiateInitialViewController() /* \"x\" */\n"
        for (index, text) in [project + "\0" + plist + "\0" + xcconfig + "\0" + swift, "\0" + plist, project + "\0\0" + xcconfig].enumerated() {
            try save(text, in: appSettingsFolder, name: "\(index).txt")
        }
        for length in [8, 32, 128, 512] {
            let bytes = (0..<length).map { UInt8(($0 * 37 + length) % 255) }
            try Data(bytes).write(to: URL(fileURLWithPath: checkFolder + "/\(length).bin"))
            count += 1
        }
        print("seed: wrote \(count) files under \(output)")
    }
}
