/// Finds containers that sit inside a navigation controller's stack, for `nested_navigation_controller` and
/// `tab_bar_in_navigation`.
///
/// Watches the calls that change containment (and launch and presentation, which bring declared containment on
/// screen), and after each one walks the window's hierarchy for controllers of `kind` below a navigation
/// controller. Each pair (outer navigation controller, inner container) is reported once per scenario, at the
/// call that made it.
struct ContainersInNavigationObserver: SelectiveObserver {
    let context: RuleContext
    let kind: Controller.Kind
    let describe: (_ outer: ControllerID, _ inner: ControllerID, _ context: RuleContext) -> String
    let observedEvents: Set<EventName> = [.addChild, .pushViewController, .setViewControllers, .makeKeyAndVisible, .present,
                                          .showDetailViewController]
    var reported: Set<[ControllerID]> = []

    mutating func didApply(_ event: Event, state: HierarchyState) {
        for id in state.hierarchyOrder where state[id].kind == kind {
            guard let outer = Self.enclosingNavigation(of: id, kind: kind, in: state), reported.insert([outer, id]).inserted else { continue }
            let notes = [context.declarationNote(outer, "\(context.name(outer)) declared here"),
                         context.declarationNote(id, "\(context.name(id)) declared here")].compactMap { $0 }
            context.report(event, describe(outer, id, context), controllers: [id, outer], notes: notes)
        }
    }

    /// The nearest navigation controller above `id` through parents, unless a tab bar controller sits between
    /// them (that tab bar is the finding) or `id` is a navigation controller's direct child (pushing one is
    /// `push_navigation_controller`, refused before it happens).
    static func enclosingNavigation(of id: ControllerID, kind: Controller.Kind, in state: HierarchyState) -> ControllerID? {
        var current = id
        for ancestor in state.ancestors(of: id) {
            switch state[ancestor].kind {
            case .navigation:
                return kind == .navigation && current == id ? nil : ancestor
            case .tabBar where kind == .navigation:
                return nil
            default:
                current = ancestor
            }
        }
        return nil
    }
}
