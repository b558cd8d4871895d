import Foundation

/// Writes files so a reader never sees half of one: a temporary file in the
/// same folder, then a rename over the target.
public enum AtomicFile {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { "cannot write \(path): \(reason)" }
        /// The error line commands print: `path:1:1: error: cannot write it: reason`.
        public var diagnostic: String { "\(path):1:1: error: cannot write it: \(reason)\n" }
    }

    /// Whether a file at `path` holds something other than what a vcaudit command writes there (text that starts
    /// with `header`): a file the command must not write over unless asked.
    public static func holdsOtherText(at path: String, than header: String) -> Bool {
        // A device or a pipe (`/dev/stdout`) holds nothing to keep, and reading it could wait for input.
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        guard let existing = FileManager.default.contents(atPath: path) else { return false }
        return !String(decoding: existing.prefix(200), as: UTF8.self).hasPrefix(header)
    }

    /// Writes `text` (UTF-8) to `path`, creating the folder if needed.
    public static func write(_ text: String, to path: String) throws(Failure) {
        try write(Data(text.utf8), to: path)
    }

    /// Writes `data` to `path`, creating the folder if needed.
    ///
    /// A symbolic link is followed: the file it names is replaced, and the link stays. A device, a pipe or a socket
    /// (`--report json:/dev/null`, `--out /dev/stdout`) is written in place, not renamed over: a rename would put a
    /// regular file where the device was (as root, `/dev/null` itself).
    public static func write(_ data: Data, to path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            let type = status.st_mode & S_IFMT
            if type != S_IFREG, type != S_IFDIR {
                try writeInPlace(data, to: path)
                return
            }
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) {
                defer { free(resolved) }
                try replace(String(cString: resolved), with: data, as: path)
                return
            }
        }
        try replace(path, with: data, as: path)
    }

    /// Writes `data` into the device, pipe or socket at `path`, as a shell redirection does.
    private static func writeInPlace(_ data: Data, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var written = 0
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += count
            }
        }
        if let failure { throw Failure(path: path, reason: failure) }
    }

    /// Replaces the regular file at `path` (or makes it) with `data`: a temporary file beside it, renamed over it;
    /// errors name `shown`, the path the user gave.
    private static func replace(_ path: String, with data: Data, as shown: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let fm = FileManager.default
        if let problem = problem(writing: path) { throw Failure(path: shown, reason: problem) }
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: shown, reason: "cannot create the folder \(folder.path) (\(String(cString: strerror(errno))))")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).vcaudit-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard fm.createFile(atPath: temporary.path, contents: data) else {
            throw Failure(path: shown, reason: "the folder is not writable")
        }
        if rename(temporary.path, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? fm.removeItem(at: temporary)
            throw Failure(path: shown, reason: reason)
        }
    }

    /// Why `path` cannot be written, when that shows before trying: it is a folder, or a folder on its way is a file.
    /// Nil when nothing is known to be in the way (the write may still fail, with the system's reason).
    public static func problem(writing path: String) -> String? {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a folder; give the path of a file"
        }
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while true {
            if fm.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(folder.path) is a file, not a folder; move it away, or write somewhere else" }
                return nil
            }
            let up = folder.deletingLastPathComponent()
            if up.path == folder.path { return nil }
            folder = up
        }
    }
}
