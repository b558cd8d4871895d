import VCAuditYAML

/// Reads the fields of one YAML mapping, reporting unknown keys and wrong types.
///
/// Each accessor reports its own problems to the shared `DiagnosticSink` and
/// returns nil, so decoding goes on and every error of a file is collected.
/// Keys are `StaticString`s, compared with the document's bytes, so reading a
/// valid mapping makes no `String` for its keys. The decoder makes a reader
/// for every mapping it reads, so a reader is kept to a few words (LLVM moves
/// it with register loads rather than a call to `memmove`) and borrows the
/// document rather than retaining it.
struct FieldReader: ~Copyable {
    /// The mapping read, or the scalar a shorthand is written as.
    private let node: BorrowedNode
    /// The one key a shorthand stands for; nil when this reads a mapping.
    private let shorthandKey: StaticString?
    /// The keys the mapping allows, which live as long as the process (the decoder's static tables).
    private unowned(unsafe) let allowed: AllowedKeys?
    /// What the mapping is, for messages: "controller 'home'", "the 'present' step".
    let context: DecodingContext
    /// The decode's sink, which outlives every reader.
    unowned(unsafe) let sink: DiagnosticSink
    /// Keys that an unknown key was taken for a misspelling of, a bit per position in `allowed.names`; their absence
    /// is not reported again.
    ///
    /// Bits rather than a list of names: the reader then holds nothing that counts references, which destroying one
    /// per mapping read would release.
    private let suggested: UInt64
    /// One bit (`keyBit(of:)`) for each key written in the mapping, and for each key one of its aliases stands for.
    ///
    /// Most fields a decoder asks for are absent; a clear bit says so without scanning the mapping's keys. A set
    /// bit may belong to another key, so the keys are then scanned as before.
    private let writtenKeys: UInt64

    /// Reads `node` as a mapping whose keys must be among `allowed`.
    ///
    /// `allowed` and `sink` are borrowed, as by the initializer below, and what is not a mapping is reported out of
    /// line, so that this is inlined too: called, it took both retained and released them, for every mapping read.
    @inline(__always)
    init?(_ node: BorrowedNode, allowed: borrowing AllowedKeys, context: DecodingContext, sink: borrowing DiagnosticSink) {
        guard let mapping = node.mapping else {
            Self.reportNotMapping(node, context: context, sink: sink)
            return nil
        }
        self.init(mapping, allowed: allowed, context: context, sink: sink)
    }

    /// Reports that `node`, read as the mapping of `context`, is not one.
    @inline(never)
    private static func reportNotMapping(_ node: BorrowedNode, context: DecodingContext, sink: DiagnosticSink) {
        // `class:Post` is one plain word to YAML: a key needs a space after its colon.
        var fix = ""
        if let scalar = node.scalar, !scalar.isNull, let colon = scalar.value.firstIndex(of: ":"), colon != scalar.value.startIndex,
           !scalar.value[scalar.value.index(after: colon)...].hasPrefix(" ") {
            fix = "; write '{\(scalar.value[..<colon]): \(scalar.value[scalar.value.index(after: colon)...])}' (a key needs a space after its ':')"
        }
        sink.error(at: node.mark, "expected a mapping for \(context), found \(sink.describe(node))\(fix)", length: sink.span(node))
    }

    /// Reads `mapping`, whose keys must be among `allowed` (or their aliases).
    ///
    /// An unknown key that looks like an allowed one is reported with a "did you mean". So is the only unknown key
    /// of a mapping that lacks exactly one required key (`present: {vc, by}` is missing `from`): it is taken for
    /// that key, written in another word, and reported once rather than as an unknown key and a missing one.
    ///
    /// Inlined into the decoder's readers, with `allowed` and `sink` borrowed: an initializer otherwise takes its
    /// arguments retained, and this one, which keeps neither counted, released them.
    @inline(__always)
    init(_ mapping: BorrowedNode.Mapping, allowed: borrowing AllowedKeys, context: DecodingContext, sink: borrowing DiagnosticSink) {
        self.node = mapping.node
        self.shorthandKey = nil
        self.context = context
        self.sink = copy sink
        self.allowed = copy allowed
        var written: UInt64 = 0
        var othersWritten = false
        for entry in mapping.entries {
            guard let key = entry.key.scalar else { continue }
            let bit = key.withUTF8 { keyBit(of: $0) }
            written |= bit
            if !allowed.contains(key, bit: bit) { othersWritten = true }
        }
        var suggested: UInt64 = 0
        if othersWritten {
            written |= Self.readOtherKeys(of: mapping, allowed: allowed, context: context, sink: sink, suggested: &suggested)
        }
        self.writtenKeys = written
        self.suggested = suggested
    }

    /// Reads the keys of `mapping` that `allowed` does not name: another spelling of an allowed key is read as it
    /// (reported when the mapping has both), and the rest are reported as unknown, with what they were taken for put
    /// in `suggested` (a bit per position in `allowed.names`). Returns the bits of the keys the other spellings stand
    /// for.
    ///
    /// Kept out of line: a valid spec writes the vocabulary's own words, so the reader's loop only notes that there
    /// are others, and this second pass over the keys runs for the few mappings that have them.
    @inline(never)
    private static func readOtherKeys(of mapping: BorrowedNode.Mapping, allowed: AllowedKeys, context: DecodingContext, sink: DiagnosticSink,
                                      suggested: inout UInt64) -> UInt64 {
        var unknown: [BorrowedNode.Scalar] = []
        var written: UInt64 = 0
        for entry in mapping.entries {
            guard let key = entry.key.scalar else { continue }
            guard !allowed.contains(key, bit: key.withUTF8 { keyBit(of: $0) }) else { continue }
            if let spelled = allowed.aliases.first(where: { key.hasValue($0.alias) }) {
                written |= keyBit(of: spelled.key)
                if mapping.key(spelled.key) != nil {
                    let name = key.value
                    sink.error(at: key.mark, "'\(name)' is another spelling of '\(spelled.key)' in \(context), which has both; keep one",
                               length: name.unicodeScalars.count)
                }
                continue
            }
            unknown.append(key)
        }
        if !unknown.isEmpty { suggested = reportUnknown(unknown, in: mapping, allowed: allowed, context: context, sink: sink) }
        return written
    }

    /// Reports the `unknown` keys of `mapping`; returns the allowed keys they were taken for, a bit per position in
    /// `allowed.names`.
    private static func reportUnknown(_ unknown: [BorrowedNode.Scalar], in mapping: BorrowedNode.Mapping, allowed: AllowedKeys,
                                      context: DecodingContext, sink: DiagnosticSink) -> UInt64 {
        var unknown = unknown
        let names = allowed.names.map(\.description)
        func bit(of name: String) -> UInt64 { names.firstIndex(of: name).map { 1 << UInt64($0) } ?? 0 }
        var suggested: UInt64 = 0
        if unknown.count == 1, Suggestions.closest(to: unknown[0].value, in: names) == nil,
           case let missing = allowed.required.filter({ !allowed.has($0, in: mapping) }), missing.count == 1 {
            let name = unknown[0].value
            let meant = missing[0].description
            suggested = bit(of: meant)
            sink.error(at: unknown[0].mark, "unknown key '\(name)' in \(context); did you mean '\(meant)'?", length: name.unicodeScalars.count)
            unknown = []
        }
        for key in unknown {
            let name = key.value
            if let guess = Suggestions.closest(to: name, in: names) {
                suggested |= bit(of: guess)
                sink.error(at: key.mark, "unknown key '\(name)' in \(context); did you mean '\(guess)'?", length: name.unicodeScalars.count)
            } else {
                let known = names.map { "'\($0)'" }.joined(separator: ", ")
                sink.error(at: key.mark, "unknown key '\(name)' in \(context); remove it, or use one of \(known)", length: name.unicodeScalars.count)
            }
        }
        return suggested
    }

    /// Reads a step's scalar shorthand as its one field: `dismiss: sheet` as `dismiss: {vc: sheet}`.
    init(shorthand key: StaticString, value: BorrowedNode.Scalar, context: DecodingContext, sink: borrowing DiagnosticSink) {
        self.node = value.node
        self.shorthandKey = key
        self.allowed = nil
        self.context = context
        self.sink = copy sink
        self.suggested = 0
        self.writtenKeys = ~0
    }

    /// A reader of no fields, for a step written bare or as one value: `StepArguments` holds one, unread, where a
    /// step written with keys holds the reader of its fields.
    ///
    /// It reads as a shorthand for no key (`""` names none), so that, read all the same, every field is absent and
    /// `mapping` is nil, whatever `node` is: a mapping reader would take `node` for a mapping without checking.
    init(noFieldsAt node: BorrowedNode, sink: borrowing DiagnosticSink) {
        self.node = node
        self.shorthandKey = ""
        self.allowed = nil
        self.context = .text("")
        self.sink = copy sink
        self.suggested = 0
        self.writtenKeys = 0
    }

    /// The mapping read, unless this reads a shorthand.
    var mapping: BorrowedNode.Mapping? {
        shorthandKey == nil ? readMapping : nil
    }

    /// The mapping read, when `shorthandKey` is nil: the initializer took `node` from a mapping, so its kind is
    /// not checked again on every field read.
    @inline(__always)
    private var readMapping: BorrowedNode.Mapping { node.mapping.unsafelyUnwrapped }

    /// Where the fields are written: the mapping, or the shorthand's scalar.
    var mark: Mark { node.mark }

    /// The value of `key`, written as `key` or as one of its aliases.
    ///
    /// Inlined into each field read (the decoder makes tens of thousands per megabyte): an absent key is then a
    /// test of one bit, and a present one a scan of the mapping's keys, without a call's worth of moves around it.
    @inline(__always)
    subscript(key: StaticString) -> BorrowedNode? {
        guard shorthandKey == nil else { return shorthandValue(key) }
        guard writtenKeys & keyBit(of: key) != 0 else { return nil }
        if let value = readMapping[key] { return value }
        return aliasValue(key)
    }

    /// The value of `key` when this reads a shorthand: the scalar, if `key` is the key it stands for.
    @inline(never)
    private func shorthandValue(_ key: StaticString) -> BorrowedNode? {
        shorthandKey?.hasSameText(as: key) == true ? node : nil
    }

    /// The value of `key` written as one of its aliases, if it is.
    @inline(never)
    private func aliasValue(_ key: StaticString) -> BorrowedNode? {
        guard let allowed, !allowed.aliases.isEmpty else { return nil }
        let mapping = readMapping
        return allowed.aliases.lazy.filter { $0.key.hasSameText(as: key) }.compactMap { mapping[$0.alias] }.first
    }

    /// The mark of the key itself (as written, maybe as an alias), for "missing"/"only for" messages.
    func keyMark(_ key: StaticString) -> Mark? {
        if let mapping {
            guard writtenKeys & keyBit(of: key) != 0 else { return nil }
            if let scalar = mapping.key(key) { return scalar.mark }
            return allowed?.aliases.lazy.filter { $0.key.hasSameText(as: key) }.compactMap { mapping.key($0.alias)?.mark }.first
        }
        return self[key]?.mark
    }

    /// The value of `key`, as the subscript reads it; a method so that a reader held in an optional can be read in
    /// place, `fields?.value(key)` (optional chaining through the subscript consumes the reader).
    @inline(__always)
    func value(_ key: StaticString) -> BorrowedNode? { self[key] }

    @inline(__always)
    func has(_ key: StaticString) -> Bool { self[key] != nil }

    /// A required field; reports it missing at the mapping's mark, unless a misspelling of it was reported.
    @inline(__always)
    func required(_ key: StaticString, example: String = "...") -> BorrowedNode? {
        if let node = self[key] { return node }
        reportMissing(key, example: example)
        return nil
    }

    /// Reports `key` missing, unless a misspelling of it was reported.
    @inline(never)
    private func reportMissing(_ key: StaticString, example: String) {
        if !wasMisspelled(key) {
            sink.error(at: mark, "missing '\(key)' in \(context); add '\(key): \(example)'")
        }
    }

    /// Whether the absence of `key` was already explained by an unknown key that looks like it.
    func wasMisspelled(_ key: StaticString) -> Bool {
        guard suggested != 0, let position = allowed?.names.firstIndex(where: { $0.hasSameText(as: key) }) else { return false }
        return suggested & (1 << UInt64(position)) != 0
    }

    @inline(__always)
    func string(_ key: StaticString) -> Located<String>? {
        guard let node = self[key] else { return nil }
        return sink.string(node, what: "'\(key)' in \(context)")
    }

    @inline(__always)
    func bool(_ key: StaticString) -> Bool? {
        guard let node = self[key] else { return nil }
        if let value = node.scalar?.bool { return value }
        reportNotBool(node, key: key)
        return nil
    }

    @inline(never)
    private func reportNotBool(_ node: BorrowedNode, key: StaticString) {
        sink.error(at: node.mark, "expected true or false for '\(key)' in \(context), found \(sink.describe(node))\(sink.unquoteHint(node, key: key.description) { $0.boolIfUnquoted != nil })",
                   length: sink.span(node))
    }

    func int(_ key: StaticString) -> Located<Int>? {
        guard let node = self[key] else { return nil }
        guard let value = node.scalar?.int else {
            sink.error(at: node.mark, "expected a whole number for '\(key)' in \(context), found \(sink.describe(node))\(sink.unquoteHint(node, key: key.description) { $0.intIfUnquoted != nil })",
                       length: sink.span(node))
            return nil
        }
        return Located(value, at: node.mark)
    }

    /// One of `cases`, by raw value, with a suggestion when it is a near miss.
    @inline(__always)
    func choice<T: SpelledChoice>(_ key: StaticString, _ type: T.Type, what: String) -> Located<T>? {
        guard let node = self[key] else { return nil }
        return sink.choice(node, type, what: what)
    }
}

/// The keys a mapping allows, as `FieldReader` compares them with the document: the vocabulary's names, which of
/// them are required, and the other spellings accepted for some.
///
/// The decoder makes one for each kind of mapping, once, so that reading a mapping allocates nothing for its keys;
/// readers refer to them without counting references, so each must be kept for the life of the process.
final class AllowedKeys: Sendable {
    let names: [StaticString]
    let required: [StaticString]
    /// Each other spelling, with the key it stands for.
    let aliases: [(alias: StaticString, key: StaticString)]
    /// The `keyBit(of:)` bit of each of `names`, so that a key is compared only with the names that share its bit.
    private let nameBits: [UInt64]
    /// For each of the 64 `keyBit(of:)` bits, by its position: the index in `names` + 1 of the only name with that bit,
    /// 0 when no name has it, -1 when several do (those are searched in `nameBits`).
    private let nameByBit: [Int16]

    /// No keys at all.
    static let none = AllowedKeys([])

    init(_ keys: [SpecVocabulary.Key]) {
        precondition(keys.count <= 64, "a reader notes misspelled keys in 64 bits")
        names = keys.map(\.name)
        required = keys.filter(\.required).map(\.name)
        aliases = keys.flatMap { key in key.aliases.map { (alias: $0, key: key.name) } }
        nameBits = names.map { keyBit(of: $0) }
        var nameByBit = [Int16](repeating: 0, count: 64)
        for (index, bit) in nameBits.enumerated() {
            let position = bit.trailingZeroBitCount
            nameByBit[position] = nameByBit[position] == 0 ? Int16(index + 1) : -1
        }
        self.nameByBit = nameByBit
    }

    /// Whether `key`, whose `keyBit(of:)` bit is `bit`, is one of `names`.
    ///
    /// A bit that one name has is answered by comparing the key with that name alone; only a bit that several share
    /// is searched for among the names.
    @inline(__always)
    func contains(_ key: BorrowedNode.Scalar, bit: UInt64) -> Bool {
        let only = nameByBit[bit.trailingZeroBitCount]
        if only >= 0 { return only != 0 && key.hasValue(names[Int(only) - 1]) }
        return nameBits.withUnsafeBufferPointer { bits in
            for index in bits.indices where bits[index] == bit && key.hasValue(names[index]) { return true }
            return false
        }
    }

    /// Whether `mapping` has `key`, in any of its spellings.
    func has(_ key: StaticString, in mapping: BorrowedNode.Mapping) -> Bool {
        mapping.key(key) != nil || aliases.contains { $0.key.hasSameText(as: key) && mapping.key($0.alias) != nil }
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

    // Kept out of line: a valid spec never reaches it, and inlined into a reader's loop it costs an access check there.
    @inline(never)
    func error(at mark: Mark, _ message: String, length: Int = 1, notes: [Diagnostic.Note] = []) {
        guard diagnostics.count < limit else { return }
        diagnostics.append(Diagnostic(.error, at: location(mark), message, length: length, notes: notes))
    }

    func location(_ mark: Mark) -> SourceLocation { SourceLocation(file: file, mark: mark) }

    /// How a node reads in a message: `'abc'` for a scalar, `"abc"` for a quoted one, else its kind.
    func describe(_ node: BorrowedNode) -> String {
        if let scalar = node.scalar, !scalar.isNull {
            switch scalar.style {
            case .singleQuoted, .doubleQuoted: return "the quoted string \"\(scalar.value)\""
            default: return "'\(scalar.value)'"
            }
        }
        return node.kindDescription
    }

    /// How many characters of the line the node's caret underlines: a one-line scalar as written, else 1.
    func span(_ node: BorrowedNode) -> Int {
        guard let scalar = node.scalar, !scalar.isNull, !scalar.value.contains("\n") else { return 1 }
        switch scalar.style {
        case .plain: return scalar.value.unicodeScalars.count
        case .singleQuoted, .doubleQuoted: return scalar.value.unicodeScalars.count + 2
        case .literal, .folded: return 1
        }
    }

    /// "; remove the quotes: key: value" when `node` is a quoted scalar that would read right unquoted.
    func unquoteHint(_ node: BorrowedNode, key: String, readsRight: (BorrowedNode.Scalar) -> Bool) -> String {
        guard let scalar = node.scalar, scalar.style == .singleQuoted || scalar.style == .doubleQuoted else { return "" }
        return readsRight(scalar) ? "; remove the quotes: '\(key): \(scalar.value)'" : ""
    }

    @inline(__always)
    func string(_ node: BorrowedNode, what: @autoclosure () -> String) -> Located<String>? {
        if let scalar = node.scalar, !scalar.isNull { return Located(scalar.value, at: scalar.mark) }
        reportNotString(node, what: what())
        return nil
    }

    @inline(never)
    private func reportNotString(_ node: BorrowedNode, what: String) {
        error(at: node.mark, "expected a string for \(what), found \(describe(node))")
    }

    /// The case of `T` that `node` spells; a read of one hashed lookup, inlined, with every problem reported out of
    /// line by `reportChoice`.
    @inline(__always)
    func choice<T: SpelledChoice>(_ node: BorrowedNode, _ type: T.Type, what: String) -> Located<T>? {
        if let scalar = node.scalar, !scalar.isNull, let value = scalar.named(T.self) { return Located(value, at: scalar.mark) }
        return reportChoice(node, type, what: what)
    }

    /// Reports why `node` is not one of `T`'s words, with a suggestion when it is a near miss; nil when it is one.
    @inline(never)
    private func reportChoice<T: SpelledChoice>(_ node: BorrowedNode, _ type: T.Type, what: String) -> Located<T>? {
        guard let scalar = node.scalar, !scalar.isNull else {
            let names = T.allCases.map(\.rawValue)
            error(at: node.mark, "expected \(what) (one of: \(names.joined(separator: ", "))), found \(describe(node))")
            return nil
        }
        if let value = scalar.named(T.self) { return Located(value, at: scalar.mark) }
        let names = T.allCases.map(\.rawValue)
        let hint = Suggestions.closest(to: scalar.value, in: names).map { "; did you mean '\($0)'?" }
            ?? "; use one of: \(names.joined(separator: ", "))"
        error(at: scalar.mark, "unknown \(what) '\(scalar.value)'\(hint)", length: span(node))
        return nil
    }
}

extension StaticString {
    /// Whether two static strings spell the same text.
    ///
    /// Inlined: a step compares the key of each reference it reads with the one key its vocabulary limits, usually
    /// of another length, which the call around the comparison cost several times over.
    @inline(__always)
    func hasSameText(as other: StaticString) -> Bool {
        guard utf8CodeUnitCount == other.utf8CodeUnitCount else { return false }
        // The same literal written twice is usually one string in the binary.
        if utf8Start == other.utf8Start { return true }
        return memoryEqual(utf8Start, other.utf8Start, utf8CodeUnitCount)
    }
}
