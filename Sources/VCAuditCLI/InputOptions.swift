import ArgumentParser

/// The spec files and folders a command reads: shared by the subcommands that take specs.
public struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Spec files, or folders searched for *.yaml and *.yml files that have a top-level 'vcaudit:' key.",
        valueName: "path"))
    public var paths: [String] = []

    public init() {}

    public mutating func validate() throws {
        if paths.isEmpty {
            throw ValidationError("give at least one spec file or folder, for example 'vcaudit check Examples'")
        }
        if let empty = paths.firstIndex(where: \.isEmpty) {
            throw ValidationError("path \(empty + 1) is empty; give a spec file or folder")
        }
    }
}
