import Foundation
import VCAuditSupport

/// Where an app's Swift and Objective-C sources implement the actions its unwind segues name, and which classes
/// inherit from which: what tells the storyboard import which controller an unwind segue lands on.
///
/// UIKit finds an unwind segue's destination at run time: walking up from its source, the first controller that
/// responds to the segue's action (`unwindAction="backFromEditor:"`). The action is an `@IBAction` with one
/// parameter, in Swift (`@IBAction func backFromEditor(_ segue: UIStoryboardSegue)`, in a `class` or an `extension`)
/// or in Objective-C (`- (IBAction)backFromEditor:(UIStoryboardSegue *)segue`, in an `@implementation`); a subclass
/// of the class that implements it responds to it too. The scan is a small tokenizer, not a compiler: comments,
/// string literals and character literals are skipped, and every file is read once, in time linear in its size.
public struct UnwindActions: Sendable, Equatable {
    /// One method that implements an action: the type it is declared in, and where.
    public struct Implementation: Sendable, Hashable {
        /// The class (or the type an extension extends), by its simple name, as a storyboard's `customClass` names it.
        public var typeName: String
        public var file: String
        public var line: Int
    }

    /// Per Objective-C selector (`backFromEditor:`), its implementations in the order read (files sorted by path).
    public private(set) var implementations: [String: [Implementation]] = [:]
    /// Per class, its superclass (the first type its declaration inherits from; in Swift that may be a protocol,
    /// which no class implements actions in, so it does no harm). The first declaration read wins.
    public private(set) var superclasses: [String: String] = [:]

    public init() {}

    /// The punctuation the declarations of actions and classes are read by.
    private static let punctuation: Set<String> = ["{", "}", "(", ")", "<", ">", ":", ";", ".", ",", "@", "-"]

    /// Superclasses followed at most from one class (a cycle, or an absurd hierarchy, stops there).
    static let maximumInheritanceDepth = 64

    /// The unwind actions the `.swift`, `.m`, `.mm` and `.h` files under `folders` implement (hidden folders
    /// skipped); nil when there are none, or more than `AppSourceFiles.maximumFiles`.
    public static func find(inFolders folders: [String]) -> UnwindActions? {
        guard let files = AppSourceFiles.list(inFolders: folders, endingWith: [".swift", ".m", ".mm", ".h"]) else { return nil }
        var actions = UnwindActions()
        for file in files {
            guard let bytes = AppSourceFiles.read(file) else { continue }
            actions.scan(bytes, file: file)
        }
        return actions
    }

    /// Adds what one source file declares: Swift unless `file` ends in `.m`, `.mm` or `.h`.
    public mutating func scan(_ bytes: [UInt8], file: String) {
        let isSwift = !(file.hasSuffix(".m") || file.hasSuffix(".mm") || file.hasSuffix(".h"))
        // The declarations read here are made of identifiers and `{}()<>:;.,@-`.
        let tokens = SourceTokenizer.tokens(of: bytes, swift: isSwift).filter {
            $0.kind == .identifier || ($0.kind == .punctuation && Self.punctuation.contains($0.text))
        }
        if isSwift { readSwift(tokens, file: file) } else { readObjectiveC(tokens, file: file) }
    }

    /// The implementation an instance of `className` runs for `selector`: its class's own, else its nearest
    /// superclass's; of several in one type (a Swift and an Objective-C copy of a class), the first read.
    public func implementation(of selector: String, forClass className: String) -> Implementation? {
        guard let found = implementations[selector] else { return nil }
        var type = className
        for _ in 0..<Self.maximumInheritanceDepth {
            if let own = found.first(where: { $0.typeName == type }) { return own }
            guard let superclass = superclasses[type] ?? Self.uikitSuperclasses[type] else { return nil }
            type = superclass
        }
        return nil
    }

    /// UIKit's controller classes a storyboard declares, each a `UIViewController` (an app's extension of it
    /// reaches them all).
    static let uikitSuperclasses: [String: String] = [
        "UINavigationController": "UIViewController", "UITabBarController": "UIViewController",
        "UISplitViewController": "UIViewController", "UIPageViewController": "UIViewController",
        "UITableViewController": "UIViewController", "UICollectionViewController": "UIViewController",
    ]

    private mutating func add(_ selector: String, type: String, file: String, line: Int) {
        implementations[selector, default: []].append(Implementation(typeName: type, file: file, line: line))
    }

    private mutating func inherit(_ type: String, from superclass: String) {
        if superclasses[type] == nil, type != superclass { superclasses[type] = superclass }
    }

    // MARK: Swift

    /// Words that follow `class` in a member declaration (`class func`), not a class's name.
    private static let swiftMemberWords: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "override", "final", "static", "public", "private",
        "fileprivate", "internal", "open", "required", "convenience", "dynamic", "lazy", "weak", "unowned", "mutating",
        "nonmutating", "typealias", "protocol", "class", "struct", "enum", "extension", "actor", "nonisolated",
    ]
    private static let swiftTypeWords: Set<String> = ["class", "struct", "enum", "extension", "actor", "protocol"]

    private mutating func readSwift(_ tokens: [SourceTokenizer.Token], file: String) {
        // The types whose bodies are open: their name (nil for a protocol's) and the brace depth inside them.
        var openTypes: [(name: String?, depth: Int)] = []
        var depth = 0
        // A type declared, waiting for its `{`.
        var pendingType: String??
        var index = 0
        func text(_ at: Int) -> String? { at < tokens.count ? tokens[at].text : nil }
        /// The last component of a qualified name starting at `at` (`Outer.Inner`), and the index after it.
        func qualifiedName(at start: Int) -> (String, Int)? {
            guard start < tokens.count, tokens[start].isIdentifier else { return nil }
            var name = tokens[start].text, at = start + 1
            while text(at) == ".", at + 1 < tokens.count, tokens[at + 1].isIdentifier {
                name = tokens[at + 1].text
                at += 2
            }
            return (name, at)
        }
        while index < tokens.count {
            let token = tokens[index]
            switch token.text {
            case "{":
                depth += 1
                if let pending = pendingType { openTypes.append((pending, depth)); pendingType = nil }
                index += 1
            case "}":
                depth = max(0, depth - 1)
                while let last = openTypes.last, last.depth > depth { openTypes.removeLast() }
                pendingType = nil
                index += 1
            case ";":
                pendingType = nil
                index += 1
            case let word where token.isIdentifier && Self.swiftTypeWords.contains(word):
                guard let (name, after) = qualifiedName(at: index + 1), !Self.swiftMemberWords.contains(name) else { index += 1; continue }
                // A type nested in a type's body, or at the top level; not one declared inside a function.
                let atTypeLevel = openTypes.last.map { $0.depth == depth && $0.name != nil } ?? (depth == 0)
                guard atTypeLevel else { index = after; continue }
                pendingType = word == "protocol" ? .some(nil) : .some(name)
                var at = after
                // Generic parameters, bounded by the declaration's own tokens.
                if text(at) == "<" {
                    var angles = 0
                    while at < tokens.count {
                        if tokens[at].text == "<" { angles += 1 } else if tokens[at].text == ">" { angles -= 1 }
                        else if tokens[at].text == "{" || tokens[at].text == "}" { break }
                        at += 1
                        if angles == 0 { break }
                    }
                }
                if word == "class", text(at) == ":", let (superclass, next) = qualifiedName(at: at + 1) {
                    inherit(name, from: superclass)
                    at = next
                }
                index = at
            case "@" where text(index + 1) == "IBAction":
                index = readSwiftAction(tokens, from: index + 2, file: file, line: token.line,
                                        type: openTypes.last.flatMap { $0.depth == depth ? $0.name : nil })
            default:
                index += 1
            }
        }
    }

    /// Words that may stand between `@IBAction` and `func`.
    private static let swiftModifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "override", "final", "dynamic", "nonisolated", "class",
        "static", "required", "objc", "MainActor", "preconcurrency", "discardableResult",
    ]

    /// Reads the function an `@IBAction` marks (from `start`, after the attribute) and records its selector when
    /// it is declared directly in `type`'s body; returns where to go on reading.
    private mutating func readSwiftAction(_ tokens: [SourceTokenizer.Token], from start: Int, file: String, line: Int, type: String?) -> Int {
        var at = start
        var explicitSelector: String?
        // Attributes and modifiers, a few at most.
        while at < tokens.count, at - start < 24 {
            let word = tokens[at].text
            if word == "@" { at += 1; continue }
            if word == "objc", at + 1 < tokens.count, tokens[at + 1].text == "(" {
                // @objc(backFromEditor:) names the selector.
                var selector = "", next = at + 2
                while next < tokens.count, next - at < 16, tokens[next].text != ")" {
                    guard tokens[next].isIdentifier || tokens[next].text == ":" else { break }
                    selector += tokens[next].text
                    next += 1
                }
                if next < tokens.count, tokens[next].text == ")", !selector.isEmpty { explicitSelector = selector }
                at = next + 1
                continue
            }
            if word == "(" {
                // An attribute's arguments (`@available(...)`), on one line's worth of tokens.
                var next = at + 1
                while next < tokens.count, next - at < 32, tokens[next].text != ")" { next += 1 }
                at = next + 1
                continue
            }
            guard tokens[at].isIdentifier, word != "func", Self.swiftModifiers.contains(word) || (at > start && tokens[at - 1].text == "@")
            else { break }
            at += 1
        }
        guard at + 2 < tokens.count, tokens[at].text == "func", tokens[at + 1].isIdentifier, tokens[at + 2].text == "(" else { return at }
        let name = tokens[at + 1].text
        // An unwind action takes one parameter, the segue: a method of two is none, whatever it is called.
        var depth = 1, next = at + 3
        while next < tokens.count, next - at < 64, depth > 0 {
            switch tokens[next].text {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where tokens[next - 1].text != "-": depth -= 1
            case "," where depth == 1: return next
            default: break
            }
            next += 1
        }
        let selector: String
        if let explicitSelector {
            selector = explicitSelector
        } else {
            let first = at + 3
            guard first < tokens.count else { return first }
            if tokens[first].text == ")" {
                selector = name
            } else {
                guard tokens[first].isIdentifier else { return first }
                let label = tokens[first].text
                selector = label == "_" ? name + ":" : Self.objectiveCName(name, firstLabel: label) + ":"
            }
        }
        if let type { add(selector, type: type, file: file, line: line) }
        return at + 3
    }

    /// Words Swift treats as prepositions when it names a method for Objective-C (swift/include/swift/Basic/PartsOfSpeech.def).
    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from", "given",
        "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to", "until",
        "using", "via", "when", "with", "within",
    ]

    /// The selector's first piece Swift makes of a method `name` whose first parameter has the label `label`:
    /// `back(segue:)` is `backWithSegue:`, `back(from:)` is `backFrom:`, `moveTo(place:)` is `moveToPlace:`.
    static func objectiveCName(_ name: String, firstLabel label: String) -> String {
        let firstWordOfLabel = String(label.prefix { !$0.isUppercase }).lowercased()
        let lastWordOfName = name.lastIndex(where: \.isUppercase).map { String(name[$0...]) } ?? name
        let capitalized = label.prefix(1).uppercased() + label.dropFirst()
        if prepositions.contains(firstWordOfLabel) || prepositions.contains(lastWordOfName.lowercased()) { return name + capitalized }
        return name + "With" + capitalized
    }

    // MARK: Objective-C

    private mutating func readObjectiveC(_ tokens: [SourceTokenizer.Token], file: String) {
        var implementing: String?
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.text {
            case "{": depth += 1
            case "}": depth = max(0, depth - 1)
            case "@" where index + 2 < tokens.count && tokens[index + 2].isIdentifier:
                let name = tokens[index + 2].text
                switch tokens[index + 1].text {
                case "interface":
                    if index + 4 < tokens.count, tokens[index + 3].text == ":", tokens[index + 4].isIdentifier {
                        inherit(name, from: tokens[index + 4].text)
                    }
                case "implementation":
                    implementing = name
                    depth = 0
                default: break
                }
            case "@" where index + 1 < tokens.count && tokens[index + 1].text == "end":
                implementing = nil
            case "-" where depth == 0 && implementing != nil:
                // - (IBAction)name:(type)parameter [more:(type)parameter ...]
                guard index + 5 < tokens.count, tokens[index + 1].text == "(", tokens[index + 2].text == "IBAction",
                      tokens[index + 3].text == ")", tokens[index + 4].isIdentifier else { break }
                var selector = tokens[index + 4].text
                var at = index + 5
                if at < tokens.count, tokens[at].text == ":" {
                    selector += ":"
                    at += 1
                    // Each further piece: (type) parameter piece:
                    while at < tokens.count, selector.count < 512 {
                        if tokens[at].text == "(" {
                            var next = at + 1
                            while next < tokens.count, next - at < 16, tokens[next].text != ")" { next += 1 }
                            at = next + 1
                        }
                        guard at < tokens.count, tokens[at].isIdentifier else { break }
                        at += 1  // the parameter's name
                        guard at + 1 < tokens.count, tokens[at].isIdentifier, tokens[at + 1].text == ":" else { break }
                        selector += tokens[at].text + ":"
                        at += 2
                    }
                }
                add(selector, type: implementing!, file: file, line: token.line)
                index = at
                continue
            default: break
            }
            index += 1
        }
    }
}
