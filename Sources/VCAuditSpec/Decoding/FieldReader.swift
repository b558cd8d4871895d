/// Reads the fields of one YAML mapping, reporting unknown keys and wrong types.
///
/// Each accessor reports its own problems to the shared `DiagnosticSink` and
/// returns nil, so decoding goes on and every error of a file is collected.
struct FieldReader {
    let mapping: Node.Mapping
    /// What the mapping is, for messages: "controller 'home'", "the 'present' step".
    let context: String
    let sink: DiagnosticSink

    /// Reads `node` as a mapping whose keys must be among `allowed`.
    init?(_ node: Node, allowed: [String], context: String, sink: DiagnosticSink) {
        guard let mapping = node.mapping else {
            sink.error(at: node.mark, "expected a mapping for \(context), found \(node.kindDescription)")
            return nil
        }
        self.mapping = mapping
        self.context = context
        self.sink = sink
        for entry in mapping.entries {
            let key = entry.key.scalar?.value ?? ""
            if !allowed.contains(key) {
                let known = allowed.map { "'\($0)'" }.joined(separator: ", ")
                let hint = Suggestions.closest(to: key, in: allowed).map { "; did you mean '\($0)'?" } ?? " (known keys: \(known))"
                sink.error(at: entry.key.mark, "unknown key '\(key)' in \(context)\(hint)", length: key.count)
            }
        }
    }

    subscript(key: String) -> Node? { mapping[key] }

    /// The mark of the key itself, for "missing"/"only for" messages.
    func keyMark(_ key: String) -> Mark? {
        mapping.entries.first { $0.key.scalar?.value == key }?.key.mark
    }

    func has(_ key: String) -> Bool { mapping[key] != nil }

    /// A required field; reports it missing at the mapping's mark.
    func required(_ key: String) -> Node? {
        if let node = mapping[key] { return node }
        sink.error(at: mapping.mark, "missing '\(key)' in \(context)")
        return nil
    }

    func string(_ key: String) -> Located<String>? {
        guard let node = mapping[key] else { return nil }
        return sink.string(node, what: "'\(key)' in \(context)")
    }

    func bool(_ key: String) -> Bool? {
        guard let node = mapping[key] else { return nil }
        guard let value = node.scalar?.bool else {
            sink.error(at: node.mark, "expected true or false for '\(key)' in \(context), found \(sink.describe(node))")
            return nil
        }
        return value
    }

    func int(_ key: String) -> Located<Int>? {
        guard let node = mapping[key] else { return nil }
        guard let value = node.scalar?.int else {
            sink.error(at: node.mark, "expected a whole number for '\(key)' in \(context), found \(sink.describe(node))")
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

    /// How a node reads in a message: `'abc'` for a scalar, else its kind.
    func describe(_ node: Node) -> String {
        if let scalar = node.scalar, !scalar.isNull { return "'\(scalar.value)'" }
        return node.kindDescription
    }

    func string(_ node: Node, what: String) -> Located<String>? {
        guard let scalar = node.scalar, !scalar.isNull else {
            error(at: node.mark, "expected a string for \(what), found \(describe(node))")
            return nil
        }
        return Located(scalar.value, at: scalar.mark)
    }

    func choice<T: RawRepresentable>(_ node: Node, _ type: T.Type, what: String) -> Located<T>? where T.RawValue == String, T: CaseIterable {
        guard let scalar = node.scalar, !scalar.isNull else {
            error(at: node.mark, "expected \(what), found \(describe(node))")
            return nil
        }
        if let value = T(rawValue: scalar.value) { return Located(value, at: scalar.mark) }
        let names = T.allCases.map(\.rawValue)
        let hint = Suggestions.closest(to: scalar.value, in: names).map { "; did you mean '\($0)'?" }
            ?? " (one of: \(names.joined(separator: ", ")))"
        error(at: scalar.mark, "unknown \(what) '\(scalar.value)'\(hint)", length: scalar.value.count)
        return nil
    }
}
