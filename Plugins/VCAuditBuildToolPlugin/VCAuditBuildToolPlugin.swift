import Foundation
import PackagePlugin

/// Checks a target's specs when it builds: `vcaudit check` on the target's `.yaml` files that are specs, with
/// findings printed as compiler diagnostics (`file:line:column: error: ...`), which SwiftPM and Xcode show in place.
///
/// An error fails the build, as a compiler error would; warnings are shown and the build goes on. The command
/// reruns only when a spec changes: its output is a Swift file holding only a comment, which the target compiles
/// to nothing (an output of another type would be copied into the target's resources).
@main
struct VCAuditBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles.map(\.url).filter { $0.pathExtension == "yaml" || $0.pathExtension == "yml" }
        guard !specs.isEmpty else { return [] }
        let tool = try context.tool(named: "vcaudit")
        let stamp = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+VCAuditChecked.swift")
        return [.buildCommand(
            displayName: "vcaudit check \(target.name) (\(specs.count) spec\(specs.count == 1 ? "" : "s"))",
            executable: tool.url,
            arguments: ["check", "--stamp", stamp.path] + specs.map(\.path),
            inputFiles: specs,
            outputFiles: [stamp])]
    }
}
