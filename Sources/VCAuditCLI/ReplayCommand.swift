import ArgumentParser
import VCAuditReplay
import VCAuditSpec

/// `vcaudit replay SPEC`: the event log of each scenario, as UIKit would produce it.
public struct ReplayCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a spec's scenarios and print their event logs.",
        discussion: """
            Each scenario replays from a fresh, not yet launched app into an event log of \
            the UIKit calls and callbacks it causes, in UIKit's order.

            jsonl (the default) prints each log as JSON Lines: a header line (tool, spec, \
            specDigest, scenario, device, iOS), then one canonical line per event, so the same \
            replay always gives the same bytes. text prints one readable line per event, \
            indented by the nesting of the step that caused it, with the step's line:column. \
            Without --scenario, every scenario is replayed in order, each log complete with \
            its header.

            Exit status: 0 when the logs were printed (whatever they contain), 2 when the \
            spec cannot be loaded or an option is wrong.
            """)

    /// The log formats `--format` takes.
    public enum Format: String, OptionWord {
        case jsonl, text

        public static let kind = "format"
    }

    @OptionGroup public var options: ScenarioOptions

    @Option(help: "The log format: jsonl or text.")
    public var format = Choice(Format.jsonl)

    public init() {}

    public func validate() throws {
        try format.validate()
    }

    /// Replays and renders, without touching the process's output.
    public func execute() -> SubcommandOutput {
        let input: ScenarioCommandInput
        switch options.input() {
        case .success(let loaded): input = loaded
        case .failure(let failure): return failure.output
        }
        var out = ""
        for (index, scenario) in input.scenarios.enumerated() {
            var log = Replay.run(input.spec, scenario: scenario, device: input.device).log
            // Segues of the storyboards a spec lists have no lines in it: their events point at the storyboard.
            if input.spec.firstImportedLine != nil { log = log.locating(input.spec.sourceLocation(of:)) }
            switch format.word {
            case .jsonl:
                out += log.jsonLines
            case .text:
                if index > 0 { out += "\n" }
                out += log.text
            }
        }
        return SubcommandOutput(stdout: out)
    }
}
