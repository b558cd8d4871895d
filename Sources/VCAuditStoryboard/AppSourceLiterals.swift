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
        var rootAssignments: [SourceNames.RootAssignment] = []
        let call = Array("instantiateInitialViewController".utf8)
        for file in files.sorted() {
            guard let bytes = try? InputFile.read(file, limit: maximumBytes, what: "a source file") else { continue }
            collect(bytes, into: &literals)
            if !makesInitialControllers {
                makesInitialControllers = bytes.withUnsafeBufferPointer { AppStoryboardSettings.firstIndex(of: call, in: $0, from: 0) != nil }
            }
            rootAssignments += self.rootAssignments(in: bytes, file: file)
        }
        return SourceNames(literals: literals, makesInitialControllers: makesInitialControllers, rootAssignments: rootAssignments)
    }

    /// The lines of `bytes` that set the window's root to a controller a storyboard makes for an identifier
    /// (`window?.rootViewController = board.instantiateViewController(withIdentifier: "Home")`, or Objective-C's
    /// `instantiateViewControllerWithIdentifier:@"Home"`), with that identifier: one line, not a comment.
    static func rootAssignments(in bytes: [UInt8], file: String) -> [SourceNames.RootAssignment] {
        let root = Array("rootViewController".utf8), make = Array("instantiateViewController".utf8)
        let identifier = Array("Identifier".utf8)
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), equals = UInt8(ascii: "=")
        var found: [SourceNames.RootAssignment] = []
        bytes.withUnsafeBufferPointer { text in
            var from = 0
            // Lines are counted once, up to each assignment found (matches only move forward).
            var counted = 0, lineNumber = 1
            while let at = AppStoryboardSettings.firstIndex(of: root, in: text, from: from) {
                from = at + root.count
                var lineStart = at
                while lineStart > 0, text[lineStart - 1] != newline { lineStart -= 1 }
                var lineEnd = from
                while lineEnd < text.count, text[lineEnd] != newline { lineEnd += 1 }
                // `rootViewController =`, not `==` nor an argument label (`UINavigationController(rootViewController:)`).
                var next = from
                while next < lineEnd, text[next] == UInt8(ascii: " ") { next += 1 }
                guard next + 1 < lineEnd, text[next] == equals, text[next + 1] != equals else { continue }
                let line = Array(text[lineStart..<lineEnd])
                let trimmed = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                guard !trimmed.starts(with: Array("//".utf8)), !trimmed.starts(with: Array("*".utf8)) else { continue }
                guard let call = line.withUnsafeBufferPointer({ AppStoryboardSettings.firstIndex(of: make, in: $0, from: next - lineStart) }),
                      let label = line.withUnsafeBufferPointer({ AppStoryboardSettings.firstIndex(of: identifier, in: $0, from: call) }),
                      let open = line[(label + identifier.count)...].firstIndex(of: quote),
                      let close = line[(open + 1)...].firstIndex(of: quote), close > open + 1 else { continue }
                let name = String(decoding: line[(open + 1)..<close], as: UTF8.self)
                while counted < at {
                    if text[counted] == newline { lineNumber += 1 }
                    counted += 1
                }
                found.append(SourceNames.RootAssignment(identifier: name, file: file, line: lineNumber))
            }
        }
        return found
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
