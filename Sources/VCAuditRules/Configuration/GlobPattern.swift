import Foundation

/// A path pattern of `.vcaudit.yml`'s `included` and `excluded`, as SwiftLint reads them.
///
/// `*` matches any characters within one path component, `?` one character, and a `**` component any number
/// of components (none included): `Specs/**/*.yaml` matches `Specs/a.yaml` and `Specs/x/y/b.yaml`. A pattern
/// without any of them is a plain path.
public struct GlobPattern: Sendable, Hashable {
    public let pattern: String
    private let components: [Substring]

    public init(_ pattern: String) {
        self.pattern = Configuration.normalize(pattern)
        components = self.pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether the pattern has wildcards at all.
    public static func isPattern(_ text: String) -> Bool { text.contains("*") || text.contains("?") }

    /// Whether `path` (relative, like the pattern) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let parts = Configuration.normalize(path).split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(components[...], parts[...])
    }

    /// The folder to search for matches: the components before the first wildcard ("." when it starts with one).
    public var searchRoot: String {
        let fixed = components.prefix { !Self.isPattern(String($0)) }
        let absolute = pattern.hasPrefix("/")
        if fixed.isEmpty { return absolute ? "/" : "." }
        return (absolute ? "/" : "") + fixed.joined(separator: "/")
    }

    /// Whether `path` or one of the folders above it matches: what `excluded` means by a pattern.
    public func matchesItselfOrAFolderAbove(_ path: String) -> Bool {
        var parts = Configuration.normalize(path).split(separator: "/", omittingEmptySubsequences: true)[...]
        while !parts.isEmpty {
            if Self.match(components[...], parts) { return true }
            parts = parts.dropLast()
        }
        return false
    }

    /// The files under `searchRoot` (hidden folders skipped) that match, sorted.
    public func files() -> [String] {
        let root = searchRoot
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        for case let relative as String in walker {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let path = root == "." ? relative : root == "/" ? "/" + relative : root + "/" + relative
            if matches(path) { found.append(path) }
        }
        return found.sorted()
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            // Zero or more components.
            var rest = path
            while true {
                if match(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(head.unicodeScalars)[...], Array(component.unicodeScalars)[...]) else {
            return false
        }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let head = pattern.first else { return text.isEmpty }
        switch head {
        case "*":
            var rest = text
            while true {
                if matchComponent(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case "?":
            return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == head && matchComponent(pattern.dropFirst(), text.dropFirst())
        }
    }
}
