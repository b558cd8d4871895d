import VCAuditYAML

/// The assertions of an `expect:` step.
extension Decoding {
    // MARK: Expectations

    /// The keys of an `expect` step.
    enum ExpectationKey: String, CaseIterable, SpelledChoice {
        static let spellings = Spellings<Self>()

        case visible, presented, top, stack, selected, parent, appearance
    }

    static let expectationKeys = AllowedKeys(SpecVocabulary.expectations)

    /// The argument keys of each expectation that takes a mapping (`presented: {by, vc}`).
    static let expectationArguments: [String: AllowedKeys] = Dictionary(uniqueKeysWithValues: SpecVocabulary.expectations.compactMap {
        if case .mapping(let keys) = $0.type { return ($0.name.description, AllowedKeys(keys)) }
        return nil
    })

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
            guard let key = entry.key.scalar?.named(ExpectationKey.self) else { continue }
            let value = entry.value
            let mark = entry.key.mark
            let context = DecodingContext.expectation(key.rawValue)
            func args(_ allowed: AllowedKeys) -> FieldReader? { FieldReader(value, allowed: allowed, context: context, sink: sink) }
            func ref(_ f: borrowing FieldReader, _ k: StaticString) -> Reference? { f.required(k).flatMap { reference($0, what: "'\(k)' of \(context)") } }
            func optionalRef(_ f: borrowing FieldReader, _ k: StaticString) -> Reference?? { f.required(k).flatMap { optionalReference($0, what: "'\(k)' of \(context)") } }
            switch key {
            case .visible:
                if let refs = references(value, what: context.description) { result.append(Expectation(.visible(refs), at: mark)) }
            case .presented:
                if let f = args(Self.expectationArguments["presented"] ?? AllowedKeys.none), let by = ref(f, "by"), let vc = optionalRef(f, "vc") {
                    result.append(Expectation(.presented(by: by, vc: vc), at: mark))
                }
            case .top:
                if let f = args(Self.expectationArguments["top"] ?? AllowedKeys.none), let nav = ref(f, "nav"), let vc = ref(f, "vc") {
                    result.append(Expectation(.top(nav: nav, vc: vc), at: mark))
                }
            case .stack:
                if let f = args(Self.expectationArguments["stack"] ?? AllowedKeys.none), let nav = ref(f, "nav"), let list = f.required("vcs"),
                   let vcs = references(list, what: "'vcs' of \(context)") {
                    result.append(Expectation(.stack(nav: nav, vcs: vcs), at: mark))
                }
            case .selected:
                if let f = args(Self.expectationArguments["selected"] ?? AllowedKeys.none), let tabs = ref(f, "tabs"), let vc = ref(f, "vc") {
                    result.append(Expectation(.selected(tabs: tabs, vc: vc), at: mark))
                }
            case .parent:
                if let f = args(Self.expectationArguments["parent"] ?? AllowedKeys.none), let child = ref(f, "child"), let parent = optionalRef(f, "parent") {
                    result.append(Expectation(.parent(child: child, parent: parent), at: mark))
                }
            case .appearance:
                if let f = args(Self.expectationArguments["appearance"] ?? AllowedKeys.none), let vc = ref(f, "vc"),
                   let state = f.required("state").flatMap({ sink.choice($0, AppearanceState.self, what: "appearance state") }) {
                    result.append(Expectation(.appearance(vc: vc, state: state.value), at: mark))
                }
            }
        }
        if mapping.entries.isEmpty {
            sink.error(at: node.mark, "the 'expect' step checks nothing; add one of: \(ExpectationKey.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return result
    }
}
