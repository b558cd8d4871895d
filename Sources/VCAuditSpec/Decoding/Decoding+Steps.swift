import VCAuditYAML

/// Scenarios and their steps.
extension Decoding {
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




    func step(_ node: BorrowedNode) -> Step? {
        if let scalar = node.scalar {
            if scalar.hasValue("launch") { return Step(.launch, at: scalar.mark) }
            if scalar.hasValue("preserve") { return Step(.preserve, at: scalar.mark) }
            if scalar.hasValue("restore") { return Step(.restore, at: scalar.mark) }
            let name = scalar.value
            if Step.names.contains(name) {
                sink.error(at: scalar.mark, "the '\(name)' step needs arguments; write '\(name): \(SpecVocabulary.step(name)?.usage ?? "...")'",
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
        guard let kind = entry.key.scalar?.named(Step.Kind.self) else {
            let name = entry.key.scalar?.value ?? ""
            sink.error(at: entry.key.mark, "unknown step '\(name)'; \(unknownStepFix(name))", length: name.unicodeScalars.count)
            return nil
        }
        var inner: [Suppression] = []
        guard let action = action(kind, entry.value, ignore: &inner) else { return nil }
        return Step(action, at: entry.key.mark, ignore: inner.isEmpty ? ignore : ignore + inner)
    }

    /// Each step kind's keys and shorthand key, from `SpecVocabulary.steps`, looked up by kind (one hash of an enum).
    static let stepArguments: [Step.Kind: (keys: AllowedKeys, shorthand: StaticString?)] = Dictionary(
        uniqueKeysWithValues: Step.Kind.allCases.map { kind in
            let vocabulary = SpecVocabulary.step(kind.rawValue)
            return (kind, (AllowedKeys(vocabulary?.keys ?? []), vocabulary?.shorthand))
        })

    static let navigationKind: [Controller.Kind] = [.navigation]
    static let tabBarKind: [Controller.Kind] = [.tabBar]
    static let stackKinds: [Controller.Kind] = [.navigation, .tabBar, .page, .split]


    /// "did you mean 'x'?", else the list of steps.
    private func unknownStepFix(_ name: String) -> String {
        Suggestions.closest(to: name, in: Step.names).map { "did you mean '\($0)'?" }
            ?? "use one of: \(Step.names.joined(separator: ", "))"
    }

    /// Reads a step's arguments: a scalar shorthand or a mapping of named fields, as `SpecVocabulary.steps` lists them.
    private func arguments(_ kind: Step.Kind, _ node: BorrowedNode, ignore: inout [Suppression]) -> FieldReader? {
        let name = kind.rawValue
        let (keys, shorthand) = Self.stepArguments[kind] ?? (AllowedKeys.none, nil)
        let context = DecodingContext.step(name)
        if let scalar = node.scalar {
            if let shorthand, !scalar.isNull {
                return FieldReader(shorthand: shorthand, value: scalar, context: context, sink: sink)
            }
            sink.error(at: node.mark, "the '\(name)' step takes arguments, found \(sink.describe(node)); write '\(name): \(SpecVocabulary.step(name)?.usage ?? "...")'",
                       length: sink.span(node))
            return nil
        }
        guard let fields = FieldReader(node, allowed: keys, context: context, sink: sink) else { return nil }
        if let node = fields["ignore"] { ignore = suppressions(node) }
        return fields
    }

    private func action(_ kind: Step.Kind, _ node: BorrowedNode, ignore: inout [Suppression]) -> Step.Action? {
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
}
