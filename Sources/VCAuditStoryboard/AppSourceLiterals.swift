import Foundation
import VCAuditSpec
import VCAuditSupport

/// The string literals of an app's Swift and Objective-C sources: which storyboard identifiers and storyboard names
/// its code spells, so that `explore` presents only what the code can make.
///
/// A storyboard scene with an identifier no source file spells is most likely made by no code (a scene left behind,
/// or one only a segue shows): presenting it at launch would explore a path the app never takes.
public enum AppSourceLiterals {
    /// What the `.swift`, `.m` and `.mm` files under `folders` spell (hidden folders skipped); nil when there are none,
    /// or more than `AppSourceFiles.maximumFiles` (what the code spells is then not known).
    public static func find(inFolders folders: [String]) -> SourceNames? {
        guard let files = AppSourceFiles.list(inFolders: folders, endingWith: [".swift", ".m", ".mm"]) else { return nil }
        var literals: Set<String> = []
        var makesInitialControllers = false
        var rootAssignments: [SourceNames.RootAssignment] = []
        let call = Array("instantiateInitialViewController".utf8)
        for file in files {
            guard let bytes = AppSourceFiles.read(file) else { continue }
            collect(bytes, into: &literals)
            if !makesInitialControllers {
                makesInitialControllers = bytes.withUnsafeBufferPointer { AppStoryboardSettings.firstIndex(of: call, in: $0, from: 0) != nil }
            }
            rootAssignments += self.rootAssignments(in: bytes, file: file)
        }
        return SourceNames(literals: literals, makesInitialControllers: makesInitialControllers, rootAssignments: rootAssignments)
    }

    /// The lines of `bytes` that set a window's root to a controller a storyboard makes for an identifier
    /// (`window?.rootViewController = board.instantiateViewController(withIdentifier: "Home")`, iOS 13's
    /// `instantiateViewController(identifier:)`, or Objective-C's `instantiateViewControllerWithIdentifier:@"Home"`),
    /// with that identifier: one line, outside comments, a window's property (not a local variable, nor an argument label).
    ///
    /// One pass over the bytes, line by line, each line's code (its comments left out) searched from left to right.
    static func rootAssignments(in bytes: [UInt8], file: String) -> [SourceNames.RootAssignment] {
        let root = Array("rootViewController".utf8), make = Array("instantiateViewController".utf8)
        let identifier = Array("dentifier".utf8), window = Array("indow".utf8)
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), equals = UInt8(ascii: "="), dot = UInt8(ascii: ".")
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), space = UInt8(ascii: " ")
        var found: [SourceNames.RootAssignment] = []
        var inBlockComment = false
        var lineNumber = 0, lineStart = 0
        var code: [UInt8] = []
        while lineStart < bytes.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            // The line's code: what no comment holds.
            code.removeAll(keepingCapacity: true)
            var index = lineStart
            while index < lineEnd {
                let next: UInt8? = index + 1 < lineEnd ? bytes[index + 1] : nil
                if inBlockComment {
                    if bytes[index] == star, next == slash { inBlockComment = false; index += 2 } else { index += 1 }
                    continue
                }
                if bytes[index] == slash, next == star { inBlockComment = true; index += 2; continue }
                if bytes[index] == slash, next == slash { break }
                code.append(bytes[index])
                index += 1
            }
            code.withUnsafeBufferPointer { line in
                var from = 0
                while let at = AppStoryboardSettings.firstIndex(of: root, in: line, from: from) {
                    from = at + root.count
                    // `<window>.rootViewController =`: a property of a window, assigned (not compared).
                    guard at > 0, line[at - 1] == dot || (at > 1 && line[at - 1] == UInt8(ascii: "?") && line[at - 2] == dot) else { continue }
                    guard let windowAt = AppStoryboardSettings.firstIndex(of: window, in: line, from: 0), windowAt < at else { continue }
                    var next = from
                    while next < line.count, line[next] == space { next += 1 }
                    guard next + 1 < line.count, line[next] == equals, line[next + 1] != equals else { continue }
                    guard let call = AppStoryboardSettings.firstIndex(of: make, in: line, from: next),
                          let label = AppStoryboardSettings.firstIndex(of: identifier, in: line, from: call) else { continue }
                    var open = label + identifier.count
                    while open < line.count, line[open] != quote, line[open] != UInt8(ascii: ")") { open += 1 }
                    var close = open + 1
                    while close < line.count, line[close] != quote { close += 1 }
                    guard open < line.count, line[open] == quote, close < line.count, close > open + 1 else { continue }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: line[(open + 1)..<close]), as: UTF8.self)
                    found.append(SourceNames.RootAssignment(identifier: name, file: file, line: lineNumber))
                    break
                }
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
