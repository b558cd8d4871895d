import ArgumentParser
import Foundation
import VCAuditReplay
import VCAuditSpec
import VCAuditStoryboard
import VCAuditSupport

/// What a subcommand prints, the files it writes and the status it exits with: every command's `execute()` returns
/// one, so tests run commands in process, and its `run()` ends with `deliver()`.
public struct SubcommandOutput: Sendable, Equatable {
    public var stdout: String
    public var stderr: String
    /// Files to write (path → contents), atomically and in path order, before anything is printed.
    public var files: [String: String]
    /// 0 success, 1 findings at or above the failing severity (or a mismatch), 2 bad input or usage.
    public var status: Int32

    public init(stdout: String = "", stderr: String = "", files: [String: String] = [:], status: Int32 = 0) {
        self.stdout = stdout
        self.stderr = stderr
        self.files = files
        self.status = status
    }

    /// How every command ends: writes the files (a file that cannot be written is an error, status 2), then
    /// standard output and standard error, and exits with the status when it is not 0.
    public func deliver() throws {
        // A file that cannot be written loses nothing else: the others are written, and the output is printed.
        var failures = ""
        for (path, contents) in files.sorted(by: { $0.key < $1.key }) {
            do {
                try AtomicFile.write(contents, to: path)
            } catch {
                failures += error.diagnostic
            }
        }
        StandardStreams.writeOutput(stdout)
        StandardStreams.writeError(stderr + failures)
        if !failures.isEmpty { throw ExitCode(2) }
        if status != 0 { throw ExitCode(status) }
    }
}

/// A command whose `run()` is to deliver what its `execute()` returns: the one way a command ends.
public protocol DeliveringCommand: ParsableCommand {
    /// What the command prints, writes and exits with, without touching the process's output.
    func execute() throws -> SubcommandOutput
}

extension DeliveringCommand {
    public func run() throws {
        try execute().deliver()
    }
}

/// The arguments `replay` and `tree` share: the spec, and which scenarios to run on which device.
public struct ScenarioOptions: ParsableArguments {
    @Argument(help: "The spec file (YAML).")
    public var spec: String

    @Option(help: "Only the scenario with this name (default: every scenario, in order).")
    public var scenario: String?

    @Option(help: "Replay on this device (iphone or ipad) instead of the spec's 'device:'; a scenario that names its own keeps it.")
    public var device: DeviceList?

    public init() {}

    /// Loads the spec and selects the scenarios, or returns the usage failure (status 2).
    func input() -> Result<ScenarioCommandInput, SubcommandFailure> {
        // Named as `check` names it, however it was typed: the log's `spec` and `at` are the same for `./a.yaml`.
        ScenarioCommandInput.load(
            path: FilePath.shortest(spec, workingDirectory: FileManager.default.currentDirectoryPath),
            scenarioName: scenario, device: device)
    }
}

/// The spec, scenarios and device a `replay` or `tree` command works on, from its arguments.
struct ScenarioCommandInput {
    let spec: Spec
    let scenarios: [Scenario]
    let device: Device?

    /// Loads `path` and selects `scenarioName` (every scenario when nil) to replay on the one device `device` names
    /// (each scenario's own when nil), or returns the usage failure (status 2).
    static func load(path: String, scenarioName: String?, device devices: DeviceList?) -> Result<ScenarioCommandInput, SubcommandFailure> {
        let choices = Device.allCases.map(\.rawValue)
        if let unknown = devices?.unknownName {
            return .failure(SubcommandFailure(
                "error: unknown device '\(unknown)'\(Suggestions.didYouMean(unknown, in: choices))\nnote: the devices are \(choices.joined(separator: " and "))\n"))
        }
        if let devices, devices.devices.count > 1 {
            return .failure(SubcommandFailure(
                "error: --device names \(devices.defaultValueDescription), but a replay runs on one device\nnote: the devices are \(choices.joined(separator: " and "))\n"))
        }
        let device = devices?.devices.first
        let loaded = SpecLoader.load(path: path, storyboards: StoryboardImporter.specImport)
        guard let spec = loaded.spec else {
            let rendered = loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
            return .failure(SubcommandFailure(rendered.isEmpty ? "\(path):1:1: error: cannot load the spec\n" : rendered))
        }
        guard let scenarioName else {
            return .success(ScenarioCommandInput(spec: spec, scenarios: spec.scenarios, device: device))
        }
        if let scenario = spec.scenarios.first(where: { $0.name == scenarioName }) {
            return .success(ScenarioCommandInput(spec: spec, scenarios: [scenario], device: device))
        }
        let names = spec.scenarios.map(\.name)
        var message = "error: \(path) has no scenario named '\(scenarioName)'\(Suggestions.didYouMean(scenarioName, in: names))\n"
        if names.isEmpty {
            message += "note: the spec declares no scenarios\n"
        } else {
            message += "note: its scenarios are:\n" + names.map { "  \($0)\n" }.joined()
        }
        return .failure(SubcommandFailure(message))
    }
}

/// A usage or input error of a subcommand: its message goes to stderr and the status is 2.
struct SubcommandFailure: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var output: SubcommandOutput { SubcommandOutput(stderr: message, status: 2) }
}
