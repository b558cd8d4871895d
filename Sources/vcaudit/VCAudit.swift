import ArgumentParser
import VCAuditCLI

/// The `vcaudit` command: its subcommands and version; the work is in VCAuditCLI.
@main
struct VCAudit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcaudit",
        abstract: "Audit UIKit view-controller hierarchies from YAML specs, without a simulator.",
        version: VCAuditVersion.number,
        subcommands: [
            CheckCommand.self, ReplayCommand.self, TreeCommand.self, ExploreCommand.self, GraphCommand.self, SchemaCommand.self, DiffCommand.self, VerifyCommand.self,
            GenerateCommand.self, ImportCommand.self, InitCommand.self, RulesCommand.self,
        ]
    )

    /// Runs the command line, with vcaudit's exit statuses (2 for usage errors).
    static func main() {
        CommandLineEntry.run(VCAudit.self)
    }
}
