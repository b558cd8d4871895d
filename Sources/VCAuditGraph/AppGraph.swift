import VCAuditSpec

/// The declared app as a graph: controllers, the containment that nests them, and the transitions between them.
///
/// Built from a spec alone (no replay): containment from `children:` (a navigation controller's root, a tab
/// bar's tabs in order, a split's columns, pages, embedded children), the window's root, and one edge per
/// UIKit call a transition makes (a segue, or each `present`, `push`, `show`, `showDetail`, `select`, `popTo`,
/// `addChild`, `setViewControllers` and `transition` of its `calls:`). Findings, when given, mark the controllers they name.
/// Everything is in declaration order, so the same spec gives the same graph byte for byte.
public struct AppGraph: Sendable {
    /// One controller.
    public struct Node: Sendable, Hashable {
        public var id: ControllerID
        public var className: String
        public var kind: Controller.Kind
        /// The controllers it contains, in order (a navigation stack bottom first, tabs as the tab bar shows them).
        public var children: [ControllerID]
        /// Named by a finding of the scenario the graph was drawn for.
        public var flagged: Bool
    }

    /// One transition call: `from` does something to `to`.
    public struct Edge: Sendable, Hashable {
        public enum Style: String, Sendable {
            /// Push, show, showDetail, setViewControllers: the destination replaces what is shown in place.
            case navigation
            /// Present, modal, popover and custom segues: the destination covers the source.
            case presentation
            /// Embed, addChild, transition(from:to:): containment made by code.
            case containment
            /// Unwind: back to an earlier controller.
            case unwind
        }

        public var from: ControllerID
        public var to: ControllerID
        /// `transitionName: call` (`showCharacter: show`).
        public var label: String
        public var style: Style
        public var flagged: Bool
    }

    public var title: String
    /// Every controller in declaration order.
    public var nodes: [Node]
    /// The top-level controllers (contained by no other), in declaration order.
    public var roots: [ControllerID]
    public var window: ControllerID?
    public var edges: [Edge]

    /// The graph of `spec`; `flagged` controllers (and the transitions that name them) are highlighted.
    public init(spec: Spec, flagged: Set<ControllerID> = [], flaggedTransitions: Set<String> = []) {
        title = spec.app ?? spec.file
        window = spec.window?.id
        var contained: Set<ControllerID> = []
        nodes = spec.controllers.map { controller in
            let children = controller.children.map(\.id)
            contained.formUnion(children)
            return Node(id: controller.id, className: controller.swiftClass, kind: controller.kind, children: children,
                        flagged: flagged.contains(controller.id))
        }
        roots = spec.controllers.map(\.id).filter { !contained.contains($0) }
        var edges: [Edge] = []
        for transition in spec.transitions {
            let marked = flaggedTransitions.contains(transition.name)
            func add(_ from: Reference, _ to: Reference, _ call: String, _ style: Edge.Style) {
                edges.append(Edge(from: from.id, to: to.id, label: "\(transition.name): \(call)", style: style, flagged: marked))
            }
            switch transition.body {
            case .segue(let segue):
                let style: Edge.Style
                switch segue.kind {
                case .show, .showDetail, .push: style = .navigation
                case .modal, .popover, .custom: style = .presentation
                case .embed: style = .containment
                case .unwind: style = .unwind
                }
                add(segue.from, segue.to, segue.kind.rawValue, style)
            case .calls(let steps):
                for step in steps { Self.edges(of: step, add: add) }
            }
        }
        self.edges = edges
    }

    /// The edges one call draws (the calls inside `simultaneously` too).
    private static func edges(of step: Step, add: (Reference, Reference, String, Edge.Style) -> Void) {
        switch step.action {
        case let .present(vc, from, _, _, _): add(from, vc, "present", .presentation)
        case let .push(nav, vc, _): add(nav, vc, "push", .navigation)
        case let .show(from, vc): add(from, vc, "show", .navigation)
        case let .showDetail(from, vc): add(from, vc, "showDetail", .navigation)
        case let .setViewControllers(of, vcs, _): for vc in vcs { add(of, vc, "setViewControllers", .navigation) }
        case let .popTo(nav, vc, _): add(nav, vc, "popTo", .unwind)
        case let .select(tabs, vc): add(tabs, vc, "select", .navigation)
        case let .addChild(parent, child): add(parent, child, "addChild", .containment)
        case let .transition(parent, _, to, _): add(parent, to, "transition", .containment)
        case let .simultaneously(steps): for inner in steps { edges(of: inner, add: add) }
        default: break
        }
    }

    /// The node for `id`.
    func node(_ id: ControllerID) -> Node? { nodes.first { $0.id == id } }
}
