import Foundation
import VCAuditReplay
import VCAuditSpec
import VCAuditSupport

/// Turns the storyboards of one app into a spec v1: controllers, containment, the initial controller and every
/// segue that is a transition, each with `source:` pointing at its XML element.
///
/// All files given are one app: storyboard references resolve among them, and what stays unresolved is kept as a
/// placeholder controller and named in a note, never guessed. What the XML cannot say (roots and pages set in
/// code, where an unwind segue lands unless the app's sources tell, `UnwindDestinations`) is a note too, never a
/// finding of the import itself (an unwind landed on the one controller that implements its action, where no
/// segue shows the source, may make `unwind_destination_not_found` in a run: the code shows it). The spec has no
/// scenarios and leaves
/// `restoration` off: identifiers from "Use Storyboard ID" do not mean the app restores state.
public enum StoryboardImporter {
    /// A written spec and what the import decided.
    public struct Result: Sendable {
        /// The spec, as YAML text.
        public var yaml: String
        /// Choices and unknowns, each `path:line:column: note: ...`.
        public var notes: [String]
        /// The storyboard the app starts with (whose initial controller is the window's root), else the first one
        /// imported: the spec is named after it.
        public var mainPath: String?
        public var controllerCount: Int
        public var transitionCount: Int
        /// Storyboards the app was imported without, and why: a launch screen beside the app's storyboards, and a
        /// storyboard of another platform found in a folder (`importReadable(_:named:)`).
        public var leftOut: [SpecLoader.Skipped] = []
        /// Whether the window's root is a guess: the app's settings were read and name no storyboard it starts with
        /// (the app makes its root in code); the notes and the written `window:` line say so.
        public var rootIsAGuess = false
        /// Of `notes`, those that say the window's root is a stand-in (a guess, an extension's storyboard): `check` and
        /// `explore` print them as they are, since what they found is about that root.
        public var rootNotes: [String] = []
        /// The devices the app shows these storyboards on, when its settings say they are not every device: an
        /// iPhone-only app, or one that starts on iPad with another storyboard (`Spec.deviceRestriction`).
        public var deviceRestriction: DeviceRestriction?
        /// Whether the app shows other storyboards among those given on iPad (the one a `~ipad` key names, iPad-only
        /// twins of iPhone storyboards): imported `startingOnPad`, the same storyboards are the iPad app.
        public var startsOnPadWithAnother = false

        /// `notes`, after a note for each storyboard left out.
        public var allNotes: [String] {
            leftOut.map { "\($0.path):1:1: note: not imported with the app's storyboards: \($0.reason)" } + notes
        }
    }

    /// Reads every storyboard it can and writes one spec from them; each file that cannot be read is an error
    /// and left out, so one bad file does not stop the others from being checked.
    ///
    /// A storyboard of another platform (AppKit, WatchKit) that is not in `named` (the paths a user gave, as
    /// against files found in the folders given; nil when every path was named) is left out with its reason in
    /// `Result.leftOut`, not an error: apps for several platforms keep their storyboards side by side. The app's
    /// settings in the folders among `named` (`AppStoryboardSettings`) say which storyboard it starts with, and
    /// which is its launch screen. With `sourcesFrom`, the folder of the spec file the import is written to, `source:`
    /// paths are relative to that folder, as a spec's `storyboards:` entries are; else they name the storyboards as
    /// given, from the working directory.
    ///
    /// `startingOnPad` imports the app as it starts on iPad, where it shows other storyboards there
    /// (`Result.startsOnPadWithAnother`): the one a `~ipad` key names in place of the one it starts with elsewhere, and
    /// iPad-only twins in place of their iPhone storyboards.
    public static func importReadable(_ paths: [String], named: Set<String>? = nil, sourcesFrom specFolder: String? = nil,
                                      startingOnPad: Bool = false) -> (result: Result, errors: [StoryboardError]) {
        let app = read(paths, named: named)
        return (importReadable(app, sourcesFrom: specFolder, startingOnPad: startingOnPad), app.errors)
    }

    /// An app's storyboards as read from their files, with what the folders they were found in say about it (its
    /// settings, the unwind actions its sources implement): read once, imported as the app starts on each device.
    public struct AppStoryboards: Sendable {
        /// The storyboards' paths, as given.
        public let paths: [String]
        let named: Set<String>?
        let storyboards: [Storyboard]
        /// Each file that cannot be read, left out.
        public let errors: [StoryboardError]
        let otherPlatforms: [SpecLoader.Skipped]
        let settings: AppStoryboardSettings.Settings
        let unwindActions: UnwindActions?
        /// Of one of several apps told apart (`separateApps`), its main storyboard.
        var main: String?

        /// The main storyboard of an app `separateApps` told apart: the one its Info.plist names.
        public var mainStoryboardPath: String? { main }

        /// A folder that holds several apps (sample apps, one folder per target), each as its own `AppStoryboards`; the
        /// folder as one app otherwise.
        ///
        /// An app is an Info.plist that names a main storyboard for every device, with that storyboard: the one of its
        /// name nearest the Info.plist. Its folder is the one that holds both. Several apps are told apart only when each
        /// names a storyboard of its own and no app's folder holds another's (targets that share storyboards are one app,
        /// as one folder is); each has the storyboards in its folder (in the deepest app folder that holds them) and those
        /// in no app's folder, which the apps share (a framework's).
        public func separateApps() -> [AppStoryboards] {
            var roots: [(folder: String, main: String)] = []
            for setting in settings.storyboards where setting.role == .main && setting.device == nil {
                let plistFolder = FilePath.folder(of: setting.file)
                let candidates = storyboards.filter { $0.name == setting.name }
                guard let main = candidates.max(by: { Self.sharedDepth($0.path, plistFolder) < Self.sharedDepth($1.path, plistFolder) }) else { continue }
                let folder = Self.commonFolder(FilePath.folder(of: main.path), plistFolder)
                if !roots.contains(where: { $0.main == main.path }) { roots.append((folder, main.path)) }
            }
            let disjoint = roots.allSatisfy { root in
                !roots.contains { other in other.main != root.main && FilePath.isInside(root.folder, folder: other.folder) }
            }
            guard roots.count > 1, disjoint else { return [self] }
            roots.sort { $0.main < $1.main }
            func app(of path: String) -> Int? { roots.firstIndex { FilePath.isInside(path, folder: $0.folder) } }
            return roots.indices.map { index in
                let belongs = { (path: String) in app(of: path).map { $0 == index } ?? true }
                return AppStoryboards(paths: paths.filter(belongs), named: named, storyboards: storyboards.filter { belongs($0.path) },
                                      errors: errors.filter { belongs($0.file) }, otherPlatforms: otherPlatforms.filter { belongs($0.path) },
                                      settings: settings, unwindActions: unwindActions, main: roots[index].main)
            }
        }

        /// How many folders `path` and `folder` have in common from the top.
        static func sharedDepth(_ path: String, _ folder: String) -> Int {
            zip(FilePath.tidy(path).split(separator: "/"), FilePath.tidy(folder).split(separator: "/")).prefix { $0 == $1 }.count
        }

        /// The deepest folder that holds both `a` and `b` (folders, tidied).
        static func commonFolder(_ a: String, _ b: String) -> String {
            let parts = zip(FilePath.tidy(a).split(separator: "/", omittingEmptySubsequences: false),
                            FilePath.tidy(b).split(separator: "/", omittingEmptySubsequences: false)).prefix { $0 == $1 }.map { String($0.0) }
            if parts.isEmpty { return a.hasPrefix("/") ? "/" : "." }
            let joined = parts.joined(separator: "/")
            return joined.isEmpty ? "/" : joined
        }
    }

    /// Reads every storyboard at `paths` it can, and the app's settings and sources in the folders among `named`
    /// (`importReadable(_:named:sourcesFrom:startingOnPad:)`).
    public static func read(_ paths: [String], named: Set<String>? = nil) -> AppStoryboards {
        var storyboards: [Storyboard] = []
        var errors: [StoryboardError] = []
        var otherPlatforms: [SpecLoader.Skipped] = []
        for path in paths {
            do throws(StoryboardError) {
                let bytes: [UInt8]
                do {
                    bytes = try InputFile.read(path, limit: XMLTree.Limits().maxBytes, what: "the storyboard")
                } catch {
                    throw StoryboardError(file: path, line: 1, column: 1,
                                          message: String(error.description.split(separator: ": error: ", maxSplits: 1).last ?? ""))
                }
                storyboards.append(try Storyboard.read(bytes, path: path))
            } catch {
                if let platform = error.otherPlatform, let named, !named.contains(path) {
                    otherPlatforms.append(SpecLoader.Skipped(path: path, reason: "\(platform.storyboard), found in a folder; \(platform.reason)"))
                } else {
                    errors.append(error)
                }
            }
        }
        // The app's settings, in the folders given, say which storyboard it starts with.
        return AppStoryboards(paths: paths, named: named, storyboards: storyboards, errors: errors, otherPlatforms: otherPlatforms,
                              settings: AppStoryboardSettings.find(inFolders: named?.sorted() ?? []),
                              unwindActions: unwindActions(inFolders: named?.sorted() ?? [], of: storyboards))
    }

    /// Writes one spec from `app`'s storyboards read (`importReadable(_:named:sourcesFrom:startingOnPad:)`).
    public static func importReadable(_ app: AppStoryboards, sourcesFrom specFolder: String? = nil, startingOnPad: Bool = false) -> Result {
        var result = importStoryboards(app.storyboards, settings: app.settings,
                                       named: app.named.map { Set(app.paths).intersection($0) } ?? Set(app.paths), sourcesFrom: specFolder,
                                       startingOnPad: startingOnPad, unwindActions: app.unwindActions)
        result.leftOut = app.otherPlatforms + result.leftOut
        return result
    }

    /// The import `SpecLoader` runs for a spec's `storyboards:` key: the spec text, or every file's error, with the
    /// path listed that it comes from.
    ///
    /// A folder listed is read as the command line reads one: its storyboards, the app's settings in it, and the
    /// same storyboards left out (a launch screen, an extension's, another platform's); a storyboard listed on its
    /// own is always imported.
    public static let specImport: SpecLoader.StoryboardImport = { paths in
        var files: [String] = []
        var listedAt: [String: Int] = [:]
        var errors: [(path: Int, message: String)] = []
        var hasFolder = false
        for (index, path) in paths.enumerated() {
            guard InputFolder.isFolder(path) else {
                if listedAt[path] == nil { listedAt[path] = index; files.append(path) }
                continue
            }
            hasFolder = true
            let found = InputFolder.files(under: path) { $0.hasSuffix(".storyboard") }
            if found.isEmpty {
                errors.append((index, "\(path): error: the folder holds no .storyboard file; list storyboards, or folders that hold them"))
            }
            for file in found where listedAt[file] == nil {
                listedAt[file] = index
                files.append(file)
            }
        }
        // Without a folder, every storyboard is named on its own (and there is no folder to read settings in).
        let (result, failures) = importReadable(files, named: hasFolder ? Set(paths) : nil)
        errors += failures.map { (listedAt[$0.file] ?? 0, $0.description) }
        // In the order of the paths listed.
        let ordered = errors.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }.map(\.element)
        return errors.isEmpty ? (result.yaml, []) : (nil, ordered)
    }

    /// Imports storyboard texts already read (tests, fuzzing): `(path, bytes)` pairs; `unwindActions`, what the app's
    /// sources implement, lands the unwind segues it can.
    public static func importTexts(_ files: [(path: String, bytes: [UInt8])], unwindActions: UnwindActions? = nil) throws(StoryboardError) -> Result {
        var storyboards: [Storyboard] = []
        for file in files { storyboards.append(try Storyboard.read(file.bytes, path: file.path)) }
        return importStoryboards(storyboards, unwindActions: unwindActions)
    }

    /// The unwind actions the sources in `folders` implement, read only when one of `storyboards` has an unwind
    /// segue with an action.
    static func unwindActions(inFolders folders: [String], of storyboards: [Storyboard]) -> UnwindActions? {
        let hasUnwind = storyboards.contains { board in
            board.controllers.contains { $0.segues.contains { $0.kind == "unwind" && $0.unwindAction != nil } }
        }
        return hasUnwind ? UnwindActions.find(inFolders: folders) : nil
    }

    private struct SceneKey: Hashable {
        var file: Int
        var index: Int
    }

    /// Imports `given` as one app; `named` are the storyboards the user named one by one (a spec's `storyboards:`,
    /// a file on the command line), which are imported even where one found in a folder would be left out for being
    /// iPad-only. `source:` paths are relative to `specFolder` when given (`importReadable(_:named:sourcesFrom:)`).
    /// `startingOnPad`: as the app starts on iPad (`importReadable(_:named:sourcesFrom:startingOnPad:)`).
    /// `unwindActions`: what the app's sources implement, which lands the unwind segues it can (`UnwindDestinations`).
    static func importStoryboards(_ given: [Storyboard], settings appSettings: AppStoryboardSettings.Settings = .init(),
                                  named: Set<String> = [], sourcesFrom specFolder: String? = nil, startingOnPad: Bool = false,
                                  unwindActions: UnwindActions? = nil) -> Result {
        let workingDirectory = specFolder == nil ? "" : FileManager.default.currentDirectoryPath
        /// `path:line:column` for `source:`, its path as the spec's folder reaches it; an absolute path stays as it is.
        func sourceReference(_ path: String, _ line: Int, _ column: Int) -> String {
            guard let specFolder, !path.hasPrefix("/") else { return "\(path):\(line):\(column)" }
            return "\(FilePath.relative(path, to: specFolder, workingDirectory: workingDirectory)):\(line):\(column)"
        }
        let settings = appSettings.storyboards
        // Copies of one storyboard are one storyboard: its localized variants (UIKit loads one of them) and the
        // copies an Xcode localization catalog (.xcloc) exports, which are not in the app.
        var leftOut = copiesLeftOut(given)
        func kept(_ boards: [Storyboard]) -> [Storyboard] {
            let out = Set(leftOut.map(\.path))
            return boards.filter { !out.contains($0.path) }
        }
        // A storyboard its Xcode project does not name is built by none of its targets: a file left behind.
        // Only beside storyboards a target builds: all of them unnamed says more about the search than about the app.
        let notBuilt = unbuilt(kept(given).filter { !named.contains($0.path) }, settings: appSettings)
        if notBuilt.count < kept(given).count { leftOut += notBuilt }
        // The system shows a launch screen before the app runs: nothing brings it on screen, so with the app's
        // storyboards it is left out (given alone, it is imported, as asked). An old one may lack the attribute;
        // the app's settings name it all the same.
        // A storyboard the settings name both as the launch screen and as the main one is the app's, unless its XML or
        // its name says it is a launch screen (pass names Main for both; UIKit loads it as the app's interface).
        let mainNames = Set(settings.filter { $0.role == .main }.map(\.name))
        let appsInterface = Set(kept(given).filter { board in
            mainNames.contains(board.name) && !board.isLaunchScreen && !board.name.lowercased().contains("launch")
        }.map(\.name))
        let launchNames = Set(settings.filter { $0.role == .launchScreen }.map(\.name)).subtracting(appsInterface)
        let given = kept(given).map { board in
            var board = board
            if launchNames.contains(board.name) { board.isLaunchScreen = true }
            return board
        }
        // One that another storyboard opens through a reference (a loading screen that reuses it) is the app's too.
        let referencedNames = Set(given.flatMap { board in board.controllers.compactMap { $0.isPlaceholder ? $0.referencedStoryboard : nil } })
        // Found in a folder with no other storyboard, it is left out too: the app makes its screens in code, and
        // exploring its launch screen as the app would say nothing of them. (Unless the app's settings name it as the
        // main storyboard as well: UIKit then loads it as the app's interface, which the code replaces.)
        let besideTheApps = given.count > 1 && given.contains { !$0.isLaunchScreen }
        let launchScreens = given.filter { board in
            board.isLaunchScreen && !referencedNames.contains(board.name)
                && (besideTheApps || (!named.contains(board.path) && !mainNames.contains(board.name)))
        }
        leftOut += launchScreens.map {
            SpecLoader.Skipped(path: $0.path, reason: "a launch screen (\(launchNames.contains($0.name) ? "UILaunchStoryboardName" : "launchScreen=\"YES\"")), "
                + "which the system shows before the app runs" + (besideTheApps ? "" : "; the app has no other storyboard, so it makes its "
                    + "screens in code: declare them in a spec (vcaudit init), or name this file to check it alone"))
        }
        // An app extension's storyboard (a share sheet, a widget) is shown by the extension's host, not by the app:
        // beside the app's storyboards it is left out; alone, or named on its own, it is imported, as asked.
        let notLaunch = given.filter { board in !launchScreens.contains { $0.path == board.path } }
        let allExtensions = notLaunch.isEmpty ? [] : extensionStoryboards(notLaunch, settings: appSettings)
        let extensions = notLaunch.count > 1 ? allExtensions.filter { !named.contains($0.board.path) } : []
        if extensions.count < notLaunch.count {
            leftOut += extensions.map { board, why in
                SpecLoader.Skipped(path: board.path, reason: "an app extension's storyboard (\(why)), which the extension's host shows, "
                    + "not the app; check it alone")
            }
        }
        // Only extensions' storyboards were found (the app makes its screens in code): what is checked is an
        // extension's, and the output must say so, or "no findings in 1 app" would speak for the app.
        var extensionNotes: [String] = []
        if !allExtensions.isEmpty, allExtensions.count == notLaunch.count {
            for (board, why) in allExtensions where !named.contains(board.path) {
                extensionNotes.append("\(board.path):1:1: note: an app extension's storyboard (\(why)), checked as the app: no storyboard of the "
                    + "app itself was found (it makes its screens in code)")
            }
        }
        // An iPad-only storyboard is the iPad app's, shown in place of the iPhone one: beside the app's other
        // storyboards it is left out (its controllers would all look unreachable); alone, or in an app its project
        // builds for iPad only, it is imported for iPad.
        // The storyboard a `~ipad` key names, when the key for every device names another, is the one the app starts
        // with on iPad, in place of that other: beside it, its controllers would all look unreachable. Imported as the
        // app starts on iPad, it is the one kept, and the other is left out.
        let everyDeviceMain = Set(settings.filter { $0.role == .main && $0.device != .ipad }.map(\.name))
        let padMain = appSettings.isPadOnly ? [] : settings.filter { $0.role == .main && $0.device == .ipad && !everyDeviceMain.isEmpty
            && !everyDeviceMain.contains($0.name) }
        let padMainNames = Set(padMain.map(\.name))
        let appBoards = kept(given).filter { !$0.isLaunchScreen }
        // An iPhone-only app runs on iPad in compatibility mode, as on an iPhone: it has no iPad storyboard there.
        let phoneOnly = appSettings.isPhoneOnlyApp(propertyLists: Set(settings.filter { [.main, .launchScreen, .app].contains($0.role) }.map(\.file)))
        let startsWithAnotherByKey = !phoneOnly && appBoards.contains { padMainNames.contains($0.name) }
            && appBoards.contains { everyDeviceMain.contains($0.name) }
        // An iPad-only storyboard whose name is another's with iPad for iPhone (seafile's FolderView_iPad and
        // FolderView_iPhone) is that other's twin: the code that picks one by the device shows it on iPad in its place.
        let padTwins: [(pad: Storyboard, phone: Storyboard)] = appSettings.isPadOnly || phoneOnly ? [] : appBoards.compactMap { pad in
            guard pad.isPadOnly, !named.contains(pad.path), !padMainNames.contains(pad.name) else { return nil }
            let twinName = pad.name.lowercased().replacingOccurrences(of: "ipad", with: "iphone")
            guard twinName != pad.name.lowercased(),
                  let phone = appBoards.first(where: { !$0.isPadOnly && $0.name.lowercased() == twinName }) else { return nil }
            return (pad, phone)
        }
        let startsOnPadWithAnother = startsWithAnotherByKey || !padTwins.isEmpty
        let onPad = startingOnPad && startsOnPadWithAnother
        let padOnly = appBoards.contains { !$0.isPadOnly } && !appSettings.isPadOnly && !onPad
            ? appBoards.filter { $0.isPadOnly && !named.contains($0.path) } : []
        leftOut += padOnly.map { board in
            SpecLoader.Skipped(path: board.path, reason: "an iPad-only storyboard (targetRuntime=\"iOS.CocoaTouch.iPad\"), which "
                + (phoneOnly ? Self.phoneOnlyReason : "the app shows on iPad in place of its other storyboards; "
                    + (padMainNames.contains(board.name) || padTwins.contains { $0.pad.path == board.path } ? Self.padAppAdvice
                        : "check it alone, with --device ipad")))
        }
        // The storyboards the app starts with elsewhere, and the iPhone twins, imported as it starts on iPad.
        let phoneMain = onPad && startsWithAnotherByKey
            ? appBoards.filter { everyDeviceMain.contains($0.name) && !padMainNames.contains($0.name) } : []
        if onPad {
            leftOut += phoneMain.map { board in
                let setting = padMain[0]
                return SpecLoader.Skipped(path: board.path, reason: "the storyboard the app starts with on iPhone, in place of \(setting.name) "
                    + "(a ~ipad key in \(setting.file)) on iPad")
            }
            leftOut += padTwins.filter { twin in !phoneMain.contains { $0.path == twin.phone.path } }.map { twin in
                SpecLoader.Skipped(path: twin.phone.path, reason: "the iPhone twin of \(twin.pad.name), an iPad-only storyboard the app shows on "
                    + "iPad in its place")
            }
        }
        let padStarting = onPad ? [] : kept(given).filter { board in
            !board.isLaunchScreen && !padOnly.contains { $0.path == board.path } && !named.contains(board.path) && padMain.contains { $0.name == board.name }
        }
        if kept(given).contains(where: { board in !board.isLaunchScreen && !padStarting.contains { $0.path == board.path } }) {
            leftOut += padStarting.map { board in
                let setting = padMain.first { $0.name == board.name }!
                return SpecLoader.Skipped(path: board.path, reason: phoneOnly
                    ? "the storyboard a ~ipad key in \(setting.file) names, which \(Self.phoneOnlyReason)"
                    : "the storyboard the app starts with on iPad (a ~ipad key in \(setting.file)), in place of "
                        + "\(everyDeviceMain.sorted().joined(separator: ", ")); \(Self.padAppAdvice)")
            }
        }
        let imported = kept(given)
        // Read in the order of their paths, whatever the order given: ids and transition names numbered where they
        // repeat across storyboards (`start`, `start2`) are the same for a folder and for a spec that lists its
        // storyboards in any order. Only the choice of the root, when nothing else decides it, takes the first given.
        let givenPosition = Dictionary(imported.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        let storyboards = imported.sorted { $0.path < $1.path }
        /// Of `files`, the one nearest `path`: in the most of its folders, from the top; of those, the first by path.
        func nearest(_ files: [Int], to path: String) -> Int? {
            var best: (file: Int, shared: Int)?
            for file in files {
                let shared = sharedFolders(storyboards[file].path, path)
                if shared > best?.shared ?? -1 { best = (file, shared) }
            }
            return best?.file
        }
        func firstGiven(_ files: [Int]) -> Int? { files.min { givenPosition[storyboards[$0].path]! < givenPosition[storyboards[$1].path]! } }
        var notes = extensionNotes + storyboards.flatMap(\.notes)
        var rootNotes = extensionNotes
        let byID: [[String: Int]] = storyboards.map { board in
            var map: [String: Int] = [:]
            for (index, controller) in board.controllers.enumerated() where map[controller.xmlID] == nil { map[controller.xmlID] = index }
            return map
        }
        let filesByName = Dictionary(grouping: storyboards.indices) { storyboards[$0].name }
        /// The storyboard a reference in `file` opens by `name`, when several have the name (an app's Settings and a
        /// package's): of those that hold `identifier` (without one, those with an initial controller), the nearest
        /// to `file`; else the nearest.
        func referencedFile(_ name: String, from file: Int, identifier: String?) -> Int? {
            guard let named = filesByName[name], named.count > 1 else { return filesByName[name]?.first }
            let holding = named.filter { candidate in
                if let identifier {
                    return storyboards[candidate].controllers.contains { $0.storyboardIdentifier == identifier && !$0.isPlaceholder }
                }
                return storyboards[candidate].initialID != nil
            }
            return nearest(holding.isEmpty ? named : holding, to: storyboards[file].path)
        }
        func scene(_ key: SceneKey) -> Storyboard.Controller { storyboards[key.file].controllers[key.index] }
        func location(_ key: SceneKey) -> String { "\(storyboards[key.file].path):\(scene(key).line):\(scene(key).column)" }

        /// The scene a destination id stands for, through storyboard references; a placeholder that does not resolve stays.
        func resolve(_ id: String, in file: Int) -> SceneKey? {
            guard let index = byID[file][id] else { return nil }
            var key = SceneKey(file: file, index: index)
            var hops = 0
            while scene(key).isPlaceholder, hops < 8 {
                hops += 1
                let placeholder = scene(key)
                let target = placeholder.referencedStoryboard.map { referencedFile($0, from: file, identifier: placeholder.referencedIdentifier) } ?? file
                guard let target else { return key }
                let board = storyboards[target]
                let found: Int?
                if let identifier = placeholder.referencedIdentifier {
                    found = board.controllers.firstIndex { $0.storyboardIdentifier == identifier && !$0.isPlaceholder }
                } else {
                    found = board.initialID.flatMap { byID[target][$0] }
                }
                guard let found else { return key }
                key = SceneKey(file: target, index: found)
            }
            return key
        }

        // Containment edges, resolved.
        var containment: [SceneKey: [(child: SceneKey, relationship: String)]] = [:]
        var isChild: Set<SceneKey> = []
        var allKeys: [SceneKey] = []
        for (file, board) in storyboards.enumerated() {
            for (index, controller) in board.controllers.enumerated() {
                let key = SceneKey(file: file, index: index)
                allKeys.append(key)
                var edges: [(SceneKey, String)] = []
                for relation in controller.relationships {
                    guard let child = resolve(relation.destination, in: file) else {
                        notes.append("\(board.path):\(relation.line):\(relation.column): note: the \(relation.relationship) relationship names '\(relation.destination)', which is not in the file; left out")
                        continue
                    }
                    edges.append((child, relation.relationship))
                }
                for embed in controller.embeds {
                    guard let child = resolve(embed.destination, in: file) else {
                        notes.append("\(board.path):\(embed.line):\(embed.column): note: the embed segue names '\(embed.destination)', which is not in the file; left out")
                        continue
                    }
                    edges.append((child, "embed"))
                }
                containment[key] = edges
                for edge in edges { isChild.insert(edge.0) }
            }
        }

        // Ids: readable and unique; one instance per place a scene is contained (an embed twice is two).
        var usedIDs: Set<String> = []
        func uniqueID(_ base: String) -> String {
            var id = base, number = 2
            while usedIDs.contains(id) { id = base + "\(number)"; number += 1 }
            usedIDs.insert(id)
            return id
        }
        var scenesOfClass: [String: Int] = [:]
        for board in storyboards {
            for controller in board.controllers { if let custom = controller.customClass { scenesOfClass[custom, default: 0] += 1 } }
        }
        /// What the scene is called wherever it is, so that ids stay when scenes are added or moved (`diff` pairs
        /// two versions by them, and a spec listing the storyboards names them): its storyboard ID, class or title
        /// (the title first when other scenes share the class), a navigation controller without either (or whose
        /// class others share) after its root, else its class, its tab's title or its kind.
        func baseName(_ key: SceneKey, depth: Int = 0) -> String {
            let controller = scene(key)
            if controller.isPlaceholder {
                return identifier(from: (controller.referencedIdentifier ?? controller.referencedStoryboard ?? "reference") + "Reference")
            }
            if let id = controller.storyboardIdentifier, !id.isEmpty { return identifier(from: id) }
            // A class several scenes share (an app's navigation controller subclass) says less than a title, or,
            // for a navigation controller, than its root.
            let sharedClass = controller.customClass.map { (scenesOfClass[$0] ?? 0) > 1 } ?? false
            if let custom = controller.customClass, !custom.isEmpty, !sharedClass { return identifier(from: custom) }
            if let title = controller.title { return identifier(from: title) }
            if controller.tag == "navigationController", depth < 8,
               let root = containment[key]?.first(where: { $0.relationship == "rootViewController" })?.child,
               case var name = baseName(root, depth: depth + 1), name != identifier(from: scene(root).tag) {
                for suffix in ["ViewController", "Controller"] where name.hasSuffix(suffix) && name.count > suffix.count {
                    name.removeLast(suffix.count)
                    break
                }
                return identifier(from: name + "Navigation")
            }
            // A class other scenes share says less than the tab's title ("Speakers" for one of four split views).
            if let tab = controller.tabTitle, sharedClass || (controller.customClass ?? "").isEmpty { return identifier(from: tab) }
            if let custom = controller.customClass, !custom.isEmpty { return identifier(from: custom) }
            return identifier(from: controller.tag)
        }
        struct Instance {
            var id: String
            var scene: SceneKey
            var children: [(id: String, relationship: String)] = []
        }
        var instances: [Instance] = []
        var firstInstance: [SceneKey: String] = [:]
        func visit(_ key: SceneKey, path: [SceneKey]) -> String? {
            if path.contains(key) {
                notes.append("\(location(key)): note: the scene contains itself through its relationships or embeds; the cycle is cut here")
                return nil
            }
            let id = uniqueID(baseName(key))
            if firstInstance[key] == nil { firstInstance[key] = id }
            let position = instances.count
            instances.append(Instance(id: id, scene: key))
            for edge in containment[key] ?? [] {
                if let child = visit(edge.child, path: path + [key]) { instances[position].children.append((child, edge.relationship)) }
            }
            return id
        }
        for key in allKeys where !isChild.contains(key) && !(scene(key).isPlaceholder && resolve(scene(key).xmlID, in: key.file) != key) {
            _ = visit(key, path: [])
        }
        for key in allKeys where firstInstance[key] == nil && !scene(key).isPlaceholder { _ = visit(key, path: []) }

        // Controllers.
        var yamlControllers = ""
        var extraControllers = ""
        // A split's supplementary and compact columns (iOS 14's column style), which UIKit shows and vcaudit does not
        // model yet, by the instance in them: explore would call each unreachable, and advise removing it.
        var unmodeledColumns: [String: (split: String, column: String)] = [:]
        for instance in instances where kindOf(scene(instance.scene)) == "split" {
            for child in instance.children {
                switch child.relationship {
                case "supplementaryViewController": unmodeledColumns[child.id] = (instance.id, "supplementary")
                case "compactViewController": unmodeledColumns[child.id] = (instance.id, "compact")
                default: break
                }
            }
        }
        for instance in instances {
            let controller = scene(instance.scene)
            let board = storyboards[instance.scene.file]
            var lines: [String] = []
            var kind = kindOf(controller)
            if kind == "content", !instance.children.isEmpty { kind = "container" }
            if controller.isPlaceholder {
                let target = [controller.referencedStoryboard.map { "storyboard \($0)" }, controller.referencedIdentifier.map { "identifier \($0)" }]
                    .compactMap { $0 }.joined(separator: ", ")
                notes.append("\(board.path):\(controller.line):\(controller.column): note: the storyboard reference (\(target.isEmpty ? "this file's initial controller" : target)) "
                    + "is not among the files imported; kept as '\(instance.id)', a placeholder: import its storyboard too")
                lines.append(comment("# A storyboard reference (\(target.isEmpty ? "initial controller" : target)) that is not among the files imported."))
            }
            if kind != "content" { lines.append("kind: \(kind)") }
            lines.append("class: \(yamlString(controller.customClass ?? Storyboard.controllerTags[controller.tag] ?? "UIViewController"))")
            if !controller.isPlaceholder {
                lines.append("storyboard: \(yamlString(board.name))")
                if let id = controller.storyboardIdentifier, !id.isEmpty { lines.append("storyboardID: \(yamlString(id))") }
                // Code makes a storyboard's initial controller (instantiateInitialViewController()) without its identifier.
                if board.initialID == controller.xmlID, firstInstance[instance.scene] == instance.id { lines.append("storyboardInitial: true") }
            }
            if let restoration = controller.restorationIdentifier, !restoration.isEmpty {
                lines.append("restorationID: \(yamlString(restoration))")
            } else if controller.usesStoryboardIdentifierForRestoration, let id = controller.storyboardIdentifier, !id.isEmpty {
                lines.append("restorationID: \(yamlString(id))   # \"Use Storyboard ID\"")
            }
            if let style = controller.modalPresentationStyle {
                if let mapped = presentationStyle(style) {
                    lines.append("modalPresentationStyle: \(mapped)")
                } else {
                    notes.append("\(board.path):\(controller.line):\(controller.column): note: modalPresentationStyle '\(style)' is not one vcaudit models; left out")
                }
            }
            if controller.definesPresentationContext { lines.append("definesPresentationContext: true") }
            if let column = unmodeledColumns[instance.id] {
                lines.append("ignore: [{ rule: unreachable_controller, reason: \"the \(column.column) column of split '\(column.split)', which "
                    + "vcaudit does not model yet\" }]")
            }
            switch kind {
            case "navigation":
                if controller.navigationBarHidden { lines.append("navigationBarHidden: true") }
                if let root = instance.children.first(where: { $0.relationship == "rootViewController" }) {
                    lines.append("root: \(root.id)")
                } else {
                    let placeholder = uniqueID(instance.id + "Root")
                    notes.append("\(board.path):\(controller.line):\(controller.column): note: navigation controller '\(instance.id)' has no root in the storyboard "
                        + "(it is set in code); '\(placeholder)' stands for it")
                    lines.append("root: \(placeholder)   # set in code")
                    extraControllers += "  \(placeholder):   # the root '\(instance.id)' gets in code\n"
                }
            case "split":
                // The first primary and the first secondary column; a storyboard never has more, but a damaged one might.
                let primary = instance.children.first { ["masterViewController", "primaryViewController"].contains($0.relationship) }
                let secondary = instance.children.first { ["detailViewController", "secondaryViewController"].contains($0.relationship) }
                let columns = [primary, secondary].compactMap { $0 }
                let unmodeled = instance.children.filter { unmodeledColumns[$0.id] != nil }.map { "'\($0.id)'" }
                if !unmodeled.isEmpty {
                    notes.append("\(board.path):\(controller.line):\(controller.column): note: split view controller '\(instance.id)' has supplementary or compact columns; "
                        + "vcaudit models the primary and secondary ones, and declares \(Self.listing(unmodeled)) with an ignore of "
                        + "unreachable_controller, since UIKit shows \(unmodeled.count == 1 ? "it" : "them")")
                }
                if !columns.isEmpty { lines.append("children: [\(columns.map(\.id).joined(separator: ", "))]") }
                if columns.count < 2 {
                    notes.append("\(board.path):\(controller.line):\(controller.column): note: split view controller '\(instance.id)' has \(columns.count) of its two columns in the storyboard; the rest is set in code")
                }
            case "page":
                // A page curl turns pages in another order than a scroll (Interface Builder writes the style; a
                // scroll, vcaudit's default, is what storyboards use), and its spine says how many pages it shows.
                let curl = controller.pageTransitionStyle == "pageCurl"
                if curl {
                    lines.append("transitionStyle: pageCurl")
                    if let spine = controller.spineLocation, spine == "mid" || spine == "max" { lines.append("spine: \(spine)") }
                }
                // Pages are always set in code; a page view controller declared with none would crash when it loads.
                let pages = curl && controller.spineLocation == "mid"
                    ? [uniqueID(instance.id + "Page"), uniqueID(instance.id + "Page")] : [uniqueID(instance.id + "Page")]
                notes.append("\(board.path):\(controller.line):\(controller.column): note: the pages of page view controller '\(instance.id)' are set in code; "
                    + (pages.count == 1 ? "'\(pages[0])' stands for the first one" : "'\(pages[0])' and '\(pages[1])' stand for the first two")
                    + ": name the real ones in 'children:'")
                lines.append("children: [\(pages.joined(separator: ", "))]   # set in code")
                for (index, page) in pages.enumerated() {
                    extraControllers += "  \(page):   # the \(index == 0 ? "first" : "second") page '\(instance.id)' gets in code\n"
                }
            default:
                let children = instance.children.map(\.id)
                if !children.isEmpty { lines.append("children: [\(children.joined(separator: ", "))]") }
            }
            lines.append("source: \(yamlString(sourceReference(board.path, controller.line, controller.column)))")
            yamlControllers += "  \(instance.id):\n" + lines.map { "    " + $0 + "\n" }.joined()
        }
        yamlControllers += extraControllers

        // The window.
        // The window's root has no parent: an instance of the initial scene that no container holds (found by fuzzing:
        // an initial controller that is also a container's child).
        var window: String?
        var rootIsAGuess = false
        /// Why the root is a guess, for the comment on the written `window:` line.
        var guessComment = "the app makes its root in code"
        var mainPath = imported.first?.path
        let contained = Set(instances.flatMap { $0.children.map(\.id) })
        // The app starts with the storyboard its settings name (UIMainStoryboardFile), which the XML does not say.
        // Without them: not one another storyboard opens through a reference (it is shown from there), the one
        // named Main, else the first.
        let withInitial = storyboards.indices.filter { storyboards[$0].initialID != nil }
        // Of several Xcode projects (an app's, a framework's or a sample app's in its folders), the app starts with a
        // storyboard of its own project's, or of no project's: never with another project's, nor as its settings say.
        let appProject = Self.appProject(appSettings, naming: Set(withInitial.map { storyboards[$0].name }))
        let ofOtherProjects = withInitial.filter { file in
            appProject.map { app in appSettings.project(of: storyboards[file].path).map { $0 != app.project.folder } ?? false } ?? false
        }
        let starting = ofOtherProjects.count < withInitial.count ? withInitial.filter { !ofOtherProjects.contains($0) } : withInitial
        let appsOwn = appProject.map { app in settings.filter { $0.project == nil || $0.project == app.project.folder } } ?? settings
        let referenced = Set(storyboards.indices.flatMap { file in
            storyboards[file].controllers.compactMap { controller in
                controller.isPlaceholder && controller.referencedIdentifier == nil
                    ? controller.referencedStoryboard.flatMap { name in referencedFile(name, from: file, identifier: nil).flatMap { $0 == file ? nil : $0 } } : nil
            }
        })
        let entryPoints = starting.filter { !referenced.contains($0) }.isEmpty ? starting : starting.filter { !referenced.contains($0) }
        /// Whether `found` names the storyboard the app starts with on the device it is imported for.
        func isMain(_ found: AppStoryboardSettings.Found) -> Bool {
            found.role == .main && (onPad && startsWithAnotherByKey ? found.device == .ipad : found.device != .ipad)
        }
        /// The storyboard the app starts with when the settings name `name`: on iPad, an iPhone twin's iPad twin.
        func startsWith(_ name: String) -> String { onPad ? padTwins.first { $0.phone.name == name }?.pad.name ?? name : name }
        let setting = appsOwn.first { found in isMain(found) && starting.contains { storyboards[$0].name == startsWith(found.name) } }
        // Of several storyboards of that name (an app and a sample app each have a Main), the one nearest the setting.
        let chosen = setting.flatMap { found in nearest(starting.filter { storyboards[$0].name == startsWith(found.name) }, to: found.file) }
            ?? firstGiven(entryPoints.filter { storyboards[$0].name.lowercased() == "main" }) ?? firstGiven(entryPoints)
        if let file = chosen {
            let board = storyboards[file]
            mainPath = board.path
            if let key = resolve(board.initialID!, in: file) {
                window = instances.first { $0.scene == key && !contained.contains($0.id) }?.id
                if window == nil, firstInstance[key] != nil {
                    notes.append("\(board.path):1:1: note: the initial controller is also a child of a container, which a window's root "
                        + "cannot be; set 'window:' yourself")
                }
            }
            // The app's settings were read, and do not name the storyboard it starts with: its root is made in code,
            // and the one chosen here is a guess (which reachability from launch cannot be judged by).
            // So is a launch screen named as the main storyboard (kept when it is all there is to import): the app
            // replaces the root it makes.
            let launchScreenNames = Set(launchScreens.map(\.name))
                .union(appsOwn.filter { $0.role == .launchScreen }.map(\.name)).subtracting(appsInterface)
            let mainSetting = setting ?? appsOwn.first(where: isMain)
            // An extension's storyboard checked as the app starts as its host shows it, from its initial controller.
            let madeInCode: String? = if allExtensions.contains(where: { $0.board.path == board.path }) { nil }
                else if let named = mainSetting, launchScreenNames.contains(named.name) || (setting != nil && board.isLaunchScreen) {
                    "\(named.file) names '\(named.name)', a launch screen, as the main storyboard, so the app replaces the window's root in code"
                } else if setting != nil { nil }
                else if let named = mainSetting {
                    "\(named.file) names '\(named.name)' as the main storyboard, "
                        + (storyboards.contains { $0.name == startsWith(named.name) } ? "which has no initial view controller" : "which is not among them")
                } else if let app = appsOwn.first(where: { $0.role == .launchScreen || $0.role == .app }) {
                    "\(app.file) names no main storyboard, so the app makes its window's root in code"
                } else { nil }
            if let madeInCode, window != nil {
                rootIsAGuess = true
                if starting.count == 1 {
                    rootNotes.append("\(board.path):1:1: note: the window's root is \(board.name)'s initial controller, a guess: \(madeInCode); "
                        + "set 'window:' to the controller the app starts with")
                    notes.append(rootNotes.last!)
                }
            }
            if starting.count > 1 {
                // Named by path when two share a name (an app's targets often each have a Main).
                let names = starting.map { storyboards[$0].name }
                let others = starting.filter { $0 != file }.map { other in
                    names.filter { $0 == storyboards[other].name }.count > 1 ? storyboards[other].path : storyboards[other].name
                }
                let othersListed = Self.listing(others)
                let why = if let setting { "the UIMainStoryboardFile of \(setting.file)" }
                    else if board.name.lowercased() == "main" { "by its name" }
                    else if referenced.contains(where: starting.contains) { "no other storyboard opens it" }
                    else { "the first given" }
                // Without the app's settings, where they would say which: the folder that holds them, unless they were read.
                let advice = if setting != nil { "" }
                    else if let madeInCode { ": \(madeInCode)" }
                    else if !appSettings.propertyLists.isEmpty || !appSettings.projects.isEmpty {
                        " (its Info.plist's UIMainStoryboardFile says which; none of the app's settings read in the folders given names one)"
                    } else { " (its Info.plist's UIMainStoryboardFile says which; give the folder that holds it)" }
                let note = "\(board.path):1:1: note: \(starting.count) storyboards have an initial view controller; the window's root "
                    + "is \(board.name)'s (\(why); the others: \(othersListed)); set 'window:' if the app starts "
                    + "with another\(advice)"
                notes.append(note)
                // Nothing said which: the first given is a guess too (ruuvi's project is XcodeGen's project.yml, which
                // this does not read: its About screen was the root).
                if madeInCode == nil, setting == nil, why == "the first given", window != nil {
                    rootIsAGuess = true
                    guessComment = "the first of \(starting.count) storyboards with an initial controller"
                }
                if rootIsAGuess { rootNotes.append(note) }
            }
            if let appProject, starting.count < withInitial.count {
                let why = appProject.why
                notes.append("\(board.path):1:1: note: the app starts with a storyboard of its own Xcode project, \(appProject.project.bundle) "
                    + "(\(why)), not with another project's: \(ofOtherProjects.map { storyboards[$0].path }.joined(separator: ", "))")
            }
        }
        // The devices the app shows these storyboards on: not iPad when it starts there with another storyboard, and an
        // iPhone app runs on iPad as on an iPhone.
        var deviceRestriction: DeviceRestriction?
        /// How the app shows its iPhone twins' iPad-only storyboards in their place, for a reason.
        let twinsShown = padTwins.map { "\($0.pad.name) in place of \($0.phone.name)" }.joined(separator: ", ")
        if onPad, startsWithAnotherByKey, chosen != nil, let pad = padMain.first {
            deviceRestriction = DeviceRestriction(devices: [.ipad], reason: "the app starts with \(pad.name) on iPad only "
                + "(a ~ipad key in \(pad.file)), and with \(Set(phoneMain.map(\.name)).sorted().joined(separator: ", ")) elsewhere")
        } else if onPad, !padTwins.isEmpty, chosen != nil {
            deviceRestriction = DeviceRestriction(devices: [.ipad], reason: "on iPad only the app shows \(twinsShown) (iPad-only twins of iPhone "
                + "storyboards, picked by the device in code)")
        } else if chosen != nil, !appSettings.isPadOnly {
            let board = storyboards[chosen!]
            // Every app target's settings must say iPhone only (`Settings.isPhoneOnlyApp`), of the app's own project.
            let appFiles = Set(((setting.map { [$0] } ?? []) + appsOwn.filter { [.main, .launchScreen, .app].contains($0.role) }).map(\.file)).sorted()
            if !phoneOnly, let pad = appsOwn.first(where: { $0.role == .main && $0.device == .ipad && $0.name != board.name }) {
                deviceRestriction = DeviceRestriction(devices: [.iphone], reason: "on iPad the app starts with the storyboard '\(pad.name)' "
                    + "(a ~ipad key in \(pad.file)), not with \(board.name)")
                notes.append("\(board.path):1:1: note: checked on iphone only: \(deviceRestriction!.reason); \(Self.padAppAdvice)")
            } else if !padTwins.isEmpty {
                deviceRestriction = DeviceRestriction(devices: [.iphone], reason: "on iPad the app shows \(twinsShown) (iPad-only twins of "
                    + "iPhone storyboards, picked by the device in code)")
                notes.append("\(board.path):1:1: note: checked on iphone only: \(deviceRestriction!.reason); \(Self.padAppAdvice)")
            } else if appSettings.isPhoneOnlyApp(propertyLists: appFiles) {
                deviceRestriction = DeviceRestriction(devices: [.iphone], reason: "an iPhone app (TARGETED_DEVICE_FAMILY = 1 for "
                    + "\(appFiles.joined(separator: ", "))), "
                    + "which runs on iPad in iPhone compatibility mode, in an iPhone's compact width: its iphone findings are its iPad ones")
            }
        }
        // (An initial controller that a container holds has its own note above.)
        if window == nil, starting.isEmpty, !instances.isEmpty {
            notes.append("\(imported.first?.path ?? "storyboard"):1:1: note: no initial view controller in the files imported; "
                + "set 'window:' to the controller the app starts with")
        }

        // Transitions.
        var transitionNames: Set<String> = []
        var yamlTransitions = ""
        /// A segue's transition before it is named: what is known of it, in the order written.
        struct TransitionEntry {
            var base: String
            var controlLabel: String?
            var identifier: String?
            /// Drawn from the controller: the code performs it, which explore performs but never double taps.
            var isManual: Bool
            var fields: [String]
            var source: String
            var comment: String?
        }
        enum Entry {
            case comment(String)
            case transition(TransitionEntry)
        }
        var segueEntries: [Entry] = []
        var transitionCount = 0
        let instancesOfScene = Dictionary(grouping: instances, by: \.scene)
        var unwindDestinations: UnwindDestinations?
        if let unwindActions {
            // Above each controller: its container, and every controller whose segue shows it.
            var above: [String: [String]] = [:]
            for instance in instances {
                for child in instance.children { above[child.id, default: []].append(instance.id) }
                for segue in scene(instance.scene).segues where segue.kind != "unwind" {
                    if let shown = resolve(segue.destination, in: instance.scene.file).flatMap({ firstInstance[$0] }) {
                        above[shown, default: []].append(instance.id)
                    }
                }
            }
            unwindDestinations = UnwindDestinations(
                actions: unwindActions,
                controllers: instances.map { instance in
                    let controller = scene(instance.scene)
                    return (instance.id, controller.isPlaceholder ? nil
                        : controller.customClass.flatMap { $0.isEmpty ? nil : $0 } ?? Storyboard.controllerTags[controller.tag])
                }, above: above)
        }
        /// Where an implementation is, `path:line`, its path as the spec's folder reaches it.
        func place(_ implementation: UnwindActions.Implementation) -> String {
            guard let specFolder, !implementation.file.hasPrefix("/") else { return "\(implementation.file):\(implementation.line)" }
            return "\(FilePath.relative(implementation.file, to: specFolder, workingDirectory: workingDirectory)):\(implementation.line)"
        }
        for key in allKeys {
            let controller = scene(key)
            let board = storyboards[key.file]
            // Every instance of the scene has its segues (a scene embedded twice, or both a tab and a split's column,
            // is two controllers that each can perform them); what the import says about a segue is said once.
            let copies = (instancesOfScene[key] ?? []).map(\.id)
            guard let first = copies.first else { continue }
            for segue in controller.segues {
                // An unwind segue that lands nowhere known is said once, for the first copy it does not land from.
                var unwindSaid = false
                for from in copies {
                    let saying = from == first
                    let here = sourceReference(board.path, segue.line, segue.column)
                    var unwindTo: (to: String, comment: String)?
                    if segue.kind == "unwind" {
                        let destination = segue.unwindAction.flatMap { unwindDestinations?.destination(of: $0, from: from) } ?? .unknown
                        if case .controller(let to, let implementation, let among, let isAbove) = destination {
                            // Every copy of the method in that class (a Swift and an Objective-C file of one class, one of them not built).
                            let methods = unwindActions?.implementations[segue.unwindAction!]?.filter { $0.typeName == implementation.typeName } ?? [implementation]
                            unwindTo = (to, "unwind \(segue.unwindAction!) lands on '\(to)': \(implementation.typeName) implements it "
                                + "(\(methods.map(place).joined(separator: ", ")))"
                                + (among.isEmpty ? "" : "; of \(Self.listing(among)), which can receive it, the first the way up from '\(from)' meets")
                                + (isAbove ? "" : "; no segue shows '\(from)' from it (the code may)"))
                        } else {
                            guard !unwindSaid else { continue }
                            unwindSaid = true
                            let candidates: String
                            switch destination {
                            case .oneOf(let found):
                                candidates = ": one of " + Self.listing(found.map { "'\($0.controller)' (\($0.implementation.typeName), \($0.implementation.file):\($0.implementation.line))" })
                                    + ", which the storyboards do not tell apart"
                            case .undeclared(let found):
                                candidates = ": of a class no storyboard scene declares (the code makes it): "
                                    + Self.listing(found.map { "\($0.typeName) (\($0.file):\($0.line))" })
                            default:
                                candidates = ""
                            }
                            notes.append("\(board.path):\(segue.line):\(segue.column): note: the unwind segue\(segue.unwindAction.map { " '\($0)'" } ?? "") from '\(from)' "
                                + "lands on the controller that implements its action, found at run time\(candidates); add it as a transition "
                                + "'{segue: unwind, from: \(from), to: <that controller>}'")
                            let listed = if case .oneOf(let found) = destination { ", one of \(Self.listing(found.map(\.controller)))" } else { "" }
                            segueEntries.append(.comment(comment("  # unwind\(segue.unwindAction.map { " \($0)" } ?? "") from \(from): destination found at run time\(listed) (\(here))")))
                            continue
                        }
                    }
                    let to: String
                    if let unwindTo {
                        to = unwindTo.to
                    } else {
                        guard let destinationKey = resolve(segue.destination, in: key.file), let found = firstInstance[destinationKey] else {
                            if saying { notes.append("\(board.path):\(segue.line):\(segue.column): note: the \(segue.kind) segue from '\(from)' names '\(segue.destination)', which is not in the file; left out") }
                            continue
                        }
                        to = found
                    }
                    let segueIdentifier = segue.identifier.flatMap { $0.isEmpty ? nil : $0 }
                    if segue.isManual, segueIdentifier == nil {
                        // Xcode warns about it too: nothing can perform a segue drawn from a controller without an identifier.
                        if saying {
                            notes.append("\(here): note: the manual \(segue.kind) segue from '\(from)' has no identifier, so no code can perform it "
                                + "(performSegue(withIdentifier:) needs one); left out")
                        }
                        continue
                    }
                    var fields: [String] = []
                    var comment: String?
                    switch segue.kind {
                    case "show": fields.append("segue: show")
                    case "push": fields.append("segue: push")
                    case "showDetail": fields.append("segue: showDetail")
                    case "replace":
                        fields.append("segue: showDetail")
                        comment = "legacy replace"
                    case "presentation", "modal": fields.append("segue: modal")
                    case "popoverPresentation", "popover": fields.append("segue: popover")
                    case "custom": fields.append("segue: custom")
                    case "unwind":
                        fields.append("segue: unwind")
                        comment = unwindTo?.comment
                    default:
                        if saying { notes.append("\(board.path):\(segue.line):\(segue.column): note: segue kind '\(segue.kind)' is not one vcaudit knows; left out") }
                        continue
                    }
                    fields.append("from: \(from)")
                    fields.append("to: \(to)")
                    if let style = segue.modalPresentationStyle, let mapped = presentationStyle(style) { fields.append("style: \(mapped)") }
                    if fields[0] == "segue: popover", let (anchorKind, anchor) = segue.anchorView.map({ ("sourceView", $0) })
                        ?? segue.anchorBarButtonItem.map({ ("barButtonItem", $0) }) {
                        let name = identifier(from: anchor.name)
                        fields.append("anchor: { \(anchorKind): \(yamlString(name)) }")
                        if !anchor.isOutlet, saying {
                            // Generated tests set the anchor through the controller's property of that name.
                            notes.append("\(board.path):\(segue.line):\(segue.column): note: the popover's anchor (\(anchor.name)) is held by no "
                                + "outlet of '\(from)'; it is called '\(name)', which generated tests read as a property of the controller: "
                                + "add an outlet by that name, or rename the anchor in the spec to the property that holds it")
                        }
                    }
                    if segue.kind == "custom" {
                        comment = "custom segue\(segue.customClass.map { " \($0)" } ?? ""): modelled as a presentation; if its perform() does something else, write it as calls"
                        if saying { notes.append("\(board.path):\(segue.line):\(segue.column): note: custom segue\(segue.customClass.map { " \($0)" } ?? "") from '\(from)' is modelled as a presentation; "
                            + "what its perform() really does is in code") }
                    } else if let custom = segue.customClass, !custom.isEmpty {
                        // A subclass of a built-in segue (a popover segue that wraps its destination, say).
                        let kind = fields[0].dropFirst("segue: ".count)
                        comment = (comment.map { $0 + "; " } ?? "") + "segue class \(custom): modelled as a \(kind) segue; if its perform() does more, write it as calls"
                        if saying {
                            notes.append("\(board.path):\(segue.line):\(segue.column): note: the \(kind) segue from '\(from)' has the class \(custom), "
                                + "modelled as UIKit's \(kind) segue; what its perform() adds is in code")
                        }
                    }
                    if !segue.animates { fields.append("animated: false") }
                    segueEntries.append(.transition(TransitionEntry(
                        base: segueIdentifier.map { Self.identifier(from: $0) } ?? (from + "To" + to.prefix(1).uppercased() + to.dropFirst()),
                        controlLabel: segue.controlLabel, identifier: segueIdentifier, isManual: segue.isManual, fields: fields, source: here,
                        comment: comment)))
                }
            }
        }
        // Names, once every segue is known: segues without an identifier between the same controllers are told
        // apart by their controls' labels, all of them, so that adding one renames none of the others; numbers only
        // where labels do not tell them apart.
        var basesWithoutIdentifier: [String: Int] = [:]
        for case .transition(let entry) in segueEntries where entry.identifier == nil { basesWithoutIdentifier[entry.base, default: 0] += 1 }
        for entry in segueEntries {
            guard case .transition(let transition) = entry else {
                if case .comment(let text) = entry { yamlTransitions += text + "\n" }
                continue
            }
            var base = transition.base
            if transition.identifier == nil, (basesWithoutIdentifier[base] ?? 0) > 1, let label = transition.controlLabel {
                base = Self.identifier(from: base + " " + label)
            }
            var name = base, number = 2
            while transitionNames.contains(name) { name = base + "\(number)"; number += 1 }
            transitionNames.insert(name)
            var fields = transition.fields
            // The identifier code performs it by (generated tests do), when the name is not it; none, said.
            if let identifier = transition.identifier {
                if identifier != name { fields.append("identifier: \(yamlString(identifier))") }
            } else {
                fields.append("identifier: null")
            }
            if transition.isManual { fields.append("manual: true") }
            fields.append("source: \(yamlString(transition.source))")
            if let note = transition.comment { yamlTransitions += Self.comment("  # \(note)") + "\n" }
            yamlTransitions += "  \(name): { \(fields.joined(separator: ", ")) }\n"
            transitionCount += 1
        }

        if instances.isEmpty {
            for board in storyboards where board.controllers.isEmpty {
                notes.append("\(board.path):1:1: note: the storyboard has no scenes, so there is nothing to import from it")
            }
        }
        var yaml = comment("# Imported by \(VCAuditVersion.tool) from \(storyboards.map(\.path).joined(separator: ", ")).") + "\n"
        yaml += "# Run `vcaudit import storyboard` again after editing them; add scenarios (and `calls` transitions for\n"
        yaml += "# what the code does) below, or in a spec of your own that lists these storyboards.\n"
        yaml += "vcaudit: 1\n"
        if instances.isEmpty {
            yaml += "controllers: {}\n"
        } else {
            yaml += "controllers:\n" + yamlControllers
        }
        if let window {
            yaml += "window: \(window)" + (rootIsAGuess ? "   # a guess: \(guessComment); set the controller it starts with" : "") + "\n"
        }
        if appSettings.isPadOnly {
            yaml += "device: ipad   # TARGETED_DEVICE_FAMILY = 2: an iPad app\n"
        } else if let deviceRestriction, deviceRestriction.devices == [.iphone] {
            yaml += comment("device: iphone   # \(deviceRestriction.reason)" + (startsOnPadWithAnother ? "; \(Self.padAppAdvice)" : "")) + "\n"
        } else if onPad, let deviceRestriction {
            yaml += "device: ipad   # \(deviceRestriction.reason)\n"
        } else if let main = storyboards.first(where: { $0.path == mainPath }), main.isPadOnly {
            yaml += "device: ipad   # an iPad-only storyboard\n"
        } else if startingOnPad {
            yaml += "device: ipad   # imported as the app starts on iPad (--device ipad)\n"
        }
        if !yamlTransitions.isEmpty {
            // Only comments (unwind segues) would leave `transitions:` empty, which is not a mapping.
            yaml += (transitionCount == 0 ? "transitions: {}\n" : "transitions:\n") + yamlTransitions
        }
        var result = Result(yaml: yaml, notes: notes, mainPath: mainPath, controllerCount: instances.count, transitionCount: transitionCount,
                            leftOut: leftOut)
        result.rootIsAGuess = rootIsAGuess
        result.rootNotes = rootNotes
        result.deviceRestriction = deviceRestriction
        result.startsOnPadWithAnother = startsOnPadWithAnother
        return result
    }

    /// `items` joined with commas, five of them and how many more when there are more than six: an app of fifty
    /// storyboards, or a storyboard of hundreds of candidates, would make a note one screen-wide line.
    public static func listing(_ items: [String]) -> String {
        items.count <= 6 ? items.joined(separator: ", ") : items.prefix(5).joined(separator: ", ") + " and \(items.count - 5) more"
    }

    /// Why an iPhone app's iPad storyboards are never shown, said where they are left out.
    static let phoneOnlyReason = "this iPhone app (TARGETED_DEVICE_FAMILY = 1) never shows: on iPad it runs as on an iPhone"

    /// What to do about an app that starts on iPad with another storyboard, said where its iPhone one is imported.
    static let padAppAdvice = "'vcaudit check' or 'explore' of its folder checks both; 'vcaudit import storyboard' of it with --device ipad "
        + "writes the iPad app's spec"

    /// The app's Xcode project, of several found: the shallowest; of several at that depth, the first whose settings
    /// name a storyboard among `names` as the one the app starts with (`byItsSettings`), else the first whose settings
    /// name an app's storyboard at all (a main storyboard or a launch screen: an app target, which makes its root in
    /// code when it names no main one), else the first found.
    static func appProject(_ settings: AppStoryboardSettings.Settings, naming names: Set<String>)
        -> (project: AppStoryboardSettings.Project, why: String)? {
        guard let depth = settings.projects.map(\.depth).min() else { return nil }
        let shallowest = settings.projects.filter { $0.depth == depth }
        let first = (shallowest[0], "the shallowest of the \(settings.projects.count) found")
        guard shallowest.count > 1 else { return first }
        if let named = shallowest.first(where: { project in
            settings.storyboards.contains { $0.role == .main && $0.project == project.folder && names.contains($0.name) }
        }) {
            return (named, "of the shallowest projects, the one whose settings name the storyboard it starts with")
        }
        if let anApp = shallowest.first(where: { project in
            settings.storyboards.contains { ($0.role == .main || $0.role == .launchScreen) && $0.project == project.folder }
        }) {
            return (anApp, "of the shallowest projects, the one whose settings name an app's storyboard (its launch screen)")
        }
        return first
    }

    /// The storyboards among `given` that no target of their Xcode project builds: the deepest project in the folders
    /// given that holds each names no file of its name (Corona-Warn-App's old Main.storyboard), or only test targets
    /// copy it (its `DynamicTableViewControllerFake.storyboard`).
    ///
    /// A project that names no storyboard at all, or takes in files it does not name (a synchronized folder, a folder
    /// reference), says nothing, and neither does one whose folders hold a Swift package or a CocoaPods pod between it
    /// and the storyboard (their own manifests build it).
    static func unbuilt(_ given: [Storyboard], settings: AppStoryboardSettings.Settings) -> [SpecLoader.Skipped] {
        let fm = FileManager.default
        return given.compactMap { board in
            // Every project in the folder of the deepest one that holds it: an app's project and a demo's or a
            // framework's often sit side by side, and the storyboard is built if any of them names it.
            guard let folder = settings.project(of: board.path) else { return nil }
            let projects = settings.projects.filter { $0.folder == folder }
            guard !projects.isEmpty else { return nil }
            let name = board.path.split(separator: "/").last.map(String.init) ?? board.path
            let naming = projects.filter { $0.storyboardNames.contains(name) }
            // A test bundle's resource (a fake for a unit test) is no screen of the app.
            if !naming.isEmpty, naming.allSatisfy({ $0.testOnlyStoryboardNames.contains(name) }) {
                return SpecLoader.Skipped(path: board.path, reason: "a storyboard only test targets of "
                    + "\(naming.map(\.file).joined(separator: ", ")) copy, not the app")
            }
            guard naming.isEmpty, !projects.contains(where: \.includesUnnamedFiles),
                  projects.contains(where: { !$0.storyboardNames.isEmpty }) else { return nil }
            var between = FilePath.folder(of: board.path)
            while FilePath.isInside(between, folder: folder) {
                let files = (try? fm.contentsOfDirectory(atPath: between)) ?? []
                if files.contains(where: { $0 == "Package.swift" || $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }) { return nil }
                if FilePath.tidy(between) == FilePath.tidy(folder) { break }
                between = FilePath.folder(of: between)
            }
            let files = projects.map(\.file).joined(separator: ", ")
            return SpecLoader.Skipped(path: board.path, reason: "a storyboard \(files) \(projects.count == 1 ? "does" : "do") not name, which no "
                + "target of \(projects.count == 1 ? "the project" : "these projects") builds (a file left behind)")
        }
    }

    /// How many folders, from the top, `one` and `other` are both in: how near two files of an app are.
    static func sharedFolders(_ one: String, _ other: String) -> Int {
        let folders = FilePath.folder(of: one).split(separator: "/"), otherFolders = FilePath.folder(of: other).split(separator: "/")
        return zip(folders, otherFolders).prefix { $0 == $1 }.count
    }

    /// The spec's kind for a controller element.
    static func kindOf(_ controller: Storyboard.Controller) -> String {
        switch controller.tag {
        case "navigationController": "navigation"
        case "tabBarController": "tabBar"
        case "splitViewController": "split"
        case "pageViewController": "page"
        default: controller.embeds.isEmpty ? "content" : "container"
        }
    }

    /// Interface Builder's `modalPresentationStyle` values are UIKit's case names.
    static func presentationStyle(_ value: String) -> String? {
        PresentationStyle(rawValue: value)?.rawValue
    }

    /// The longest identifier made from a storyboard's name, in Unicode scalars: two of them, a joining word and a
    /// number stay a key YAML reads, even at four bytes a scalar.
    static let maximumIdentifierLength = 80

    /// The storyboards among `given` that copy another one, and why: a localized variant (`fr.lproj/Main`) beside
    /// the one UIKit falls back to (`Base.lproj`, else `en.lproj`, else the first by path), and a copy in an
    /// Xcode localization catalog (`*.xcloc`) beside any storyboard that is not one.
    static func copiesLeftOut(_ given: [Storyboard]) -> [SpecLoader.Skipped] {
        func components(_ path: String) -> [Substring] { path.split(separator: "/", omittingEmptySubsequences: false) }
        func isCatalogCopy(_ board: Storyboard) -> Bool { components(board.path).dropLast().contains { $0.hasSuffix(".xcloc") } }
        var leftOut: [SpecLoader.Skipped] = []
        if given.contains(where: { !isCatalogCopy($0) }) {
            for board in given where isCatalogCopy(board) {
                let catalog = components(board.path).first { $0.hasSuffix(".xcloc") } ?? ""
                leftOut.append(SpecLoader.Skipped(path: board.path, reason: "a copy in the Xcode localization catalog \(catalog), "
                    + "which is exported for translators and not part of the app"))
            }
        }
        // Variants: the same path but for its `.lproj` folder.
        func variantKey(_ board: Storyboard) -> String {
            components(board.path).map { $0.hasSuffix(".lproj") ? "*.lproj" : String($0) }.joined(separator: "/")
        }
        func language(_ board: Storyboard) -> Substring? { components(board.path).dropLast().last { $0.hasSuffix(".lproj") } }
        var groups: [String: [Storyboard]] = [:]
        var order: [String] = []
        for board in given where !isCatalogCopy(board) && language(board) != nil {
            let key = variantKey(board)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(board)
        }
        for key in order {
            guard let variants = groups[key], variants.count > 1 else { continue }
            let kept = variants.first { language($0) == "Base.lproj" } ?? variants.first { language($0) == "en.lproj" }
                ?? variants.min { $0.path < $1.path }!
            for board in variants where board.path != kept.path {
                leftOut.append(SpecLoader.Skipped(path: board.path, reason: "a localized variant of \(kept.path) (\(language(board) ?? "")); "
                    + "UIKit loads one variant of a storyboard, and vcaudit imports \(language(kept) ?? "") as UIKit falls back to it"))
            }
        }
        return leftOut
    }

    /// The storyboards among `given` that an app extension shows, each with why.
    ///
    /// One an extension's Info.plist names (`NSExtensionMainStoryboard`): the one of that name under the folder of
    /// that Info.plist, else the only one of that name, unless the app's own settings name it too. And any other in
    /// the folder of an Info.plist with an `NSExtension` key, or below it, when that is the Info.plist nearest above
    /// it: an extension whose principal class builds its interface opens its storyboards by name.
    static func extensionStoryboards(_ given: [Storyboard], settings appSettings: AppStoryboardSettings.Settings)
        -> [(board: Storyboard, why: String)] {
        let settings = appSettings.storyboards
        let appNames = Set(settings.filter { $0.role == .main }.map(\.name))
        var found: [(board: Storyboard, why: String)] = []
        for setting in settings where setting.role == .appExtension {
            let named = given.filter { $0.name == setting.name }
            let folder = FilePath.folder(of: setting.file)
            let inFolder = named.filter { FilePath.isInside($0.path, folder: folder) }
            let boards = !inFolder.isEmpty ? inFolder : (named.count == 1 && !appNames.contains(setting.name) ? named : [])
            for board in boards where !found.contains(where: { $0.board.path == board.path }) {
                found.append((board, "NSExtensionMainStoryboard in \(setting.file)"))
            }
        }
        for board in given where !found.contains(where: { $0.board.path == board.path }) {
            // The Info.plist files in the deepest folder that holds the storyboard (its folders are all above it, so
            // the longest is the deepest): all an extension's, or the storyboard is not said to be one.
            let above = appSettings.propertyLists.filter { FilePath.isInside(board.path, folder: FilePath.folder(of: $0.file)) }
            let depth = above.map { FilePath.folder(of: $0.file).count }.max()
            let nearest = above.filter { FilePath.folder(of: $0.file).count == depth }
            if let first = nearest.first, nearest.allSatisfy(\.isAppExtension) {
                found.append((board, "in the folder of \(first.file), an Info.plist with NSExtension"))
            }
        }
        return found
    }

    /// A readable identifier: letters and digits in lower camel case (`Settings View` → `settingsView`).
    ///
    /// Ids and transition names are written as plain YAML keys, so the result always reads back as itself.
    static func identifier(from text: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first else { return "controller" }
        var id = lowerCamelHead(first)
        for word in words.dropFirst() { id += word.prefix(1).uppercased() + word.dropFirst() }
        // Ids become keys, and a transition's name may join two of them: YAML reads no key longer than 1,024 characters,
        // so a long name is cut (an id made unique gets a number after the cut).
        if id.unicodeScalars.count > maximumIdentifierLength {
            id = String(String.UnicodeScalarView(id.unicodeScalars.prefix(maximumIdentifierLength)))
        }
        // A name YAML would not read as a plain string (a number, or `null`, found by the storyboard fuzz target) gets a prefix.
        if let head = id.unicodeScalars.first, ("0"..."9").contains(head) { id = "vc" + id }
        if id == "null" { id = "vcNull" }
        return id
    }

    /// A word with its leading capitals lowered the way Swift names do: `URIIconView` → `uriIconView`, `Home` → `home`.
    static func lowerCamelHead(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var upper = 0
        while upper < scalars.count, scalars[upper].properties.isUppercase { upper += 1 }
        // In an acronym followed by a word, the acronym's last capital starts the word.
        let cut = upper > 1 && upper < scalars.count ? upper - 1 : max(upper, 1)
        var result = String(String.UnicodeScalarView(scalars[..<min(cut, scalars.count)])).lowercased()
        result.unicodeScalars.append(contentsOf: scalars[min(cut, scalars.count)...])
        return result
    }

    /// A comment line as YAML reads it: line breaks and other control characters in names become spaces.
    static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            let v = scalar.value
            let printable = (0x20...0x7E).contains(v) || (0xA0...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) && v != 0xFEFF
                || v >= 0x10000
            return printable && v != 0x2028 && v != 0x2029 ? scalar : " "
        }))
    }

    /// A YAML scalar: plain when that reads back as the same string, else double-quoted.
    static func yamlString(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._/-".unicodeScalars.contains($0) }
            && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased())
            && Double(text) == nil
        if plain { return text }
        return QuotedLiteral.quoted(text) { scalar in
            if scalar == "\n" { return "\\n" }
            // YAML's printable set: everything else is written as an escape.
            let v = scalar.value
            let printable = (0x20...0x7E).contains(v) || v == 0x85 || (0xA0...0xD7FF).contains(v)
                || (0xE000...0xFFFD).contains(v) && v != 0xFEFF || v >= 0x10000
            if printable { return nil }
            return v <= 0xFF ? String(format: "\\x%02X", v) : String(format: "\\u%04X", v)
        }
    }
}
