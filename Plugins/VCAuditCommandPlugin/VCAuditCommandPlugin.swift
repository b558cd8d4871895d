import Foundation
import PackagePlugin

/// `swift package vcaudit [check arguments...]`: runs `vcaudit check` in the package's folder, so the package's
/// `.vcaudit.yml` (its `included`, rules and severities) applies, as SwiftLint's command plugin does.
///
/// With no arguments it checks what the configuration includes (else the package folder); any arguments are
/// passed to `vcaudit check` as they are (`swift package vcaudit Specs --format sarif`). The exit status is
/// vcaudit's: 1 with findings that fail the check, 2 for bad input.
@main
struct VCAuditCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "vcaudit")
        let folder = context.package.directoryURL
        var checkArguments = ["check"] + arguments
        if arguments.isEmpty, !FileManager.default.fileExists(atPath: folder.appendingPathComponent(".vcaudit.yml").path) {
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
