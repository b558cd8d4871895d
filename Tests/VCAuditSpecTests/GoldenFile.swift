import Foundation
import Testing

/// Compares text with a golden file under `Tests/VCAuditSpecTests/Golden`, byte for byte.
///
/// With `VCAUDIT_UPDATE_GOLDEN=1` in the environment the golden file is
/// rewritten instead (review the diff before committing it).
enum GoldenFile {
    /// The package's root folder, found from this source file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let folder = packageRoot.appendingPathComponent("Tests/VCAuditSpecTests/Golden")

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["VCAUDIT_UPDATE_GOLDEN"] == "1" }

    /// Records an issue unless `actual` is exactly the content of `Golden/<name>`.
    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if isUpdating {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden file \(url.path); run with VCAUDIT_UPDATE_GOLDEN=1 to write it", sourceLocation: sourceLocation)
            return
        }
        let expected = [UInt8](data)
        let got = Array(actual.utf8)
        if expected != got {
            let firstDifference = zip(expected, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, got.count)
            Issue.record("""
                output differs from \(name) at byte \(firstDifference) (run with VCAUDIT_UPDATE_GOLDEN=1 to accept it)
                --- expected
                \(String(decoding: expected, as: UTF8.self))--- actual
                \(actual)
                """, sourceLocation: sourceLocation)
        }
    }
}
