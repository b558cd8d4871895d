import VCAuditSupport
import VCAuditYAML

/// One declared view controller (an entry of `controllers:`).
public struct Controller: Sendable {
    /// What UIKit class family the controller is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case content, navigation, tabBar, split, page, container

        /// Whether UIKit manages its children (navigation, tab bar, split, page).
        public var isSystemContainer: Bool {
            switch self {
            case .navigation, .tabBar, .split, .page: true
            case .content, .container: false
            }
        }

        /// The UIKit class a controller of this kind is, when no `class:` is given.
        public var uikitClass: String {
            switch self {
            case .content: "UIViewController"
            case .navigation: "UINavigationController"
            case .tabBar: "UITabBarController"
            case .split: "UISplitViewController"
            case .page: "UIPageViewController"
            case .container: "UIViewController"
            }
        }
    }

    /// A page controller's `spineLocation`.
    public enum Spine: String, Sendable, Hashable, CaseIterable {
        case min, mid, max

        /// How many view controllers a `setViewControllers` call must pass for this spine.
        public var pageCount: Int { self == .mid ? 2 : 1 }
    }

    /// A page controller's `transitionStyle`.
    public enum PageTransitionStyle: String, Sendable, Hashable, CaseIterable {
        case scroll, pageCurl
    }

    public var id: ControllerID
    /// Where the id is declared (the key).
    public var mark: Mark
    public var kind: Kind
    public var className: String?
    public var storyboard: String?
    public var storyboardID: String?
    /// The initial view controller of its `storyboard` (Interface Builder's "Is Initial View Controller"): code makes
    /// it with `UIStoryboard(name:bundle:).instantiateInitialViewController()`, or a storyboard reference opens it.
    public var storyboardInitial = false
    public var restorationID: Located<String>? {
        get { writtenRestorationID }
        set {
            writtenRestorationID = newValue
            internedRestorationID = newValue.map { InternedString($0.value) }
        }
    }
    /// `restorationID` as written; setting `restorationID` interns it as well, and the decoder sets both at once
    /// (`setRestorationID(_:interned:)`).
    private var writtenRestorationID: Located<String>?
    /// The restoration identifier, interned once here rather than by every replay's initial state.
    public private(set) var internedRestorationID: InternedString?

    /// Sets `restorationID` to `value`, which `interned` already names (the decoder finds most restoration ids
    /// among the declared controller ids, interned together).
    mutating func setRestorationID(_ value: Located<String>, interned: InternedString) {
        writtenRestorationID = value
        internedRestorationID = interned
    }
    /// Initial children: navigation stack, tab bar tabs, split [primary, secondary], visible pages, embedded children.
    public var children: [Reference]
    /// A tab bar's initially selected child.
    public var selected: Reference?
    public var modalPresentationStyle: Located<PresentationStyle>?
    public var popover: Popover?
    public var modalInPresentation: Bool
    public var forwardsAppearance: Bool
    /// `definesPresentationContext`; true by default for a navigation controller, as `UINavigationController`
    /// sets it (Apple's `definesPresentationContext` reference; docs/uikit-semantics.md).
    public var definesPresentationContext: Bool
    /// A navigation controller whose navigation bar is hidden (`isNavigationBarHidden`, Interface Builder's
    /// "Shows Navigation Bar" off): it shows no bar and no back button.
    public var navigationBarHidden = false
    public var transitioningDelegate: Bool
    public var spine: Spine
    /// A page controller's transition style: `scroll` (what storyboards and carousels use), unless the spec says
    /// `pageCurl` or gives a spine other than `min` (a spine is a page curl's).
    public var transitionStyle: PageTransitionStyle = .scroll
    public var ignore: [Suppression]
    /// Where the controller is really declared (a storyboard scene), when the spec was imported.
    public var source: SourceReference?

    public init(
        id: ControllerID, mark: Mark, kind: Kind = .content, className: String? = nil, storyboard: String? = nil,
        storyboardID: String? = nil, restorationID: Located<String>? = nil, children: [Reference] = [],
        selected: Reference? = nil, modalPresentationStyle: Located<PresentationStyle>? = nil, popover: Popover? = nil,
        modalInPresentation: Bool = false, forwardsAppearance: Bool = true, definesPresentationContext: Bool? = nil,
        transitioningDelegate: Bool = false, spine: Spine = .min, ignore: [Suppression] = []
    ) {
        self.id = id
        self.mark = mark
        self.kind = kind
        self.className = className
        self.storyboard = storyboard
        self.storyboardID = storyboardID
        self.writtenRestorationID = restorationID
        self.internedRestorationID = restorationID.map { InternedString($0.value) }
        self.children = children
        self.selected = selected
        self.modalPresentationStyle = modalPresentationStyle
        self.popover = popover
        self.modalInPresentation = modalInPresentation
        self.forwardsAppearance = forwardsAppearance
        self.definesPresentationContext = definesPresentationContext ?? (kind == .navigation)
        self.transitioningDelegate = transitioningDelegate
        self.spine = spine
        self.ignore = ignore
    }

    /// The Swift class name for messages and generated code: `class:`, else the kind's UIKit class.
    public var swiftClass: String { className ?? kind.uikitClass }
}

/// A popover's configuration: `popover:` on a controller.
public struct Popover: Sendable, Hashable {
    public var anchor: PopoverAnchor
    /// What the adaptive presentation delegate returns in compact width; nil when there is no delegate.
    public var adaptive: Located<AdaptiveStyle>?
    public var mark: Mark

    public init(anchor: PopoverAnchor, adaptive: Located<AdaptiveStyle>? = nil, mark: Mark) {
        self.anchor = anchor
        self.adaptive = adaptive
        self.mark = mark
    }
}

/// Where a popover points: `sourceView` and/or `barButtonItem`, with an optional `sourceRect`.
public struct PopoverAnchor: Sendable, Hashable {
    public var sourceView: Located<String>?
    public var barButtonItem: Located<String>?
    public var sourceRect: [Double]?
    public var mark: Mark

    public init(sourceView: Located<String>? = nil, barButtonItem: Located<String>? = nil, sourceRect: [Double]? = nil, mark: Mark) {
        self.sourceView = sourceView
        self.barButtonItem = barButtonItem
        self.sourceRect = sourceRect
        self.mark = mark
    }

    /// Whether UIKit has something to point the popover at.
    public var isAnchored: Bool { sourceView != nil || barButtonItem != nil }

    /// This anchor with every field `other` sets taken from `other`.
    public func overridden(by other: PopoverAnchor?) -> PopoverAnchor {
        guard let other else { return self }
        if other.sourceView == nil, other.barButtonItem == nil, other.sourceRect == nil { return self }
        return other
    }
}

extension Spec {
    /// The anchor a popover presentation of `vc` uses: `override` (a step's or segue's `anchor:`) when it sets
    /// anything, else `vc`'s declared `popover:` anchor.
    public func popoverAnchor(for vc: ControllerID, override: PopoverAnchor?) -> PopoverAnchor? {
        if let override, override.isAnchored || override.sourceRect != nil { return override }
        return controllerPosition(of: vc).flatMap { controllers[$0].popover?.anchor } ?? override
    }
}
