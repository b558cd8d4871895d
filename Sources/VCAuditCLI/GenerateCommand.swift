#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import VCAuditRules
import Foundation
import VCAuditGenerate
import VCAuditSpec
import VCAuditStoryboard
import VCAuditSupport

/// `vcaudit generate`: code generated from specs.
public struct GenerateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate code from specs.",
        subcommands: [GenerateTestsCommand.self]
    )

    public init() {}
}

/// `vcaudit generate tests SPEC... --framework xctest|swift-testing --out DIR [--device ...] [--app-module ...] [--force]`.
///
/// Writes one Swift file per spec (one test per scenario and device) and the
/// folder's `VCAuditSupport.swift`. The files name each spec by its path from
/// the output folder, so they are the same whatever folder the command runs
/// in. Exit status 0 when everything was written,
/// 2 for bad input: a spec that does not load (the others are still
/// generated), or a file in the way that vcaudit did not generate.
public struct GenerateTestsCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tests",
        abstract: "Write XCTest or Swift Testing tests that replay each scenario against the app's view controllers.",
        discussion: """
            Each test builds the controllers as the spec declares them, performs every step with UIKit's own calls and \
            checks, after each step, the hierarchy vcaudit replayed; each failure names the spec line. Add the output \
            folder to a unit test target hosted by the app. Files are only overwritten when vcaudit generated them.
            """
    )

    /// The frameworks `--framework` accepts.
    enum Framework: String, ExpressibleByArgument, CaseIterable {
        case xctest
        case swiftTesting = "swift-testing"

        var testFramework: TestFramework {
            switch self {
            case .xctest: .xctest
            case .swiftTesting: .swiftTesting
            }
        }
    }

    @Argument(help: "Spec files or folders (a folder: every *.yaml or *.yml in it with a top-level 'vcaudit:' key).")
    var specs: [String]

    @Option(help: "The test framework to write for.")
    var framework: Framework

    @Option(help: ArgumentHelp("The folder to write the tests into (created if missing).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp(
        "Devices for scenarios that do not name one: iphone, ipad, or both (iphone,ipad); default: each spec's device.",
        valueName: "devices"))
    var device: [DeviceList] = []

    @Option(name: .customLong("app-module"), help: ArgumentHelp(
        "The app's module, imported with @testable by every test (repeat for several).", valueName: "module"))
    var appModules: [String] = []

    @Flag(help: "Overwrite files in the output folder that vcaudit did not generate.")
    var force = false

    @Option(help: ArgumentHelp("The configuration file (default: the nearest .vcaudit.yml): the files a folder leaves out, and "
                               + "the rules whose findings the tests expect.", valueName: "path"))
    var config: String?

    public init() {}

    /// The devices `--device` names, in a stable order (iphone first, whatever the order given); nil when none were given.
    func devices() throws -> [Device]? {
        let devices = try DeviceList.devices(device)
        return devices.isEmpty ? nil : devices.sorted()
    }

    public func validate() throws {
        _ = try devices()
        for module in appModules where !module.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ SwiftName.isIdentifier(String($0)) }) {
            throw ValidationError("'\(module)' is not a Swift module name for --app-module")
        }
    }

    /// Loads, generates and writes the files, returning what to print instead of printing it.
    public func execute() -> SubcommandOutput {
        var output = SubcommandOutput()
        var badInput = false
        // The configuration `check` reads: what it excludes is not generated, and what it disables is not expected.
        let configuration: Configuration
        do {
            configuration = try ConfigurationFile.load(given: config)
        } catch {
            return SubcommandOutput(stderr: error.report, status: CheckOutput.badInput)
        }

        let discovery = SpecLoader.discover(specs)
        var (paths, skipped, missing) = (discovery.files, discovery.skipped, discovery.missing)
        // What `check` leaves out is not generated either.
        let excluded = paths.filter(configuration.isExcluded)
        skipped += excluded.map { SpecLoader.Skipped(path: $0, reason: configuration.exclusionReason) }
        paths.removeAll { excluded.contains($0) }
        for diagnostic in missing {
            output.stderr += diagnostic.description + "\n"
            badInput = true
        }
        for skip in skipped {
            output.stderr += skip.note + "\n"
        }

        if paths.isEmpty, missing.isEmpty {
            output.stderr += "error: no vcaudit specs in \(specs.joined(separator: ", ")); give spec files, or folders with *.yaml files "
                + "that have a top-level 'vcaudit:' key\n"
            output.status = 2
            return output
        }

        let workingDirectory = FileManager.default.currentDirectoryPath
        var loaded: [(spec: Spec, source: SourceText?, specPath: String)] = []
        for path in paths {
            let display = Self.displayPath(path)
            guard let data = FileManager.default.contents(atPath: path) else {
                output.stderr += "\(display):1:1: error: "
                    + (FileManager.default.fileExists(atPath: path) ? "cannot read the file; check that it is readable\n" : "no such file or folder; check the path\n")
                badInput = true
                continue
            }
            let file = SpecLoader.load(bytes: [UInt8](data), path: display, storyboards: StoryboardImporter.specImport)
            if let spec = file.spec {
                loaded.append((spec, file.source, Self.specPath(path, fromOutput: out, workingDirectory: workingDirectory)))
            } else {
                for diagnostic in file.diagnostics { output.stderr += diagnostic.rendered(source: file.source) }
                badInput = true
            }
        }

        let devices: [Device]?
        do {
            devices = try self.devices()
        } catch {
            output.stderr += "error: \(error)\n"
            output.status = 2
            return output
        }
        let findings = CheckerFindings(Checker(RuleConfiguration(configuration)))
        let generator = TestGenerator(framework: framework.testFramework, devices: devices, appModules: appModules, findingSource: findings)
        let names = TestGenerator.suiteNames(forSpecPaths: loaded.map(\.specPath))
        var files: [GeneratedFile] = []
        var testCounts: [String: Int] = [:]
        for (spec, source, specPath) in loaded {
            let file = generator.testFile(for: spec, source: source, suiteName: names[specPath], specPath: specPath)
            files.append(file)
            testCounts[file.name] = generator.testCount(for: spec)
        }
        guard !loaded.isEmpty else {
            // Nothing loads: nothing is written, not even the output folder.
            output.status = 2
            return output
        }
        files.append(generator.supportFile())

        do {
            let written = try GeneratedFileWriter(directory: out, force: force).write(files, framework: framework.testFramework)
            for (path, outcome) in written {
                let name = URL(fileURLWithPath: path).lastPathComponent
                let tests = testCounts[name].map { $0 == 1 ? " (1 test)" : " (\($0) tests)" } ?? ""
                output.stdout += "\(outcome.rawValue) \(path)\(tests)\n"
            }
        } catch {
            output.stderr += "error: \(error)\n"
            output.status = 2
            return output
        }
        if badInput { output.status = 2 }
        return output
    }
}

extension GenerateTestsCommand {
    /// The path a generated file names its spec by: from the output folder `out` to the spec (`../Specs/app.yaml`).
    ///
    /// Both are read from `workingDirectory` when relative, and symbolic links in their folders are resolved (a
    /// working directory is reported resolved: `/private/tmp` for `/tmp` on macOS), so the result depends only on
    /// where the two are, not on the folder the command runs in or how the paths were typed. The spec's own file
    /// name is kept.
    static func specPath(_ path: String, fromOutput out: String, workingDirectory: String) -> String {
        let folder = physicalPath(FilePath.folder(of: FilePath.absolute(path, from: workingDirectory)))
        let name = FilePath.tidy(path).split(separator: "/").last.map(String.init) ?? path
        return FilePath.relative(FilePath.joined(folder, name), to: physicalPath(FilePath.absolute(out, from: workingDirectory)),
                                 workingDirectory: "/")
    }

    /// `path` (absolute, tidy) with the symbolic links of its longest existing part resolved; the part that does not
    /// exist yet (an output folder to be made) is kept as written.
    static func physicalPath(_ path: String) -> String {
        var existing = path
        var missing: [String] = []
        while existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                return FilePath.joined(String(cString: resolved), missing.reversed().joined(separator: "/"))
            }
            missing.append(existing.split(separator: "/").last.map(String.init) ?? existing)
            existing = FilePath.folder(of: existing)
        }
        return path
    }

    /// The path diagnostics name a spec by: relative to the working folder when the spec is inside it; otherwise as given.
    static func displayPath(_ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if path.hasPrefix("/"), path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        return path
    }
}
