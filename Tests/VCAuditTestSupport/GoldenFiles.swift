import Foundation
import Testing

/// A folder of golden files: expected outputs compared byte for byte, the spec of a format or a generator.
///
/// With `VCAUDIT_UPDATE_GOLDEN=1` in the environment, `expect` writes the actual text instead of comparing it;
/// review the diff before committing it. Every test target with golden files uses this one harness.
public struct GoldenFiles: Sendable {
    /// The folder the golden files are in.
    public let folder: URL

    /// The folder `name` (default `Golden`) next to the test source file `filePath`.
    public init(_ name: String = "Golden", besides filePath: String = #filePath) {
        folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Whether this run rewrites golden files rather than comparing with them.
    public static var isUpdating: Bool { ProcessInfo.processInfo.environment["VCAUDIT_UPDATE_GOLDEN"] == "1" }

    /// The names of the files in the folder that end with `suffix`.
    public func names(endingWith suffix: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(suffix) })
    }

    /// Records an issue unless `actual` is the golden file `name` byte for byte (rewrites it when updating).
    public func expect(_ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if Self.isUpdating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden file \(url.path); run with VCAUDIT_UPDATE_GOLDEN=1 to write it", sourceLocation: sourceLocation)
            return
        }
        let golden = String(decoding: data, as: UTF8.self)
        guard Array(data) != Array(actual.utf8) else { return }
        let message = "\(name) differs from its golden file at \(Self.firstDifference(actual, golden)); "
            + "run with VCAUDIT_UPDATE_GOLDEN=1 and review the diff"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Records an issue unless the folder's files ending with `suffix` are exactly `files` (name and text), each byte
    /// for byte; when updating, writes them and removes the others that end with `suffix`.
    public func expect(files: [(name: String, text: String)], endingWith suffix: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        if Self.isUpdating {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for stale in names(endingWith: suffix) where !files.contains(where: { $0.name == stale }) {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
            }
        } else if names(endingWith: suffix) != Set(files.map(\.name)) {
            Issue.record("the golden files in \(folder.lastPathComponent) are not the files expected; run with VCAUDIT_UPDATE_GOLDEN=1",
                         sourceLocation: sourceLocation)
        }
        for file in files { try expect(file.text, matches: file.name, sourceLocation: sourceLocation) }
    }

    /// Where two texts first differ, by line, for a readable failure.
    static func firstDifference(_ actual: String, _ golden: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let g = golden.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, g.count) {
            let left = index < a.count ? String(a[index]) : "(end)"
            let right = index < g.count ? String(g[index]) : "(end)"
            if left != right { return "line \(index + 1): got \(left.debugDescription), golden has \(right.debugDescription)" }
        }
        return "a byte that reads the same (a different encoding of the same text)"
    }
}
