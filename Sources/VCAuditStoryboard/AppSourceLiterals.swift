import Foundation
import VCAuditSpec
import VCAuditSupport

/// The string literals of an app's Swift and Objective-C sources: which storyboard identifiers and storyboard names
/// its code spells, so that `explore` presents only what the code can make.
///
/// A storyboard scene with an identifier no source file spells is most likely made by no code (a scene left behind,
/// or one only a segue shows): presenting it at launch would explore a path the app never takes.
public enum AppSourceLiterals {
    /// Source files read at most, and the largest one read: enough for any app, bounded for a folder that holds many.
    static let maximumFiles = 20_000
    static let maximumBytes = 4 << 20

    /// What the `.swift`, `.m` and `.mm` files under `folders` spell (hidden folders skipped); nil when there are none,
    /// or more than `maximumFiles` (what the code spells is then not known).
    public static func find(inFolders folders: [String]) -> SourceNames? {
        var files: [String] = []
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            files += InputFolder.files(under: folder) { $0.hasSuffix(".swift") || $0.hasSuffix(".m") || $0.hasSuffix(".mm") }
            if files.count > maximumFiles { return nil }
        }
        guard !files.isEmpty else { return nil }
        var literals: Set<String> = []
        var makesInitialControllers = false
        let call = Array("instantiateInitialViewController".utf8)
        for file in files {
            guard let bytes = try? InputFile.read(file, limit: maximumBytes, what: "a source file") else { continue }
            collect(bytes, into: &literals)
            if !makesInitialControllers {
                makesInitialControllers = bytes.withUnsafeBufferPointer { AppStoryboardSettings.firstIndex(of: call, in: $0, from: 0) != nil }
            }
        }
        return SourceNames(literals: literals, makesInitialControllers: makesInitialControllers)
    }

    /// Adds the one-line string literals of `bytes` (Swift's `"..."`, Objective-C's `@"..."`) to `literals`, escapes
    /// left as written; short ones only (an identifier is), and none in comments.
    static func collect(_ bytes: [UInt8], into literals: inout Set<String>) {
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
        let star = UInt8(ascii: "*")
        var index = 0
        while index < bytes.count {
            // Comments are skipped: a name quoted in one is not code that makes anything.
            if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == slash {
                while index < bytes.count, bytes[index] != newline { index += 1 }
                continue
            }
            if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == star && bytes[index + 1] == slash) { index += 1 }
                index += 2
                continue
            }
            guard bytes[index] == quote else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, bytes[end] != quote, bytes[end] != newline {
                end += bytes[end] == backslash ? 2 : 1
            }
            guard end < bytes.count, bytes[end] == quote else { index = end + 1; continue }
            if end - index - 1 <= 200, end > index + 1 {
                literals.insert(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
            }
            index = end + 1
        }
    }
}
