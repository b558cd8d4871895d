import ArgumentParser
import VCAuditRules
import VCAuditDiff

/// `vcaudit verify LOG SPEC`: confirm a stored log file is exactly what this vcaudit replays from the spec.
public struct VerifyCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Confirm that an event log is exactly what this version of vcaudit replays from its spec.",
        discussion: """
            A log file holds one log per scenario, each starting with its header line, as \
            'vcaudit replay' writes them. For each log, checks that the spec's SHA-256 matches the \
            log's specDigest, replays the scenario named in its header on its device, and compares \
            the result with the log byte for byte. The spec is read from SPEC but decoded under the \
            path recorded in the log, so locations match.
            Exit status: 0 verified, 1 the log or the spec differs (the first differing line is named), \
            2 bad input or a bad command line.
            """
    )

    @Argument(help: ArgumentHelp("The log file (.jsonl) to verify: one or more scenarios' logs.", valueName: "log"))
    public var log: String

    @Argument(help: ArgumentHelp("The spec the log was replayed from.", valueName: "spec"))
    public var spec: String

    @Option(help: "Verify only the log of the scenario with this name (default: every log in the file).")
    public var scenario: String?

    public init() {}

    /// The verdict on every log of the file, without touching the process's output.
    public func execute() -> SubcommandOutput {
        let outcome = LogVerifier.verify(logPath: log, specPath: spec, scenario: scenario)
        if case .verified = outcome {
            return SubcommandOutput(stdout: outcome.message + "\n", status: outcome.exitStatus)
        }
        return SubcommandOutput(stderr: outcome.message + "\n", status: outcome.exitStatus)
    }
}
