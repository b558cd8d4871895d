import VCAuditReplay
import VCAuditSpec

/// `restoration_id_missing`: a controller in the window's hierarchy without a restoration identifier.
struct RestorationIDMissingRule: Rule, RestorationCheck {
    static let description = RuleDescription(
        identifier: "restoration_id_missing",
        name: "Restoration ID missing",
        description: """
            With state restoration on (`restoration: true`; a `restorationID` alone does not turn it on), every \
            controller in the window's hierarchy at `preserve` (or at the end of a scenario) needs a restoration \
            identifier. UIKit silently skips a controller without one, and everything below it: its children and \
            what it presents. Suppress it on controllers that must not come back (a transient banner).
            """,
        category: .restoration,
        severity: .warning,
        uikitMessage: """
            Documented, silent at run time: a view controller is preserved only if it and every ancestor have a \
            restorationIdentifier.
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                restoration: true
                controllers:
                  inboxNav: { kind: navigation, restorationID: inboxNav, root: inbox }
                  inbox: { class: InboxViewController, restorationID: inbox }
                  ↓thread: { class: ThreadViewController }
                window: inboxNav
                scenarios:
                  - name: Background while reading a thread
                    steps:
                      - launch
                      - push: { nav: inboxNav, vc: thread }
                      - preserve
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                restoration: true
                controllers:
                  inboxNav: { kind: navigation, restorationID: inboxNav, root: inbox }
                  inbox: { class: InboxViewController, restorationID: inbox }
                  thread: { class: ThreadViewController, restorationID: thread }
                window: inboxNav
                scenarios:
                  - name: Background while reading a thread
                    steps:
                      - launch
                      - push: { nav: inboxNav, vc: thread }
                      - preserve
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  inboxNav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  thread: { class: ThreadViewController }
                window: inboxNav
                scenarios:
                  - name: An app without state restoration
                    steps:
                      - launch
                      - push: { nav: inboxNav, vc: thread }
                      - preserve
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        RestorationCheckpoints<Self>(context)
    }

    static func check(_ state: HierarchyState, cause: Event?, reported: inout ReplayControllerSet, context: RuleContext) {
        // Instances of one scene (a segue's `product#2`) share its declaration, where the identifier is set: one
        // finding for the scene. Whether a controller has an identifier is read from its node: looking it up in the
        // state copied its whole state out of the table, for every controller of every walk.
        let replay = context.replay
        for node in replay.restorationWalk(state, at: cause?.seq).nodes where node.isUnidentified && !reported.contains(node.id.sceneID, in: state) {
            reported.insert(node.id.sceneID, in: state)
            // The spec is read in place (a `let` of the replay), the declaration by position: a copy of either
            // retains each of its fields.
            guard let position = replay.spec.controllerPosition(of: node.id) else { continue }
            let location = SourceLocation(file: replay.spec.file, mark: replay.spec.controllers[position].mark)
            // The same text for the controller in every scenario that shows it: made once for the spec.
            let message = replay.text(of: Self.self, about: node.id) {
                """
                \(context.name(node.id)) is in the window's hierarchy with state restoration on, but has no \
                restorationIdentifier: UIKit silently skips it when it preserves state, with its children and what it \
                presents. Set one ('restorationID: \(node.id.sceneID)'), or suppress this on controllers that must not \
                come back.
                """
            }
            context.report(declaration: location, cause: cause, message, controllers: [node.id])
        }
    }
}
