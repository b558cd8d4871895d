import VCAuditReplay
import VCAuditSpec

/// `page_count_mismatch`: a page controller given a number of pages its spine cannot show.
struct PageCountMismatchRule: Rule {
    static let description = RuleDescription(
        identifier: "page_count_mismatch",
        name: "Page count mismatch",
        description: """
            `UIPageViewController.setViewControllers(_:direction:animated:)` must be given one controller for the \
            `min` and `max` spine locations and two for `mid`. Any other count makes UIKit raise \
            NSInvalidArgumentException. Checked on every call and on the pages declared for launch (pointing at \
            the page controller's declaration).
            """,
        category: .navigation,
        severity: .error,
        uikitMessage: "The number of view controllers provided (N) doesn't match the number required (M) for the requested transition",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  book: { kind: page, class: BookViewController, spine: min, children: [page1] }
                  page1: { class: ChapterPageViewController }
                  page2: { class: ChapterPageViewController }
                window: book
                scenarios:
                  - name: Turn to a spread
                    steps:
                      - launch
                      - ↓setViewControllers: { of: book, vcs: [page1, page2] }
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  ↓book: { kind: page, class: BookViewController, spine: mid, children: [page1] }
                  page1: { class: ChapterPageViewController }
                window: book
                scenarios:
                  - name: Open the book
                    steps:
                      - launch
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  book: { kind: page, class: BookViewController, spine: mid, children: [page1, page2] }
                  page1: { class: ChapterPageViewController }
                  page2: { class: ChapterPageViewController }
                  page3: { class: ChapterPageViewController }
                  page4: { class: ChapterPageViewController }
                window: book
                scenarios:
                  - name: Turn a spread
                    steps:
                      - launch
                      - setViewControllers: { of: book, vcs: [page3, page4] }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.exception] }
        static var callbacks: ObserverCallbacks { .willApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard event.name == .exception, event.reason == .pageCountMismatch, let page = event.vc,
                  let controller = context.spec.controller(page) else { return }
            let provided = event.vcs?.count ?? 0
            let required = controller.spine.pageCount
            let p = context.name(page)
            let spine = "spine .\(controller.spine.rawValue) shows \(required == 1 ? "one page" : "two pages")"
            let uikit = event.uikitMessage(or: "The number of view controllers provided (\(provided)) doesn't match the number required (\(required)) for the requested transition")
            // Pages declared for launch: the declaration is where the fix lives.
            if let call = context.call(for: event), case .launch = call.action {
                context.report(declaration: SourceLocation(file: context.spec.file, mark: controller.mark), cause: event, uikit + """
                     \(p) is declared with \(provided) page\(provided == 1 ? "" : "s") but its \(spine), so UIKit \
                    raises NSInvalidArgumentException when it loads. Declare \(required) page\(required == 1 ? "" : "s") \
                    in 'children', or change 'spine'.
                    """, controllers: [page])
                return
            }
            context.report(event, uikit + """
                 \(p)'s \(spine), but this call passes \(provided), so UIKit raises NSInvalidArgumentException. Pass \
                \(required) view controller\(required == 1 ? "" : "s").
                """, controllers: [page] + (event.vcs ?? []))
        }
    }
}
