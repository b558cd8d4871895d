import VCAuditYAML

/// One step's written value as its kind's `make` reads it: each accessor decodes one key the way the kind's
/// vocabulary entry describes it, reports a problem at its place and returns nil.
///
/// A step kind's entry in `SpecVocabulary.steps` builds its `Step.Action` with these accessors, so the decoder has
/// no list of step kinds of its own: a key's type, the controller kinds it accepts and its wording in messages
/// come from the entry.
struct StepArguments: ~Copyable {
    /// The step kind, as the decoder reads it; it lives as long as the process (`Decoding.stepDecoders`).
    ///
    /// Read only for messages: a reference held `unowned(unsafe)` is retained and released around each use, so
    /// what every step reads of it (`name`, `limitedKey`) is copied when the arguments are made.
    unowned(unsafe) let decoder: StepDecoder
    /// The decode this step belongs to (its declared names, its sink).
    ///
    /// Held strongly: retained once, when the arguments are made, rather than around each use, as an
    /// `unowned(unsafe)` reference would be (a step reads several fields).
    let decoding: Decoding
    /// The step's value: the mapping of its fields, its shorthand scalar or, for a step written as one value
    /// (`device: ipad`, `simultaneously: [...]`, `expect: {...}`), that value.
    let node: BorrowedNode
    /// The fields of a step written with keys; when `hasFields` is false (a bare step, or one written as one value),
    /// a reader of none, which the accessors leave unread.
    ///
    /// Not an optional: a reader read through an optional was copied to the stack for each field read (the
    /// out-of-line parts of a reader take it by address), where this one is read in place.
    private let fields: FieldReader
    /// Whether the step is written with keys (or a shorthand for one), which `fields` reads.
    private let hasFields: Bool
    /// The step kind's name (`decoder.name`).
    private let name: StaticString
    /// The one key that accepts only some kinds of controller, with their bits (`decoder.limitedKey`).
    private let limitedKey: (key: StaticString, kinds: UInt8)?

    /// The arguments of a step written with keys, or with a shorthand for one, which `fields` reads.
    init(decoder: StepDecoder, decoding: Decoding, node: BorrowedNode, fields: consuming FieldReader) {
        self.decoder = decoder
        self.decoding = decoding
        self.node = node
        self.fields = fields
        hasFields = true
        name = decoder.name
        limitedKey = decoder.limitedKey
    }

    /// The arguments of a bare step, or of one written as one value (`node`).
    init(decoder: StepDecoder, decoding: Decoding, node: BorrowedNode) {
        self.decoder = decoder
        self.decoding = decoding
        self.node = node
        fields = FieldReader(noFieldsAt: node, sink: decoding.sink)
        hasFields = false
        name = decoder.name
        limitedKey = decoder.limitedKey
    }

    private var sink: DiagnosticSink { decoding.sink }

    /// Whether the step writes `key` (in any spelling).
    func has(_ key: StaticString) -> Bool {
        hasFields && fields.has(key)
    }

    /// The field `key`; reports it missing (as `required` does) when `required` and absent.
    @inline(__always)
    private func field(_ key: StaticString, required: Bool = true) -> BorrowedNode? {
        guard hasFields else { return nil }
        return required ? fields.required(key) : fields.value(key)
    }

    private func what(_ key: StaticString) -> String { "'\(key)' of \(DecodingContext.step(name))" }

    /// A declared controller for `key`; when the vocabulary limits the key to some kinds of controller, another
    /// kind is an error that says what the step needs.
    ///
    /// A declared id of a kind the key accepts is looked up here, inline; everything else (nulls, unknown ids, a
    /// kind the step cannot use, and their messages) is left to `checkedReference`, out of line. Read through
    /// `Decoding.declared`, which the compiler left out of line, each reference made a call with its message's
    /// closure: about 290 instructions a reference.
    func reference(_ key: StaticString) -> Reference? {
        guard let node = field(key) else { return nil }
        if let scalar = node.scalar, !scalar.isNull, let number = decoding.controllerIDs.number(of: scalar) {
            let accepted = acceptedKinds(of: key)
            if accepted == 0 || accepted & decoding.kinds[number].bit != 0 {
                return Reference(decoding.declaredIDs[number], at: scalar.mark)
            }
        }
        return checkedReference(node, key)
    }

    /// What `reference` reads when `node` is not a declared id of a kind `key` accepts: a reference the decoding
    /// reports or accepts (an id whose `kind:` is unreadable), or an error that says what the step needs.
    @inline(never)
    private func checkedReference(_ node: BorrowedNode, _ key: StaticString) -> Reference? {
        let accepted = acceptedKinds(of: key)
        guard accepted != 0 else { return decoding.reference(node, what: what(key)) }
        guard let (found, actual) = decoding.declared(node, what: what(key)) else { return nil }
        guard accepted & actual.bit == 0, !decoding.kindIsUnreadable(found.id) else { return found }
        let needs = Controller.Kind.phrase(decoder.kinds(of: key))
        sink.error(at: found.mark, "'\(found.id)' is a \(actual.rawValue) controller, but the '\(name)' step needs a \(needs); "
            + "name the \(needs) that holds it, or declare '\(found.id)' with the right 'kind'", length: found.id.name.count)
        return nil
    }

    /// The kinds of controller `key` accepts, as a set of `Controller.Kind.bit`s; 0 for any.
    @inline(__always)
    private func acceptedKinds(of key: StaticString) -> UInt8 {
        guard let limitedKey, limitedKey.key.hasSameText(as: key) else { return 0 }
        return limitedKey.kinds
    }

    /// A declared controller or null for `key`.
    func optionalReference(_ key: StaticString) -> Reference?? {
        field(key).flatMap { decoding.optionalReference($0, what: what(key)) }
    }

    /// A list of declared controllers for `key`.
    func references(_ key: StaticString) -> [Reference]? {
        field(key).flatMap { decoding.references($0, what: what(key)) }
    }

    /// `animated:`, true when absent.
    var animated: Bool {
        hasFields ? fields.bool("animated") ?? true : true
    }

    /// A required `true` or `false` for `key`.
    func bool(_ key: StaticString) -> Bool? {
        guard hasFields else { return nil }
        if let value = fields.bool(key) { return value }
        if !fields.has(key), !fields.wasMisspelled(key) {
            sink.error(at: fields.mark, "missing '\(key)' in the '\(name)' step; write '\(key): true' or '\(key): false'")
        }
        return nil
    }

    /// One of `T`'s words for `key`, if written.
    func choice<T: SpelledChoice>(_ key: StaticString, _ type: T.Type, what description: String) -> Located<T>? {
        hasFields ? fields.choice(key, type, what: description) : nil
    }

    /// A popover anchor for `key`, if written.
    func anchor(_ key: StaticString) -> PopoverAnchor? {
        field(key, required: false).flatMap { decoding.anchor($0, context: .field(key.description, of: .step(name))) }
    }

    /// A declared transition's name for `key`, whose position the decoding keeps for the step
    /// (`Decoding.performedTransitionPosition`); an unknown name is reported with a suggestion.
    func transition(_ key: StaticString) -> Located<String>? {
        // A declared name is found by its bytes and shares the table's `String`, so a valid step makes none.
        guard hasFields else { return nil }
        if let declared = declaredTransition(fields.value(key)) { return declared }
        guard let transition = fields.string(key) else { return nil }
        let names = decoding.transitionNames
        guard let number = names.number(of: transition.value) else {
            let fix = Suggestions.closest(to: transition.value, in: names.names).map { "did you mean '\($0)'?" } ?? "declare it under 'transitions:'"
            sink.error(at: transition.mark, "unknown transition '\(transition.value)'; \(fix)", length: transition.value.unicodeScalars.count)
            return nil
        }
        decoding.performedTransitionPosition = position(ofTransitionNumbered: number)
        return transition
    }

    /// The declared transition `node` names, with the table's `String` of its name; nil for anything else.
    private func declaredTransition(_ node: BorrowedNode?) -> Located<String>? {
        guard let scalar = node?.scalar, !scalar.isNull, let number = decoding.transitionNames.number(of: scalar) else { return nil }
        decoding.performedTransitionPosition = position(ofTransitionNumbered: number)
        return Located(decoding.transitionNames.names[number], at: scalar.mark)
    }

    /// The position in the decoded spec's `transitions` of the transition numbered `number` in the decoder's table.
    ///
    /// Without storyboards, the table numbers the transitions in the order they are declared, which is the order of
    /// `transitions` (a spec whose declarations fail to decode is not replayed); with storyboards, the imported ones
    /// come first and the spec's own replace some of them, so the position is left unknown.
    private func position(ofTransitionNumbered number: Int) -> Int? {
        decoding.base == nil ? number : nil
    }

    /// The tab bar a bare `select: vc` means: the one that has `vc` as a tab, else the only tab bar.
    func tabBar(holding vc: Reference) -> Reference? { decoding.inferredTabs(for: vc) }

    /// Reports `message` at the step's fields.
    func error(_ message: String) {
        sink.error(at: node.mark, message)
    }

    // MARK: Steps written as one value

    /// The whole value as one of `T`'s words (`device: ipad`).
    func value<T: SpelledChoice>(_ type: T.Type, what description: String) -> Located<T>? {
        sink.choice(node, type, what: description)
    }

    /// The whole value as a list of at least two steps (`simultaneously: [...]`).
    var steps: [Step]? {
        guard let list = node.sequence else {
            sink.error(at: node.mark, "expected a list of steps for '\(name)', found \(sink.describe(node))")
            return nil
        }
        if list.items.count < 2 {
            sink.error(at: node.mark, "'\(name)' needs at least two steps to race; add another step, or write the step on its own")
        }
        return list.items.compactMapReserved { decoding.step($0) }
    }

    /// The whole value as the checks of an `expect:` step.
    var expectations: [Expectation]? { decoding.expectations(node) }
}

/// What the decoder needs of one step kind, gathered once from its vocabulary entry.
final class StepDecoder: Sendable {
    let name: StaticString
    /// Written as a bare word (`- launch`).
    let bare: Bool
    /// Written as one value (`device: ipad`, `simultaneously: [...]`) rather than with keys.
    let isOneValue: Bool
    let shorthand: StaticString?
    let usage: String?
    let keys: AllowedKeys
    /// The one key that accepts only some kinds of controller (a step has at most one: `nav`, `of`, `tabs`), with
    /// those kinds as a set of `Controller.Kind.bit`s; held inline, so reading a reference touches no array.
    let limitedKey: (key: StaticString, kinds: UInt8)?
    /// The kinds `limitedKey` accepts, in the vocabulary's order (for messages); empty when no key is limited.
    private let limitedKinds: [Controller.Kind]
    let make: @Sendable (borrowing StepArguments) -> Step.Action?

    init(_ entry: SpecVocabulary.StepKind) {
        name = entry.name
        bare = entry.bare
        isOneValue = entry.isOneValue
        shorthand = entry.shorthand
        usage = entry.usage
        keys = AllowedKeys(entry.keys)
        let limited = entry.keys.filter { !$0.kinds.isEmpty }
        precondition(limited.count <= 1, "a step kind limits the controllers of at most one key")
        limitedKey = limited.first.map { ($0.name, $0.kinds.reduce(0) { $0 | $1.bit }) }
        limitedKinds = limited.first?.kinds ?? []
        make = entry.make
    }

    /// The kinds of controller `key` accepts; empty for any.
    func kinds(of key: StaticString) -> [Controller.Kind] {
        limitedKey?.key.hasSameText(as: key) == true ? limitedKinds : []
    }

    /// Reads a step's value `node` the way the kind's vocabulary entry says (bare, a shorthand or a mapping of named
    /// fields, or one value) and builds the action with the entry's `make`; the suppressions written among the
    /// fields are added to `ignore`.
    ///
    /// A method of the decoder, as `ExpectationDecoder.check` is, so that its fields are read from a borrowed `self`.
    func action(_ node: BorrowedNode, in decoding: Decoding, ignore: inout [Suppression]) -> Step.Action? {
        if isOneValue || (bare && node.scalar?.isNull == true) {
            return make(StepArguments(decoder: self, decoding: decoding, node: node))
        }
        let sink = decoding.sink
        let context = DecodingContext.step(name)
        let fields: FieldReader
        if let scalar = node.scalar, !bare {
            guard let shorthand, !scalar.isNull else {
                sink.error(at: node.mark, "the '\(name)' step takes arguments, found \(sink.describe(node)); write '\(name): \(usage ?? "...")'",
                           length: sink.span(node))
                return nil
            }
            fields = FieldReader(shorthand: shorthand, value: scalar, context: context, sink: sink)
        } else {
            guard let mapping = FieldReader(node, allowed: keys, context: context, sink: sink) else { return nil }
            fields = mapping
        }
        if let node = fields["ignore"] { ignore += decoding.suppressions(node) }
        return make(StepArguments(decoder: self, decoding: decoding, node: node, fields: fields))
    }
}

extension Controller.Kind {
    /// The kind's bit in a set of kinds held in a byte.
    var bit: UInt8 {
        switch self {
        case .content: 1
        case .navigation: 2
        case .tabBar: 4
        case .split: 8
        case .page: 16
        case .container: 32
        }
    }

    /// The kinds in words, as a step that needs one of them says so: "navigation controller", "navigation, tab bar,
    /// page or split view controller".
    static func phrase(_ kinds: [Controller.Kind]) -> String {
        let words = kinds.map { kind in
            switch kind {
            case .navigation: "navigation"
            case .tabBar: "tab bar"
            case .split: "split view"
            case .page: "page"
            case .container: "container"
            case .content: "content"
            }
        }
        guard let last = words.last else { return "controller" }
        return (words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + last : last) + " controller"
    }
}
