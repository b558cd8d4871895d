import VCAuditReplay

/// `push_duplicate_instance`: pushing a controller already in the stack, or duplicates in `setViewControllers`.
struct PushDuplicateInstanceRule: Rule {
    static let description = RuleDescription(
        identifier: "push_duplicate_instance",
        name: "Push duplicate instance",
        description: """
            A navigation stack holds each controller instance once. Pushing one that is already in the stack \
            (typically a double tap that pushes a reused detail controller twice) or passing the same controller \
            twice to `setViewControllers` makes UIKit raise NSInvalidArgumentException.
            """,
        category: .navigation,
        severity: .error,
        uikitMessage: """
            <UINavigationController: 0x...> is pushing the same view controller instance (<X>) more than once which \
            is not supported and is most likely an error in the application / All view controllers in a navigation \
            controller must be distinct
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  feedNav: { kind: navigation, root: feed }
                  feed: { class: FeedViewController }
                  post: { class: PostViewController }
                window: feedNav
                transitions:
                  openPost:                 # tableView(_:didSelectRowAt:)
                    calls:
                      - ↓push: { nav: feedNav, vc: post }
                scenarios:
                  - name: Double tap on a post
                    steps:
                      - launch
                      - simultaneously:
                          - perform: openPost
                          - perform: openPost
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  feedNav: { kind: navigation, root: feed }
                  feed: { class: FeedViewController }
                  post: { class: PostViewController }
                window: feedNav
                scenarios:
                  - name: A deep link builds a stack with the post twice
                    steps:
                      - launch
                      - ↓setViewControllers: { of: feedNav, vcs: [feed, post, post] }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  feedNav: { kind: navigation, root: feed }
                  feed: { class: FeedViewController }
                  post: { class: PostViewController }
                window: feedNav
                transitions:
                  openPost:
                    calls:
                      - push: { nav: feedNav, vc: post }
                scenarios:
                  - name: Open a post, go back, open it again
                    steps:
                      - launch
                      - perform: openPost
                      - pop: feedNav
                      - perform: openPost
                """),
            // A segue instantiates its destination each time: a double tap pushes two posts (a nested push).
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  feedNav: { kind: navigation, root: feed }
                  feed: { class: FeedViewController }
                  post: { class: PostViewController }
                window: feedNav
                transitions:
                  openPost: { segue: show, from: feed, to: post }
                scenarios:
                  - name: Double tap on a post
                    steps:
                      - launch
                      - simultaneously:
                          - perform: openPost
                          - perform: openPost
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.pushDuplicate, .duplicateViewControllers]) { event, state, context in
            guard let nav = event.vc else { return nil }
            if event.reason == .duplicateViewControllers {
                let vcs = event.vcs ?? []
                let duplicates = vcs.enumerated().filter { vcs.firstIndex(of: $0.element) != $0.offset }.map(\.element)
                let names = duplicates.map { context.name($0) }.joined(separator: ", ")
                return .init(message: event.uikitMessage(or: "All view controllers in a navigation controller must be distinct") + """
                     setViewControllers on \(context.name(nav)) lists \(names) more than once, so UIKit raises \
                    NSInvalidArgumentException. Pass each controller once.
                    """, controllers: duplicates + [nav])
            }
            guard let vc = event.child else { return nil }
            let x = context.name(vc)
            let uikit = event.uikitMessage(or: "\(context.name(nav)) is pushing the same view controller instance (\(x)) more than once which is not supported")
            // Only a push while the navigation controller still animates an earlier one is a double tap.
            if state.animations.contains(where: { $0.kind == .navigation && $0.owner == nav }) {
                return .init(message: uikit + """
                     \(x) is already in \(context.name(nav))'s stack, so UIKit raises NSInvalidArgumentException (a \
                    double tap pushes twice before the first push ends). Ignore selection while a push is running, or \
                    push a new instance per tap.
                    """, controllers: [vc, nav])
            }
            return .init(message: uikit + """
                 \(x) is still in \(context.name(nav))'s stack from an earlier push, so UIKit raises \
                NSInvalidArgumentException. Pop back to it (popToViewController), or push a new instance.
                """, controllers: [vc, nav])
        }
    }
}
