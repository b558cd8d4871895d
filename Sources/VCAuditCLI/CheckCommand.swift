import ArgumentParser
import VCAuditRules
import VCAuditSpec

/// `vcaudit check PATH...`: load and validate specs, report bad input like a compiler.
public struct CheckCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check specs: load and validate each file, and report every problem with its location.",
        discussion: """
            Folders are searched for *.yaml and *.yml files that have a top-level 'vcaudit:' key; \
            other YAML files are listed as skipped. One bad file never stops the others.
            Exit status: 0 when every spec is valid, 2 when any input is bad or the command line is wrong.
            """
    )

    @OptionGroup public var input: InputOptions

    public init() {}

    public func run() throws {
        let result = CheckRunner(options: CheckRunner.Options(paths: input.paths)).run()
        let report = CheckReport(result, summaryForTerminal: StandardStreams.standardErrorIsTerminal)
        StandardStreams.writeOutput(report.standardOutput)
        StandardStreams.writeError(report.standardError)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
