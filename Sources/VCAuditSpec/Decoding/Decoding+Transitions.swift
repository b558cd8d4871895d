import VCAuditYAML

/// Transition declarations: segues and calls.
extension Decoding {
    // MARK: Transitions

    func transitions(_ node: BorrowedNode) -> [Transition] {
        guard let mapping = node.mapping else {
            sink.error(at: node.mark, "expected a mapping of transition names to segues or calls for 'transitions', found \(sink.describe(node))")
            return []
        }
        // `init` added the names in this order (the spec's own before any imported), so each shares the table's
        // `String` rather than making its own.
        var result: [Transition] = []
        result.reserveCapacity(mapping.entries.count)
        for (number, entry) in mapping.entries.enumerated() {
            if let transition = transition(name: transitionNames.names[number], mark: entry.key.mark, node: entry.value) {
                result.append(transition)
            }
        }
        return result
    }

    func transition(name: String, mark: Mark, node: BorrowedNode) -> Transition? {
        let context = DecodingContext.transition(name)
        let allowed = SpecDecoder.transitionKeys
        guard let fields = FieldReader(node, allowed: allowed, context: context, sink: sink) else { return nil }
        let ignore = fields["ignore"].map(suppressions) ?? []
        let source = fields["source"].flatMap { sourceReference($0, context: context) }
        if fields.has("calls") {
            for key: StaticString in ["segue", "to", "style", "anchor", "animated", "identifier", "manual"] {
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
            let steps = sequence.items.compactMapReserved { step($0) }
            let trigger = fields["from"].flatMap { reference($0, what: "'from' of \(context)") }
            let isEvent = fields.bool("event") ?? false
            if isEvent, fields.has("from"), let keyMark = fields.keyMark("event") {
                sink.error(at: keyMark, "'event: true' is for code paths the system runs, but \(context) has 'from', a user action: remove one",
                           length: 5)
            }
            return Transition(name: name, mark: mark, body: .calls(steps), ignore: ignore, source: source, trigger: trigger, isEvent: isEvent)
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
        if let keyMark = fields.keyMark("event") {
            sink.error(at: keyMark, "'event' is for calls the system runs (a notification, a completion handler), but \(context) is a segue, which a user performs "
                + "(or the code, with 'manual: true'): remove it",
                       length: 5)
        }
        var identifier = Segue.Identifier.transitionName
        if let node = fields["identifier"] {
            if let scalar = node.scalar, scalar.isNull {
                identifier = .none
            } else if let scalar = node.scalar, !scalar.value.isEmpty {
                identifier = scalar.value == name ? .transitionName : .named(scalar.value)
            } else {
                sink.error(at: node.mark, "expected the segue's identifier in the storyboard (a string) or null (it has none) for 'identifier' "
                    + "of \(context), found \(sink.describe(node))", length: sink.span(node))
            }
        }
        let isManual = fields.bool("manual") ?? false
        if isManual, identifier == .none, let node = fields["identifier"] {
            sink.error(at: node.mark, "\(context) is a manual segue without an identifier, which no code can perform "
                + "(performSegue(withIdentifier:) needs one); give its identifier, or remove the transition", length: sink.span(node))
        }
        guard let from, let to else { return nil }
        let segue = Segue(kind: kind.value, from: from, to: to, style: style, anchor: anchor, animated: animated, identifier: identifier,
                          isManual: isManual, mark: fields.mark)
        return Transition(name: name, mark: mark, body: .segue(segue), ignore: ignore, source: source, trigger: nil, isEvent: false)
    }
}
