import Foundation
import VCAuditSupport

/// The storyboard an app starts with, its launch screen and its extensions' storyboards, as its settings say:
/// `UIMainStoryboardFile` (or a window scene's `UISceneStoryboardFile`), `UILaunchStoryboardName` and
/// `NSExtensionMainStoryboard` in an Info.plist, the first two also after `INFOPLIST_KEY_` in an Xcode project, whose
/// `TARGETED_DEVICE_FAMILY` also says whether the app is for iPad only.
///
/// The storyboards' XML cannot say which one the app starts with; these settings can. They are read from the
/// folders the user gives, where an app's sources usually are, never searched for above them. A value that is a
/// build variable (`$(...)`) says nothing and is skipped; iPad-only keys (`~ipad`) name the iPad app's storyboard.
enum AppStoryboardSettings {
    /// One storyboard name, what the app uses it for, and the file that gives it.
    struct Found: Sendable, Equatable {
        enum Role: Sendable, Equatable {
            /// The storyboard the app starts with.
            case main
            /// The launch screen, which the system shows before the app runs.
            case launchScreen
            /// An app extension's storyboard (`NSExtensionMainStoryboard`), which the extension's host shows.
            case appExtension
        }

        var name: String
        var file: String
        var role: Role = .main
    }

    /// Settings files read in one search at most, and the size of each: enough for any app, bounded for a
    /// folder that holds many projects.
    static let maximumFiles = 200
    static let maximumBytes = 8 << 20

    /// What the settings under some folders say.
    struct Settings: Sendable, Equatable {
        /// The storyboard names, in the order found.
        var storyboards: [Found] = []
        /// Every `TARGETED_DEVICE_FAMILY` of the Xcode projects (`1,2`, `2`), in the order found.
        var deviceFamilies: [String] = []

        /// Whether the projects build for iPad only: each device family they give is 2 (at least one is given).
        var isPadOnly: Bool {
            !deviceFamilies.isEmpty && deviceFamilies.allSatisfy { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == ["2"] }
        }
    }

    /// What the Info.plist files and Xcode projects under `folders` say (hidden folders skipped, each folder's files
    /// sorted).
    static func find(inFolders folders: [String]) -> Settings {
        var settings = Settings()
        var found: [Found] = []
        var read = 0
        let fm = FileManager.default
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let files = InputFolder.files(under: folder) { relative in
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                return name == "Info.plist" || name.hasSuffix("-Info.plist") || name == "project.pbxproj"
            }
            for file in files where read < maximumFiles {
                read += 1
                guard let bytes = try? InputFile.read(file, limit: maximumBytes, what: "the app's settings") else { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                let isProject = file.hasSuffix(".pbxproj")
                for role in [Found.Role.main, .launchScreen, .appExtension] {
                    let names = isProject ? names(inProject: text, role: role) : names(inPropertyList: text, role: role)
                    for name in names where !found.contains(Found(name: name, file: file, role: role)) {
                        found.append(Found(name: name, file: file, role: role))
                    }
                }
                if isProject {
                    for family in deviceFamilies(inProject: text) where !settings.deviceFamilies.contains(family) {
                        settings.deviceFamilies.append(family)
                    }
                }
            }
        }
        settings.storyboards = found
        return settings
    }

    /// The values of `TARGETED_DEVICE_FAMILY` in an Xcode project's text (`1,2`, quotes taken off).
    static func deviceFamilies(inProject text: String) -> [String] {
        values(of: "TARGETED_DEVICE_FAMILY", inProject: text)
    }

    /// Each value of the build setting `key` in an Xcode project's text (`key = value;`, quoted or not), once, in
    /// the order written, leaving out build variables (`$(...)`) and empty ones.
    private static func values(of key: String, inProject text: String) -> [String] {
        var values: [String] = []
        var rest = text[...]
        while let keyRange = rest.range(of: key + " =") {
            rest = rest[keyRange.upperBound...]
            guard let end = rest.firstIndex(of: ";") else { break }
            var value = rest[..<end].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if !value.isEmpty, !value.contains("$("), !value.contains("\n"), !values.contains(value) { values.append(value) }
        }
        return values
    }

    /// The values of `UIMainStoryboardFile` and `UISceneStoryboardFile` (for the launch screen, `UILaunchStoryboardName`;
    /// for an app extension, `NSExtensionMainStoryboard`) in an XML property list's text.
    static func names(inPropertyList text: String, role: Found.Role = .main) -> [String] {
        var names: [String] = []
        let keys = switch role {
        case .main: ["UIMainStoryboardFile", "UISceneStoryboardFile"]
        case .launchScreen: ["UILaunchStoryboardName"]
        case .appExtension: ["NSExtensionMainStoryboard"]
        }
        for key in keys {
            var rest = text[...]
            while let keyRange = rest.range(of: "<key>\(key)</key>") {
                rest = rest[keyRange.upperBound...]
                let value = rest.drop { $0.isWhitespace }
                guard value.hasPrefix("<string>"), let end = value.range(of: "</string>") else { continue }
                let name = value[value.index(value.startIndex, offsetBy: "<string>".count)..<end.lowerBound]
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if isName(name) { names.append(name) }
            }
        }
        return names
    }

    /// The values of `INFOPLIST_KEY_UIMainStoryboardFile` (or `INFOPLIST_KEY_UILaunchStoryboardName`) in an Xcode
    /// project's text (`= Main;`, quoted or not).
    static func names(inProject text: String, role: Found.Role = .main) -> [String] {
        switch role {
        case .main: values(of: "INFOPLIST_KEY_UIMainStoryboardFile", inProject: text).filter(isName)
        case .launchScreen: values(of: "INFOPLIST_KEY_UILaunchStoryboardName", inProject: text).filter(isName)
        // An extension's storyboard is in its Info.plist's NSExtension dictionary, which has no build setting.
        case .appExtension: []
        }
    }

    /// A storyboard name: not empty, not a build variable, one line.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("$(") && !text.contains("\n") && !text.contains("<")
    }
}
