import VCAuditReplay
import VCAuditSpec

/// `restoration_ancestor_missing_id`: a controller with a restoration identifier below an ancestor without one.
struct RestorationAncestorMissingIDRule: Rule, RestorationCheck {
    static let description = RuleDescription(
        identifier: "restoration_ancestor_missing_id",
        name: "Restoration ancestor missing ID",
        description: """
            A controller has a restoration identifier, but an ancestor on its path (a parent or a presenter) has \
            none, at `preserve` or at the end of a scenario. UIKit preserves a controller only if every ancestor \
            has one, so this controller's identifier is useless: it is not saved and does not come back after a \
            relaunch. Nothing is logged. The finding points at the identifier that goes unused; the fix is on the \
            ancestor.
            """,
        category: .restoration,
        severity: .error,
        uikitMessage: """
            Documented, silent at run time: "a view controller is preserved only if it and all of its parent and \
            presenting view controllers have a restoration identifier".
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                restoration: true
                controllers:
                  split: { kind: split, restorationID: split, children: [listNav, detailNav] }
                  listNav: { kind: navigation, root: folderList }      # no restorationID
                  folderList: { class: FolderListViewController, restorationID: ↓folderList }
                  detailNav: { kind: navigation, restorationID: detailNav, root: editor }
                  editor: { class: NoteEditorViewController, restorationID: editor }
                window: split
                scenarios:
                  - name: Background on the folder list
                    steps:
                      - launch
                      - preserve
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                restoration: true
                controllers:
                  split: { kind: split, restorationID: split, children: [listNav, detailNav] }
                  listNav: { kind: navigation, restorationID: listNav, root: folderList }
                  folderList: { class: FolderListViewController, restorationID: folderList }
                  detailNav: { kind: navigation, restorationID: detailNav, root: editor }
                  editor: { class: NoteEditorViewController, restorationID: editor }
                window: split
                scenarios:
                  - name: Background on the folder list
                    steps:
                      - launch
                      - preserve
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        RestorationCheckpoints<Self>(context)
    }

    static func check(_ state: HierarchyState, cause: Event?, reported: inout ReplayControllerSet, context: RuleContext) {
        let walk = context.replay.restorationWalk(state, at: cause?.seq)
        for (index, node) in walk.nodes.enumerated() where node.hasUnidentifiedAncestors && !reported.contains(node.id, in: state) {
            guard let controller = context.spec.controller(node.id), let identifier = controller.restorationID else { continue }
            reported.insert(node.id, in: state)
            let x = context.name(node.id)
            let missing = walk.unidentifiedAncestors(at: index)
            let names = missing.map { context.name($0) }.joined(separator: ", ")
            let notes = missing.compactMap { context.declarationNote($0, "'\($0)' has no restorationID") }
            context.report(declaration: SourceLocation(file: context.spec.file, mark: identifier.mark), cause: cause, """
                \(x) has restoration identifier '\(identifier.value)', but its ancestor\(missing.count == 1 ? "" : "s") \
                \(names) \(missing.count == 1 ? "has" : "have") none: UIKit preserves a controller only if every \
                ancestor has one, so \(x) is not saved and does not come back after a relaunch. Set a \
                restorationID on \(missing.count == 1 ? "it" : "each of them").
                """, controllers: [node.id] + missing, notes: notes)
        }
    }
}
