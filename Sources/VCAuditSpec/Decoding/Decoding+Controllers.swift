import VCAuditYAML

/// Controller declarations, their popovers and sources, and `ignore:` entries.
extension Decoding {
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
            if let controller = controller(number: number, mark: entry.key.mark, node: entry.value) {
                if controller.kind == .tabBar { tabBarChildren.append((controller.id, controller.children.map(\.id))) }
                // Its last use, so the controller is moved into the list rather than copied.
                result.append(controller)
            }
        }
        return result
    }

    /// The declaration of the controller numbered `number` (its key at `mark`, its value `node`).
    func controller(number: Int, mark: Mark, node: BorrowedNode) -> Controller? {
        let id = declaredIDs[number]
        let name = controllerIDs.names[number]
        // `id#2` names the second instance a segue made of `id` in logs and messages (docs/uikit-semantics.md).
        // Most ids have no '#' byte at all; only those that do need the full (Unicode-aware) search.
        if name.utf8Contains(UInt8(ascii: "#")), name.contains("#") {
            sink.error(at: mark, "controller id '\(id)' contains '#', which logs keep for instance numbers ('detail#2' is the second instance a segue made of 'detail'); rename it",
                       length: name.unicodeScalars.count)
            return nil
        }
        // `home:` with nothing after it is a plain content controller.
        if let scalar = node.scalar, scalar.isNull { return Controller(id: id, mark: mark) }
        let context = DecodingContext.controller(name)
        if node.mapping == nil, SpecDecoder.controllerKeys.names.contains(where: { $0.description == name }) {
            sink.error(at: mark, "'\(id)' is declared as a controller, but it is a controller property; indent it under its controller",
                       length: name.unicodeScalars.count)
            return nil
        }
        if let scalar = node.scalar, let kind = Controller.Kind(rawValue: scalar.value) {
            sink.error(at: scalar.mark, "expected a mapping for \(context), found '\(scalar.value)'; write '\(id): {kind: \(kind.rawValue)}'",
                       length: sink.span(node))
            return nil
        }
        guard let fields = FieldReader(node, allowed: SpecDecoder.controllerKeys, context: context, sink: sink) else { return nil }
        // `init` read the kind (`content` when none is written); one it could not read is reported here, and with
        // it the kind-specific checks below would only add noise.
        let kind = kinds[number]
        let kindIsKnown = unreadableKinds.isEmpty || !unreadableKinds.contains(number)
        if !kindIsKnown { _ = fields.choice("kind", Controller.Kind.self, what: "controller kind") }
        var controller = Controller(id: id, mark: mark, kind: kind)
        controller.className = fields.string("class")?.value
        controller.storyboard = fields.string("storyboard")?.value
        controller.storyboardID = fields.string("storyboardID")?.value
        if controller.storyboardID != nil, controller.storyboard == nil, let keyMark = fields.keyMark("storyboardID") {
            sink.error(at: keyMark, "'storyboardID' needs 'storyboard' too; add 'storyboard: <the storyboard's name>' to \(context)", length: 12)
        }
        controller.storyboardInitial = fields.bool("storyboardInitial") ?? false
        if controller.storyboardInitial, controller.storyboard == nil, let keyMark = fields.keyMark("storyboardInitial") {
            sink.error(at: keyMark, "'storyboardInitial' needs 'storyboard' too; add 'storyboard: <the storyboard's name>' to \(context)", length: 17)
        }
        restorationID(fields, of: &controller)
        controller.modalPresentationStyle = fields.choice("modalPresentationStyle", PresentationStyle.self, what: "presentation style")
        controller.modalInPresentation = fields.bool("modalInPresentation") ?? false
        controller.forwardsAppearance = fields.bool("forwardsAppearance") ?? true
        controller.definesPresentationContext = fields.bool("definesPresentationContext") ?? (kind == .navigation)
        controller.transitioningDelegate = fields.bool("transitioningDelegate") ?? false
        controller.navigationBarHidden = fields.bool("navigationBarHidden") ?? false
        if let node = fields["popover"] { controller.popover = popover(node, context: .field("popover", of: context)) }
        if let node = fields["ignore"] { controller.ignore = suppressions(node) }
        if let node = fields["source"] { controller.source = sourceReference(node, context: context) }

        // Kind-specific keys.
        guard kindIsKnown else { return controller }
        var kindName: String { "a \(kind.rawValue) controller" }
        if kind != .navigation, let keyMark = fields.keyMark("navigationBarHidden") {
            sink.error(at: keyMark, "'navigationBarHidden' is only for navigation controllers, but '\(id)' is \(kindName); "
                + "remove it, or set 'kind: navigation'", length: 19)
        }
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
                               length: refs[2].id.name.unicodeScalars.count)
                }
                if kind == .navigation, node.sequence?.items.isEmpty == true {
                    sink.error(at: node.mark, "navigation controller '\(id)' has an empty stack; list its root controller first")
                }
            }
        }
        if kind == .navigation, !fields.has("root"), !fields.has("children"), !fields.wasMisspelled("root"), !fields.wasMisspelled("children") {
            sink.error(at: mark, "navigation controller '\(id)' has no root; add 'root: <controller>'", length: name.count)
        }
        if let node = fields["selected"], let keyMark = fields.keyMark("selected") {
            if kind != .tabBar {
                sink.error(at: keyMark, "'selected' is only for tab bar controllers, but '\(id)' is \(kindName); set 'kind: tabBar', or remove 'selected'", length: 8)
            } else if let ref = reference(node, what: "'selected' of \(context)") {
                if !controller.children.isEmpty, !controller.children.contains(where: { $0.id == ref.id }) {
                    sink.error(at: ref.mark, "'\(ref.id)' is not one of the tabs of '\(id)'; select one of its children (\(controller.children.map(\.id.name).joined(separator: ", ")))", length: ref.id.name.unicodeScalars.count)
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
                if spine.value != .min { controller.transitionStyle = .pageCurl }
            }
        }
        if let keyMark = fields.keyMark("transitionStyle") {
            if kind != .page {
                sink.error(at: keyMark, "'transitionStyle' is only for page view controllers, but '\(id)' is \(kindName); set 'kind: page', or remove 'transitionStyle'", length: 15)
            } else if let style = fields.choice("transitionStyle", Controller.PageTransitionStyle.self, what: "page transition style") {
                if style.value == .scroll, controller.spine != .min, let spineMark = fields.keyMark("spine") {
                    sink.error(at: spineMark, "a scrolling page view controller shows one page: spine '\(controller.spine.rawValue)' is a page curl's; "
                        + "set 'transitionStyle: pageCurl', or remove 'spine'", length: 5)
                }
                controller.transitionStyle = style.value
            }
        }
        return controller
    }

    /// Reads the `restorationID:` of `controller` from its declaration's `fields`.
    ///
    /// Interface Builder's "Use Storyboard ID" makes most restoration ids the id of a declared controller: those
    /// share the name table's `String` and the declared id's interned name, where making the string and interning
    /// it (a lock and a hash of the string) cost about a tenth of decoding the whole declaration. Any other value is
    /// read as every string field is (`FieldReader.string(_:)`, with its diagnostics).
    private func restorationID(_ fields: borrowing FieldReader, of controller: inout Controller) {
        guard let node = fields["restorationID"] else { return }
        if let scalar = node.scalar, !scalar.isNull, let number = controllerIDs.number(of: scalar), !declaredIDs[number].isInstance {
            controller.setRestorationID(Located(controllerIDs.names[number], at: scalar.mark), interned: declaredIDs[number].scene)
        } else if let value = fields.string("restorationID") {
            controller.restorationID = value
        }
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
}
