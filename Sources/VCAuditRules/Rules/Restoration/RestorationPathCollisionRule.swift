import VCAuditReplay
import VCAuditSpec

/// `restoration_path_collision`: two controllers with the same restoration identifier path.
struct RestorationPathCollisionRule: Rule, RestorationCheck {
    static let description = RuleDescription(
        identifier: "restoration_path_collision",
        name: "Restoration path collision",
        description: """
            Two controllers in the window's hierarchy have the same restoration identifier path (the chain of \
            identifiers from the root), typically two instances of one storyboard scene that both use the \
            storyboard ID. UIKit cannot tell them apart when it restores: one of them gets the other's state, or \
            is not restored. Give each instance its own identifier.
            """,
        category: .restoration,
        severity: .warning,
        uikitMessage: "Documented: the restoration identifier path must identify each view controller uniquely.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                restoration: true
                controllers:
                  tabs: { kind: tabBar, restorationID: tabs, children: [firstChapter, secondChapter] }
                  firstChapter: { class: ChapterViewController, restorationID: chapter }
                  secondChapter: { class: ChapterViewController, restorationID: ↓chapter }
                window: tabs
                scenarios:
                  - name: Background on a chapter
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
                  tabs: { kind: tabBar, restorationID: tabs, children: [firstChapter, secondChapter] }
                  firstChapter: { class: ChapterViewController, restorationID: chapter1 }
                  secondChapter: { class: ChapterViewController, restorationID: chapter2 }
                window: tabs
                scenarios:
                  - name: Background on a chapter
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
        for (index, node) in walk.nodes.enumerated() {
            // A path's number is where its first node is.
            guard let pathKey = node.pathKey, pathKey != index else { continue }
            let first = walk.nodes[pathKey].id
            guard !reported.contains(node.id, in: state), let identifier = context.spec.controller(node.id)?.restorationID,
                  let path = walk.path(at: index) else { continue }
            reported.insert(node.id, in: state)
            var notes: [Finding.Note] = []
            if let other = context.spec.controller(first)?.restorationID {
                notes.append(Finding.Note(location: SourceLocation(file: context.spec.file, mark: other.mark),
                                          message: "'\(first)' has the same restoration path"))
            }
            context.report(declaration: SourceLocation(file: context.spec.file, mark: identifier.mark), cause: cause, """
                \(context.name(node.id)) and \(context.name(first)) have the same restoration identifier path \
                '\(path)': UIKit cannot tell them apart when it restores, so one gets the other's state or is not \
                restored. Give each instance its own restorationID.
                """, controllers: [node.id, first], notes: notes)
        }
    }
}
