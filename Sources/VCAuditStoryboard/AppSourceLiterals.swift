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
        for file in files {
            guard let bytes = AppSourceFiles.read(file) else { continue }
            let swift = file.hasSuffix(".swift")
            let all = SourceTokenizer.tokens(of: bytes, swift: swift)
            // What previews spell is not what the app does.
            let tokens = swift ? SourceTokenizer.withoutPreviews(all) : all
            collect(tokens, into: &literals)
            if !makesInitialControllers {
                makesInitialControllers = tokens.contains { $0.kind == .identifier && $0.text.hasPrefix("instantiateInitialViewController") }
            }
            rootAssignments += self.rootAssignments(in: tokens, file: file)
        }
        return SourceNames(literals: literals, makesInitialControllers: makesInitialControllers, rootAssignments: rootAssignments)
    }

    /// The lines of `tokens` that set a window's root to a controller a storyboard makes for an identifier
    /// (`window?.rootViewController = board.instantiateViewController(withIdentifier: "Home")`, iOS 13's
    /// `instantiateViewController(identifier:)`, or Objective-C's `instantiateViewControllerWithIdentifier:@"Home"`),
    /// with that identifier: a window's property (not a local variable, nor an argument label), outside comments,
    /// assigned the call on its line, or a variable the file last assigned such a call on a line of its own
    /// (`let login = board.instantiateViewController(withIdentifier: "Login")`, then `window?.rootViewController = login`).
    static func rootAssignments(in tokens: [SourceTokenizer.Token], file: String) -> [SourceNames.RootAssignment] {
        var found: [SourceNames.RootAssignment] = []
        // Per variable, the identifier of the storyboard controller last assigned to it.
        var made: [String: String] = [:]
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count, tokens[lineEnd].line == tokens[lineStart].line { lineEnd += 1 }
            defer { lineStart = lineEnd }
            func text(_ at: Int) -> String? { at >= lineStart && at < lineEnd ? tokens[at].text : nil }
            func isIdentifier(_ at: Int, _ test: (String) -> Bool) -> Bool { tokens[at].kind == .identifier && test(tokens[at].text) }
            /// The identifier a storyboard is asked for in the call that starts after `from` on this line.
            func madeController(after from: Int) -> String? {
                guard let call = (from..<lineEnd).first(where: { isIdentifier($0) { $0.hasPrefix("instantiateViewController") } }),
                      let label = (call..<lineEnd).first(where: { isIdentifier($0) { $0.hasSuffix("dentifier") } }),
                      let name = (label..<lineEnd).first(where: { tokens[$0].kind == .string }), !tokens[name].text.isEmpty else { return nil }
                return tokens[name].text
            }
            // `<window>.rootViewController = `: a property of a window, assigned (not compared, `==`, `!=`).
            for root in lineStart..<lineEnd where isIdentifier(root, { $0 == "rootViewController" }) {
                guard text(root - 1) == ".", text(root + 1) == "=", text(root + 2) != "=",
                      (lineStart..<root).contains(where: { isIdentifier($0) { $0.lowercased().contains("window") } }) else { continue }
                // The variable alone: what follows it is the statement's end, not a member or a call.
                let variable = root + 2 < lineEnd && tokens[root + 2].kind == .identifier && [nil, ";"].contains(text(root + 3))
                    ? made[tokens[root + 2].text] : nil
                guard let identifier = madeController(after: root + 2) ?? variable else { continue }
                found.append(SourceNames.RootAssignment(identifier: identifier, file: file, line: tokens[root].line))
                break
            }
            // `let login = board.instantiateViewController(withIdentifier: "Login")`, or Objective-C's
            // `UIViewController *login = [board instantiateViewControllerWithIdentifier:@"Login"];`: a variable (a
            // property, `self.login`, is not followed), which any other assignment makes something else.
            if let assign = (lineStart..<lineEnd).first(where: { tokens[$0].text == "=" && tokens[$0].kind == .punctuation }),
               assign > lineStart, tokens[assign - 1].kind == .identifier, text(assign + 1) != "=", text(assign - 2) != "." {
                made[tokens[assign - 1].text] = madeController(after: assign + 1)
            }
        }
        return found
    }

    /// The lines of Swift `source` that set a window's root to a storyboard controller (`rootAssignments(in:file:)`).
    static func rootAssignments(in source: [UInt8], file: String) -> [SourceNames.RootAssignment] {
        rootAssignments(in: SourceTokenizer.tokens(of: source, swift: true), file: file)
    }

    /// Adds the one-line string literals of `tokens` (Swift's `"..."`, Objective-C's `@"..."`) to `literals`, escapes
    /// left as written; short ones only (an identifier is), and none in comments.
    static func collect(_ tokens: [SourceTokenizer.Token], into literals: inout Set<String>) {
        for token in tokens where token.kind == .string && !token.text.isEmpty && token.text.utf8.count <= 200 {
            literals.insert(token.text)
        }
    }

    /// Adds the string literals of Swift `source` to `literals` (`collect(_:into:)`).
    static func collect(_ source: [UInt8], into literals: inout Set<String>) {
        collect(SourceTokenizer.tokens(of: source, swift: true), into: &literals)
    }
}
