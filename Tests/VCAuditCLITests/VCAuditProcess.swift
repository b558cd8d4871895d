import Foundation
import Testing

/// Runs the built `vcaudit` executable as a user would, capturing its output and exit status.
struct VCAuditProcess {
    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `vcaudit` executable next to the test bundle (the build products folder).
    static let executable: URL? = {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates += [bundle, bundle.deletingLastPathComponent()]
        let arguments0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        candidates += [arguments0, arguments0.deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        for folder in candidates {
            let file = folder.appendingPathComponent("vcaudit")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: file.path) {
                return file
            }
        }
        return nil
    }()

    /// Runs `vcaudit arguments...` in `directory`, its output sent to files (no pipe can fill up).
    static func run(_ arguments: [String], in directory: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let executable = try #require(executable, "cannot find the built vcaudit executable", sourceLocation: sourceLocation)
        let scratch = NSTemporaryDirectory() + "vcaudit-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outPath = scratch + "/stdout", errPath = scratch + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            standardError: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self))
    }
}
