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
        // The decoder reads through views that borrow the document's storage, so the document must live until it is done.
        let decoded = withExtendedLifetime(root.document) {
            let root = BorrowedNode(root: root)
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
private final class Decoding {
    let sink: DiagnosticSink
    /// The declared controller ids, numbered in declaration order.
    let controllerIDs: NameTable
    /// The kind of each declared controller, by number.
    let kinds: [Controller.Kind]
    let transitionNames: NameTable
    /// The rule ids `ignore:` entries may name; nil leaves them unchecked.
    let rules: RuleVocabulary?
    /// Inside `expect:`, a reference may name one instance a segue made: `detail#2` (docs/uikit-semantics.md).
    var allowsInstanceNumbers = false
    /// Each tab bar controller and its tabs, in declaration order.
    var tabBarChildren: [(tabs: ControllerID, children: [ControllerID])] = []

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
        var transitionNames = NameTable(capacity: transitions?.entries.count ?? 0)
        if let controllers {
            kinds.reserveCapacity(controllers.entries.count)
            for entry in controllers.entries {
                guard let id = entry.key.scalar?.value else { continue }
                controllerIDs.insert(id)
                kinds.append(entry.value.mapping?["kind"]?.scalar?.named(Controller.Kind.self) ?? .content)
            }
        }
        if let transitions {
            for entry in transitions.entries {
                if let name = entry.key.scalar?.value { transitionNames.insert(name) }
            }
        }
        // The imported declarations come after the spec's own, so the spec's numbering is unchanged.
        for controller in base?.controllers ?? [] where controllerIDs.number(of: controller.id) == nil {
            _ = controllerIDs.insert(controller.id)
            kinds.append(controller.kind)
        }
        for transition in base?.transitions ?? [] { _ = transitionNames.insert(transition.name) }
        self.controllerIDs = controllerIDs
        self.kinds = kinds
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
                        length: controller.id.unicodeScalars.count)
                }
            }
            for transition in transitions where base.transition(transition.name) != nil {
                sink.error(at: transition.mark, "transition '\(transition.name)' is already declared by the storyboards"
                    + (base.transition(transition.name)?.source.map { " (\($0.description))" } ?? "") + "; give this one another name",
                    length: transition.name.unicodeScalars.count)
            }
            for controller in base.controllers { if let source = controller.source { importedSources[controller.mark] = source } }
            for transition in base.transitions {
                guard let source = transition.source else { continue }
                importedSources[transition.mark] = source
                if case .segue(let segue) = transition.body { importedSources[segue.mark] = source }
            }
            controllers = base.controllers + controllers.filter { base.controller($0.id) == nil }
            transitions = base.transitions + transitions.filter { base.transition($0.name) == nil }
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
    func reference(_ node: BorrowedNode, what: @autoclosure () -> String) -> Reference? {
        declared(node, what: what())?.reference
    }

    /// A reference to a declared controller, with the controller's kind; unknown ids are reported with a suggestion.
    func declared(_ node: BorrowedNode, what: @autoclosure () -> String) -> (reference: Reference, kind: Controller.Kind)? {
        guard let scalar = node.scalar, !scalar.isNull else {
            sink.error(at: node.mark, "expected a controller id for \(what()), found \(sink.describe(node))")
            return nil
        }
        guard let number = controllerIDs.number(of: scalar) else {
            if allowsInstanceNumbers, let found = instanceReference(scalar, node: node, what: what()) { return found }
            let id = scalar.value
            let fix = Suggestions.closest(to: id, in: controllerIDs.names).map { "did you mean '\($0)'?" } ?? "declare it under 'controllers:'"
            sink.error(at: scalar.mark, "unknown controller '\(id)' in \(what()); \(fix)", length: sink.span(node))
            return nil
        }
        return (Reference(controllerIDs.names[number], at: scalar.mark), kinds[number])
    }

    /// Inside `expect:`: `tabs.more` (a tab bar's More navigation controller) or `id#n` (an instance a segue
    /// made); nil when `scalar` is neither, so the caller reports an unknown controller.
    func instanceReference(_ scalar: BorrowedNode.Scalar, node: BorrowedNode, what: @autoclosure () -> String)
        -> (reference: Reference, kind: Controller.Kind)?? {
        if let tabs = MoreNavigation.tabBarID(scalar.value), let number = controllerIDs.number(of: tabs), kinds[number] == .tabBar {
            // A tab bar's More navigation controller, which UIKit makes (docs/spec-format.md, Expectations).
            return .some((Reference(scalar.value, at: scalar.mark), .navigation))
        }
        if let hash = scalar.value.lastIndex(of: "#") {
            let value = scalar.value
            let scene = String(value[..<hash])
            if let number = controllerIDs.number(of: scene), let n = Int(value[value.index(after: hash)...]), n >= 1 {
                return .some((Reference(n == 1 ? value : "\(scene)#\(n)", at: scalar.mark), kinds[number]))
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

    // MARK: Controllers

    func controllers(_ node: BorrowedNode) -> [Controller] {
        guard let mapping = node.mapping else {
            sink.error(at: node.mark, "expected a mapping of controller ids to controllers for 'controllers', found \(sink.describe(node))")
            return []
        }
        // The ids and kinds were collected by `init`; this reads the declarations.
        var result: [Controller] = []
        result.reserveCapacity(controllerIDs.count)
        for (number, entry) in mapping.entries.enumerated() {
            let id = controllerIDs.names[number]
            if let controller = controller(id: id, mark: entry.key.mark, node: entry.value) {
                result.append(controller)
                if controller.kind == .tabBar { tabBarChildren.append((id, controller.children.map(\.id))) }
            }
        }
        return result
    }

    func controller(id: ControllerID, mark: Mark, node: BorrowedNode) -> Controller? {
        // `id#2` names the second instance a segue made of `id` in logs and messages (docs/uikit-semantics.md).
        if id.contains("#") {
            sink.error(at: mark, "controller id '\(id)' contains '#', which logs keep for instance numbers ('detail#2' is the second instance a segue made of 'detail'); rename it",
                       length: id.unicodeScalars.count)
            return nil
        }
        // `home:` with nothing after it is a plain content controller.
        if let scalar = node.scalar, scalar.isNull { return Controller(id: id, mark: mark) }
        let context = DecodingContext.controller(id)
        if node.mapping == nil, SpecDecoder.controllerKeys.names.contains(where: { $0.description == id }) {
            sink.error(at: mark, "'\(id)' is declared as a controller, but it is a controller property; indent it under its controller",
                       length: id.unicodeScalars.count)
            return nil
        }
        if let scalar = node.scalar, let kind = Controller.Kind(rawValue: scalar.value) {
            sink.error(at: scalar.mark, "expected a mapping for \(context), found '\(scalar.value)'; write '\(id): {kind: \(kind.rawValue)}'",
                       length: sink.span(node))
            return nil
        }
        guard let fields = FieldReader(node, allowed: SpecDecoder.controllerKeys, context: context, sink: sink) else { return nil }
        let kindChoice = fields.choice("kind", Controller.Kind.self, what: "controller kind")
        let kind = kindChoice?.value ?? .content
        var controller = Controller(id: id, mark: mark, kind: kind)
        // With an unknown kind, the kind-specific checks below would only add noise.
        let kindIsKnown = kindChoice != nil || !fields.has("kind")
        controller.className = fields.string("class")?.value
        controller.storyboard = fields.string("storyboard")?.value
        controller.storyboardID = fields.string("storyboardID")?.value
        if controller.storyboardID != nil, controller.storyboard == nil, let keyMark = fields.keyMark("storyboardID") {
            sink.error(at: keyMark, "'storyboardID' needs 'storyboard' too; add 'storyboard: <the storyboard's name>' to \(context)", length: 12)
        }
        controller.restorationID = fields.string("restorationID")
        controller.modalPresentationStyle = fields.choice("modalPresentationStyle", PresentationStyle.self, what: "presentation style")
        controller.modalInPresentation = fields.bool("modalInPresentation") ?? false
        controller.forwardsAppearance = fields.bool("forwardsAppearance") ?? true
        controller.definesPresentationContext = fields.bool("definesPresentationContext") ?? (kind == .navigation)
        controller.transitioningDelegate = fields.bool("transitioningDelegate") ?? false
        if let node = fields["popover"] { controller.popover = popover(node, context: .field("popover", of: context)) }
        if let node = fields["ignore"] { controller.ignore = suppressions(node) }
        if let node = fields["source"] { controller.source = sourceReference(node, context: context) }

        // Kind-specific keys.
        guard kindIsKnown else { return controller }
        let kindName = "a \(kind.rawValue) controller"
        if let keyMark = fields.keyMark("root") {
            if kind != .navigation {
                sink.error(at: keyMark, "'root' is only for navigation controllers, but '\(id)' is \(kindName); set 'kind: navigation', or use 'children' for a container", length: 4)
            } else if fields.has("children") {
                sink.error(at: keyMark, "'\(id)' sets both 'root' and 'children'; 'root: x' is short for 'children: [x]': keep one", length: 4)
            } else if let ref = reference(fields["root"]!, what: "'root' of \(context)") {
                controller.children = [ref]
            }
        }
        if let node = fields["children"], let keyMark = fields.keyMark("children") {
            if kind == .content {
                sink.error(at: keyMark, "'children' needs a container, but '\(id)' is a content controller; set 'kind: container' (or navigation, tabBar, split, page)", length: 8)
            } else if let refs = references(node, what: "'children' of \(context)") {
                controller.children = refs
                if kind == .split, refs.count > 2 {
                    sink.error(at: refs[2].mark, "a split view controller has two children, [primary, secondary], but '\(id)' lists \(refs.count); remove the extra ones",
                               length: refs[2].id.unicodeScalars.count)
                }
                if kind == .navigation, node.sequence?.items.isEmpty == true {
                    sink.error(at: node.mark, "navigation controller '\(id)' has an empty stack; list its root controller first")
                }
            }
        }
        if kind == .navigation, !fields.has("root"), !fields.has("children"), !fields.wasMisspelled("root"), !fields.wasMisspelled("children") {
            sink.error(at: mark, "navigation controller '\(id)' has no root; add 'root: <controller>'", length: id.count)
        }
        if let node = fields["selected"], let keyMark = fields.keyMark("selected") {
            if kind != .tabBar {
                sink.error(at: keyMark, "'selected' is only for tab bar controllers, but '\(id)' is \(kindName); set 'kind: tabBar', or remove 'selected'", length: 8)
            } else if let ref = reference(node, what: "'selected' of \(context)") {
                if !controller.children.isEmpty, !controller.children.contains(where: { $0.id == ref.id }) {
                    sink.error(at: ref.mark, "'\(ref.id)' is not one of the tabs of '\(id)'; select one of its children (\(controller.children.map(\.id).joined(separator: ", ")))", length: ref.id.unicodeScalars.count)
                } else {
                    controller.selected = ref
                }
            }
        }
        if let keyMark = fields.keyMark("spine") {
            if kind != .page {
                sink.error(at: keyMark, "'spine' is only for page view controllers, but '\(id)' is \(kindName); set 'kind: page', or remove 'spine'", length: 5)
            } else if let spine = fields.choice("spine", Controller.Spine.self, what: "spine location") {
                controller.spine = spine.value
            }
        }
        return controller
    }

    func popover(_ node: BorrowedNode, context: DecodingContext) -> Popover? {
        guard let fields = FieldReader(node, allowed: Self.popoverKeys, context: context, sink: sink) else { return nil }
        var adaptive: Located<AdaptiveStyle>?
        if let node = fields["adaptive"] {
            if let scalar = node.scalar, scalar.hasValue("none") {
                adaptive = Located(.none, at: scalar.mark)
            } else if let style = sink.choice(node, PresentationStyle.self, what: "adaptive presentation style") {
                adaptive = Located(.style(style.value), at: style.mark)
            }
        }
        return Popover(anchor: anchorFields(fields), adaptive: adaptive, mark: node.mark)
    }

    func anchor(_ node: BorrowedNode, context: DecodingContext) -> PopoverAnchor? {
        guard let fields = FieldReader(node, allowed: SpecDecoder.anchorKeys, context: context, sink: sink) else { return nil }
        return anchorFields(fields)
    }

    private func anchorFields(_ fields: borrowing FieldReader) -> PopoverAnchor {
        var rect: [Double]?
        if let node = fields["sourceRect"] {
            if let items = node.sequence?.items, items.count == 4, case let values = items.compactMap({ $0.scalar?.double }), values.count == 4 {
                rect = values
            } else {
                sink.error(at: node.mark, "expected [x, y, width, height] for 'sourceRect' in \(fields.context)")
            }
        }
        return PopoverAnchor(sourceView: fields.string("sourceView"), barButtonItem: fields.string("barButtonItem"), sourceRect: rect, mark: fields.mark)
    }

    // MARK: Sources

    /// `source: path:line[:column]`, the place a controller or transition is really declared.
    func sourceReference(_ node: BorrowedNode, context: DecodingContext) -> SourceReference? {
        guard let scalar = node.scalar, !scalar.isNull else {
            sink.error(at: node.mark, "expected 'path:line' or 'path:line:column' for 'source' of \(context), found \(sink.describe(node))",
                       length: sink.span(node))
            return nil
        }
        guard let reference = SourceReference(parsing: scalar.value) else {
            sink.error(at: scalar.mark, "'source' of \(context) is '\(scalar.value)'; write 'path:line' or 'path:line:column', "
                + "for example 'Main.storyboard:42:9'", length: sink.span(node))
            return nil
        }
        return reference
    }

    // MARK: Suppressions

    func suppressions(_ node: BorrowedNode) -> [Suppression] {
        guard let sequence = node.sequence else {
            let example = node.scalar.flatMap { $0.isNull ? nil : $0.value } ?? "<rule id>"
            sink.error(at: node.mark, "expected a list of {rule, reason} for 'ignore', found \(sink.describe(node)); write 'ignore: [{rule: \(example), reason: <why this is fine>}]'",
                       length: sink.span(node))
            return []
        }
        return sequence.items.compactMapReserved { item in
            if let scalar = item.scalar, !scalar.isNull {
                sink.error(at: item.mark, "an 'ignore' entry names a rule and a reason, found '\(scalar.value)'; write '{rule: \(scalar.value), reason: <why this is fine>}'",
                           length: sink.span(item))
                return nil
            }
            guard let fields = FieldReader(item, allowed: SpecDecoder.suppressionKeys, context: .text("an 'ignore' entry"), sink: sink) else { return nil }
            guard let rule = fields.string("rule") else {
                if !fields.has("rule"), !fields.wasMisspelled("rule") {
                    sink.error(at: item.mark, "missing 'rule' in an 'ignore' entry; add 'rule: <rule id>'")
                }
                return nil
            }
            if let rules, !rules.identifiers.contains(rule.value) {
                sink.error(at: rule.mark, rules.unknownIdentifierMessage(rule.value), length: rule.value.count)
            }
            guard let reason = fields.string("reason"), !reason.value.trimmingWhitespace.isEmpty else {
                if !fields.has("reason"), fields.wasMisspelled("reason") { return nil }
                sink.error(at: item.mark, "'ignore' of rule '\(rule.value)' has no reason; add 'reason: <why this is fine>' so reviewers know")
                return nil
            }
            return Suppression(rule: rule, reason: reason.value, mark: item.mark)
        }
    }

    // MARK: Transitions

    func transitions(_ node: BorrowedNode) -> [Transition] {
        guard let mapping = node.mapping else {
            sink.error(at: node.mark, "expected a mapping of transition names to segues or calls for 'transitions', found \(sink.describe(node))")
            return []
        }
        return mapping.entries.compactMapReserved { entry in
            guard let name = entry.key.scalar?.value else { return nil }
            return transition(name: name, mark: entry.key.mark, node: entry.value)
        }
    }

    func transition(name: String, mark: Mark, node: BorrowedNode) -> Transition? {
        let context = DecodingContext.transition(name)
        let allowed = SpecDecoder.transitionKeys
        guard let fields = FieldReader(node, allowed: allowed, context: context, sink: sink) else { return nil }
        let ignore = fields["ignore"].map(suppressions) ?? []
        let source = fields["source"].flatMap { sourceReference($0, context: context) }
        if fields.has("calls") {
            for key: StaticString in ["segue", "to", "style", "anchor", "animated"] {
                if let keyMark = fields.keyMark(key) {
                    sink.error(at: keyMark, "'\(key)' is for segues, but \(context) has 'calls'; a transition is a segue or a list of calls: remove one",
                               length: key.utf8CodeUnitCount)
                }
            }
            let calls = fields["calls"]!
            guard let sequence = calls.sequence else {
                sink.error(at: calls.mark, "expected a list of steps for 'calls' in \(context), found \(sink.describe(calls))", length: sink.span(calls))
                return nil
            }
            var transition = Transition(name: name, mark: mark, body: .calls(sequence.items.compactMapReserved { step($0) }), ignore: ignore)
            transition.source = source
            transition.trigger = fields["from"].flatMap { reference($0, what: "'from' of \(context)") }
            return transition
        }
        guard let kind = fields.choice("segue", Segue.Kind.self, what: "segue kind") else {
            if !fields.has("segue"), !fields.wasMisspelled("segue"), !fields.wasMisspelled("calls") {
                sink.error(at: mark, "\(context) is neither a segue nor calls; add 'segue: <kind>' with 'from' and 'to', or 'calls: [steps]'", length: name.unicodeScalars.count)
            }
            return nil
        }
        let from = fields.required("from", example: "<controller>").flatMap { reference($0, what: "'from' of \(context)") }
        let to = fields.required("to", example: "<controller>").flatMap { reference($0, what: "'to' of \(context)") }
        let style = fields.choice("style", PresentationStyle.self, what: "presentation style")
        let anchor = fields["anchor"].flatMap { self.anchor($0, context: .field("anchor", of: context)) }
        let animated = fields.bool("animated") ?? true
        guard let from, let to else { return nil }
        let segue = Segue(kind: kind.value, from: from, to: to, style: style, anchor: anchor, animated: animated, mark: fields.mark)
        var transition = Transition(name: name, mark: mark, body: .segue(segue), ignore: ignore)
        transition.source = source
        return transition
    }

    // MARK: Scenarios

    func scenarios(_ node: BorrowedNode) -> [Scenario] {
        guard let sequence = node.sequence else {
            sink.error(at: node.mark, "expected a list of scenarios for 'scenarios', found \(sink.describe(node))")
            return []
        }
        // Where each name was last written.
        var seen = NameMap<Mark>(capacity: sequence.items.count)
        return sequence.items.compactMapReserved { item in
            guard let fields = FieldReader(item, allowed: SpecDecoder.scenarioKeys, context: .text("a scenario"), sink: sink) else { return nil }
            guard let name = fields.string("name") else {
                if !fields.has("name"), !fields.wasMisspelled("name") {
                    sink.error(at: item.mark, "missing 'name' in a scenario; add 'name: <what the user does>' (names identify logs and generated tests)")
                }
                return nil
            }
            if let first = seen.updateValue(name.mark, forName: name.value) {
                sink.error(at: name.mark, "another scenario is already named '\(name.value)'; scenario names identify logs and tests, so make them unique",
                           length: name.value.unicodeScalars.count, notes: [Diagnostic.Note(location: sink.location(first), message: "first named here")])
            }
            let device = fields.choice("device", Device.self, what: "device")?.value
            let ignore = fields["ignore"].map(suppressions) ?? []
            var steps: [Step] = []
            if let stepsNode = fields.required("steps", example: "[launch, ...]") {
                if let list = stepsNode.sequence {
                    steps = list.items.compactMapReserved { step($0) }
                } else {
                    let fix = stepsNode.scalar.flatMap { $0.isNull ? nil : "; write [\($0.value)]" } ?? ""
                    sink.error(at: stepsNode.mark, "expected a list of steps for 'steps' of scenario '\(name.value)', found \(sink.describe(stepsNode))\(fix)",
                               length: sink.span(stepsNode))
                }
            }
            return Scenario(name: name.value, mark: item.mark, device: device, steps: steps, ignore: ignore)
        }
    }

    // MARK: Steps

    /// A step's name as an enumeration, so dispatching on it costs one hash, not a string comparison per step kind.
    enum StepKind: String, CaseIterable, SpelledChoice {
        static let spellings = Spellings<Self>()

        case launch, present, dismiss, push, pop, popToRoot, popTo, setViewControllers, select, show, showDetail, perform,
             addChild, removeFromParent, willMove, didMove, addSubview, removeFromSuperview, beginAppearance, endAppearance,
             transition, traits, device, preserve, restore, simultaneously, expect
    }



    func step(_ node: BorrowedNode) -> Step? {
        if let scalar = node.scalar {
            if scalar.hasValue("launch") { return Step(.launch, at: scalar.mark) }
            if scalar.hasValue("preserve") { return Step(.preserve, at: scalar.mark) }
            if scalar.hasValue("restore") { return Step(.restore, at: scalar.mark) }
            let name = scalar.value
            if Step.names.contains(name) {
                sink.error(at: scalar.mark, "the '\(name)' step needs arguments; write '\(name): \(Self.argumentTemplate[name] ?? "...")'",
                           length: name.unicodeScalars.count)
            } else {
                sink.error(at: scalar.mark, "unknown step '\(name)'; \(unknownStepFix(name))", length: sink.span(node))
            }
            return nil
        }
        guard let mapping = node.mapping else {
            sink.error(at: node.mark, "expected a step (a name such as 'launch', or a one-key mapping such as 'push: {nav, vc}'), found \(node.kindDescription)")
            return nil
        }
        var ignore: [Suppression] = []
        var stepEntry: BorrowedNode.Entry?
        for entry in mapping.entries {
            if entry.key.scalar?.hasValue("ignore") == true {
                ignore = suppressions(entry.value)
            } else if stepEntry == nil {
                stepEntry = entry
            } else {
                let key = entry.key.scalar?.value ?? ""
                sink.error(at: entry.key.mark, "a step is a one-key mapping, but this one also has '\(key)'; start a new '- ' item for the next step", length: key.count)
            }
        }
        guard let entry = stepEntry else {
            sink.error(at: node.mark, "this step has only 'ignore'; name the step too")
            return nil
        }
        guard let kind = entry.key.scalar?.named(StepKind.self) else {
            let name = entry.key.scalar?.value ?? ""
            sink.error(at: entry.key.mark, "unknown step '\(name)'; \(unknownStepFix(name))", length: name.unicodeScalars.count)
            return nil
        }
        var inner: [Suppression] = []
        guard let action = action(kind, entry.value, ignore: &inner) else { return nil }
        return Step(action, at: entry.key.mark, ignore: inner.isEmpty ? ignore : ignore + inner)
    }

    /// Each step kind's keys and shorthand key, from `SpecVocabulary.steps`, looked up by kind (one hash of an enum).
    static let stepArguments: [StepKind: (keys: AllowedKeys, shorthand: StaticString?)] = Dictionary(
        uniqueKeysWithValues: StepKind.allCases.map { kind in
            let vocabulary = SpecVocabulary.step(kind.rawValue)
            return (kind, (AllowedKeys(vocabulary?.keys ?? []), vocabulary?.shorthand))
        })

    static let navigationKind: [Controller.Kind] = [.navigation]
    static let tabBarKind: [Controller.Kind] = [.tabBar]
    static let stackKinds: [Controller.Kind] = [.navigation, .tabBar, .page, .split]

    /// How each step that takes arguments is written, for messages.
    static let argumentTemplate: [String: String] = [
        "present": "{vc: <controller>, from: <controller>}", "dismiss": "<controller>", "push": "{nav: <navigation>, vc: <controller>}",
        "pop": "<navigation>", "popToRoot": "<navigation>", "popTo": "{nav: <navigation>, vc: <controller>}",
        "setViewControllers": "{of: <container>, vcs: [<controller>, ...]}", "select": "<tab>", "show": "{from: <controller>, vc: <controller>}",
        "showDetail": "{from: <controller>, vc: <controller>}", "perform": "<transition>", "addChild": "{parent: <controller>, child: <controller>}",
        "removeFromParent": "<controller>", "willMove": "{child: <controller>, parent: <controller or null>}",
        "didMove": "{child: <controller>, parent: <controller or null>}", "addSubview": "{view: <controller>, to: <controller>}",
        "removeFromSuperview": "<controller>", "beginAppearance": "{vc: <controller>, appearing: true}", "endAppearance": "<controller>",
        "transition": "{parent: <container>, from: <controller>, to: <controller>}", "traits": "{width: compact}", "device": "ipad",
        "simultaneously": "[<step>, <step>]", "expect": "{visible: [<controller>, ...]}",
    ]

    /// "did you mean 'x'?", else the list of steps.
    private func unknownStepFix(_ name: String) -> String {
        Suggestions.closest(to: name, in: Step.names).map { "did you mean '\($0)'?" }
            ?? "use one of: \(Step.names.joined(separator: ", "))"
    }

    /// Reads a step's arguments: a scalar shorthand or a mapping of named fields, as `SpecVocabulary.steps` lists them.
    private func arguments(_ kind: StepKind, _ node: BorrowedNode, ignore: inout [Suppression]) -> FieldReader? {
        let name = kind.rawValue
        let (keys, shorthand) = Self.stepArguments[kind] ?? (AllowedKeys.none, nil)
        let context = DecodingContext.step(name)
        if let scalar = node.scalar {
            if let shorthand, !scalar.isNull {
                return FieldReader(shorthand: shorthand, value: scalar, context: context, sink: sink)
            }
            sink.error(at: node.mark, "the '\(name)' step takes arguments, found \(sink.describe(node)); write '\(name): \(Self.argumentTemplate[name] ?? "...")'",
                       length: sink.span(node))
            return nil
        }
        guard let fields = FieldReader(node, allowed: keys, context: context, sink: sink) else { return nil }
        if let node = fields["ignore"] { ignore = suppressions(node) }
        return fields
    }

    private func action(_ kind: StepKind, _ node: BorrowedNode, ignore: inout [Suppression]) -> Step.Action? {
        let name = kind.rawValue
        func ref(_ fields: borrowing FieldReader, _ key: StaticString) -> Reference? {
            fields.required(key).flatMap { reference($0, what: "'\(key)' of \(fields.context)") }
        }
        func optionalRef(_ fields: borrowing FieldReader, _ key: StaticString) -> Reference?? {
            fields.required(key).flatMap { optionalReference($0, what: "'\(key)' of \(fields.context)") }
        }
        func animated(_ fields: borrowing FieldReader) -> Bool { fields.bool("animated") ?? true }
        /// A reference to a controller of one of `allowed` kinds; another kind is an error that says what the step needs.
        func container(_ fields: borrowing FieldReader, _ key: StaticString, _ allowed: [Controller.Kind], needs: String) -> Reference? {
            guard let (found, actual) = fields.required(key).flatMap({ declared($0, what: "'\(key)' of \(fields.context)") }) else { return nil }
            guard !allowed.contains(actual) else { return found }
            sink.error(at: found.mark, "'\(found.id)' is a \(actual.rawValue) controller, but the '\(name)' step needs a \(needs); "
                + "name the \(needs) that holds it, or declare '\(found.id)' with the right 'kind'", length: found.id.count)
            return nil
        }
        let navigation = Self.navigationKind

        switch kind {
        case .launch, .preserve, .restore:
            if let scalar = node.scalar, scalar.isNull {
                return name == "launch" ? .launch : name == "preserve" ? .preserve : .restore
            }
            guard let fields = FieldReader(node, allowed: Self.stepArguments[kind]?.keys ?? AllowedKeys.none, context: .step(name), sink: sink) else { return nil }
            if let node = fields["ignore"] { ignore = suppressions(node) }
            return name == "launch" ? .launch : name == "preserve" ? .preserve : .restore
        case .present:
            guard let f = arguments(kind, node, ignore: &ignore) else { return nil }
            let style = f.choice("style", PresentationStyle.self, what: "presentation style")
            let anchor = f["anchor"].flatMap { self.anchor($0, context: .field("anchor", of: .step("present"))) }
            guard let vc = ref(f, "vc"), let from = ref(f, "from") else { return nil }
            return .present(vc: vc, from: from, style: style, anchor: anchor, animated: animated(f))
        case .dismiss:
            guard let f = arguments(kind, node, ignore: &ignore), let vc = ref(f, "vc") else { return nil }
            return .dismiss(vc: vc, animated: animated(f))
        case .push:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let nav = container(f, "nav", navigation, needs: "navigation controller"), let vc = ref(f, "vc") else { return nil }
            return .push(nav: nav, vc: vc, animated: animated(f))
        case .pop:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let nav = container(f, "nav", navigation, needs: "navigation controller") else { return nil }
            return .pop(nav: nav, animated: animated(f))
        case .popToRoot:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let nav = container(f, "nav", navigation, needs: "navigation controller") else { return nil }
            return .popToRoot(nav: nav, animated: animated(f))
        case .popTo:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let nav = container(f, "nav", navigation, needs: "navigation controller"), let vc = ref(f, "vc") else { return nil }
            return .popTo(nav: nav, vc: vc, animated: animated(f))
        case .setViewControllers:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let of = container(f, "of", Self.stackKinds, needs: "navigation, tab bar, page or split view controller"),
                  let list = f.required("vcs"), let vcs = references(list, what: "'vcs' of the 'setViewControllers' step")
            else { return nil }
            return .setViewControllers(of: of, vcs: vcs, animated: animated(f))
        case .select:
            guard let f = arguments(kind, node, ignore: &ignore), let vc = ref(f, "vc") else { return nil }
            if f.has("tabs") {
                guard let tabs = container(f, "tabs", Self.tabBarKind, needs: "tab bar controller") else { return nil }
                return .select(tabs: tabs, vc: vc)
            }
            return inferredTabs(for: vc).map { .select(tabs: $0, vc: vc) }
        case .show, .showDetail:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let from = ref(f, "from"), let vc = ref(f, "vc") else { return nil }
            return name == "show" ? .show(from: from, vc: vc) : .showDetail(from: from, vc: vc)
        case .perform:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let transition = f.string("transition") else {
                return nil
            }
            guard transitionNames.number(of: transition.value) != nil else {
                let fix = Suggestions.closest(to: transition.value, in: transitionNames.names).map { "did you mean '\($0)'?" } ?? "declare it under 'transitions:'"
                sink.error(at: transition.mark, "unknown transition '\(transition.value)'; \(fix)", length: transition.value.unicodeScalars.count)
                return nil
            }
            return .perform(transition: transition)
        case .addChild:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let parent = ref(f, "parent"), let child = ref(f, "child") else { return nil }
            return .addChild(parent: parent, child: child)
        case .removeFromParent:
            guard let f = arguments(kind, node, ignore: &ignore), let child = ref(f, "child") else { return nil }
            return .removeFromParent(child: child)
        case .willMove, .didMove:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let child = ref(f, "child"), let parent = optionalRef(f, "parent") else { return nil }
            return name == "willMove" ? .willMove(child: child, parent: parent) : .didMove(child: child, parent: parent)
        case .addSubview:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let view = ref(f, "view"), let to = ref(f, "to") else { return nil }
            return .addSubview(view: view, to: to)
        case .removeFromSuperview:
            guard let f = arguments(kind, node, ignore: &ignore), let view = ref(f, "view") else { return nil }
            return .removeFromSuperview(view: view)
        case .beginAppearance:
            guard let f = arguments(kind, node, ignore: &ignore), let vc = ref(f, "vc") else { return nil }
            guard let appearing = f.bool("appearing") else {
                if !f.has("appearing"), !f.wasMisspelled("appearing") { sink.error(at: f.mark, "missing 'appearing' in the 'beginAppearance' step; write 'appearing: true' or 'appearing: false'") }
                return nil
            }
            return .beginAppearance(vc: vc, appearing: appearing, animated: animated(f))
        case .endAppearance:
            guard let f = arguments(kind, node, ignore: &ignore), let vc = ref(f, "vc") else { return nil }
            return .endAppearance(vc: vc)
        case .transition:
            guard let f = arguments(kind, node, ignore: &ignore),
                  let parent = ref(f, "parent"), let from = ref(f, "from"), let to = ref(f, "to") else { return nil }
            return .transition(parent: parent, from: from, to: to, animated: animated(f))
        case .traits:
            guard let f = arguments(kind, node, ignore: &ignore) else { return nil }
            let width = f.choice("width", SizeClass.self, what: "size class")?.value
            let height = f.choice("height", SizeClass.self, what: "size class")?.value
            if width == nil, height == nil, !f.has("width"), !f.has("height") {
                sink.error(at: f.mark, "the 'traits' step changes nothing; give 'width' and/or 'height' (compact or regular)")
                return nil
            }
            return .traits(width: width, height: height)
        case .device:
            guard let device = sink.choice(node, Device.self, what: "device") else { return nil }
            return .device(device.value)
        case .simultaneously:
            guard let list = node.sequence else {
                sink.error(at: node.mark, "expected a list of steps for 'simultaneously', found \(sink.describe(node))")
                return nil
            }
            if list.items.count < 2 {
                sink.error(at: node.mark, "'simultaneously' needs at least two steps to race; add another step, or write the step on its own")
            }
            return .simultaneously(list.items.compactMapReserved { step($0) })
        case .expect:
            return expectations(node).map { .expect($0) }
        }
    }

    /// The tab bar a bare `select: x` means: the one that has x as a tab, else the only tab bar.
    private func inferredTabs(for vc: Reference) -> Reference? {
        if let owner = tabBarChildren.first(where: { $0.children.contains(vc.id) })?.tabs {
            return Reference(owner, at: vc.mark)
        }
        let tabBars = controllerIDs.names.indices.filter { kinds[$0] == .tabBar }.map { controllerIDs.names[$0] }
        if tabBars.count == 1 { return Reference(tabBars[0], at: vc.mark) }
        if tabBars.isEmpty {
            sink.error(at: vc.mark, "'select: \(vc.id)' needs a tab bar controller, but the spec declares none; declare one with 'kind: tabBar' and '\(vc.id)' among its children",
                       length: vc.id.unicodeScalars.count)
        } else {
            sink.error(at: vc.mark, "'\(vc.id)' is a tab of no tab bar controller; write 'select: {tabs: <tab bar>, vc: \(vc.id)}' (tab bars: \(tabBars.joined(separator: ", ")))", length: vc.id.count)
        }
        return nil
    }

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
