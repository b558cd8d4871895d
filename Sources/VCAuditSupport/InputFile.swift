import Foundation

/// Reads a file of outside input whole, refusing it before reading when it is larger than its reader's limit.
///
/// Every reader states its limit here, so a hostile or mistaken input (a multi-gigabyte log, a device file)
/// meets a located error instead of exhausting memory. docs/limits.md lists the limits.
public enum InputFile {
    /// The largest file of each kind vcaudit reads.
    public enum Limit {
        /// Specs: the YAML composer's own limit (`Composer.Limits.maxBytes`), 64 MiB.
        public static let spec = 64 << 20
        /// `.vcaudit.yml`.
        public static let configuration = 1 << 20
        /// Baseline files.
        public static let baseline = 64 << 20
        /// Event log files (JSON Lines, every scenario of a spec).
        public static let eventLog = 256 << 20
    }

    /// Why a file could not be read, as a located message (`path:1:1: error: ...`).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The bytes of the file at `path`, or a located error naming what to do; `what` names the kind ("the log").
    public static func read(_ path: String, limit: Int, what: String) throws(Failure) -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular, type != .typeSymbolicLink {
            throw Failure(description: "\(path):1:1: error: \(what) is not a regular file; give the path of a file")
        }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > limit {
            throw Failure(description: "\(path):1:1: error: \(what) is \(size) bytes, more than the \(limit) vcaudit reads; "
                + "check that this is the right file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "\(path):1:1: error: cannot read \(what); check that it exists and is readable")
        }
        guard data.count <= limit else {
            throw Failure(description: "\(path):1:1: error: \(what) is more than the \(limit) bytes vcaudit reads; check that this is the right file")
        }
        return [UInt8](data)
    }
}
