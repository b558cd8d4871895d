import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when the value is released.
///
/// Kept in a test's local constant, or in a stored property of a suite (Swift Testing makes a suite value for each
/// test and drops it when the test returns), it is removed when the test ends, pass or fail.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "vcaudit-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` at `relative` (folders created) and returns the full path.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String { try write(relative, Array(text.utf8)) }

    /// A new empty folder inside this one, its full path.
    public func makeFolder() throws -> String {
        let full = path + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }
}
