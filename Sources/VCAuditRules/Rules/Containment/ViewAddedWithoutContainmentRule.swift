import VCAuditReplay
import VCAuditSpec

/// `view_added_without_containment`: a controller's view added to another controller's view without `addChild`.
struct ViewAddedWithoutContainmentRule: Rule {
    static let description = RuleDescription(
        identifier: "view_added_without_containment",
        name: "View added without containment",
        description: """
            A controller's root view is added into another controller's view tree without `addChild`. The \
            controller is detached: it gets no appearance, rotation or trait callbacks, presenting from it is \
            unsupported, and UIKit raises UIViewControllerHierarchyInconsistency the first time it reconciles the \
            hierarchy, often far from the line at fault. Checked at the end of the step or transition, so the order \
            of `addChild` and `addSubview` inside one transition does not matter.
            """,
        category: .containment,
        severity: .error,
        uikitMessage: """
            child view controller:<C> should have parent view controller:(null) but actual parent is:<P> \
            (UIViewControllerHierarchyInconsistency)
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  dashboard: { kind: container, class: DashboardViewController }
                  forecast: { class: ForecastWidgetViewController }
                window: dashboard
                transitions:
                  mountForecast:          # DashboardViewController.viewDidLoad()
                    calls:
                      - ↓addSubview: { view: forecast, to: dashboard }
                scenarios:
                  - name: Dashboard mounts the forecast widget
                    steps:
                      - launch
                      - perform: mountForecast
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  dashboard: { kind: container, class: DashboardViewController }
                  forecast: { class: ForecastWidgetViewController }
                window: dashboard
                transitions:
                  mountForecast:
                    calls:
                      - addChild: { parent: dashboard, child: forecast }
                      - addSubview: { view: forecast, to: dashboard }
                      - didMove: { child: forecast, parent: dashboard }
                scenarios:
                  - name: Dashboard mounts the forecast widget
                    steps:
                      - launch
                      - perform: mountForecast
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  dashboard: { kind: container, class: DashboardViewController }
                  forecast: { class: ForecastWidgetViewController }
                window: dashboard
                transitions:
                  embedForecast: { segue: embed, from: dashboard, to: forecast }
                scenarios:
                  - name: The storyboard embeds the forecast widget
                    steps:
                      - launch
                      - perform: embedForecast
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.addSubview] }
        static var callbacks: ObserverCallbacks { [.didApply, .stepDidEnd] }
        /// What a step's end settles is what the step passed it.
        static var settlesOnlyWhatItSaw: Bool { true }
        /// Views added while detached during the current step, with the call that added them.
        var added: [(view: ControllerID, host: ControllerID, event: Event)] = []

        /// A detached controller's view added.
        func acts(after event: Event, state: HierarchyState) -> Bool {
            guard event.name == .addSubview, let view = event.vc, event.parent != nil else { return false }
            return Self.isDetached(view, in: state)
        }

        /// Most steps add no view: their end has nothing to look at.
        var isIdle: Bool { added.isEmpty }

        mutating func didApply(_ event: Event, state: HierarchyState) {
            guard event.name == .addSubview, let view = event.vc, let host = event.parent, Self.isDetached(view, in: state) else {
                return
            }
            added.append((view, host, event))
        }

        /// `state.isDetached(id)`, read here from the table in place: the state's method, in another module, was a
        /// call of about 40 instructions for each view added (callgrind).
        @inline(__always)
        private static func isDetached(_ id: ControllerID, in state: HierarchyState) -> Bool {
            let table = state.controllers
            let position = table.position(of: id)!
            guard case .controller(let owner) = table[position: position].superview else { return false }
            return table[position: position].parent != owner
        }

        mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
            // Most steps add no view: they end here, without touching the list.
            guard !isIdle else { return }
            defer { added.removeAll(keepingCapacity: true) }
            guard !state.isTerminated else { return }
            var reported: Set<ControllerID> = []
            for (view, host, event) in added
            where state.contains(view) && state.viewOwner(of: view) == host && state.isDetached(view) && reported.insert(view).inserted {
                let c = context.name(view)
                let p = context.name(host)
                let parent = state[view].parent.map { context.name($0) } ?? "(null)"
                // A system container's children are its content: addChild on a tab bar controller adds a tab.
                let fix: String
                switch state[host].kind {
                case .tabBar: fix = "Make \(c) one of \(p)'s tabs (setViewControllers), or add its view to the selected tab's view instead."
                case .navigation: fix = "Push \(c) onto \(p), or add its view to the top controller's view instead."
                case .split, .page: fix = "Make \(c) one of \(p)'s children with its own API, or add its view to one of its children's views."
                case .content, .container: fix = "Call \(p).addChild(\(c)) before adding the view, then \(c).didMove(toParent: \(p))."
                }
                context.report(event, """
                    child view controller:\(c) should have parent view controller:\(parent) but actual parent is:\(p). \
                    \(c)'s view was added to \(p)'s view without addChild, so \(c) gets no appearance, rotation or trait \
                    callbacks and UIKit raises UIViewControllerHierarchyInconsistency when it next reconciles the hierarchy. \
                    \(fix)
                    """, controllers: [view, host])
            }
        }
    }
}
