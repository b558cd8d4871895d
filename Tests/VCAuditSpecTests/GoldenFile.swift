import Foundation
import VCAuditTestSupport

/// Where the spec tests find the package's files, and their golden files (`Tests/VCAuditSpecTests/Golden`).
enum GoldenFile {
    /// The package's root folder, found from this source file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let files = GoldenFiles()
}
