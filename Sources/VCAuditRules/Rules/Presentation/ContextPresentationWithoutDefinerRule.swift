import VCAuditReplay

/// `context_presentation_without_definer`: a current-context style with no ancestor that defines the context.
struct ContextPresentationWithoutDefinerRule: Rule {
    static let description = RuleDescription(
        identifier: "context_presentation_without_definer",
        name: "Context presentation without definer",
        description: """
            A `currentContext` or `overCurrentContext` presentation covers the area of the first controller, from \
            the presenting one up, whose `definesPresentationContext` is true. When none sets it, UIKit uses the \
            root controller and the presentation covers the whole screen (tab bar included) instead of one tab or \
            one column, on every device (context styles keep their context in compact width). A navigation \
            controller defines the context by default, so a controller inside one never triggers this rule \
            unless the spec sets `definesPresentationContext: false` on it, nor does a controller no container \
            holds (the window's root), whose area is the one UIKit falls back to.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: """
            Documented: "UIKit walks up the view controller hierarchy starting from the presenting view controller \
            looking for one whose definesPresentationContext is true; if none, it uses the window's root view controller."
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [library, search] }
                  library: { class: LibraryViewController }
                  search: { class: SearchViewController }
                  filters: { class: FiltersViewController, modalPresentationStyle: overCurrentContext }
                window: tabs
                transitions:
                  showFilters:
                    calls:
                      - ↓present: { vc: filters, from: search }
                scenarios:
                  - name: Filters over the search tab
                    device: ipad
                    steps:
                      - launch
                      - select: search
                      - perform: showFilters
                """),
        ],
        nonTriggeringExamples: [
            // The window's root itself presents: the area UIKit falls back to is its own, the whole screen.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  home: { class: HomeViewController }
                  about: { class: AboutViewController, modalPresentationStyle: overCurrentContext }
                window: home
                transitions:
                  showAbout: { segue: modal, from: home, to: about }
                scenarios:
                  - name: About over the root
                    steps:
                      - launch
                      - perform: showAbout
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [library, search] }
                  library: { class: LibraryViewController }
                  search: { class: SearchViewController, definesPresentationContext: true }
                  filters: { class: FiltersViewController, modalPresentationStyle: overCurrentContext }
                window: tabs
                transitions:
                  showFilters:
                    calls:
                      - present: { vc: filters, from: search }
                scenarios:
                  - name: Filters over the search tab
                    device: ipad
                    steps:
                      - launch
                      - select: search
                      - perform: showFilters
                """),
            // UINavigationController defines the context by default: the filters cover the search tab's
            // navigation controller on iPhone, and the tab bar stays on screen.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [library, searchNav] }
                  library: { class: LibraryViewController }
                  searchNav: { kind: navigation, root: search }
                  search: { class: SearchViewController }
                  filters: { class: FiltersViewController, modalPresentationStyle: overCurrentContext }
                window: tabs
                scenarios:
                  - name: Filters over the search tab
                    steps:
                      - launch
                      - select: searchNav
                      - present: { vc: filters, from: search }
                      - expect: { presented: { by: searchNav, vc: filters }, visible: [tabs, searchNav, search, filters] }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.present] }
        static var callbacks: ObserverCallbacks { .willApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            guard event.name == .present, let style = event.requestedStyle ?? event.style, style.isContextStyle,
                  let source = event.vc, let vc = event.presented,
                  PresentationResolver.contextDefiner(from: source, in: state) == nil else { return }
            // A controller that no container holds (the window's root, or one presented on its own) covers the area
            // UIKit falls back to: the presentation covers what was asked.
            let root = state.containmentRoot(of: source)
            guard root != source else { return }
            let a = context.name(vc)
            let c = context.name(source)
            context.report(event, """
                \(a) is presented \(style.rawValue) from \(c), but neither \(c) nor any of its ancestors sets \
                definesPresentationContext, so UIKit presents it from \(context.name(root)) and it covers the \
                whole screen instead of \(c)'s area. Set definesPresentationContext = true on the \
                controller whose area it should cover ('definesPresentationContext: true'), or present it \
                \(style == .currentContext ? "fullScreen" : "overFullScreen").
                """, controllers: [vc, source, root])
        }
    }
}
