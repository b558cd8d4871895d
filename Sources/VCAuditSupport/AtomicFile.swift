import Foundation

/// Writes files so a reader never sees half of one: a temporary file in the
/// same folder, then a rename over the target.
public enum AtomicFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` (UTF-8) to `path`, creating the folder if needed.
    public static func write(_ text: String, to path: String) throws(Failure) {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path`, creating the folder if needed.
    public static func write(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: path, reason: "cannot create the folder \(folder.path) (\(error.localizedDescription))")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).vcaudit-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard fm.createFile(atPath: temporary.path, contents: data) else {
            throw Failure(path: path, reason: "the folder is not writable")
        }
        if rename(temporary.path, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? fm.removeItem(at: temporary)
            throw Failure(path: path, reason: reason)
        }
    }
}
