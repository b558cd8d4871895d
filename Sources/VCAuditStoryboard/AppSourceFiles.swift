import Foundation
import VCAuditSupport

/// The Swift and Objective-C files of an app's folders, as the scans of its sources read them
/// (`AppSourceLiterals`, `UnwindActions`): each file once, in the order of its path, within bounds.
enum AppSourceFiles {
    /// Source files read at most, and the largest one read: enough for any app, bounded for a folder that holds many.
    static let maximumFiles = 20_000
    static let maximumBytes = 4 << 20

    /// The files under `folders` (hidden folders skipped) whose names end with one of `suffixes`, each once, sorted by
    /// path; nil when there are none, or more than `maximumFiles` (what the code says is then not known).
    static func list(inFolders folders: [String], endingWith suffixes: [String]) -> [String]? {
        var files: [String] = []
        for folder in folders {
            guard InputFolder.isFolder(folder) else { continue }
            files += InputFolder.files(under: folder) { path in suffixes.contains { path.hasSuffix($0) } }
            if files.count > maximumFiles { return nil }
        }
        // A file under two folders given is read once.
        return files.isEmpty ? nil : Set(files).sorted()
    }

    /// The bytes of `file`, or nil when it cannot be read or is larger than `maximumBytes`.
    static func read(_ file: String) -> [UInt8]? {
        try? InputFile.read(file, limit: maximumBytes, what: "a source file")
    }
}
