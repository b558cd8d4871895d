internal import CLibYAML

/// Composes YAML bytes into a single `Document`, safely, and gives its root node.
///
/// `SubsetParser` reads the YAML specs are written in (block and one-line flow collections, one-line scalars,
/// comments: most files); libyaml's event parser reads everything else, and reports every error. Both feed
/// `DocumentBuilder`, which stores the nodes flat, one record per event, with an explicit stack (no recursion, so
/// nesting cannot overflow the call stack), and adds what libyaml leaves out: duplicate keys are errors, aliases
/// are bounded by how far they would expand, nesting depth and input size are bounded, and the input must be
/// exactly one UTF-8 document.
public enum Composer {
    /// Bounds that keep hostile input cheap to refuse.
    public struct Limits: Sendable {
        /// Deepest allowed nesting of mappings and sequences, aliases counted as expanded.
        public var maxDepth: Int
        /// Aliases may always expand to this many nodes in total...
        public var aliasExpansionFloor: Int
        /// ...or to this many times the number of nodes actually written, whichever is larger...
        public var aliasExpansionRatio: Int
        /// ...but never to more than this many: what the decoder then builds grows with the expansion, so a large file
        /// whose aliases repeat it would take many times its size in memory (a spec reuses a few steps, not millions).
        public var aliasExpansionCeiling: Int
        /// Largest accepted input, in bytes.
        public var maxBytes: Int

        public init(maxDepth: Int = 256, aliasExpansionFloor: Int = 100_000, aliasExpansionRatio: Int = 10,
                    aliasExpansionCeiling: Int = 1_000_000, maxBytes: Int = 64 << 20) {
            self.maxDepth = maxDepth
            self.aliasExpansionFloor = aliasExpansionFloor
            self.aliasExpansionRatio = aliasExpansionRatio
            self.aliasExpansionCeiling = aliasExpansionCeiling
            self.maxBytes = maxBytes
        }

        public static let `default` = Limits()
    }

    /// Composes `bytes` (UTF-8) into the root node of its one document.
    ///
    /// A UTF-8 byte order mark is skipped (marks on line 1 count from the
    /// character after it); a UTF-16 or UTF-32 one is an encoding error.
    public static func compose(_ bytes: [UInt8], limits: Limits = .default) throws(YAMLError) -> Node {
        let skip = try start(of: bytes, limits: limits)
        let result: Result<Node, YAMLError> = bytes.withUnsafeBufferPointer { whole in
            let buffer = UnsafeBufferPointer(rebasing: whole[skip...])
            // The subset specs are written in is read without libyaml; anything else, and every error, with it.
            if let document = SubsetParser.document(of: buffer, limits: limits) { return .success(document.root) }
            return libYAMLDocument(of: buffer, limits: limits).map(\.root)
        }
        return try result.get()
    }

    /// Where the text of `bytes` starts (past a UTF-8 byte order mark); refuses input too large, or in another
    /// encoding, before either reader sees it.
    private static func start(of bytes: [UInt8], limits: Limits) throws(YAMLError) -> Int {
        if bytes.count > limits.maxBytes {
            throw YAMLError(
                kind: .tooLarge(limit: limits.maxBytes), mark: Mark(line: 1, column: 1),
                message: "the file is \(bytes.count) bytes, more than the \(limits.maxBytes) a spec may have; split it into several specs")
        }
        if let encoding = ByteOrderMark.foreignEncoding(of: bytes) {
            throw YAMLError(
                kind: .encoding, mark: Mark(line: 1, column: 1),
                message: "the file is \(encoding) (it starts with a \(encoding) byte order mark); save it as UTF-8")
        }
        return ByteOrderMark.hasUTF8BOM(bytes) ? 3 : 0
    }

    /// The document libyaml's events make of `buffer` (after any byte order mark), or the error.
    private static func libYAMLDocument(of buffer: UnsafeBufferPointer<UInt8>, limits: Limits) -> Result<Document, YAMLError> {
        let parser = EventParser(buffer)
        var builder = DocumentBuilder(limits: limits, bytes: buffer)
        do throws(YAMLError) {
            return .success(try builder.run(parser))
        } catch {
            return .failure(error)
        }
    }

    /// How the two readers of `bytes` agree, for tests and the `yaml` fuzz target: `nil` when the subset parser
    /// declined (libyaml alone reads the file), true when it read the document libyaml's events make (every
    /// record, mark and byte of text), false when the two differ, which is a bug.
    @_spi(Testing)
    public static func readersAgree(on bytes: [UInt8], limits: Limits = .default) -> Bool? {
        guard let skip = try? start(of: bytes, limits: limits) else { return nil }
        return bytes.withUnsafeBufferPointer { whole -> Bool? in
            let buffer = UnsafeBufferPointer(rebasing: whole[skip...])
            guard let subset = SubsetParser.document(of: buffer, limits: limits) else { return nil }
            guard case .success(let libYAML) = libYAMLDocument(of: buffer, limits: limits) else { return false }
            return subset.isIdentical(to: libYAML)
        }
    }

    /// Composes UTF-8 text.
    public static func compose(_ text: String, limits: Limits = .default) throws(YAMLError) -> Node {
        try compose(Array(text.utf8), limits: limits)
    }
}

/// The byte order marks a spec file may start with.
enum ByteOrderMark {
    static func hasUTF8BOM(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The name of the encoding a UTF-16 or UTF-32 byte order mark announces, if the bytes start with one.
    static func foreignEncoding(of bytes: [UInt8]) -> String? {
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return "UTF-32" }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF { return "UTF-32" }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) { return "UTF-16" }
        return nil
    }
}
