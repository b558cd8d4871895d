import Foundation
import Testing
import VCAuditSupport

/// `AtomicFile` replaces regular files whole, and leaves what is not one (a link, a device) where it was.
@Suite("Atomic file writes")
struct AtomicFileTests {
    /// A new empty folder under the system's temporary folder, removed by `body`'s caller.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "vcaudit-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a regular file is replaced whole, and no temporary file stays beside it")
    func regularFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "old".write(toFile: folder + "/report.json", atomically: false, encoding: .utf8)
        try AtomicFile.write("new", to: folder + "/report.json")
        #expect(try String(contentsOfFile: folder + "/report.json", encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.json"])
    }

    @Test("a symbolic link is followed: the file it names is written, and the link stays a link")
    func symbolicLink() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: true)
        try "old".write(toFile: folder + "/reports/latest.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/report.json", withDestinationPath: "reports/latest.json")
        try AtomicFile.write("new", to: folder + "/report.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/report.json") == "reports/latest.json")
        #expect(try String(contentsOfFile: folder + "/reports/latest.json", encoding: .utf8) == "new")
    }

    @Test("a device is written in place, not renamed over: a report sent to /dev/null leaves it a device",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/null")))
    func device() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Through a link, so that if the write renamed over its target, the link (not /dev/null) would be what is lost.
        try FileManager.default.createSymbolicLink(atPath: folder + "/discard", withDestinationPath: "/dev/null")
        try AtomicFile.write("findings", to: folder + "/discard")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/discard") == "/dev/null")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["discard"])
        // What a vcaudit command would refuse to write over: nothing, in a device.
        #expect(!AtomicFile.holdsOtherText(at: folder + "/discard", than: "# Imported by vcaudit"))
    }
}
