import VCAuditSpec

/// What UIKit prints or raises, near-exact, with `<Class: id>` where UIKit prints `<Class: 0x...>`.
///
/// Each message is UIKit's, with its source in docs/uikit-semantics.md; the `reason` codes are the
/// stable names rules match on.
///
/// With a cache (`UIKitMessageCache`, a `SteppedReplay`'s), a message that names controllers is made once for the
/// replay and its copies: `explore` meets the same warning on many paths, and building its text cost more than the
/// rest of the call.
///
/// It reads the spec through the decider's parts (`SharedDeciderParts.uikitName(_:)`): holding the spec, made from
/// `parts.spec` for each message, it copied the whole spec (a retain of each of its strings and lists) each time.
struct UIKitMessages {
    let parts: SharedDeciderParts

    /// The message `kind` says about `ids`, made by `make` (the first time, with a cache).
    private func cached(_ kind: UIKitMessageCache.Kind, _ a: ControllerID, _ b: ControllerID? = nil, _ c: ControllerID? = nil,
                        _ d: ControllerID? = nil, _ make: () -> String) -> String {
        guard let cache = parts.messageCache else { return make() }
        return cache.message(UIKitMessageCache.Key(kind: kind, a: a, b: b, c: c, d: d), make)
    }

    /// `<CharacterListViewController: characterList>`.
    func name(_ id: ControllerID) -> String {
        parts.uikitName(id)
    }

    func presentOnSelf(_ x: ControllerID) -> String {
        cached(.presentOnSelf, x) {
            "Application tried to present modal view controller on itself. Presenting controller is \(name(x))."
        }
    }

    func alreadyBeingPresented(_ a: ControllerID, by b: ControllerID) -> String {
        cached(.alreadyBeingPresented, a, b) {
            "Application tried to present modally a view controller \(name(a)) that is already being presented by \(name(b))."
        }
    }

    func hasParent(_ a: ControllerID, parent: ControllerID) -> String {
        cached(.hasParent, a, parent) {
            "Application tried to present modally a view controller \(name(a)) that has a parent view controller \(name(parent))."
        }
    }

    func activeController(_ a: ControllerID) -> String {
        cached(.activeController, a) {
            "Application tried to present modally an active controller \(name(a))."
        }
    }

    func popoverWithoutAnchor(_ a: ControllerID) -> String {
        cached(.popoverWithoutAnchor, a) {
            "UIPopoverPresentationController (<UIPopoverPresentationController: \(a)>) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
        }
    }

    func presentationInProgress(_ a: ControllerID, on b: ControllerID, from c: ControllerID) -> String {
        cached(.presentationInProgress, a, b, c) {
            "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) while a presentation is in progress."
        }
    }

    func notInWindow(_ a: ControllerID, on b: ControllerID, from c: ControllerID) -> String {
        cached(.notInWindow, a, b, c) {
            "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) whose view is not in the window hierarchy."
        }
    }

    func alreadyPresenting(_ a: ControllerID, on b: ControllerID, from c: ControllerID, presenting d: ControllerID) -> String {
        cached(.alreadyPresenting, a, b, c, d) {
            "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) which is already presenting \(name(d))."
        }
    }

    func detachedPresenter(_ a: ControllerID, from b: ControllerID) -> String {
        cached(.detachedPresenter, a, b) {
            "Presenting view controller \(name(a)) from detached view controller \(name(b)) is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure \(name(b)) is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release."
        }
    }

    func dismissInProgress(_ x: ControllerID) -> String {
        cached(.dismissInProgress, x) {
            "Attempt to dismiss from view controller \(name(x)) while a presentation or dismiss is in progress!"
        }
    }

    func pushDuplicate(_ nav: ControllerID, _ x: ControllerID) -> String {
        cached(.pushDuplicate, nav, x) {
            "\(name(nav)) is pushing the same view controller instance (\(name(x))) more than once which is not supported and is most likely an error in the application"
        }
    }

    func duplicateStack() -> String { "All view controllers in a navigation controller must be distinct" }

    func duplicateChildren(_ container: ControllerID, _ vc: ControllerID) -> String {
        cached(.duplicateChildren, container, vc) {
            "\(name(container)) was given \(name(vc)) twice in setViewControllers; a view controller can be a child only once"
        }
    }

    func pushNavigationController() -> String { "Pushing a navigation controller is not supported" }

    func pushSegueWithoutNavigationController(_ identifier: String?) -> String {
        "Could not find a navigation controller for segue '\(identifier ?? "(null)")'. Push segues can only be used when the "
            + "source controller is managed by an instance of UINavigationController."
    }

    func pushSplit() -> String { "Split View Controllers cannot be pushed to a Navigation Controller" }

    func popToMissing() -> String { "Tried to pop to a view controller that doesn't exist." }

    func pageTransitionInProgress() -> String { "Duplicate states in queue" }

    func nestedPush() -> String { "nested push animation can result in corrupted navigation bar" }

    func nestedPop() -> String { "nested pop animation can result in corrupted navigation bar" }

    func addSelfAsSubview() -> String { "Can't add self as subview" }

    func viewCycle(_ view: ControllerID, into host: ControllerID) -> String {
        cached(.viewCycle, view, host) {
            "Cannot add the view of \(name(view)) into the view of \(name(host)), which is inside it (the view hierarchy would contain a cycle)"
        }
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
        cached(.requestedParent, c, p, q) {
            "child view controller:\(name(c)) should have parent view controller:\(p.map(name) ?? "(null)") but requested parent is:\(name(q))"
        }
    }

    func commonParent(_ a: ControllerID, _ b: ControllerID) -> String {
        cached(.commonParent, a, b) {
            "Children view controllers \(name(a)) and \(name(b)) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"
        }
    }

    func containmentCycle(_ child: ControllerID, _ parent: ControllerID) -> String {
        cached(.containmentCycle, child, parent) {
            "\(name(child)) cannot become a child of \(name(parent)): it would contain itself (containment cycle)"
        }
    }

    func unbalanced(_ x: ControllerID) -> String {
        cached(.unbalanced, x) {
            "Unbalanced calls to begin/end appearance transitions for \(name(x))."
        }
    }

    func notA(_ kind: String, _ x: ControllerID, call: String) -> String {
        "\(name(x)) is not a \(kind); \(call) does nothing"
    }

    func unwindNotFound(_ target: ControllerID, from source: ControllerID) -> String {
        cached(.unwindNotFound, target, source) {
            "Could not find a view controller to unwind to \(name(target)) from \(name(source)); the unwind segue does nothing"
        }
    }
}

/// The messages of one replay and its copies that name controllers, by what they say and about whom.
///
/// A replay and the copies made of it (`explore` copies one for every path it tries) are used by one thread at a
/// time, and a message depends only on the spec and the controllers it names, so copies share one cache.
final class UIKitMessageCache {
    /// Which message.
    enum Kind: UInt8 {
        case presentOnSelf, alreadyBeingPresented, hasParent, activeController, popoverWithoutAnchor
        case presentationInProgress, notInWindow, alreadyPresenting, detachedPresenter, dismissInProgress
        case pushDuplicate, duplicateChildren, viewCycle, requestedParent, commonParent, containmentCycle
        case unbalanced, unwindNotFound
    }

    /// A message and the controllers it names, in its parameters' order.
    struct Key: Hashable {
        let kind: Kind
        let a: ControllerID
        let b: ControllerID?
        let c: ControllerID?
        let d: ControllerID?
    }

    private var messages: [Key: String] = [:]

    func message(_ key: Key, _ make: () -> String) -> String {
        if let message = messages[key] { return message }
        let message = make()
        messages[key] = message
        return message
    }
}
