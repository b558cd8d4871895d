import Foundation

/// Turns names written in a spec into Swift identifiers.
///
/// Names that already are lower-camel identifiers are kept as written
/// (`charactersNav`); anything else is split into words and joined in camel case
/// (`Swap forgets didMove(toParent:)` → `swapForgetsDidMoveToParent`).
/// Only ASCII letters, digits and `_` survive, accents are dropped
/// (`Café` → `Cafe`), a leading digit gets a `_` prefix, and a Swift keyword
/// is escaped with backticks where it is used (`SwiftName.escaped`); the keywords backticks do not make usable
/// (`self`, `super`, `init`) are reserved in each scope, so they get `2`, `3`, ... instead.
public enum SwiftName {
    /// Keywords that cannot be used as identifiers without backticks.
    public static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "_",
        "Type", "Protocol",
    ]

    /// Names that backticks do not make usable where generated code writes names, so a scope never hands them out.
    ///
    /// Unqualified, `` `self` `` is still the instance (`` `self` = HomeViewController() `` does not compile: "cannot
    /// assign to value: 'self' is immutable", and `` `self`() `` calls the instance), and Swift Testing refuses
    /// `` `self` `` and `` `Self` `` as the name of a `@Test` function; `super` is the same kind of keyword as
    /// `self`; `init` and `deinit` name the class's own initializer and deinitializer.
    public static let unusableEvenEscaped: Set<String> = ["self", "Self", "super", "init", "deinit"]

    /// Whether `text` is a plain identifier: ASCII letter or `_`, then letters, digits or `_`.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isHead(first) else { return false }
        return text.unicodeScalars.allSatisfy(isBody)
    }

    /// `text` as a lower-camel-case identifier (a property, function or case name), or `fallback` if nothing is left.
    public static func lowerCamel(_ text: String, fallback: String) -> String {
        if isIdentifier(text), let first = text.unicodeScalars.first, isLower(first) { return text }
        let words = self.words(text)
        guard let first = words.first else { return fallback }
        return prefixed(lowercasedHead(first) + words.dropFirst().map(capitalizedHead).joined())
    }

    /// `text` as an upper-camel-case identifier (a type name), or `fallback` if nothing is left.
    public static func upperCamel(_ text: String, fallback: String) -> String {
        let words = self.words(text)
        guard !words.isEmpty else { return fallback }
        return prefixed(words.map(capitalizedHead).joined())
    }

    /// `name` ready to use in source: backticked when it is a keyword (never one of `unusableEvenEscaped`).
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The ASCII words of `text`: runs of letters and digits, accents stripped.
    static func words(_ text: String) -> [String] {
        let folded = text.decomposedStringWithCanonicalMapping
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, isBody(scalar), scalar != "_" {
                current.unicodeScalars.append(scalar)
            } else if scalar.properties.generalCategory == .nonspacingMark || scalar == "'" || scalar == "\u{2019}" {
                // Accents and apostrophes join: "tab's" is one word.
                continue
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `UIKit` → `uiKit`, `URL` → `url`, `Launch` → `launch`, `iPad` → `iPad`.
    static func lowercasedHead(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var upper = 0
        while upper < scalars.count, isUpper(scalars[upper]) { upper += 1 }
        if upper == 0 { return word }
        // Keep the last capital of a run when a lowercase letter follows it (UIKit → uiKit).
        let cut = upper > 1 && upper < scalars.count && isLower(scalars[upper]) ? upper - 1 : upper
        var out = String(String.UnicodeScalarView(scalars[..<cut])).lowercased()
        out.unicodeScalars.append(contentsOf: scalars[cut...])
        return out
    }

    static func capitalizedHead(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// A leading digit is not allowed: `3 pages` → `_3Pages`.
    static func prefixed(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, ("0"..."9").contains(first) else { return name }
        return "_" + name
    }

    static func isHead(_ s: Unicode.Scalar) -> Bool { isUpper(s) || isLower(s) || s == "_" }
    static func isBody(_ s: Unicode.Scalar) -> Bool { isHead(s) || ("0"..."9").contains(s) }
    static func isUpper(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) }
    static func isLower(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) }
}

/// Names handed out in one Swift scope, distinct and stable.
///
/// The first claim of a base name gets it; later ones get `2`, `3`, ... in
/// the order they are claimed, so the same input always gives the same names.
public struct NameScope: Sendable {
    private var taken: Set<String>

    public init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// A distinct name for `base` (already Swift-safe), recorded as taken.
    public mutating func claim(_ base: String) -> String {
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        taken.insert(name)
        return name
    }
}
