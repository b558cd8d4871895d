import ArgumentParser

/// Runs a root command with vcaudit's exit statuses.
///
/// argument-parser exits with 64 (`EX_USAGE`) for a bad command line; vcaudit
/// promises 2 for bad input of any kind, so usage errors are mapped to 2.
/// Help and version requests exit 0; a command's own `ExitCode` passes through.
public enum CommandLineEntry {
    /// Parses `arguments` (the process's when nil), runs the command, and exits.
    public static func run<Root: ParsableCommand>(_ root: Root.Type, arguments: [String]? = nil) -> Never {
        do {
            var command = try root.parseAsRoot(arguments)
            try command.run()
            root.exit()
        } catch {
            if root.exitCode(for: error) == .validationFailure {
                StandardStreams.writeError(root.fullMessage(for: error) + "\n")
                root.exit(withError: ExitCode(CheckOutput.badInput))
            }
            root.exit(withError: error)
        }
    }
}
