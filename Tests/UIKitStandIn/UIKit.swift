// A stand-in for the part of UIKit that generated tests use: declarations with UIKit's signatures, trivial bodies.
// See README.md. Nothing here behaves like UIKit; the generated tests only type-check against it.

@_exported import Foundation

// MARK: - Responders, application, scenes

@MainActor
open class UIResponder: NSObject {}

@MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { UIApplication() }
    open var connectedScenes: Set<UIScene> { [] }
}

@MainActor
open class UIScene: UIResponder {}

@MainActor
open class UIWindowScene: UIScene {}

// MARK: - Views and windows

@MainActor
open class UIView: UIResponder {
    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var isHidden: Bool = false
    open var window: UIWindow? { nil }
    open var superview: UIView? { nil }
    open var subviews: [UIView] { [] }
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func layoutIfNeeded() {}

    @available(iOS 17.0, tvOS 17.0, *)
    public var traitOverrides: UITraitOverrides {
        get { UITraitOverrides() }
        set {}
    }

    /// Options for animating views.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
}

@MainActor
open class UIWindow: UIView {
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var rootViewController: UIViewController?
    open var windowScene: UIWindowScene?
    open func makeKeyAndVisible() {}
}

// MARK: - Traits

public enum UIUserInterfaceSizeClass: Int, @unchecked Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

public protocol UIMutableTraits {
    var horizontalSizeClass: UIUserInterfaceSizeClass { get set }
    var verticalSizeClass: UIUserInterfaceSizeClass { get set }
}

@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitOverrides: UIMutableTraits {
    public var horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified
    public var verticalSizeClass: UIUserInterfaceSizeClass = .unspecified
}

// MARK: - Bars and items

@MainActor
open class UIBarItem: NSObject {}

@MainActor
public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}

@MainActor
open class UIBarButtonItem: UIBarItem, UIPopoverPresentationControllerSourceItem {}

@MainActor
open class UINavigationItem: NSObject {
    open var rightBarButtonItem: UIBarButtonItem?
}

// MARK: - Presentation

public enum UIModalPresentationStyle: Int, @unchecked Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2
}

@MainActor
open class UIPresentationController: NSObject {}

@MainActor
open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView?
    open var sourceRect: CGRect = .zero
    open var barButtonItem: UIBarButtonItem?
    @available(iOS 16.0, *)
    open var sourceItem: (any UIPopoverPresentationControllerSourceItem)? {
        get { nil }
        set {}
    }
}

@MainActor
public protocol UIViewControllerTransitionCoordinator: NSObjectProtocol {}

// MARK: - Storyboards

@MainActor
open class UIStoryboard: NSObject {
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) { super.init() }
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController { UIViewController() }
    open func instantiateInitialViewController() -> UIViewController? { nil }
}

// MARK: - View controllers

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    // Views
    open var view: UIView! {
        get { nil }
        set {}
    }
    open var viewIfLoaded: UIView? { nil }
    open var isViewLoaded: Bool { false }
    open func loadViewIfNeeded() {}

    // Containment
    open var parent: UIViewController? { nil }
    open var children: [UIViewController] { [] }
    open func addChild(_ childController: UIViewController) {}
    open func removeFromParent() {}
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
    open func transition(
        from fromViewController: UIViewController, to toViewController: UIViewController, duration: TimeInterval,
        options: UIView.AnimationOptions = [], animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {}

    // Appearance
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {}
    open func endAppearanceTransition() {}
    open var isBeingPresented: Bool { false }
    open var isBeingDismissed: Bool { false }
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }

    // Presentation
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    @available(iOS 13.0, *)
    open var isModalInPresentation: Bool = false
    open var definesPresentationContext: Bool = false
    open var presentedViewController: UIViewController? { nil }
    open var presentingViewController: UIViewController? { nil }
    open var popoverPresentationController: UIPopoverPresentationController? { nil }
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func show(_ vc: UIViewController, sender: Any?) {}
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {}
    open func performSegue(withIdentifier identifier: String, sender: Any?) {}

    // Navigation and restoration
    open var navigationController: UINavigationController? { nil }
    open var tabBarController: UITabBarController? { nil }
    open var splitViewController: UISplitViewController? { nil }
    open var navigationItem: UINavigationItem { UINavigationItem() }
    open var restorationIdentifier: String?

    @available(iOS 17.0, tvOS 17.0, *)
    public var traitOverrides: UITraitOverrides {
        get { UITraitOverrides() }
        set {}
    }
}

@MainActor
open class UINavigationController: UIViewController {
    open var isNavigationBarHidden = false
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }

    open var viewControllers: [UIViewController] = []
    open var topViewController: UIViewController? { nil }
    open var visibleViewController: UIViewController? { nil }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? { nil }
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? { nil }
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? { nil }
}

@MainActor
open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]?
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
    open var selectedViewController: UIViewController?
    open var selectedIndex: Int = 0
}

@MainActor
open class UISplitViewController: UIViewController {
    /// The interface style of a split view controller.
    public enum Style: Int, @unchecked Sendable {
        case unspecified = 0
        case doubleColumn = 1
        case tripleColumn = 2
    }

    public init(style: UISplitViewController.Style) { super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var viewControllers: [UIViewController] = []

    public enum Column: Int, @unchecked Sendable {
        case primary = 0
        case supplementary = 1
        case secondary = 2
        case compact = 3
    }

    open var style: UISplitViewController.Style { .unspecified }
    open func viewController(for column: UISplitViewController.Column) -> UIViewController? { nil }
}

@MainActor
open class UIPageViewController: UIViewController {
    public enum TransitionStyle: Int, @unchecked Sendable {
        case pageCurl = 0
        case scroll = 1
    }

    public enum NavigationOrientation: Int, @unchecked Sendable {
        case horizontal = 0
        case vertical = 1
    }

    public enum NavigationDirection: Int, @unchecked Sendable {
        case forward = 0
        case reverse = 1
    }

    public enum SpineLocation: Int, @unchecked Sendable {
        case none = 0
        case min = 1
        case mid = 2
        case max = 3
    }

    public struct OptionsKey: Hashable, RawRepresentable, @unchecked Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    public init(
        transitionStyle style: UIPageViewController.TransitionStyle,
        navigationOrientation: UIPageViewController.NavigationOrientation,
        options: [UIPageViewController.OptionsKey: Any]? = nil
    ) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var viewControllers: [UIViewController]? { nil }
    open var spineLocation: UIPageViewController.SpineLocation { .none }
    open func setViewControllers(
        _ viewControllers: [UIViewController]?, direction: UIPageViewController.NavigationDirection, animated: Bool,
        completion: ((Bool) -> Void)? = nil
    ) {}
}

@MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, @unchecked Sendable {
        case actionSheet = 0
        case alert = 1
    }

    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
    }
}

@MainActor
open class UIActivity: NSObject {}

@MainActor
open class UIActivityViewController: UIViewController {
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) { super.init(nibName: nil, bundle: nil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
}
