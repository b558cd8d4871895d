import VCAuditSpec

/// `popover_conflicting_anchor`: a popover anchor that sets both `barButtonItem` and `sourceView`.
struct PopoverConflictingAnchorRule: Rule {
    static let description = RuleDescription(
        identifier: "popover_conflicting_anchor",
        name: "Popover conflicting anchor",
        description: """
            A popover anchor sets both `barButtonItem` and `sourceView`. UIKit anchors on the bar button item and \
            ignores `sourceView` and `sourceRect`, so the popover points somewhere the code did not mean. Set \
            exactly one. Checked on every anchor the spec declares: controllers' `popover:`, segues' and \
            `present` steps' `anchor:`.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: """
            Documented: set exactly one of barButtonItem or sourceView (with an optional sourceRect) on the \
            UIPopoverPresentationController; the bar button item wins.
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  book: { class: BookViewController }
                  info:
                    class: AuthorInfoViewController
                    modalPresentationStyle: popover
                    popover:
                      barButtonItem: infoItem
                      sourceView: ↓infoButton
                window: book
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  book: { class: BookViewController }
                  info: { class: AuthorInfoViewController }
                window: book
                transitions:
                  showInfo: { segue: popover, from: book, to: info, anchor: { barButtonItem: infoItem, sourceView: ↓infoButton } }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  book: { class: BookViewController }
                  info:
                    class: AuthorInfoViewController
                    modalPresentationStyle: popover
                    popover: { barButtonItem: infoItem }
                window: book
                transitions:
                  showInfo: { segue: popover, from: book, to: info, anchor: { sourceView: infoButton, sourceRect: [0, 0, 44, 44] } }
                """),
        ])

    static func checkDeclarations(_ spec: Spec, _ context: DeclarationContext) {
        // The anchors that set both, named and reported once the spec is read: a function called from the closures
        // below that captured the spec (to name a controller) copied it, a retain of each of its fields, at each call.
        var conflicts: [(anchor: PopoverAnchor, vc: ControllerID, place: DeclarationContext.Place)] = []
        func check(_ anchor: PopoverAnchor?, of vc: ControllerID, in place: DeclarationContext.Place) {
            guard let anchor, anchor.barButtonItem != nil, anchor.sourceView != nil else { return }
            conflicts.append((anchor, vc, place))
        }
        // The controllers and transitions are read in place: iterating the lists copied each controller and
        // transition (a retain of each of its fields), then its popover or body.
        spec.controllers.withUnsafeBufferPointer { controllers in
            for position in controllers.indices {
                check(controllers[position].popover?.anchor, of: controllers[position].id, in: .controller)
            }
        }
        spec.transitions.withUnsafeBufferPointer { transitions in
            for position in transitions.indices {
                if case .segue(let segue) = transitions[position].body {
                    check(segue.anchor, of: segue.to.id, in: .transition(transitions[position].name, call: nil))
                }
            }
        }
        spec.forEachWrittenStep { step, place in
            if case let .present(vc, _, _, anchor?, _) = step.action { check(anchor, of: vc.id, in: place) }
        }
        for (anchor, vc, place) in conflicts {
            guard let item = anchor.barButtonItem, let view = anchor.sourceView else { continue }
            context.report(at: view.mark, in: place, """
                The popover anchor of \(spec.uikitName(vc)) sets both barButtonItem '\(item.value)' and sourceView \
                '\(view.value)': UIKit anchors on the bar button item and ignores sourceView\
                \(anchor.sourceRect == nil ? "" : " and sourceRect"). Set exactly one of them.
                """, controllers: [vc])
        }
    }
}
