import Foundation
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditStoryboard
@_spi(Testing) import VCAuditYAML

/// The fuzz targets, one per reader of outside input, plus `check`: valid-shaped specs through replay and rules.
public enum FuzzTargets {
    /// Spec loading: compose, decode, validate; then, when it loads, replay and check it.
    public static func spec(_ bytes: [UInt8]) {
        let loaded = SpecLoader.load(bytes: bytes, path: "fuzz.yaml", rules: RuleCatalog.vocabulary)
        guard let spec = loaded.spec else {
            for diagnostic in loaded.diagnostics { _ = diagnostic.rendered(source: loaded.source) }
            return
        }
        _ = Checker().check(spec)
    }

    /// YAML as the composer reads it: whatever the reader that skips libyaml (`SubsetParser`) reads must be the
    /// document libyaml's events make, record for record (otherwise it must decline, and libyaml reads it).
    public static func yaml(_ bytes: [UInt8]) {
        if Composer.readersAgree(on: bytes) == false {
            fatalError("the subset parser and libyaml read this input differently")
        }
    }

    /// `.vcaudit.yml`.
    public static func configuration(_ bytes: [UInt8]) {
        do {
            _ = try Configuration.parse(bytes: bytes, path: ".vcaudit.yml", ruleIDs: RuleCatalog.identifiers)
        } catch {
            for diagnostic in error.diagnostics { _ = diagnostic.rendered(source: SourceText(bytes: bytes)) }
        }
    }

    /// Baseline files (`--baseline`).
    public static func baseline(_ bytes: [UInt8]) {
        do {
            let baseline = try Baseline.parse(String(decoding: bytes, as: UTF8.self), path: "baseline.json")
            _ = baseline.filter([])
        } catch {
            for diagnostic in error.diagnostics { _ = diagnostic.rendered(source: nil) }
        }
    }

    /// The spec event logs are checked against in `eventLog` (every controller kind, so folded events meet each).
    static let logSpec: Spec = {
        let text = """
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [nav, split, pages, box] }
              nav: { kind: navigation, root: a }
              split: { kind: split, children: [b, c] }
              pages: { kind: page, children: [d] }
              box: { kind: container, children: [e] }
              a:
              b:
              c:
              d:
              e:
              f:
            window: tabs
            scenarios:
              - name: s
                steps: [launch]
            """
        guard let spec = SpecLoader.load(bytes: Array(text.utf8), path: "fuzz.yaml").spec else { fatalError("the event-log spec must load") }
        return spec
    }()

    /// JSON Lines event logs (`verify`, `diff`): parsed, then folded and checked against `logSpec`.
    public static func eventLog(_ bytes: [UInt8]) {
        guard let parts = try? EventLog.parseFile(String(decoding: bytes, as: UTF8.self)) else { return }
        _ = Checker().check(logSpec, logs: parts.map(\.log))
    }

    /// Storyboard XML (`vcaudit import storyboard`, `check` on storyboards): imported, and the spec it writes loaded and checked.
    public static func storyboard(_ bytes: [UInt8]) {
        guard let result = try? StoryboardImporter.importTexts([("fuzz.storyboard", bytes)]) else { return }
        let loaded = SpecLoader.load(bytes: Array(result.yaml.utf8), path: "imported.yaml")
        // Every import must load: a spec the importer writes that does not is the importer's bug.
        guard let spec = loaded.spec else {
            fatalError("the imported spec does not load:\n\(result.yaml)\n\(loaded.diagnostics.map(\.message))")
        }
        _ = Checker().check(spec)
    }

    /// An app's settings and sources as `check` and `explore` read them from a folder: an Xcode project, an
    /// Info.plist, an `.xcconfig` and a Swift file made from the bytes (split at their first three NUL bytes), beside
    /// two storyboards whose Exit buttons the Swift file may implement; the spec the import writes must load. The
    /// last part is also scanned as Objective-C for unwind actions.
    public static func appSettings(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        let folder = AppSettingsFolder.shared
        for (index, path) in folder.settingsFiles.enumerated() {
            let part = index < parts.count ? Array(parts[index]) : []
            _ = FileManager.default.createFile(atPath: path, contents: Data(part))
        }
        let (result, errors) = StoryboardImporter.importReadable(folder.storyboards, named: [folder.path])
        guard errors.isEmpty else { return }
        let loaded = SpecLoader.load(bytes: Array(result.yaml.utf8), path: "imported.yaml")
        guard loaded.spec != nil else {
            fatalError("the imported spec does not load:\n\(result.yaml)\n\(loaded.diagnostics.map(\.message))")
        }
        _ = AppSourceLiterals.find(inFolders: [folder.path])
        var objectiveC = UnwindActions()
        objectiveC.scan(parts.count > 3 ? Array(parts[3]) : [], file: "fuzz.m")
    }

    /// The folder `appSettings` writes its files to, made once per process: an app with a project, an Info.plist and
    /// an `.xcconfig` (rewritten for each input) and two storyboards, each with an initial controller.
    final class AppSettingsFolder: Sendable {
        static let shared = AppSettingsFolder()
        let path: String
        let settingsFiles: [String]
        let storyboards: [String]

        private init() {
            let fm = FileManager.default
            let path = NSTemporaryDirectory() + "vcaudit-fuzz-app-\(ProcessInfo.processInfo.processIdentifier)"
            self.path = path
            try? fm.createDirectory(atPath: path + "/App.xcodeproj", withIntermediateDirectories: true)
            try? fm.createDirectory(atPath: path + "/App/Base.lproj", withIntermediateDirectories: true)
            settingsFiles = [path + "/App.xcodeproj/project.pbxproj", path + "/App/Info.plist", path + "/App/App.xcconfig",
                             path + "/App/AppDelegate.swift"]
            storyboards = ["Main", "Terminal"].map { name in
                let file = path + "/App/Base.lproj/\(name).storyboard"
                let text = """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" \
                    initialViewController="vc-\(name)">
                        <scenes>
                            <scene sceneID="s-\(name)">
                                <objects>
                                    <viewController id="vc-\(name)" customClass="\(name)ViewController" sceneMemberID="viewController">
                                        <connections>
                                            <segue destination="exit-\(name)" kind="unwind" identifier="back" unwindAction="backFrom\(name):" id="u-\(name)"/>
                                        </connections>
                                    </viewController>
                                    <exit id="exit-\(name)" userLabel="Exit" sceneMemberID="exit"/>
                                </objects>
                            </scene>
                        </scenes>
                    </document>
                    """
                _ = fm.createFile(atPath: file, contents: Data(text.utf8))
                return file
            }
        }
    }

    /// Valid-shaped specs made from the bytes, replayed and checked: the reducer and every rule, on any sequence of steps.
    public static func check(_ bytes: [UInt8]) {
        var shaper = SpecShaper(bytes)
        let text = shaper.spec()
        let loaded = SpecLoader.load(bytes: Array(text.utf8), path: "shaped.yaml")
        guard let spec = loaded.spec else { return }
        _ = Checker().check(spec, devices: [.iphone, .ipad])
    }
}
