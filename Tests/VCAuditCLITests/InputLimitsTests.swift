import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditDiff
import VCAuditRules
import VCAuditSpec
import VCAuditSupport
import VCAuditTestSupport

/// Every reader refuses what it cannot read cheaply: too large (checked before reading) or not a regular file.
@Suite("Input limits of every reader (docs/limits.md)")
struct InputLimitsTests {
    /// A sparse file of `size` bytes: it takes no disk space, and a reader that read it whole would need that much memory.
    func sparseFile(size: Int, name: String) throws -> (folder: TemporaryFolder, path: String) {
        let folder = try TemporaryFolder()
        let path = try folder.write(name, "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        return (folder, path)
    }

    @Test("an event log over 256 MiB is refused before it is read, by verify and by diff")
    func oversizedLog() throws {
        let (folder, path) = try sparseFile(size: InputFile.Limit.eventLog + 1, name: "huge.jsonl")
        let spec = try folder.write("app.yaml", "vcaudit: 1\ncontrollers: { a: {} }\nwindow: a\n")
        let outcome = LogVerifier.verify(logPath: path, specPath: spec)
        #expect(outcome.exitStatus == 2)
        #expect(outcome.message == "\(path):1:1: error: the log is \(InputFile.Limit.eventLog + 1) bytes, more than the "
            + "\(InputFile.Limit.eventLog) vcaudit reads; check that this is the right file")
        let diff = DiffEngine.compare(old: path, new: path)
        #expect(diff.errors.first?.hasPrefix("\(path):1:1: error: the log is ") == true)
    }

    @Test("a configuration over 1 MiB is refused before it is read")
    func oversizedConfiguration() throws {
        let (_, path) = try sparseFile(size: InputFile.Limit.configuration + 1, name: ".vcaudit.yml")
        #expect(throws: DiagnosticList.self) { try Configuration.load(path: path, ruleIDs: RuleCatalog.identifiers) }
    }

    @Test("devices are not read as specs, logs or baselines", .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
    func devices() throws {
        let spec = SpecLoader.load(path: "/dev/zero")
        #expect(spec.diagnostics.map(\.message) == ["not a regular file (a device, a pipe or a socket); give the path of a spec file"])
        let log = LogVerifier.verify(logPath: "/dev/zero", specPath: "/dev/zero")
        #expect(log.message == "/dev/zero:1:1: error: the log is not a regular file; give the path of a file")
        let folder = try TemporaryFolder()
        try folder.write("app.yaml", "vcaudit: 1\ncontrollers: { a: {} }\nwindow: a\n")
        let baseline = try VCAuditProcess.run(["check", "--baseline", "/dev/zero", "app.yaml"], in: folder.path)
        #expect(baseline.status == 2)
        #expect(baseline.standardError.contains("/dev/zero:1:1: error: the baseline is not a regular file"))
    }
}
