import Foundation

/// The temporary folders one test makes, removed with their contents when the test ends.
///
/// A suite keeps one in a stored property: Swift Testing makes a suite value for each test and drops it when the
/// test returns, and with it the last reference to this object, whose `deinit` removes every folder it made. A test
/// that fails or throws half way leaves nothing behind either.
public final class TemporaryFolders: @unchecked Sendable {
    private var paths: [String] = []

    public init() {}

    /// A fresh empty folder under the system's temporary folder, its name starting with `prefix`.
    public func make(_ prefix: String = "vcaudit-tests") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        paths.append(path)
        return path
    }

    deinit {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
