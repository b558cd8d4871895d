import Foundation
import PackagePlugin

/// `swift package vcaudit [check arguments...]`: runs `vcaudit check` in the package's folder, so the package's
/// `.vcaudit.yml` (its `included`, rules and severities) applies, as SwiftLint's command plugin does.
///
/// Arguments are passed to `vcaudit check` as they are (`swift package vcaudit Specs --format sarif`). With no
/// path among them it checks what the configuration includes, else the package folder (`swift package vcaudit
/// --format sarif`). When `vcaudit check` fails (findings that fail the check, or bad input) the command fails with
/// its status in the error.
@main
struct VCAuditCommandPlugin: CommandPlugin {
    /// The options of `vcaudit check` that take a value (the next argument, unless written `--option=value`).
    static let optionsWithValues: Set<String> = [
        "--format", "--report", "--device", "--config", "--baseline", "--write-baseline", "--jobs", "--shard", "--color",
        "--explore-depth", "--stamp",
    ]

    /// Whether `arguments` name a spec, storyboard or folder: an argument that is neither an option nor an option's value.
    static func namesPaths(_ arguments: [String]) -> Bool {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" { return !rest.isEmpty }
            if argument.hasPrefix("-") {
                if optionsWithValues.contains(argument) { _ = rest.popFirst() }
                continue
            }
            return true
        }
        return false
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "vcaudit")
        let folder = context.package.directoryURL
        var checkArguments = ["check"] + arguments
        if !Self.namesPaths(arguments), !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".vcaudit.yml").path) {
            checkArguments.append(".")
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = checkArguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("vcaudit check exited with status \(process.terminationStatus)")
            exit(process.terminationStatus)
        }
    }
}
