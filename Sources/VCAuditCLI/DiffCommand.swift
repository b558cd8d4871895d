import ArgumentParser
import VCAuditRules
import Foundation
import VCAuditDiff
import VCAuditSupport

/// `vcaudit diff OLD NEW`: what changed in behaviour between two versions of an app's specs or event logs.
public struct DiffCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two versions: aligned events, the hierarchy where they first diverge, findings new and fixed.",
        discussion: """
            Each side is a log file (.jsonl from 'vcaudit replay': one log per scenario), a spec, \
            or a folder of specs. Scenarios are matched by spec path (relative to the folder given), \
            scenario name and device; between two single files, by scenario name and device alone; \
            scenarios on one side only are listed as added or removed. Events are compared by content \
            (event name, ids and arguments), not by sequence number or source position, so logs \
            from other versions of vcaudit compare too.
            Event lines: ' ' same, '-' only in OLD, '+' only in NEW, '<' moved away, '>' moved here.
            Exit status: 0 when the two sides are the same, 1 when they differ (see --fail-on), \
            2 for bad input or a bad command line, and with --fail-on new-findings when a log's findings \
            cannot be known (the spec it was replayed from has changed since: diff the specs instead).
            """
    )

    /// What makes the command exit 1.
    public enum FailOn: String, CaseIterable, ExpressibleByArgument, Sendable {
        case newFindings = "new-findings", anyChange = "any-change", never

        var policy: FailPolicy {
            switch self {
            case .newFindings: .newFindings
            case .anyChange: .anyChange
            case .never: .never
            }
        }
    }

    public enum Format: String, OptionWord {
        case text, json, markdown

        public static let kind = "format"

        var diffFormat: DiffFormat {
            switch self {
            case .text: .text
            case .json: .json
            case .markdown: .markdown
            }
        }
    }

    @Argument(help: ArgumentHelp("The old version: an event log, a spec, or a folder of specs.", valueName: "old"))
    public var old: String

    @Argument(help: ArgumentHelp("The new version: an event log, a spec, or a folder of specs.", valueName: "new"))
    public var new: String

    @Option(help: "Compare only the scenario with this name (default: every scenario on either side).")
    public var scenario: String?

    @Option(help: "Output format: text, json or markdown (for a pull request comment).")
    public var format = Choice(Format.text)

    @Option(help: ArgumentHelp("Equal events shown around each change.", valueName: "lines"))
    public var context: Int = 3

    @Option(name: .customLong("fail-on"), help: "When to exit 1: any-change (default), new-findings, or never.")
    public var failOn: FailOn = .anyChange

    @Option(help: "Colour the text format: auto (on a terminal, unless NO_COLOR is set), always, or never.")
    public var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("The configuration file (default: the nearest .vcaudit.yml): the rules and severities findings are "
                               + "compared with, and the files a folder leaves out.", valueName: "path"))
    public var config: String?

    public init() {}

    public mutating func validate() throws {
        if old.isEmpty || new.isEmpty { throw ValidationError("give two paths: vcaudit diff OLD NEW") }
        if context < 0 { throw ValidationError("--context must be 0 or more") }
        try format.validate()
    }

    /// The comparison as it is printed, without touching the process's output.
    public func execute() -> SubcommandOutput {
        // The findings `check` reports: the configuration's rules and severities, without its excluded files.
        let configuration: Configuration
        do {
            configuration = try ConfigurationFile.load(given: config)
        } catch {
            return SubcommandOutput(stderr: error.report, status: CheckOutput.badInput)
        }
        let (old, new) = (old, new)
        let report = DiffEngine.compare(old: old, new: new, configuration: RuleConfiguration(configuration),
                                        options: DiffOptions(context: context, scenario: scenario)) { file, key in
            // A file excluded in either tree is left out of both, so that the two sides pair.
            let excluded = [file, FilePath.joined(old, key), FilePath.joined(new, key)].contains(where: configuration.isExcluded)
            return excluded ? configuration.exclusionReason : nil
        }
        let output = DiffOutput(report: report, format: format.word.diffFormat, failOn: failOn.policy, color: useColor)
        return SubcommandOutput(stdout: output.standardOutput, stderr: output.standardError, status: output.exitStatus)
    }

    private var useColor: Bool { color.enabled }
}
