import VCAuditYAML

/// The assertions of an `expect:` step.
extension Decoding {
    // MARK: Expectations

    static let expectationKeys = AllowedKeys(SpecVocabulary.expectations)

    /// What the decoder needs of each check, in the vocabulary's order, and their names to find them by.
    static let expectationDecoders: [ExpectationDecoder] = SpecVocabulary.expectationKinds.map(ExpectationDecoder.init)
    static let expectationNames = WordTable(SpecVocabulary.expectationKinds.map(\.key.name.description))

    /// The keys of a controller's `popover:`.
    static let popoverKeys: AllowedKeys = {
        guard case .mapping(let keys)? = SpecVocabulary.controller.first(where: { $0.name.description == "popover" })?.type else { return AllowedKeys.none }
        return AllowedKeys(keys)
    }()

    func expectations(_ node: BorrowedNode) -> [Expectation]? {
        allowsInstanceNumbers = true
        defer { allowsInstanceNumbers = false }
        guard let fields = FieldReader(node, allowed: Self.expectationKeys, context: .step("expect"), sink: sink), let mapping = fields.mapping else { return nil }
        var result: [Expectation] = []
        result.reserveCapacity(mapping.entries.count)
        for entry in mapping.entries {
            // An unknown key was reported by the reader above.
            // Written out, as a step's name is (`step(_:)`), so that the table's lookup is inlined.
            guard let key = entry.key.scalar, let position = expectationNameTable.number(of: key) else { continue }
            if let check = expectationDecoderTable[position].check(entry.value, in: self) {
                result.append(Expectation(check, at: entry.key.mark))
            }
        }
        if mapping.entries.isEmpty {
            sink.error(at: node.mark, "the 'expect' step checks nothing; add one of: \(Self.expectationNames.names.joined(separator: ", "))")
        }
        return result
    }
}

/// What the decoder needs of one check of `expect:`, gathered once from its vocabulary entry.
final class ExpectationDecoder: Sendable {
    let name: StaticString
    /// The keys of a check written as a mapping; nil for one written as a list (`visible`).
    let keys: AllowedKeys?
    let make: @Sendable (borrowing ExpectationArguments) -> Expectation.Check?

    init(_ kind: SpecVocabulary.ExpectationKind) {
        name = kind.key.name
        if case .mapping(let keys) = kind.key.type { self.keys = AllowedKeys(keys) } else { keys = nil }
        make = kind.make
    }

    /// The check `node` writes, read in `decoding`; nil when it has an error, which is reported.
    ///
    /// A method of the decoder, so that its keys and `make` are read from a borrowed `self`: read from a decoder
    /// taken out of the table in the loop over the checks, each was retained and released around its use.
    func check(_ node: BorrowedNode, in decoding: Decoding) -> Expectation.Check? {
        let context = DecodingContext.expectation(name)
        guard let keys else {
            return make(ExpectationArguments(decoding: decoding, node: node, context: context, fields: nil))
        }
        guard let fields = FieldReader(node, allowed: keys, context: context, sink: decoding.sink) else { return nil }
        return make(ExpectationArguments(decoding: decoding, node: node, context: context, fields: fields))
    }
}

/// One check's written value as its vocabulary entry's `make` reads it; each accessor reports its own problems.
struct ExpectationArguments: ~Copyable {
    /// The decode the check belongs to; held strongly, so that each read of it is not retained and released (see
    /// `StepArguments.decoding`).
    let decoding: Decoding
    let node: BorrowedNode
    let context: DecodingContext
    /// The check's fields; nil for a check written as a list.
    let fields: FieldReader?

    /// The required field `key`, read by optional chaining, which measured fewer instructions than matching the
    /// optional with `switch` (see `StepArguments.field`).
    @inline(__always)
    private func field(_ key: StaticString) -> BorrowedNode? {
        fields?.required(key)
    }

    /// A declared controller (or an instance, `detail#2`) for `key`.
    func reference(_ key: StaticString) -> Reference? {
        field(key).flatMap { decoding.reference($0, what: "'\(key)' of \(context)") }
    }

    /// A controller or null for `key`.
    func optionalReference(_ key: StaticString) -> Reference?? {
        field(key).flatMap { decoding.optionalReference($0, what: "'\(key)' of \(context)") }
    }

    /// A list of controllers for `key`.
    func references(_ key: StaticString) -> [Reference]? {
        field(key).flatMap { decoding.references($0, what: "'\(key)' of \(context)") }
    }

    /// The whole value as a list of controllers.
    func references() -> [Reference]? {
        decoding.references(node, what: context.description)
    }

    /// One of `T`'s words for the required `key`.
    func choice<T: SpelledChoice>(_ key: StaticString, _ type: T.Type, what description: String) -> T? {
        field(key).flatMap { decoding.sink.choice($0, type, what: description)?.value }
    }
}
