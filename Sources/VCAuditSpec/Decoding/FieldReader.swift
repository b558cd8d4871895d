/// Reads the fields of one YAML mapping, reporting unknown keys and wrong types.
///
/// Each accessor reports its own problems to the shared `DiagnosticSink` and
/// returns nil, so decoding goes on and every error of a file is collected.
struct FieldReader {
    let mapping: Node.Mapping
    /// What the mapping is, for messages: "controller 'home'", "the 'present' step".
    let context: DecodingContext
    let sink: DiagnosticSink
    /// Keys that an unknown key was taken for a misspelling of; their absence is not reported again.
    private let suggested: Set<String>

    /// Reads `node` as a mapping whose keys must be among `allowed` (and `ignore`, when `allowsIgnore`).
    init?(_ node: Node, allowed: [String], allowsIgnore: Bool = false, context: DecodingContext, sink: DiagnosticSink) {
        guard case .mapping(let mapping) = node else {
            sink.error(at: node.mark, "expected a mapping for \(context), found \(sink.describe(node))", length: sink.span(node))
            return nil
        }
        self.init(mapping, allowed: allowed, allowsIgnore: allowsIgnore, context: context, sink: sink)
    }

    /// Reads `mapping`, whose keys must be among `allowed` (and `ignore`, when `allowsIgnore`).
    init(_ mapping: Node.Mapping, allowed: [String], allowsIgnore: Bool = false, context: DecodingContext, sink: DiagnosticSink) {
        self.mapping = mapping
        self.context = context
        self.sink = sink
        var suggested: Set<String> = []
        for entry in mapping.entries {
            guard case .scalar(let scalar) = entry.key else { continue }
            let key = scalar.value
            if !Self.contains(allowed, key), !(allowsIgnore && key == "ignore") {
                let allowed = allowsIgnore ? allowed + ["ignore"] : allowed
                if let guess = Suggestions.closest(to: key, in: allowed) {
                    suggested.insert(guess)
                    sink.error(at: entry.key.mark, "unknown key '\(key)' in \(context); did you mean '\(guess)'?", length: key.unicodeScalars.count)
                } else {
                    let known = allowed.map { "'\($0)'" }.joined(separator: ", ")
                    sink.error(at: entry.key.mark, "unknown key '\(key)' in \(context); remove it, or use one of \(known)", length: key.unicodeScalars.count)
                }
            }
        }
        self.suggested = suggested
    }

    /// Whether `words` holds `word`; lengths are compared first, so most misses cost no string comparison.
    @inline(__always)
    static func contains(_ words: [String], _ word: String) -> Bool {
        let count = word.utf8.count
        for candidate in words where candidate.utf8.count == count && candidate == word {
            return true
        }
        return false
    }

    subscript(key: String) -> Node? { mapping[key] }

    /// The mark of the key itself, for "missing"/"only for" messages.
    func keyMark(_ key: String) -> Mark? {
        mapping.entries.first { $0.key.scalar?.value == key }?.key.mark
    }

    func has(_ key: String) -> Bool { mapping[key] != nil }

    /// A required field; reports it missing at the mapping's mark, unless a misspelling of it was reported.
    func required(_ key: String, example: String = "...") -> Node? {
        if let node = mapping[key] { return node }
        if !suggested.contains(key) {
            sink.error(at: mapping.mark, "missing '\(key)' in \(context); add '\(key): \(example)'")
        }
        return nil
    }

    /// Whether the absence of `key` was already explained by an unknown key that looks like it.
    func wasMisspelled(_ key: String) -> Bool { suggested.contains(key) }

    func string(_ key: String) -> Located<String>? {
        guard let node = mapping[key] else { return nil }
        return sink.string(node, what: "'\(key)' in \(context)")
    }

    func bool(_ key: String) -> Bool? {
        guard let node = mapping[key] else { return nil }
        guard let value = node.scalar?.bool else {
            sink.error(at: node.mark, "expected true or false for '\(key)' in \(context), found \(sink.describe(node))\(sink.unquoteHint(node, key: key) { $0.bool != nil })",
                       length: sink.span(node))
            return nil
        }
        return value
    }

    func int(_ key: String) -> Located<Int>? {
        guard let node = mapping[key] else { return nil }
        guard let value = node.scalar?.int else {
            sink.error(at: node.mark, "expected a whole number for '\(key)' in \(context), found \(sink.describe(node))\(sink.unquoteHint(node, key: key) { $0.int != nil })",
                       length: sink.span(node))
            return nil
        }
        return Located(value, at: node.mark)
    }

    /// One of `cases`, by raw value, with a suggestion when it is a near miss.
    func choice<T: RawRepresentable>(_ key: String, _ type: T.Type, what: String) -> Located<T>? where T.RawValue == String, T: CaseIterable {
        guard let node = mapping[key] else { return nil }
        return sink.choice(node, type, what: what)
    }
}

/// Collects diagnostics for one file.
final class DiagnosticSink {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Stop collecting after this many; a file with more is hopeless anyway.
    let limit = 100

    init(file: String) {
        self.file = file
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(at mark: Mark, _ message: String, length: Int = 1, notes: [Diagnostic.Note] = []) {
        guard diagnostics.count < limit else { return }
        diagnostics.append(Diagnostic(.error, at: location(mark), message, length: length, notes: notes))
    }

    func location(_ mark: Mark) -> SourceLocation { SourceLocation(file: file, mark: mark) }

    /// How a node reads in a message: `'abc'` for a scalar, `"abc"` for a quoted one, else its kind.
    func describe(_ node: Node) -> String {
        if let scalar = node.scalar, !scalar.isNull {
            switch scalar.style {
            case .singleQuoted, .doubleQuoted: return "the quoted string \"\(scalar.value)\""
            default: return "'\(scalar.value)'"
            }
        }
        return node.kindDescription
    }

    /// How many characters of the line the node's caret underlines: a one-line scalar as written, else 1.
    func span(_ node: Node) -> Int {
        guard let scalar = node.scalar, !scalar.isNull, !scalar.value.contains("\n") else { return 1 }
        switch scalar.style {
        case .plain: return scalar.value.unicodeScalars.count
        case .singleQuoted, .doubleQuoted: return scalar.value.unicodeScalars.count + 2
        case .literal, .folded: return 1
        }
    }

    /// "; remove the quotes: key: value" when `node` is a quoted scalar that would read right unquoted.
    func unquoteHint(_ node: Node, key: String, readsRight: (Node.Scalar) -> Bool) -> String {
        guard var scalar = node.scalar, scalar.style == .singleQuoted || scalar.style == .doubleQuoted else { return "" }
        scalar.style = .plain
        return readsRight(scalar) ? "; remove the quotes: '\(key): \(scalar.value)'" : ""
    }

    func string(_ node: Node, what: @autoclosure () -> String) -> Located<String>? {
        guard let scalar = node.scalar, !scalar.isNull else {
            error(at: node.mark, "expected a string for \(what()), found \(describe(node))")
            return nil
        }
        return Located(scalar.value, at: scalar.mark)
    }

    func choice<T: RawRepresentable>(_ node: Node, _ type: T.Type, what: String) -> Located<T>? where T.RawValue == String, T: CaseIterable {
        guard let scalar = node.scalar, !scalar.isNull else {
            let names = T.allCases.map(\.rawValue)
            error(at: node.mark, "expected \(what) (one of: \(names.joined(separator: ", "))), found \(describe(node))")
            return nil
        }
        if let value = T(rawValue: scalar.value) { return Located(value, at: scalar.mark) }
        let names = T.allCases.map(\.rawValue)
        let hint = Suggestions.closest(to: scalar.value, in: names).map { "; did you mean '\($0)'?" }
            ?? "; use one of: \(names.joined(separator: ", "))"
        error(at: scalar.mark, "unknown \(what) '\(scalar.value)'\(hint)", length: span(node))
        return nil
    }
}
