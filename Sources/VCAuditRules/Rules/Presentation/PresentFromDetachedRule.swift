import VCAuditReplay

/// `present_from_detached`: presenting from a controller whose view is not in the window hierarchy.
struct PresentFromDetachedRule: Rule {
    static let description = RuleDescription(
        identifier: "present_from_detached",
        name: "Present from detached",
        description: """
            `present(_:animated:)` is called on a controller whose view is not in the window (it was popped, is \
            covered by a full-screen presentation, or is not loaded yet): UIKit logs a warning and drops the \
            presentation. Or the controller's view is on screen only because it was added without `addChild`: \
            UIKit presents from a detached controller, which is unsupported (wrong safe area insets, a corrupt \
            root presentation) and announced to become an exception.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: """
            [Presentation] Attempt to present <A> on <B> (from <C>) whose view is not in the window hierarchy. / \
            Presenting view controller <A> from detached view controller <B> is not supported ... Will become a \
            hard exception in a future release.
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  ordersNav: { kind: navigation, root: orderList }
                  orderList: { class: OrderListViewController }
                  orderDetail: { class: OrderDetailViewController }
                  loadFailed: { class: UIAlertController, modalPresentationStyle: overFullScreen }
                window: ordersNav
                transitions:
                  reportLoadFailure:        # the request's completion handler, after the user went back
                    calls:
                      - ↓present: { vc: loadFailed, from: orderDetail }
                scenarios:
                  - name: Request fails after the user went back
                    steps:
                      - launch
                      - push: { nav: ordersNav, vc: orderDetail }
                      - pop: ordersNav
                      - perform: reportLoadFailure
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  map: { kind: container, class: MapViewController }
                  searchCard: { class: SearchCardViewController }
                  filters: { class: FiltersViewController, modalPresentationStyle: pageSheet }
                window: map
                transitions:
                  mountSearchCard:
                    calls:
                      - addSubview: { view: searchCard, to: map }
                  showFilters:
                    calls:
                      - ↓present: { vc: filters, from: searchCard }
                scenarios:
                  - name: Filters from a card mounted without addChild
                    steps:
                      - launch
                      - perform: mountSearchCard
                      - perform: showFilters
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  ordersNav: { kind: navigation, root: orderList }
                  orderList: { class: OrderListViewController }
                  orderDetail: { class: OrderDetailViewController }
                  loadFailed: { class: UIAlertController, modalPresentationStyle: overFullScreen }
                window: ordersNav
                scenarios:
                  - name: The list reports the failure
                    steps:
                      - launch
                      - push: { nav: ordersNav, vc: orderDetail }
                      - pop: ordersNav
                      - present: { vc: loadFailed, from: orderList }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        UIKitOutcomeObserver(context, reasons: [.notInWindow, .detachedPresenter]) { event, state, context in
            guard let vc = event.vc, let source = event.source else { return nil }
            let a = context.name(vc)
            let c = context.name(source)
            if event.reason == .detachedPresenter {
                let holder = state.viewOwner(of: source).map { context.name($0) }
                let fix = holder.map { "Make \(c) a child of \($0) (addChild, addSubview, didMove(toParent:)), or present from \($0)." }
                    ?? "Make \(c) part of the hierarchy (a child or a presented controller) before presenting from it."
                return .init(message: event.uikitMessage(or: "Presenting view controller \(a) from detached view controller \(c) is not supported") + """
                     \(c)'s view is on screen but \(c) is linked to no parent or presenter. \(fix)
                    """, controllers: state.viewOwner(of: source).map { [source, vc, $0] } ?? [source, vc])
            }
            let presenter = event.presenter ?? source
            return .init(message: event.uikitMessage(or: "Attempt to present \(a) on \(context.name(presenter)) (from \(c)) whose view is not in the window hierarchy") + """
                 UIKit logs this and drops the presentation: \(a) never shows. \(c) is not on screen (popped, covered, \
                or not loaded yet); present from a controller that is, or check viewIfLoaded?.window before presenting.
                """, controllers: [source, vc, presenter])
        }
    }
}
