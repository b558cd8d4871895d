import VCAuditSupport
import VCAuditYAML

/// Decodes a composed YAML document into a `Spec`, collecting every error.
///
/// Decoding runs in one pass per section, controllers first (so references
/// anywhere can be checked against the declared ids), then `window`,
/// transitions and scenarios; `SpecValidator` checks what needs the whole spec.
public enum SpecDecoder {
    /// The schema versions this tool reads.
    public static let supportedVersions = 1...1

    static let topLevelKeys = AllowedKeys(SpecVocabulary.topLevel)
    static let controllerKeys = AllowedKeys(SpecVocabulary.controller)
    static let anchorKeys = AllowedKeys(SpecVocabulary.anchor)
    static let suppressionKeys = AllowedKeys(SpecVocabulary.suppression)
    static let transitionKeys = AllowedKeys(SpecVocabulary.transition)
    static let scenarioKeys = AllowedKeys(SpecVocabulary.scenario)

    /// Decodes `root` (the document of `file`); throws every error found, in source order.
    ///
    /// With `rules`, an `ignore:` entry naming a rule that is not among them is one of those errors. With `base`
    /// (the spec imported from the storyboards the spec lists under `storyboards:`), its controllers and transitions
    /// are declared too: the spec refers to them and adds its own, and its `window` defaults to the base's.
    public static func decode(_ root: Node, file: String, rules: RuleVocabulary? = nil, base: Spec? = nil) throws(DiagnosticList) -> Spec {
        let sink = DiagnosticSink(file: file)
        // The decoder reads through borrowed views, which are valid only while the document is alive.
        let decoded = withExtendedLifetime(root.document) {
            let root = BorrowedNode(root)
            return Decoding(sink: sink, root: root, rules: rules, base: base).spec(root)
        }
        guard let spec = decoded else { throw DiagnosticList(sink.diagnostics) }
        // The validator sees what decoded, so its findings stand even next to decoding errors.
        let problems = sink.diagnostics + SpecValidator.validate(spec)
        if problems.isEmpty { return spec }
        throw DiagnosticList(problems)
    }
}

/// The state of one decode: the sink, and the names the spec declares.
final class Decoding {
    let sink: DiagnosticSink
    /// The declared controller ids' names, numbered in declaration order.
    let controllerIDs: NameTable
    /// The declared controller ids, by the same numbers.
    let declaredIDs: [ControllerID]
    /// The kind of each declared controller, by number.
    let kinds: [Controller.Kind]
    /// The numbers of the controllers whose `kind:` is not a kind (reported where it is read): their kind is taken
    /// for `content`, and no step is told it names the wrong kind of controller.
    let unreadableKinds: Set<Int>
    let transitionNames: NameTable
    /// The rule ids `ignore:` entries may name; nil leaves them unchecked.
    let rules: RuleVocabulary?
    /// Inside `expect:`, a reference may name one instance a segue made: `detail#2` (docs/uikit-semantics.md).
    var allowsInstanceNumbers = false
    /// Each tab bar controller and its tabs, in declaration order.
    ///
    /// Written only while the controllers are read, before any step, and read by every `select:` step that names
    /// no tab bar: its reads are not checked for exclusive access at run time (a call to `swift_beginAccess` each).
    @exclusivity(unchecked) var tabBarChildren: [(tabs: ControllerID, children: [ControllerID])] = []
    /// The position in the spec's `transitions` of the declared transition a `perform` step names, set as its name is
    /// read (`StepArguments.transition(_:)`) and kept in the step (`Step.transitionPosition`) by `step(_:)`.
    var performedTransitionPosition: Int?

    /// The static tables steps and checks are read with (`Step.Kind.spellings`, `stepDecoders`,
    /// `expectationNames`, `expectationDecoders`), read once per decode.
    ///
    /// Each read of a static table checks that it was initialized, a call to `swift_once`: once or twice per step
    /// and per check when read from where they are declared.
    let stepSpellings = Step.Kind.spellings
    let stepDecoderTable = Decoding.stepDecoders
    let expectationNameTable = Decoding.expectationNames
    let expectationDecoderTable = Decoding.expectationDecoders

    /// Collects the names `root` declares (controller ids with their kinds, transition names) before anything is
    /// decoded, so that a reference anywhere can be checked; reports nothing, since decoding reports each problem.
    /// The spec imported from `storyboards:`, whose declarations this spec builds on.
    let base: Spec?

    init(sink: DiagnosticSink, root: BorrowedNode, rules: RuleVocabulary?, base: Spec? = nil) {
        self.sink = sink
        self.rules = rules
        self.base = base
        let controllers = root.mapping?["controllers"]?.mapping
        let transitions = root.mapping?["transitions"]?.mapping
        var controllerIDs = NameTable(capacity: controllers?.entries.count ?? 0)
        var kinds: [Controller.Kind] = []
        var unreadableKinds: Set<Int> = []
        var transitionNames = NameTable(capacity: transitions?.entries.count ?? 0)
        if let controllers {
            kinds.reserveCapacity(controllers.entries.count)
            for entry in controllers.entries {
                guard let id = entry.key.scalar?.value else { continue }
                controllerIDs.insert(id)
                let written = entry.value.mapping?["kind"]
                let kind = written?.scalar?.named(Controller.Kind.self)
                if written != nil, kind == nil { unreadableKinds.insert(kinds.count) }
                kinds.append(kind ?? .content)
            }
        }
        if let transitions {
            for entry in transitions.entries {
                if let name = entry.key.scalar?.value { transitionNames.insert(name) }
            }
        }
        // The imported declarations come after the spec's own, so the spec's numbering is unchanged.
        for controller in base?.controllers ?? [] where controllerIDs.number(of: controller.id.name) == nil {
            _ = controllerIDs.insert(controller.id.name)
            kinds.append(controller.kind)
        }
        for transition in base?.transitions ?? [] { _ = transitionNames.insert(transition.name) }
        self.controllerIDs = controllerIDs
        // Interned together, under one lock. A name with a `#` may spell an instance (`x#2`, an error reported when
        // its declaration is read), which `ControllerID.init(_:)` splits off: those specs keep the one-by-one path.
        let names = controllerIDs.names
        if names.contains(where: { $0.utf8Contains(UInt8(ascii: "#")) }) {
            self.declaredIDs = names.map { ControllerID($0) }
        } else {
            self.declaredIDs = InternedString.interning(names).map { ControllerID(interned: $0) }
        }
        self.kinds = kinds
        self.unreadableKinds = unreadableKinds
        self.transitionNames = transitionNames
    }

    // MARK: Top level

    func spec(_ root: BorrowedNode) -> Spec? {
        guard let mapping = root.mapping else {
            sink.error(at: root.mark, "a spec must be a mapping that starts with 'vcaudit: 1', found \(sink.describe(root))", length: sink.span(root))
            return nil
        }
        // The version decides how to read the rest, so nothing else is checked without a known one.
        guard let version = version(mapping) else { return nil }
        let top = FieldReader(mapping, allowed: SpecDecoder.topLevelKeys, context: .text("the spec"), sink: sink)

        let app = top.string("app")?.value
        let device = top.choice("device", Device.self, what: "device")?.value ?? .iphone
        var ios = 17
        if let value = top.int("ios") {
            if (9...40).contains(value.value) { ios = value.value } else {
                sink.error(at: value.mark, "iOS version \(value.value) is out of range; write the deployment target's major version (9 to 40)")
            }
        }
        let restoration = top.bool("restoration") ?? false

        if let node = top["storyboards"], node.sequence?.items.allSatisfy({ $0.scalar.map { !$0.isNull } ?? false }) != true {
            sink.error(at: node.mark, "expected a list of storyboard paths for 'storyboards', found \(sink.describe(node)); "
                + "write 'storyboards: [UI/Main.storyboard]' (paths relative to the spec)", length: sink.span(node))
        }

        // Controllers first: everything else refers to them.
        var controllers: [Controller] = []
        if let node = base == nil ? top.required("controllers", example: "{id: {kind: ...}}") : top["controllers"] {
            controllers = self.controllers(node)
        }
        var window: Reference?
        if let node = top["window"] { window = reference(node, what: "'window'") }
        var transitions: [Transition] = []
        if let node = top["transitions"] { transitions = self.transitions(node) }
        var importedSources: [Mark: SourceReference] = [:]
        if let base {
            // The spec adds to what the storyboards declare; it does not declare the same thing twice.
            for controller in controllers {
                if let imported = base.controller(controller.id) {
                    sink.error(at: controller.mark, "controller '\(controller.id)' is already declared by the storyboards"
                        + (imported.source.map { " (\($0.description))" } ?? "") + "; give this one another id, or remove it",
                        length: controller.id.name.unicodeScalars.count)
                }
            }
            // A transition of an imported segue's name replaces the segue, where it stands (what a custom segue's
            // perform() does, say): the spec's declaration is the one findings point at.
            var replacing: [String: Transition] = [:]
            for transition in transitions where base.transition(transition.name) != nil { replacing[transition.name] = transition }
            importedSources = base.declarationSources
            for replaced in base.transitions where replacing[replaced.name] != nil {
                importedSources[replaced.mark] = nil
                if case .segue(let segue) = replaced.body { importedSources[segue.mark] = nil }
            }
            controllers = base.controllers + controllers.filter { base.controller($0.id) == nil }
            transitions = base.transitions.map { replacing[$0.name] ?? $0 } + transitions.filter { base.transition($0.name) == nil }
            window = window ?? base.window
        }
        var scenarios: [Scenario] = []
        if let node = top["scenarios"] { scenarios = self.scenarios(node) }

        var spec = Spec(
            file: sink.file, schemaVersion: version, app: app, device: device, ios: ios, restoration: restoration,
            controllers: controllers, window: window, transitions: transitions, scenarios: scenarios)
        spec.importedSources = importedSources
        return spec
    }

    /// The value of `vcaudit:`, when it is a version this tool reads; reports why not otherwise.
    func version(_ mapping: BorrowedNode.Mapping) -> Int? {
        let supported = SpecDecoder.supportedVersions
        guard let node = mapping["vcaudit"] else {
            let keys = mapping.entries.compactMap { $0.key.scalar }
            if let near = keys.first(where: { Suggestions.closest(to: $0.value, in: ["vcaudit"]) != nil }) {
                sink.error(at: near.mark, "unknown key '\(near.value)' in the spec; did you mean 'vcaudit'?", length: near.value.unicodeScalars.count)
            } else {
                sink.error(at: mapping.mark, "missing 'vcaudit: 1' at the top of the spec; every spec starts with the version of the format it is written in")
            }
            return nil
        }
        guard let value = node.scalar?.int else {
            sink.error(at: node.mark, "expected the spec format version for 'vcaudit', found \(sink.describe(node)); write 'vcaudit: \(supported.upperBound)'",
                       length: sink.span(node))
            return nil
        }
        if value > supported.upperBound {
            sink.error(at: node.mark, "spec format version \(value) is newer than this vcaudit reads (version \(supported.upperBound)); update vcaudit",
                       length: sink.span(node))
            return nil
        }
        if value < supported.lowerBound {
            sink.error(at: node.mark, "there is no spec format version \(value); write 'vcaudit: \(supported.upperBound)'", length: sink.span(node))
            return nil
        }
        return value
    }

    // MARK: References

    /// A reference to a declared controller; unknown ids are reported with a suggestion.
    @inline(__always)
    func reference(_ node: BorrowedNode, what: @autoclosure () -> String) -> Reference? {
        declared(node, what: what())?.reference
    }

    /// Whether `id`'s `kind:` could not be read (an error already says so).
    func kindIsUnreadable(_ id: ControllerID) -> Bool {
        guard !unreadableKinds.isEmpty, let number = controllerIDs.number(of: id.name) else { return false }
        return unreadableKinds.contains(number)
    }

    /// A reference to a declared controller, with the controller's kind; unknown ids are reported with a suggestion.
    ///
    /// Inlined into each reference read: a declared id is one lookup of its bytes, and everything else (nulls,
    /// instances, unknown ids and their messages) is left to `undeclared`, out of line.
    @inline(__always)
    func declared(_ node: BorrowedNode, what: @autoclosure () -> String) -> (reference: Reference, kind: Controller.Kind)? {
        if let scalar = node.scalar, !scalar.isNull, let number = controllerIDs.number(of: scalar) {
            return (Reference(declaredIDs[number], at: scalar.mark), kinds[number])
        }
        return undeclared(node, what: what())
    }

    /// What `declared` reads when `node` is not a declared id: an instance inside `expect:` (`detail#2`,
    /// `tabs.more`), else an error, reported with a suggestion.
    @inline(never)
    private func undeclared(_ node: BorrowedNode, what: @autoclosure () -> String) -> (reference: Reference, kind: Controller.Kind)? {
        guard let scalar = node.scalar, !scalar.isNull else {
            sink.error(at: node.mark, "expected a controller id for \(what()), found \(sink.describe(node))")
            return nil
        }
        guard let number = controllerIDs.number(of: scalar) else {
            if allowsInstanceNumbers, let found = instanceReference(scalar, node: node, what: what()) { return found }
            let id = scalar.value
            let fix = Suggestions.closest(to: id, in: controllerIDs.names).map { "did you mean '\($0)'?" }
                ?? (base == nil ? "declare it under 'controllers:'"
                    : "declare it under 'controllers:', or use the id the storyboards give it ('vcaudit import storyboard' lists them)")
            sink.error(at: scalar.mark, "unknown controller '\(id)' in \(what()); \(fix)", length: sink.span(node))
            return nil
        }
        return (Reference(declaredIDs[number], at: scalar.mark), kinds[number])
    }

    /// Inside `expect:`: `tabs.more` (a tab bar's More navigation controller) or `id#n` (an instance a segue
    /// made); nil when `scalar` is neither, so the caller reports an unknown controller.
    func instanceReference(_ scalar: BorrowedNode.Scalar, node: BorrowedNode, what: @autoclosure () -> String)
        -> (reference: Reference, kind: Controller.Kind)?? {
        if let tabs = MoreNavigation.tabBarID(scalar.value), let number = controllerIDs.number(of: tabs), kinds[number] == .tabBar {
            // A tab bar's More navigation controller, which UIKit makes (docs/spec-format.md, Expectations).
            return .some((Reference(ControllerID(scalar.value), at: scalar.mark), .navigation))
        }
        if let hash = scalar.value.lastIndex(of: "#") {
            let value = scalar.value
            let scene = String(value[..<hash])
            if let number = controllerIDs.number(of: scene), let n = Int(value[value.index(after: hash)...]), n >= 1 {
                return .some((Reference(ControllerID(scene: declaredIDs[number], instance: n), at: scalar.mark), kinds[number]))
            }
            sink.error(at: scalar.mark, "'\(value)' in \(what()) is not an instance of a declared controller; write 'id#n' "
                + "for the n-th instance segues made of 'id' (n from 1)", length: sink.span(node))
            return .some(nil)
        }
        return nil
    }

    /// A list of references.
    func references(_ node: BorrowedNode, what: @autoclosure () -> String) -> [Reference]? {
        guard let sequence = node.sequence else {
            let fix = node.scalar.flatMap { $0.isNull ? nil : "; write [\($0.value)]" } ?? ""
            sink.error(at: node.mark, "expected a list of controller ids for \(what()), found \(sink.describe(node))\(fix)", length: sink.span(node))
            return nil
        }
        return sequence.items.compactMapReserved { reference($0, what: what()) }
    }

    /// A reference or null.
    func optionalReference(_ node: BorrowedNode, what: @autoclosure () -> String) -> Reference?? {
        if let scalar = node.scalar, scalar.isNull { return .some(nil) }
        guard let ref = reference(node, what: what()) else { return nil }
        return .some(ref)
    }
}

extension String {
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first...last])
    }
}

extension BorrowedNode.Scalar {
    /// The case of `T` whose raw value the scalar spells, compared byte for byte.
    func named<T: SpelledChoice>(_ type: T.Type) -> T? {
        T.spellings.value(of: self)
    }
}
