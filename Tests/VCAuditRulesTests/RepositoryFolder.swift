import Foundation

/// Folders of the repository the tests read, when the checkout has them.
enum RepositoryFolder {
    /// The package root: two folders above this file's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func existing(_ relative: String) -> String? {
        let url = root.appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }

    /// `Examples/`.
    static let examples = existing("Examples")
    /// `Specs/valid/`.
    static let validSpecs = existing("Specs/valid")
}
