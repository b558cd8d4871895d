import Foundation
import VCAuditSpec
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
/// nothing about the app. Targets name their Info.plist in the project or in the `.xcconfig` files their build
/// configurations are based on. A value that is a build variable (`$(...)`) says nothing and is skipped; a
/// device-specific key (`UIMainStoryboardFile~ipad`) names the storyboard the app starts with on that device.
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
            /// No storyboard: an app's settings that show it is an app (a launch screen without a storyboard, the
            /// `UILaunchScreen` dictionary; a scene manifest), `name` being the key that shows it. An app whose
            /// settings name no main storyboard makes its window's root in code.
            case app
        }

        var name: String
        var file: String
        var role: Role = .main
        /// The folder of the Xcode project whose setting it is: the project's own, the one that names the Info.plist,
        /// else the deepest project folder that holds the Info.plist; nil without one.
        var project: String?
        /// The device of a device-specific key (`UIMainStoryboardFile~ipad`), which on that device replaces the key
        /// without one; nil for a key of every device.
        var device: Device?
    }

    /// An Xcode project found.
    struct Project: Sendable, Equatable {
        /// Its `project.pbxproj`, as found.
        var file: String
        /// How many folders below the folder given its .xcodeproj is: 0 for one in the folder given.
        var depth: Int
        /// The storyboard file names (`Main.storyboard`) its text names: the storyboards its targets can build.
        var storyboardNames: Set<String> = []
        /// Whether it takes in files it does not name: an Xcode 16 synchronized folder
        /// (`PBXFileSystemSynchronizedRootGroup`) or a folder reference (`lastKnownFileType = folder`).
        var includesUnnamedFiles = false
        /// The storyboard file names only test targets copy (unit and UI test bundles' resources), not the app.
        var testOnlyStoryboardNames: Set<String> = []

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
        /// The `TARGETED_DEVICE_FAMILY` values of the build configurations (or `.xcconfig` files) that name each
        /// Info.plist (tidied path), in the order found.
        var deviceFamiliesOfPropertyList: [String: [String]] = [:]
        /// The device families of build configurations that name no Info.plist (a target's own setting, over the
        /// one its `.xcconfig` gives with the Info.plist): which target they are for is not known.
        var unattributedDeviceFamilies: [String] = []

        /// The folder of the deepest project that holds `path`, if any.
        func project(of path: String) -> String? {
            projects.map(\.folder).filter { FilePath.isInside(path, folder: $0) }.max { $0.count < $1.count }
        }

        /// Whether the projects build for iPad only: each device family they give is 2 (at least one is given).
        var isPadOnly: Bool { Self.isOnly("2", deviceFamilies) }

        /// Whether the target whose Info.plist is `file` builds for iPhone only: each device family its build
        /// configurations give is 1 (at least one is given). On an iPad such an app runs as on an iPhone.
        func isPhoneOnly(propertyList file: String) -> Bool {
            Self.isOnly("1", deviceFamilies(ofPropertyList: file))
        }

        /// Whether the app whose targets' Info.plists are `files` is an iPhone app: there is one, every one builds for
        /// iPhone only, and no configuration whose target is not known builds for iPad (where that cannot be told,
        /// iPad is checked too: a lost iPad run is worse than an extra one).
        func isPhoneOnlyApp(propertyLists files: some Collection<String>) -> Bool {
            let buildsForPad = unattributedDeviceFamilies.contains { family in
                family.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "2" }
            }
            return !files.isEmpty && !buildsForPad && files.allSatisfy(isPhoneOnly(propertyList:))
        }

        /// The device families of the build configurations that name the Info.plist `file`.
        func deviceFamilies(ofPropertyList file: String) -> [String] { deviceFamiliesOfPropertyList[FilePath.tidy(file)] ?? [] }

        /// Whether `families` is not empty and each is `family` alone (`2`, ` 2 `).
        private static func isOnly(_ family: String, _ families: [String]) -> Bool {
            !families.isEmpty && families.allSatisfy { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == [family] }
        }
    }

    /// What the Info.plist files, Xcode projects and `.xcconfig` files under `folders` say (hidden folders skipped,
    /// each folder's files sorted).
    ///
    /// The projects are read first: when they (or the `.xcconfig` files in their folders) name Info.plist files,
    /// the main storyboard and the launch screen are read from those alone (found by the search or not, as long as
    /// they are under a folder given); when none is named, from every Info.plist found. Every Info.plist found says
    /// which storyboards are app extensions' (an extension's Info.plist still marks its folder when no target of the
    /// projects builds it).
    static func find(inFolders folders: [String]) -> Settings {
        var settings = Settings()
        var found: [Found] = []
        func add(_ names: [(name: String, device: Device?)], from file: String, role: Found.Role, project: String?) {
            for (name, device) in names {
                let setting = Found(name: name, file: file, role: role, project: project, device: device)
                if !found.contains(setting) { found.append(setting) }
            }
        }
        var read = 0, readConfigurations = 0
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
        func addFamilies(_ families: [String], of plist: String) {
            for family in families where !(settings.deviceFamiliesOfPropertyList[plist] ?? []).contains(family) {
                settings.deviceFamiliesOfPropertyList[plist, default: []].append(family)
            }
        }
        var configurationFiles: [(file: String, folder: Int)] = []
        for (index, folder) in folders.enumerated() {
            guard InputFolder.isFolder(folder) else { filesOfFolder.append([]); continue }
            let files = InputFolder.files(under: folder) { relative in
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                return name == "Info.plist" || name.hasSuffix("-Info.plist") || name == "project.pbxproj" || name.hasSuffix(".xcconfig")
            }
            filesOfFolder.append(files.filter { !$0.hasSuffix(".xcconfig") })
            configurationFiles += files.filter { $0.hasSuffix(".xcconfig") }.map { ($0, index) }
            // The files are `folder/relative`, the relative path `X.xcodeproj/project.pbxproj` for a project in the folder.
            let base = folder.hasSuffix("/") && folder.count > 1 ? folder.count - 1 : folder.count
            for file in files where file.hasSuffix(".pbxproj") {
                guard let text = text(of: file) else { continue }
                projectTexts[file] = text
                var project = Project(file: file, depth: file.dropFirst(base + 1).split(separator: "/").count - 2)
                project.storyboardNames = storyboardNames(inProject: text)
                project.includesUnnamedFiles = holds(text, "PBXFileSystemSynchronizedRootGroup") || holds(text, "lastKnownFileType = folder;")
                project.testOnlyStoryboardNames = testOnlyStoryboardNames(inProject: text)
                settings.projects.append(project)
                // Paths in a project are relative to the folder that holds the .xcodeproj.
                for plist in propertyListFiles(inProject: text) {
                    let path = FilePath.joined(project.folder, plist)
                    if FilePath.isInside(path, folder: folder), !named.contains(where: { $0.path == path }) { named.append((path, index, project.folder)) }
                }
                for (plist, families) in deviceFamiliesOfPropertyLists(inProject: text) {
                    if plist.isEmpty {
                        settings.unattributedDeviceFamilies += families.filter { !settings.unattributedDeviceFamilies.contains($0) }
                    } else {
                        addFamilies(families, of: FilePath.joined(project.folder, plist))
                    }
                }
            }
        }
        // A target's build configuration can take its settings from an .xcconfig file, whose paths are relative to
        // the project's folder too (Xcode's SRCROOT), not to the file's: those of the deepest project that holds it.
        var configurationTexts: [String: String] = [:]
        for (file, _) in configurationFiles where readConfigurations < maximumFiles {
            readConfigurations += 1
            guard let bytes = try? InputFile.read(file, limit: maximumConfigurationBytes, what: "the app's settings") else { continue }
            configurationTexts[FilePath.tidy(file)] = String(decoding: bytes, as: UTF8.self)
        }
        for (file, index) in configurationFiles {
            guard let text = configurationTexts[FilePath.tidy(file)], let project = settings.project(of: file) else { continue }
            let plists = configurationValues(of: "INFOPLIST_FILE", in: text).compactMap(propertyListPath)
            // Its device family, as set in it or in a file it includes.
            var families: [String] = []
            var visited: Set<String> = []
            func collect(_ file: String, depth: Int) {
                guard depth < 8, visited.insert(file).inserted, let text = configurationTexts[file] else { return }
                for family in configurationValues(of: "TARGETED_DEVICE_FAMILY", in: text) where !family.contains("$(") && !families.contains(family) {
                    families.append(family)
                }
                for included in configurationIncludes(in: text) { collect(FilePath.joined(FilePath.folder(of: file), included), depth: depth + 1) }
            }
            collect(FilePath.tidy(file), depth: 0)
            for family in families where !settings.deviceFamilies.contains(family) { settings.deviceFamilies.append(family) }
            // The Info.plist keys Xcode generates from build settings, set here as in a project (XcodeGen, Tuist).
            for role in [Found.Role.main, .launchScreen, .app] {
                add(names(inConfiguration: text, role: role).map { ($0, nil) }, from: file, role: role, project: project)
            }
            for plist in plists {
                let path = FilePath.joined(project, plist)
                addFamilies(families, of: path)
                if FilePath.isInside(path, folder: folders[index]), !named.contains(where: { $0.path == path }) { named.append((path, index, project)) }
            }
        }
        for (index, files) in filesOfFolder.enumerated() {
            // The Info.plist files the projects name, as the search spelt them, and those it did not find (another name).
            let searched = Set(files.map(FilePath.tidy))
            let unsearched = named.filter { $0.folder == index && !searched.contains($0.path) && fm.fileExists(atPath: $0.path) }.map(\.path)
            for file in (files + unsearched).sorted() {
                if let text = projectTexts[file] {
                    let project = FilePath.folder(of: FilePath.folder(of: file))
                    for role in [Found.Role.main, .launchScreen, .app] {
                        add(names(inProject: text, role: role).map { ($0, nil) }, from: file, role: role, project: project)
                    }
                    for family in deviceFamilies(inProject: text) where !settings.deviceFamilies.contains(family) {
                        settings.deviceFamilies.append(family)
                    }
                    continue
                }
                guard !file.hasSuffix(".pbxproj"), let text = text(of: file) else { continue }
                let namer = named.first { $0.path == FilePath.tidy(file) }
                let project = namer?.project ?? settings.project(of: file)
                let isAppExtension = holds(text, "<key>NSExtension</key>")
                // A watch app's Info.plist names its WatchKit storyboard and has an app's keys, but not the iOS app's.
                if named.isEmpty || namer != nil, !isWatchApp(propertyList: text) {
                    for role in [Found.Role.main, .launchScreen] {
                        add(storyboardSettings(inPropertyList: text, role: role), from: file, role: role, project: project)
                    }
                    if !isAppExtension { add(appKeys(inPropertyList: text).map { ($0, nil) }, from: file, role: .app, project: project) }
                }
                add(storyboardSettings(inPropertyList: text, role: .appExtension), from: file, role: .appExtension, project: project)
                settings.propertyLists.append(PropertyList(file: file, isAppExtension: isAppExtension))
            }
        }
        settings.storyboards = found
        return settings
    }

    /// The largest `.xcconfig` file read: they are a few lines each.
    static let maximumConfigurationBytes = 1 << 20

    /// The values of the build setting `key` in an `.xcconfig` file's text (`KEY = value`, or `KEY[sdk=...] = value`),
    /// once each, in the order written, comments (`//`) and quotes taken off, empty ones left out.
    static func configurationValues(of key: String, in text: String) -> [String] {
        var values: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            // A condition's `=` (`KEY[sdk=iphoneos*]`) is not the setting's.
            let afterCondition = code.firstIndex(of: "]").map { code.index(after: $0) } ?? code.startIndex
            guard let equals = code[afterCondition...].firstIndex(of: "=") else { continue }
            let name = code[..<equals].trimmingCharacters(in: .whitespaces)
            guard name == key || name.hasPrefix(key + "[") else { continue }
            var value = code[code.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if !value.isEmpty, !values.contains(value) { values.append(value) }
        }
        return values
    }

    /// The files an `.xcconfig` file's text includes (`#include "Other.xcconfig"`, `#include? "..."`), as written.
    static func configurationIncludes(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("#include"), let open = line.firstIndex(of: "\""),
                  let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
            let path = String(line[line.index(after: open)..<close])
            return path.isEmpty || path.contains("$(") ? nil : path
        }
    }

    /// The storyboard file names (`Main.storyboard`, `My Screen.storyboard`) an Xcode project's text names, in its
    /// file references' paths and names and in the comments Xcode writes beside their ids.
    static func storyboardNames(inProject text: String) -> Set<String> {
        var names: Set<String> = []
        let needle = Array(".storyboard".utf8)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while let at = firstIndex(of: needle, in: bytes, from: start) {
                start = at + needle.count
                // Not the start of a longer extension (`.storyboardc`).
                if start < bytes.count, bytes[start] >= 0x80 || bytes[start] == UInt8(ascii: "_")
                    || (bytes[start] | 0x20) >= UInt8(ascii: "a") && (bytes[start] | 0x20) <= UInt8(ascii: "z") { continue }
                // Back to what stands before a file name: a folder, a quote, `=`, a comment's `*`, a line break (a name
                // may hold spaces, parentheses and commas: `Onboarding (2024).storyboard`).
                var first = at
                while first > 0, !"/\"=*\n\t".utf8.contains(bytes[first - 1]) { first -= 1 }
                let name = String(decoding: bytes[first..<start], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if name.count > needle.count { names.insert(name) }
            }
        }
        return names
    }

    /// The storyboard file names only test targets' resources phases copy: a unit or UI test bundle's
    /// (`productType` `com.apple.product-type.bundle.unit-test` or `.ui-testing`), not another target's.
    ///
    /// Read from the comments Xcode writes beside ids (`/* Fake.storyboard in Resources */`): each object is the text
    /// from its `isa` to the next one's, and its id is the last one written before its `isa`.
    static func testOnlyStoryboardNames(inProject text: String) -> Set<String> {
        guard holds(text, "PBXResourcesBuildPhase"), holds(text, "-test") || holds(text, "ui-testing") else { return [] }
        // Read as bytes: a large app's project is megabytes, and Foundation's searches of a `String` cost a
        // microsecond a call (DuckDuckGo's project took a third of a `check` of the whole app).
        var text = text
        return text.withUTF8 { bytes in
            let isa = Array("isa = ".utf8), phasesOpen = Array("buildPhases = (".utf8)
            var starts: [Int] = []
            var from = 0
            while let at = firstIndex(of: isa, in: bytes, from: from) {
                starts.append(at)
                from = at + isa.count
            }
            var phases: [String: Set<String>] = [:]
            var targets: [(phases: [String], isTest: Bool)] = []
            for (index, start) in starts.enumerated() {
                // The object's text, from after its `isa = ` to the next one's `isa`; the text before it, from the
                // previous object's `isa = ` (or the start).
                let bodyStart = start + isa.count
                let bodyEnd = index + 1 < starts.count ? starts[index + 1] : bytes.count
                let beforeStart = index > 0 ? starts[index - 1] + isa.count : 0
                // The id: the first word of the last line that is not empty before the last `= {` before the `isa`.
                guard let brace = lastIndex(of: Array("= {".utf8), in: bytes, from: beforeStart, to: start) else { continue }
                var (lineStart, lineEnd) = (brace, brace)
                while true {
                    while lineStart > beforeStart, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                    guard lineStart == lineEnd, lineStart > beforeStart else { break }
                    lineStart -= 1
                    lineEnd = lineStart
                }
                guard let id = words(bytes[lineStart..<lineEnd]).first else { continue }
                let body = bytes[bodyStart..<bodyEnd]
                if body.starts(with: "PBXResourcesBuildPhase;".utf8) {
                    var names: Set<String> = []
                    let open = Array("/* ".utf8), close = Array(" in Resources */".utf8)
                    var at = bodyStart
                    while let opening = firstIndex(of: open, in: bytes, from: at, to: bodyEnd),
                          let closing = firstIndex(of: close, in: bytes, from: opening + open.count, to: bodyEnd) {
                        let name = String(decoding: bytes[(opening + open.count)..<closing], as: UTF8.self)
                        if name.hasSuffix(".storyboard") { names.insert(name) }
                        at = closing + close.count
                    }
                    phases[id] = names
                } else if body.starts(with: "PBXNativeTarget;".utf8),
                          let list = firstIndex(of: phasesOpen, in: bytes, from: bodyStart, to: bodyEnd),
                          let end = firstIndex(of: Array(");".utf8), in: bytes, from: list + phasesOpen.count, to: bodyEnd) {
                    let phaseIDs = bytes[(list + phasesOpen.count)..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                        .compactMap { words($0).first }
                    let isTest = firstIndex(of: Array("com.apple.product-type.bundle.unit-test".utf8), in: bytes, from: bodyStart, to: bodyEnd) != nil
                        || firstIndex(of: Array("com.apple.product-type.bundle.ui-testing".utf8), in: bytes, from: bodyStart, to: bodyEnd) != nil
                    targets.append((phaseIDs, isTest))
                }
            }
            func names(_ test: Bool) -> Set<String> {
                targets.filter { $0.isTest == test }.reduce(into: Set<String>()) { names, target in
                    for phase in target.phases { names.formUnion(phases[phase] ?? []) }
                }
            }
            return names(true).subtracting(names(false))
        }
    }

    /// Where `needle` last starts in `bytes[from..<to]`.
    private static func lastIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let first = needle.first, to - from >= needle.count else { return nil }
        var at = to - needle.count
        while at >= from {
            if bytes[at] == first, bytes[at..<(at + needle.count)].elementsEqual(needle) { return at }
            at -= 1
        }
        return nil
    }

    /// The words of `bytes`, separated by spaces, tabs and line breaks.
    private static func words(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [String] {
        bytes.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") })
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `text` holds `needle`, searched as UTF-8 bytes (Foundation's `contains` makes UTF-16 of the whole text
    /// on each call).
    static func holds(_ text: String, _ needle: String) -> Bool {
        var text = text
        return text.withUTF8 { firstIndex(of: Array(needle.utf8), in: $0, from: 0) != nil }
    }

    /// The device families (`TARGETED_DEVICE_FAMILY`) of the build configurations of an Xcode project that name
    /// an Info.plist, for each Info.plist (relative to the project's folder), in the order written.
    static func deviceFamiliesOfPropertyLists(inProject text: String) -> [(propertyList: String, families: [String])] {
        var found: [(propertyList: String, families: [String])] = []
        let needle = Array("buildSettings = {".utf8)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while let at = firstIndex(of: needle, in: bytes, from: start) {
                start = at + needle.count
                // A build configuration's settings hold lists in parentheses, never braces, and end with a `}` first on
                // its line (a value may hold one: `${SRCROOT}`).
                var end = start
                while end < bytes.count {
                    if bytes[end] == UInt8(ascii: "}") {
                        var before = end - 1
                        while before >= start, bytes[before] == 0x20 || bytes[before] == 0x09 { before -= 1 }
                        if before < start || bytes[before] == 0x0A { break }
                    }
                    end += 1
                }
                let block = String(decoding: bytes[start..<end], as: UTF8.self)
                let families = values(of: "TARGETED_DEVICE_FAMILY", inProject: block)
                guard !families.isEmpty else { continue }
                // A configuration that names no Info.plist (a target's own setting over its .xcconfig's): under "".
                let plists = rawValues(of: "INFOPLIST_FILE", inProject: block).compactMap(propertyListPath)
                for plist in plists.isEmpty ? [""] : plists {
                    if let position = found.firstIndex(where: { $0.propertyList == plist }) {
                        for family in families where !found[position].families.contains(family) { found[position].families.append(family) }
                    } else {
                        found.append((plist, families))
                    }
                }
            }
        }
        return found
    }

    /// The Info.plist files an Xcode project's targets use (`INFOPLIST_FILE`), relative to the folder that holds the
    /// .xcodeproj: quotes and a leading `$(SRCROOT)/` or `$(PROJECT_DIR)/` taken off, other build variables left out.
    static func propertyListFiles(inProject text: String) -> [String] {
        var files: [String] = []
        for file in rawValues(of: "INFOPLIST_FILE", inProject: text).compactMap(propertyListPath) where !files.contains(file) {
            files.append(file)
        }
        return files
    }

    /// An `INFOPLIST_FILE` value as a path relative to the project's folder: a leading `$(SRCROOT)/` or
    /// `$(PROJECT_DIR)/` taken off; nil for an empty one or one with other build variables.
    static func propertyListPath(_ value: String) -> String? {
        let roots = ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "$(SOURCE_ROOT)/", "${SOURCE_ROOT}/"]
        var value = value
        if let root = roots.first(where: value.hasPrefix) { value.removeFirst(root.count) }
        return value.isEmpty || value.contains("$(") || value.contains("${") ? nil : value
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

    /// Where `needle` first occurs in `bytes` at or after `start`, ending before `end` (by default, the end of `bytes`).
    static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard let first = needle.first, end - start >= needle.count else { return nil }
        var index = start
        let last = end - needle.count
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
    /// for an app extension, `NSExtensionMainStoryboard`) in an XML property list's text, for every device: the keys
    /// without a device (`~ipad`).
    static func names(inPropertyList text: String, role: Found.Role = .main) -> [String] {
        storyboardSettings(inPropertyList: text, role: role).filter { $0.device == nil }.map(\.name)
    }

    /// The storyboard names `role`'s keys give in an XML property list's text, each with the device of a
    /// device-specific key (`UIMainStoryboardFile~ipad`, `~iphone`), which replaces the plain key on that device.
    static func storyboardSettings(inPropertyList text: String, role: Found.Role = .main) -> [(name: String, device: Device?)] {
        var names: [(name: String, device: Device?)] = []
        let keys = switch role {
        case .main: ["UIMainStoryboardFile", "UISceneStoryboardFile"]
        case .launchScreen: ["UILaunchStoryboardName"]
        case .appExtension: ["NSExtensionMainStoryboard"]
        case .app: [String]()
        }
        for key in keys {
            for (suffix, device) in [("", nil), ("~ipad", Device.ipad), ("~iphone", Device.iphone)] as [(String, Device?)] {
                var rest = text[...]
                while let keyRange = rest.range(of: "<key>\(key)\(suffix)</key>") {
                    rest = rest[keyRange.upperBound...]
                    let value = rest.drop { $0.isWhitespace }
                    guard value.hasPrefix("<string>"), let end = value.range(of: "</string>") else { continue }
                    let name = value[value.index(value.startIndex, offsetBy: "<string>".count)..<end.lowerBound]
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                    if isName(name) { names.append((name, device)) }
                }
            }
        }
        return names
    }

    /// The keys only an app's Info.plist has, of those in an XML property list's text: a launch screen of any kind
    /// (`UILaunchScreen`, `UILaunchStoryboardName`, launch images), a scene manifest, and `LSRequiresIPhoneOS`, which
    /// every iOS app template writes and no extension's does (the only one of them an app whose launch images are in
    /// an asset catalog has, such as Artsy's Eidolon).
    static func appKeys(inPropertyList text: String) -> [String] {
        ["UILaunchScreen", "UILaunchScreens", "UILaunchStoryboardName", "UILaunchImages", "UILaunchImageFile", "UIApplicationSceneManifest",
         "LSRequiresIPhoneOS"]
            .filter { holds(text, "<key>\($0)</key>") || holds(text, "<key>\($0)~") }
    }

    /// Whether an XML property list's text is a watch app's Info.plist: `WKApplication` (a watch-only or single-target
    /// watch app) or `WKWatchKitApp` (a WatchKit app, whose `UIMainStoryboardFile` names its `Interface` storyboard).
    static func isWatchApp(propertyList text: String) -> Bool {
        holds(text, "<key>WKApplication</key>") || holds(text, "<key>WKWatchKitApp</key>")
    }

    /// The values of `INFOPLIST_KEY_UIMainStoryboardFile` (or `INFOPLIST_KEY_UILaunchStoryboardName`) in an Xcode
    /// project's text (`= Main;`, quoted or not).
    static func names(inProject text: String, role: Found.Role = .main) -> [String] {
        names(role: role) { values(of: $0, inProject: text) }
    }

    /// `names(inProject:role:)` of an `.xcconfig` file's text.
    static func names(inConfiguration text: String, role: Found.Role) -> [String] {
        names(role: role) { configurationValues(of: $0, in: text) }
    }

    /// What the build settings Xcode makes an Info.plist from say for `role`, each setting's values read by `values`.
    private static func names(role: Found.Role, values: (String) -> [String]) -> [String] {
        switch role {
        case .main: values("INFOPLIST_KEY_UIMainStoryboardFile").filter(isName)
        case .launchScreen: values("INFOPLIST_KEY_UILaunchStoryboardName").filter(isName)
        // An extension's storyboard is in its Info.plist's NSExtension dictionary, which has no build setting.
        case .appExtension: []
        // The Info.plist Xcode generates for an app: its launch screen or scene manifest made from build settings.
        case .app: ["INFOPLIST_KEY_UILaunchScreen_Generation", "INFOPLIST_KEY_UIApplicationSceneManifest_Generation"].filter { key in
            values(key).contains { $0.uppercased() == "YES" }
        }
        }
    }

    /// A storyboard name: not empty, not a build variable, one line.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("$(") && !text.contains("\n") && !text.contains("<")
    }
}
