import Foundation
import VCAuditSupport

/// The storyboard an app starts with, and its launch screen, as its settings say: `UIMainStoryboardFile` (or a
/// window scene's `UISceneStoryboardFile`) and `UILaunchStoryboardName` in an Info.plist, or the same keys after
/// `INFOPLIST_KEY_` in an Xcode project.
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
        }

        var name: String
        var file: String
        var role: Role = .main
    }

    /// Settings files read in one search at most, and the size of each: enough for any app, bounded for a
    /// folder that holds many projects.
    static let maximumFiles = 200
    static let maximumBytes = 8 << 20

    /// The storyboard names the Info.plist files and Xcode projects under `folders` give, in the order found
    /// (hidden folders skipped, each folder's files sorted).
    static func find(inFolders folders: [String]) -> [Found] {
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
                for role in [Found.Role.main, .launchScreen] {
                    let names = isProject ? names(inProject: text, role: role) : names(inPropertyList: text, role: role)
                    for name in names where !found.contains(Found(name: name, file: file, role: role)) {
                        found.append(Found(name: name, file: file, role: role))
                    }
                }
            }
        }
        return found
    }

    /// The values of `UIMainStoryboardFile` and `UISceneStoryboardFile` (or, for the launch screen,
    /// `UILaunchStoryboardName`) in an XML property list's text.
    static func names(inPropertyList text: String, role: Found.Role = .main) -> [String] {
        var names: [String] = []
        for key in role == .main ? ["UIMainStoryboardFile", "UISceneStoryboardFile"] : ["UILaunchStoryboardName"] {
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
        var names: [String] = []
        var rest = text[...]
        let key = role == .main ? "INFOPLIST_KEY_UIMainStoryboardFile =" : "INFOPLIST_KEY_UILaunchStoryboardName ="
        while let keyRange = rest.range(of: key) {
            rest = rest[keyRange.upperBound...]
            guard let end = rest.firstIndex(of: ";") else { break }
            var name = rest[..<end].trimmingCharacters(in: .whitespaces)
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
            if isName(name), !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// A storyboard name: not empty, not a build variable, one line.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("$(") && !text.contains("\n") && !text.contains("<")
    }
}
