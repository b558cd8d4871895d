import VCAuditSpec

/// What UIKit prints or raises, near-exact, with `<Class: id>` where UIKit prints `<Class: 0x...>`.
///
/// Each message is UIKit's, with its source in docs/uikit-semantics.md; the `reason` codes are the
/// stable names rules match on.
struct UIKitMessages {
    let spec: Spec

    /// `<CharacterListViewController: characterList>`.
    func name(_ id: ControllerID) -> String {
        spec.uikitName(id)
    }

    func presentOnSelf(_ x: ControllerID) -> String {
        "Application tried to present modal view controller on itself. Presenting controller is \(name(x))."
    }

    func alreadyBeingPresented(_ a: ControllerID, by b: ControllerID) -> String {
        "Application tried to present modally a view controller \(name(a)) that is already being presented by \(name(b))."
    }

    func hasParent(_ a: ControllerID, parent: ControllerID) -> String {
        "Application tried to present modally a view controller \(name(a)) that has a parent view controller \(name(parent))."
    }

    func activeController(_ a: ControllerID) -> String {
        "Application tried to present modally an active controller \(name(a))."
    }

    func popoverWithoutAnchor(_ a: ControllerID) -> String {
        "UIPopoverPresentationController (<UIPopoverPresentationController: \(a)>) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
    }

    func presentationInProgress(_ a: ControllerID, on b: ControllerID, from c: ControllerID) -> String {
        "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) while a presentation is in progress."
    }

    func notInWindow(_ a: ControllerID, on b: ControllerID, from c: ControllerID) -> String {
        "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) whose view is not in the window hierarchy."
    }

    func alreadyPresenting(_ a: ControllerID, on b: ControllerID, from c: ControllerID, presenting d: ControllerID) -> String {
        "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) which is already presenting \(name(d))."
    }

    func detachedPresenter(_ a: ControllerID, from b: ControllerID) -> String {
        "Presenting view controller \(name(a)) from detached view controller \(name(b)) is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure \(name(b)) is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release."
    }

    func dismissInProgress(_ x: ControllerID) -> String {
        "Attempt to dismiss from view controller \(name(x)) while a presentation or dismiss is in progress!"
    }

    func pushDuplicate(_ nav: ControllerID, _ x: ControllerID) -> String {
        "\(name(nav)) is pushing the same view controller instance (\(name(x))) more than once which is not supported and is most likely an error in the application"
    }

    func duplicateStack() -> String { "All view controllers in a navigation controller must be distinct" }

    func duplicateChildren(_ container: ControllerID, _ vc: ControllerID) -> String {
        "\(name(container)) was given \(name(vc)) twice in setViewControllers; a view controller can be a child only once"
    }

    func pushNavigationController() -> String { "Pushing a navigation controller is not supported" }

    func pushSplit() -> String { "Split View Controllers cannot be pushed to a Navigation Controller" }

    func popToMissing() -> String { "Tried to pop to a view controller that doesn't exist." }

    func pageTransitionInProgress() -> String { "Duplicate states in queue" }

    func nestedPush() -> String { "nested push animation can result in corrupted navigation bar" }

    func nestedPop() -> String { "nested pop animation can result in corrupted navigation bar" }

    func addSelfAsSubview() -> String { "Can't add self as subview" }

    func viewCycle(_ view: ControllerID, into host: ControllerID) -> String {
        "Cannot add the view of \(name(view)) into the view of \(name(host)), which is inside it (the view hierarchy would contain a cycle)"
    }

    func selectUnknownTab() -> String {
        "-[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected."
    }

    func pageCount(provided: Int, required: Int) -> String {
        "The number of view controllers provided (\(provided)) doesn't match the number required (\(required)) for the requested transition"
    }

    func windowWithoutRoot() -> String {
        "Application windows are expected to have a root view controller at the end of application launch"
    }

    func requestedParent(_ c: ControllerID, has p: ControllerID?, requested q: ControllerID) -> String {
        "child view controller:\(name(c)) should have parent view controller:\(p.map(name) ?? "(null)") but requested parent is:\(name(q))"
    }

    func commonParent(_ a: ControllerID, _ b: ControllerID) -> String {
        "Children view controllers \(name(a)) and \(name(b)) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"
    }

    func containmentCycle(_ child: ControllerID, _ parent: ControllerID) -> String {
        "\(name(child)) cannot become a child of \(name(parent)): it would contain itself (containment cycle)"
    }

    func unbalanced(_ x: ControllerID) -> String {
        "Unbalanced calls to begin/end appearance transitions for \(name(x))."
    }

    func notA(_ kind: String, _ x: ControllerID, call: String) -> String {
        "\(name(x)) is not a \(kind); \(call) does nothing"
    }

    func unwindNotFound(_ target: ControllerID, from source: ControllerID) -> String {
        "Could not find a view controller to unwind to \(name(target)) from \(name(source)); the unwind segue does nothing"
    }
}
