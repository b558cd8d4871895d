/// The stable codes the replay puts in `Event.reason` of `exception` and `warning` events.
///
/// Rules match on these, never on the message text. Exceptions end the
/// scenario (UIKit raised and the app crashed); warnings leave the state as
/// UIKit leaves it, which is usually unchanged (the call was dropped).
public enum ReplayReason: String, Sendable, Hashable, CaseIterable {
    // MARK: Exceptions

    /// `makeKeyAndVisible` with no `window:` root ("Application windows are expected to have a root view controller").
    case windowWithoutRoot = "window_without_root"
    /// A page controller given a number of pages its spine cannot show.
    case pageCountMismatch = "page_count_mismatch"
    /// An animated `setViewControllers` on a page controller whose previous page transition is in flight
    /// ("Duplicate states in queue").
    case pageTransitionInProgress = "page_transition_in_progress"
    /// `x.present(x)`.
    case presentSelf = "present_self"
    /// Presenting a controller that is already presented (a double tap).
    case alreadyPresented = "already_presented"
    /// Presenting a controller that has a parent.
    case hasParent = "has_parent"
    /// Presenting the window's root or a controller whose view is in the window.
    case activeController = "active_controller"
    /// A popover (as shown, after adaptation) with neither `barButtonItem` nor `sourceView`.
    case popoverMissingAnchor = "popover_missing_anchor"
    /// `addChild` that would make a controller its own ancestor.
    case containmentCycle = "containment_cycle"
    /// A controller taken from a parent whose view still holds its view.
    case reparentedWithoutRemoval = "reparented_without_removal"
    /// `transition(from:to:)` whose controllers are not both children of the receiver.
    case transitionWithoutCommonParent = "transition_without_common_parent"
    /// Pushing (or putting in a stack) a navigation controller.
    case pushNavigationController = "push_navigation_controller"
    /// A legacy Push segue whose source has no navigation controller ("Push segues can only be used when the source
    /// controller is managed by an instance of UINavigationController").
    case pushSegueWithoutNavigationController = "push_segue_without_navigation_controller"
    /// Pushing a controller already in the stack.
    case pushDuplicate = "push_duplicate"
    /// `popToViewController` with a controller that is not in the stack.
    case popToMissing = "pop_to_missing"
    /// `setViewControllers` on a navigation controller with duplicates.
    case duplicateViewControllers = "duplicate_view_controllers"
    /// Selecting a controller that is not one of the tab bar's tabs.
    case selectUnknownTab = "select_unknown_tab"
    /// `view.addSubview(view)` ("Can't add self as subview").
    case addSelfAsSubview = "add_self_as_subview"
    /// Adding a view into a view it contains.
    case viewHierarchyCycle = "view_hierarchy_cycle"

    // MARK: Warnings

    /// `present` while a presentation or dismissal animates (dropped).
    case presentationInProgress = "presentation_in_progress"
    /// `present` on a controller whose view is not in the window (dropped).
    case notInWindow = "not_in_window"
    /// `present` from a controller reachable only through a view added without `addChild` (UIKit presents anyway).
    case detachedPresenter = "detached_presenter"
    /// `present` on a controller that already presents (dropped).
    case alreadyPresenting = "already_presenting"
    /// `dismiss` while a presentation or dismissal animates (dropped).
    case dismissInProgress = "dismiss_in_progress"
    /// Manual `beginAppearanceTransition`/`endAppearanceTransition` out of balance.
    case unbalancedAppearance = "unbalanced_appearance"
    /// An appearance transition UIKit started was reversed before it ended (a push or pop during another).
    case interruptedAppearance = "interrupted_appearance"
    /// A custom container's animated `transition(from:to:)` while its previous one is in flight: the second
    /// begins an appearance transition on a child that is still in one ("Unbalanced calls").
    case overlappingTransition = "overlapping_transition"
    /// A navigation call on a controller that is not a navigation controller (nothing happens).
    case notNavigation = "not_navigation"
    /// A tab selection on a controller that is not a tab bar controller (nothing happens).
    case notTabBar = "not_tab_bar"
    /// Pushing a split view controller (refused).
    case pushSplitViewController = "push_split_view_controller"
    /// A push or pop while another push or pop of the same navigation controller animates.
    case nestedNavigationAnimation = "nested_navigation_animation"
    /// `setViewControllers` on a controller that has no such method (nothing happens).
    case notAContainer = "not_a_container"
    /// An unwind segue with no controller on the way back to its destination (nothing happens).
    case unwindNotFound = "unwind_not_found"

    // MARK: Restoration

    /// On `shouldSaveApplicationState`/`shouldRestoreApplicationState`: the spec does not set
    /// `restoration: true`, so the app delegate declines and nothing is saved or restored.
    case restorationNotOptedIn = "restoration_not_opted_in"

    /// The case's position in `allCases`: a set of observers routes warnings and exceptions by it without hashing
    /// the reason.
    @inlinable
    public var ordinal: Int {
        switch self {
        case .windowWithoutRoot: 0
        case .pageCountMismatch: 1
        case .pageTransitionInProgress: 2
        case .presentSelf: 3
        case .alreadyPresented: 4
        case .hasParent: 5
        case .activeController: 6
        case .popoverMissingAnchor: 7
        case .containmentCycle: 8
        case .reparentedWithoutRemoval: 9
        case .transitionWithoutCommonParent: 10
        case .pushNavigationController: 11
        case .pushSegueWithoutNavigationController: 12
        case .pushDuplicate: 13
        case .popToMissing: 14
        case .duplicateViewControllers: 15
        case .selectUnknownTab: 16
        case .addSelfAsSubview: 17
        case .viewHierarchyCycle: 18
        case .presentationInProgress: 19
        case .notInWindow: 20
        case .detachedPresenter: 21
        case .alreadyPresenting: 22
        case .dismissInProgress: 23
        case .unbalancedAppearance: 24
        case .interruptedAppearance: 25
        case .overlappingTransition: 26
        case .notNavigation: 27
        case .notTabBar: 28
        case .pushSplitViewController: 29
        case .nestedNavigationAnimation: 30
        case .notAContainer: 31
        case .unwindNotFound: 32
        case .restorationNotOptedIn: 33
        }
    }

    /// Whether UIKit raises (the scenario ends) rather than logs.
    public var isException: Bool {
        switch self {
        case .windowWithoutRoot, .pageCountMismatch, .presentSelf, .alreadyPresented, .hasParent, .activeController,
             .popoverMissingAnchor, .containmentCycle, .reparentedWithoutRemoval, .transitionWithoutCommonParent,
             .pushNavigationController, .pushSegueWithoutNavigationController, .pushDuplicate, .popToMissing,
             .duplicateViewControllers, .selectUnknownTab, .addSelfAsSubview, .viewHierarchyCycle, .pageTransitionInProgress:
            true
        case .presentationInProgress, .notInWindow, .detachedPresenter, .alreadyPresenting, .dismissInProgress,
             .unbalancedAppearance, .interruptedAppearance, .overlappingTransition, .notNavigation, .notTabBar, .pushSplitViewController,
             .nestedNavigationAnimation, .notAContainer, .unwindNotFound, .restorationNotOptedIn:
            false
        }
    }
}
