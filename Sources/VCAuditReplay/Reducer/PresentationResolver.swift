import VCAuditSpec

/// Resolves presentations as UIKit does: the style after adaptation, the
/// presenting controller, and who handles a dismissal.
public enum PresentationResolver {
    /// `requested` as UIKit shows it at `width` and `height`.
    ///
    /// `automatic` is `fullScreen` before iOS 13 and `pageSheet` after. In compact
    /// width, sheets become `fullScreen` before iOS 13; a popover becomes
    /// `overFullScreen` before iOS 13, and from iOS 13 on, in compact width or
    /// compact height (a large iPhone in landscape), behaves as a `formSheet`,
    /// unless its adaptive delegate says otherwise (`adaptive: none` keeps the
    /// popover). The context styles keep their context in compact width: shipped
    /// apps show `overCurrentContext` from inside a navigation controller covering
    /// only that navigation controller on iPhone, with the tab bar still visible,
    /// although Apple's 2014 guide says they become full screen
    /// (docs/uikit-semantics.md).
    ///
    /// Simplification: a sheet in compact height stays a sheet (it is drawn full
    /// height, and the presenter's view stays).
    public static func adaptedStyle(_ requested: PresentationStyle, for vc: ControllerID, spec: Spec, width: SizeClass,
                                     height: SizeClass = .regular) -> PresentationStyle {
        let modern = spec.ios >= 13
        let style: PresentationStyle = requested == .automatic ? (modern ? .pageSheet : .fullScreen) : requested
        guard width == .compact || (modern && height == .compact && style == .popover) else { return style }
        switch style {
        case .currentContext, .overCurrentContext:
            return style
        case .pageSheet, .formSheet:
            return modern ? style : .fullScreen
        case .popover:
            switch spec.controllerPosition(of: vc).flatMap({ spec.controllers[$0].popover?.adaptive?.value }) {
            case .none?: return .popover
            case .style(let adapted)?: return adapted == .automatic ? (modern ? .pageSheet : .fullScreen) : adapted
            case nil: return modern ? .formSheet : .overFullScreen
            }
        case .fullScreen, .overFullScreen, .custom, .automatic:
            return style
        }
    }

    /// The controller UIKit presents from when the code calls `source.present(_:)` with `style`.
    ///
    /// Context styles walk up from `source` to the first controller that
    /// `definesPresentationContext`, else the root of its chain; every other
    /// style presents from the controller that covers the screen (the top of
    /// `source`'s parent chain: the window's root, or a presented controller).
    ///
    /// Simplification: the context walk follows parents only, not presenters
    /// (a definer below the presentation the source is in is not found).
    public static func presenter(for style: PresentationStyle, from source: ControllerID, in state: HierarchyState) -> ControllerID {
        if style.isContextStyle {
            if let definer = state.lineage(of: source, first: { state[$0].definesPresentationContext }) { return definer }
        }
        return state.containmentRoot(of: source)
    }

    /// The context definer a context style would use from `source`, if any.
    public static func contextDefiner(from source: ControllerID, in state: HierarchyState) -> ControllerID? {
        state.lineage(of: source) { state[$0].definesPresentationContext }
    }

    /// Who dismisses what when the code calls `receiver.dismiss(animated:)`.
    ///
    /// As UIKit: when the receiver has a `presentedViewController` (its own, or
    /// its nearest ancestor's), that presentation is dismissed; otherwise the call
    /// is forwarded to the receiver's `presentingViewController` (the presenter of
    /// the receiver or of its nearest presented ancestor), which dismisses that
    /// presentation. Nil when there is nothing to dismiss (UIKit then does nothing).
    public static func dismissal(for receiver: ControllerID, in state: HierarchyState) -> (presenter: ControllerID, presented: ControllerID)? {
        if let candidate = state.lineage(of: receiver, first: { state[$0].presented != nil }), let presented = state[candidate].presented {
            return (candidate, presented)
        }
        if let candidate = state.lineage(of: receiver, first: { state[$0].presenting != nil }), let presenter = state[candidate].presenting {
            return (presenter, candidate)
        }
        return nil
    }
}
