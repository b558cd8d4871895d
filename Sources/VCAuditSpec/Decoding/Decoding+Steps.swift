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
            guard let position = stepSpellings.position(of: scalar) else {
                sink.error(at: scalar.mark, "unknown step '\(scalar.value)'; \(unknownStepFix(scalar.value))", length: sink.span(node))
                return nil
            }
            let decoder = stepDecoderTable[position]
            guard decoder.bare else {
                sink.error(at: scalar.mark, "the '\(decoder.name)' step needs arguments; write '\(decoder.name): \(decoder.usage ?? "...")'",
                           length: decoder.name.description.unicodeScalars.count)
                return nil
            }
            return decoder.make(StepArguments(decoder: decoder, decoding: self, node: node)).map { Step($0, at: scalar.mark) }
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
        // The lookup is written out so that it is inlined; passed to `flatMap` as a function value, the method was
        // called through a thunk per step (about 1.5 M instructions in a callgrind of loading 1 MB of specs).
        guard let key = entry.key.scalar, let position = stepSpellings.position(of: key) else {
            let name = entry.key.scalar?.value ?? ""
            sink.error(at: entry.key.mark, "unknown step '\(name)'; \(unknownStepFix(name))", length: name.unicodeScalars.count)
            return nil
        }
        // The step's inner 'ignore' entries are added to its own, in place: kept in a list of their own, that list
        // (empty for most steps) was released after every step.
        guard let action = stepDecoderTable[position].action(entry.value, in: self, ignore: &ignore) else { return nil }
        var step = Step(action, at: entry.key.mark, ignore: ignore)
        if case .perform = action {
            // The position its transition's name was found at; a step of another kind finds none, and would read
            // an earlier step's.
            step.transitionPosition = performedTransitionPosition
        }
        return step
    }

    /// What the decoder needs of each step kind, in `Step.Kind`'s order (the order of its spellings).
    static let stepDecoders: [StepDecoder] = Step.Kind.allCases.map { StepDecoder(SpecVocabulary.step($0)) }

    /// "did you mean 'x'?", else the list of steps.
    private func unknownStepFix(_ name: String) -> String {
        Suggestions.closest(to: name, in: Step.names).map { "did you mean '\($0)'?" }
            ?? "use one of: \(Step.names.joined(separator: ", "))"
    }

    /// The tab bar a bare `select: x` means: the one that has x as a tab, else the only tab bar.
    func inferredTabs(for vc: Reference) -> Reference? {
        if let owner = tabBarChildren.first(where: { $0.children.contains(vc.id) })?.tabs {
            return Reference(owner, at: vc.mark)
        }
        let tabBars = declaredIDs.indices.filter { kinds[$0] == .tabBar }.map { declaredIDs[$0] }
        if tabBars.count == 1 { return Reference(tabBars[0], at: vc.mark) }
        if tabBars.isEmpty {
            sink.error(at: vc.mark, "'select: \(vc.id)' needs a tab bar controller, but the spec declares none; declare one with 'kind: tabBar' and '\(vc.id)' among its children",
                       length: vc.id.name.unicodeScalars.count)
        } else {
            sink.error(at: vc.mark, "'\(vc.id)' is a tab of no tab bar controller; write 'select: {tabs: <tab bar>, vc: \(vc.id)}' (tab bars: \(tabBars.map(\.name).joined(separator: ", ")))", length: vc.id.name.count)
        }
        return nil
    }
}
