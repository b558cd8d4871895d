import ArgumentParser
import Foundation
import VCAuditReporters
import VCAuditSpec
import VCAuditStoryboard
import VCAuditSupport

/// `vcaudit import`: specs from what an app already has.
public struct ImportCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a spec from what the app already has (its storyboards).",
        subcommands: [ImportStoryboardCommand.self, ImportWithoutKindCommand.self],
        defaultSubcommand: ImportWithoutKindCommand.self)

    public init() {}
}

/// `vcaudit import` followed by no kind of import (`vcaudit import UI/ --out app.yaml`): says what to write instead.
///
/// A hidden default subcommand, so that what follows `import` reaches it whole: options the import takes
/// (`--out`) would otherwise be refused as unknown, with no word of the `storyboard` missing before them.
struct ImportWithoutKindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "without-kind", shouldDisplay: false)

    @Argument(parsing: .allUnrecognized)
    var words: [String] = []

    /// The command to write instead of `words`, and what was wrong.
    var correction: String {
        let first = words.first ?? ""
        // A misspelt kind (`storyboards`, `Storyboard`) is replaced; anything else is what to import, and so is a
        // word that names a file or folder (`Storyboards/`, where an app keeps them).
        let misspelt = !first.hasPrefix("-") && Suggestions.closest(to: first, in: ["storyboard"]) != nil
            && !FileManager.default.fileExists(atPath: first)
        let paths = (misspelt ? Array(words.dropFirst()) : words).map(Self.shellWord)
        let command = (["vcaudit", "import", "storyboard"] + (paths.isEmpty ? ["<path>"] : paths)).joined(separator: " ")
        return misspelt ? "vcaudit imports no '\(first)'; write '\(command)'" : "say what to import: write '\(command)'"
    }

    func run() throws {
        // `vcaudit import` alone asks what it can import.
        guard !words.isEmpty else { throw CleanExit.helpRequest(ImportCommand.self) }
        StandardStreams.writeError("error: \(correction)\n")
        throw ExitCode(CheckOutput.badInput)
    }

    /// `word` as a shell reads it back: itself when shells leave its characters alone, else in double quotes.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./=:,+@%".unicodeScalars.contains($0)
        }
        guard !plain else { return word }
        var quoted = "\""
        for character in word {
            if "\"\\$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}

/// `vcaudit import storyboard PATH...`: one spec v1 from an app's storyboards.
public struct ImportStoryboardCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "storyboard",
        abstract: "Write a spec from storyboards: their controllers, containment, initial controller and segues.",
        discussion: """
            All the files given (folders are searched for *.storyboard) are one app: storyboard references \
            resolve among them. Every imported controller and transition carries 'source:', the storyboard line \
            it comes from, so findings point there. What the XML cannot say (roots and pages set in code, where \
            an unwind segue lands) is a note on standard error and a comment in the spec, never a guess; an \
            unwind segue whose action the app's Swift or Objective-C sources in the folders given implement in \
            one declared controller is a transition to it. The \
            spec has no scenarios: 'vcaudit check' reports what the declarations alone show; add scenarios for \
            the rest. The app's Info.plist or Xcode project, when the folders given hold them, says which \
            storyboard the app starts with (else the one no other opens, else Main, else the first). A launch \
            screen, an app extension's or an iPad-only storyboard beside the app's others, and an AppKit, \
            WatchKit or tvOS storyboard found in a folder, are left out with a note.
            Exit status: 0 written, 2 bad input (not a storyboard, an AppKit, WatchKit or tvOS storyboard given by \
            name, malformed XML, no iOS storyboard at all) or a file that vcaudit did not write at --out (use \
            --force).
            """)

    @Argument(help: ArgumentHelp("Storyboard files, or folders searched for *.storyboard.", valueName: "path"))
    public var paths: [String]

    @Option(help: ArgumentHelp("Write the spec to this file (atomically) instead of standard output.", valueName: "file"))
    public var out: String?

    @Flag(help: "Overwrite --out even when vcaudit did not write it.")
    public var force = false

    @Option(help: ArgumentHelp("The device the app starts on: ipad writes the app an iPad user sees when it shows other "
        + "storyboards there (a ~ipad key in its Info.plist, iPad-only twins of its iPhone storyboards), with 'device: ipad'.",
        valueName: "device"))
    public var device: Choice<Device> = Choice(.iphone)

    public init() {}

    public func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one storyboard file or folder") }
        try device.validate()
    }

    /// Imports and writes, returning what to print.
    public func execute() -> SubcommandOutput {
        // Named as `check` names them, however they were typed (`./App`, `App/`).
        let workingDirectory = FileManager.default.currentDirectoryPath
        let paths = self.paths.map { FilePath.shortest($0, workingDirectory: workingDirectory) }
        let found = StoryboardFiles.find(paths)
        var output = SubcommandOutput(stderr: found.errors.map { $0 + "\n" }.joined())
        if !found.errors.isEmpty { output.status = 2; return output }
        if found.files.isEmpty {
            output.stderr += "error: no .storyboard file in \(paths.joined(separator: ", ")); give storyboard files or folders that hold them\n"
            output.status = 2
            return output
        }
        // A storyboard of another platform found in a folder is left out with a note; any other that cannot be
        // read stops the import (a spec without one of the app's storyboards would say the wrong things), and each
        // such file is named.
        // Written to a file, the spec names the storyboards from its folder, as its `storyboards:` would.
        let onPad = device.word == .ipad
        let read = StoryboardImporter.read(found.files, named: Set(paths))
        let result = StoryboardImporter.importReadable(read, sourcesFrom: out.map(FilePath.folder(of:)), startingOnPad: onPad)
        let errors = read.errors
        guard errors.isEmpty else {
            output.stderr += errors.map { $0.description + "\n" }.joined()
            output.status = 2
            return output
        }
        if onPad, let restriction = result.deviceRestriction, restriction.devices == [.iphone] {
            // An iPhone app runs on iPad as on an iPhone: there is no iPad app to write.
            output.stderr += "\(result.mainPath ?? found.files[0]):1:1: error: --device ipad, but \(restriction.reason); "
                + "import it without --device\n"
            output.status = 2
            return output
        }
        output.stderr += result.allNotes.map { $0 + "\n" }.joined()
        let apps = read.separateApps()
        if apps.count > 1 {
            // One spec is one app: this one holds every storyboard, which `check` and `explore` of the folder do not.
            let mains = apps.compactMap { $0.mainStoryboardPath }
            output.stderr += "\(mains[0]):1:1: note: the folders given hold \(apps.count) apps, each with its own Info.plist and main "
                + "storyboard (\(mains.joined(separator: ", "))); the spec written is of all their storyboards as one app. 'vcaudit check' "
                + "and 'explore' of the folder check each app apart; to write one app's spec, give its folder with the folders of the "
                + "storyboards it shares\n"
        }
        let imported = found.files.count - result.leftOut.count
        if imported == 0 {
            output.stderr += "error: no UIKit storyboard in \(paths.joined(separator: ", ")); give the app's iOS storyboards, or folders that hold them\n"
            output.status = 2
            return output
        }
        let summary = "imported \(ReportSummary.counted(result.controllerCount, "controller", "controllers")) and "
            + "\(ReportSummary.counted(result.transitionCount, "transition", "transitions")) from "
            + ReportSummary.counted(imported, "storyboard", "storyboards")
        guard let out else {
            output.stdout = result.yaml
            output.stderr += summary + "\n"
            return output
        }
        if !force, AtomicFile.holdsOtherText(at: out, than: "# Imported by vcaudit") {
            output.stderr += "\(out):1:1: error: exists and was not written by vcaudit import; choose another --out, or pass --force\n"
            output.status = 2
            return output
        }
        do {
            try AtomicFile.write(result.yaml, to: out)
        } catch {
            output.stderr += error.diagnostic
            output.status = 2
            return output
        }
        output.stderr += summary + " into \(out)\n"
        return output
    }
}

/// Storyboard files named on a command line: files as given, folders searched (hidden folders skipped), sorted.
enum StoryboardFiles {
    static func find(_ paths: [String]) -> (files: [String], errors: [String]) {
        var files: [String] = []
        var errors: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append("\(path):1:1: error: no such file or folder; check the path")
                continue
            }
            guard isDirectory.boolValue else { files.append(path); continue }
            files += InputFolder.files(under: path) { $0.hasSuffix(".storyboard") }
        }
        var seen: Set<String> = []
        return (files.filter { seen.insert($0).inserted }, errors)
    }
}
