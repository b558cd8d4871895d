import Foundation
import VCAuditSupport

/// The storyboard an app starts with, its launch screen and its extensions' storyboards, as its settings say:
/// `UIMainStoryboardFile` (or a window scene's `UISceneStoryboardFile`), `UILaunchStoryboardName` and
/// `NSExtensionMainStoryboard` in an Info.plist, the first two also after `INFOPLIST_KEY_` in an Xcode project, whose
/// `TARGETED_DEVICE_FAMILY` also says whether the app is for iPad only.
///
/// The storyboards' XML cannot say which one the app starts with; these settings can. They are read from the
/// folders the user gives, where an app's sources usually are, never searched for above them. When the Xcode
/// projects there name their targets' Info.plist files (`INFOPLIST_FILE`), only those say which storyboard the app
/// starts with and which is its launch screen: an Info.plist no target uses (a sample's, a removed target's) says
/// nothing about the app. A value that is a build variable (`$(...)`) says nothing and is skipped; iPad-only keys
/// (`~ipad`) name the iPad app's storyboard.
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
        /// The folder of the Xcode project whose setting it is: the project's own, the one that names the Info.plist,
        /// else the deepest project folder that holds the Info.plist; nil without one.
        var project: String?
    }

    /// An Xcode project found.
    struct Project: Sendable, Equatable {
        /// Its `project.pbxproj`, as found.
        var file: String
        /// How many folders below the folder given its .xcodeproj is: 0 for one in the folder given.
        var depth: Int

        /// The .xcodeproj.
        var bundle: String { FilePath.folder(of: file) }
        /// The folder that holds the .xcodeproj, which paths in the project are relative to (tidied).
        var folder: String { FilePath.folder(of: bundle) }
    }

    /// Settings files read in one search at most, and the size of each: enough for any app, bounded for a
    /// folder that holds many projects.
    static let maximumFiles = 200
    static let maximumBytes = 8 << 20

    /// An Info.plist file, and whether it is an app extension's.
    struct PropertyList: Sendable, Equatable {
        var file: String
        /// Whether it has an `NSExtension` key, which only an app extension's Info.plist has.
        var isAppExtension: Bool
    }

    /// What the settings under some folders say.
    struct Settings: Sendable, Equatable {
        /// The storyboard names, in the order found.
        var storyboards: [Found] = []
        /// Every `TARGETED_DEVICE_FAMILY` of the Xcode projects (`1,2`, `2`), in the order found.
        var deviceFamilies: [String] = []
        /// Every Info.plist read, whether a project names it or not, in the order found.
        var propertyLists: [PropertyList] = []
        /// The Xcode projects read, in the order found.
        var projects: [Project] = []

        /// The folder of the deepest project that holds `path`, if any.
        func project(of path: String) -> String? {
            projects.map(\.folder).filter { FilePath.isInside(path, folder: $0) }.max { $0.count < $1.count }
        }

        /// Whether the projects build for iPad only: each device family they give is 2 (at least one is given).
        var isPadOnly: Bool {
            !deviceFamilies.isEmpty && deviceFamilies.allSatisfy { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == ["2"] }
        }
    }

    /// What the Info.plist files and Xcode projects under `folders` say (hidden folders skipped, each folder's files
    /// sorted).
    ///
    /// The projects are read first: when they name Info.plist files, the main storyboard and the launch screen are
    /// read from those alone (found by the search or not, as long as they are under a folder given); when none is
    /// named, from every Info.plist found. Every Info.plist found says which storyboards are app extensions' (an
    /// extension's Info.plist still marks its folder when no target of the projects builds it).
    static func find(inFolders folders: [String]) -> Settings {
        var settings = Settings()
        var found: [Found] = []
        func add(_ names: [String], from file: String, role: Found.Role, project: String?) {
            for name in names where !found.contains(Found(name: name, file: file, role: role, project: project)) {
                found.append(Found(name: name, file: file, role: role, project: project))
            }
        }
        var read = 0
        func text(of file: String) -> String? {
            guard read < maximumFiles else { return nil }
            read += 1
            guard let bytes = try? InputFile.read(file, limit: maximumBytes, what: "the app's settings") else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let fm = FileManager.default
        // Each folder's settings files, and the text of its projects, read first.
        var filesOfFolder: [[String]] = []
        var projectTexts: [String: String] = [:]
        // The Info.plist files the projects name (tidied), each with the folder given that holds it and its project's.
        var named: [(path: String, folder: Int, project: String)] = []
        for (index, folder) in folders.enumerated() {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { filesOfFolder.append([]); continue }
            let files = InputFolder.files(under: folder) { relative in
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                return name == "Info.plist" || name.hasSuffix("-Info.plist") || name == "project.pbxproj"
            }
            filesOfFolder.append(files)
            // The files are `folder/relative`, the relative path `X.xcodeproj/project.pbxproj` for a project in the folder.
            let base = folder.hasSuffix("/") && folder.count > 1 ? folder.count - 1 : folder.count
            for file in files where file.hasSuffix(".pbxproj") {
                guard let text = text(of: file) else { continue }
                projectTexts[file] = text
                let project = Project(file: file, depth: file.dropFirst(base + 1).split(separator: "/").count - 2)
                settings.projects.append(project)
                // Paths in a project are relative to the folder that holds the .xcodeproj.
                for plist in propertyListFiles(inProject: text) {
                    let path = FilePath.joined(project.folder, plist)
                    if FilePath.isInside(path, folder: folder), !named.contains(where: { $0.path == path }) { named.append((path, index, project.folder)) }
                }
            }
        }
        for (index, files) in filesOfFolder.enumerated() {
            // The Info.plist files the projects name, as the search spelt them, and those it did not find (another name).
            let searched = Set(files.map(FilePath.tidy))
            let unsearched = named.filter { $0.folder == index && !searched.contains($0.path) && fm.fileExists(atPath: $0.path) }.map(\.path)
            for file in (files + unsearched).sorted() {
                if let text = projectTexts[file] {
                    let project = FilePath.folder(of: FilePath.folder(of: file))
                    for role in [Found.Role.main, .launchScreen] { add(names(inProject: text, role: role), from: file, role: role, project: project) }
                    for family in deviceFamilies(inProject: text) where !settings.deviceFamilies.contains(family) {
                        settings.deviceFamilies.append(family)
                    }
                    continue
                }
                guard !file.hasSuffix(".pbxproj"), let text = text(of: file) else { continue }
                let namer = named.first { $0.path == FilePath.tidy(file) }
                let project = namer?.project ?? settings.project(of: file)
                if named.isEmpty || namer != nil {
                    for role in [Found.Role.main, .launchScreen] {
                        add(names(inPropertyList: text, role: role), from: file, role: role, project: project)
                    }
                }
                add(names(inPropertyList: text, role: .appExtension), from: file, role: .appExtension, project: project)
                settings.propertyLists.append(PropertyList(file: file, isAppExtension: text.contains("<key>NSExtension</key>")))
            }
        }
        settings.storyboards = found
        return settings
    }

    /// The Info.plist files an Xcode project's targets use (`INFOPLIST_FILE`), relative to the folder that holds the
    /// .xcodeproj: quotes and a leading `$(SRCROOT)/` or `$(PROJECT_DIR)/` taken off, other build variables left out.
    static func propertyListFiles(inProject text: String) -> [String] {
        let roots = ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "$(SOURCE_ROOT)/", "${SOURCE_ROOT}/"]
        var files: [String] = []
        for var value in rawValues(of: "INFOPLIST_FILE", inProject: text) {
            if let root = roots.first(where: value.hasPrefix) { value.removeFirst(root.count) }
            if !value.isEmpty, !value.contains("$("), !value.contains("${"), !files.contains(value) { files.append(value) }
        }
        return files
    }

    /// The values of `TARGETED_DEVICE_FAMILY` in an Xcode project's text (`1,2`, quotes taken off).
    static func deviceFamilies(inProject text: String) -> [String] {
        values(of: "TARGETED_DEVICE_FAMILY", inProject: text)
    }

    /// Each value of the build setting `key` in an Xcode project's text (`key = value;`, quoted or not), once, in
    /// the order written, leaving out build variables (`$(...)`) and empty ones.
    private static func values(of key: String, inProject text: String) -> [String] {
        rawValues(of: key, inProject: text).filter { !$0.contains("$(") }
    }

    /// Each value of the build setting `key` in an Xcode project's text (`key = value;`, quoted or not), once, in
    /// the order written, leaving out empty ones; `key` is a whole name (`INFOPLIST_FILE`, not the end of
    /// `GENERATE_INFOPLIST_FILE`).
    ///
    /// The text is searched as UTF-8 bytes: a project file is megabytes, and Foundation's `range(of:)` on a `Substring`
    /// of non-ASCII text maps UTF-16 offsets for every call (three quarters of a real app's import, Provenance's).
    private static func rawValues(of key: String, inProject text: String) -> [String] {
        var values: [String] = []
        let needle = Array((key + " =").utf8)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while let at = firstIndex(of: needle, in: bytes, from: start) {
                start = at + needle.count
                // A whole name: not the end of a longer one (`GENERATE_INFOPLIST_FILE`); a byte above ASCII is a letter.
                if at > 0 {
                    let before = bytes[at - 1]
                    if before >= 0x80 || before == UInt8(ascii: "_") || (before | 0x20) >= UInt8(ascii: "a") && (before | 0x20) <= UInt8(ascii: "z")
                        || before >= UInt8(ascii: "0") && before <= UInt8(ascii: "9") { continue }
                }
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) else { break }
                var value = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                if !value.isEmpty, !value.contains("\n"), !values.contains(value) { values.append(value) }
            }
        }
        return values
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
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
