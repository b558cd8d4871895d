import VCAuditSpec
import VCAuditSupport

/// What UIKit prints or raises, near-exact, with `<Class: id>` where UIKit prints `<Class: 0x...>`.
///
/// Each message is UIKit's, with its source in docs/uikit-semantics.md; the `reason` codes are the
/// stable names rules match on.
///
/// Each message is made once for the decider's parts (`UIKitMessageCache`), interned as an event's payload
/// (`Event.Message`): `explore` meets the same warning on many paths, and `check` in many scenarios of a spec, and
/// building and interning its text cost more than the rest of the call (about 2.5 k instructions for an "Unbalanced
/// calls" warning). A message made of more than controllers (a count, a segue's identifier) is made each time.
///
/// It reads the spec through the decider's parts (`SharedDeciderParts.uikitName(_:)`): holding the spec, made from
/// `parts.spec` for each message, it copied the whole spec (a retain of each of its strings and lists) each time.
struct UIKitMessages {
    let parts: SharedDeciderParts

    /// The message `kind` says about `a`, `b`, `c` and `d`, made by `make` the first time.
    private func cached(_ kind: UIKitMessageCache.Kind, _ a: ControllerID, _ b: ControllerID? = nil, _ c: ControllerID? = nil,
                        _ d: ControllerID? = nil, _ make: () -> String) -> Event.Message {
        parts.messageCache.message(UIKitMessageCache.Key(kind: kind, a: a, b: b, c: c, d: d), make)
    }

    /// The message `kind`, which names no controller, made by `make` the first time.
    private func cached(_ kind: UIKitMessageCache.Kind, _ make: () -> String) -> Event.Message {
        parts.messageCache.message(kind, make)
    }

    /// `<CharacterListViewController: characterList>`.
    func name(_ id: ControllerID) -> String {
        parts.uikitName(id)
    }

    func presentOnSelf(_ x: ControllerID) -> Event.Message {
        cached(.presentOnSelf, x) {
            "Application tried to present modal view controller on itself. Presenting controller is \(name(x))."
        }
    }

    func alreadyBeingPresented(_ a: ControllerID, by b: ControllerID) -> Event.Message {
        cached(.alreadyBeingPresented, a, b) {
            "Application tried to present modally a view controller \(name(a)) that is already being presented by \(name(b))."
        }
    }

    func hasParent(_ a: ControllerID, parent: ControllerID) -> Event.Message {
        cached(.hasParent, a, parent) {
            "Application tried to present modally a view controller \(name(a)) that has a parent view controller \(name(parent))."
        }
    }

    func activeController(_ a: ControllerID) -> Event.Message {
        cached(.activeController, a) {
            "Application tried to present modally an active controller \(name(a))."
        }
    }

    func popoverWithoutAnchor(_ a: ControllerID) -> Event.Message {
        cached(.popoverWithoutAnchor, a) {
            "UIPopoverPresentationController (<UIPopoverPresentationController: \(a)>) should have a non-nil sourceView or barButtonItem set before the presentation occurs."
        }
    }

    func presentationInProgress(_ a: ControllerID, on b: ControllerID, from c: ControllerID) -> Event.Message {
        cached(.presentationInProgress, a, b, c) {
            "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) while a presentation is in progress."
        }
    }

    func notInWindow(_ a: ControllerID, on b: ControllerID, from c: ControllerID) -> Event.Message {
        cached(.notInWindow, a, b, c) {
            "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) whose view is not in the window hierarchy."
        }
    }

    func alreadyPresenting(_ a: ControllerID, on b: ControllerID, from c: ControllerID, presenting d: ControllerID) -> Event.Message {
        cached(.alreadyPresenting, a, b, c, d) {
            "Attempt to present \(name(a)) on \(name(b)) (from \(name(c))) which is already presenting \(name(d))."
        }
    }

    func detachedPresenter(_ a: ControllerID, from b: ControllerID) -> Event.Message {
        cached(.detachedPresenter, a, b) {
            "Presenting view controller \(name(a)) from detached view controller \(name(b)) is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure \(name(b)) is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release."
        }
    }

    func dismissInProgress(_ x: ControllerID) -> Event.Message {
        cached(.dismissInProgress, x) {
            "Attempt to dismiss from view controller \(name(x)) while a presentation or dismiss is in progress!"
        }
    }

    func pushDuplicate(_ nav: ControllerID, _ x: ControllerID) -> Event.Message {
        cached(.pushDuplicate, nav, x) {
            "\(name(nav)) is pushing the same view controller instance (\(name(x))) more than once which is not supported and is most likely an error in the application"
        }
    }

    func duplicateStack() -> Event.Message { cached(.duplicateStack) { "All view controllers in a navigation controller must be distinct" } }

    func duplicateChildren(_ container: ControllerID, _ vc: ControllerID) -> Event.Message {
        cached(.duplicateChildren, container, vc) {
            "\(name(container)) was given \(name(vc)) twice in setViewControllers; a view controller can be a child only once"
        }
    }

    func pushNavigationController() -> Event.Message { cached(.pushNavigationController) { "Pushing a navigation controller is not supported" } }

    func pushSegueWithoutNavigationController(_ identifier: String?) -> Event.Message {
        Event.Message("Could not find a navigation controller for segue '\(identifier ?? "(null)")'. Push segues can only be used when the "
            + "source controller is managed by an instance of UINavigationController.")
    }

    func pushSplit() -> Event.Message { cached(.pushSplit) { "Split View Controllers cannot be pushed to a Navigation Controller" } }

    func popToMissing() -> Event.Message { cached(.popToMissing) { "Tried to pop to a view controller that doesn't exist." } }

    func pageTransitionInProgress() -> Event.Message { cached(.pageTransitionInProgress) { "Duplicate states in queue" } }

    func nestedPush() -> Event.Message { cached(.nestedPush) { "nested push animation can result in corrupted navigation bar" } }

    func nestedPop() -> Event.Message { cached(.nestedPop) { "nested pop animation can result in corrupted navigation bar" } }

    func addSelfAsSubview() -> Event.Message { cached(.addSelfAsSubview) { "Can't add self as subview" } }

    func viewCycle(_ view: ControllerID, into host: ControllerID) -> Event.Message {
        cached(.viewCycle, view, host) {
            "Cannot add the view of \(name(view)) into the view of \(name(host)), which is inside it (the view hierarchy would contain a cycle)"
        }
    }

    func selectUnknownTab() -> Event.Message {
        cached(.selectUnknownTab) {
            "-[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected."
        }
    }

    func pageCount(provided: Int, required: Int) -> Event.Message {
        Event.Message("The number of view controllers provided (\(provided)) doesn't match the number required (\(required)) for the requested transition")
    }

    func windowWithoutRoot() -> Event.Message {
        cached(.windowWithoutRoot) { "Application windows are expected to have a root view controller at the end of application launch" }
    }

    func requestedParent(_ c: ControllerID, has p: ControllerID?, requested q: ControllerID) -> Event.Message {
        cached(.requestedParent, c, p, q) {
            "child view controller:\(name(c)) should have parent view controller:\(p.map(name) ?? "(null)") but requested parent is:\(name(q))"
        }
    }

    func commonParent(_ a: ControllerID, _ b: ControllerID) -> Event.Message {
        cached(.commonParent, a, b) {
            "Children view controllers \(name(a)) and \(name(b)) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"
        }
    }

    func containmentCycle(_ child: ControllerID, _ parent: ControllerID) -> Event.Message {
        cached(.containmentCycle, child, parent) {
            "\(name(child)) cannot become a child of \(name(parent)): it would contain itself (containment cycle)"
        }
    }

    func unbalanced(_ x: ControllerID) -> Event.Message {
        cached(.unbalanced, x) {
            "Unbalanced calls to begin/end appearance transitions for \(name(x))."
        }
    }

    func notA(_ kind: String, _ x: ControllerID, call: String) -> Event.Message {
        Event.Message("\(name(x)) is not a \(kind); \(call) does nothing")
    }

    func unwindNotFound(_ target: ControllerID, from source: ControllerID) -> Event.Message {
        cached(.unwindNotFound, target, source) {
            "Could not find a view controller to unwind to \(name(target)) from \(name(source)); the unwind segue does nothing"
        }
    }
}

/// UIKit's messages made for a decider's parts, interned, by what they say and about whom, and the popover anchors
/// their presentations name.
///
/// The parts are shared by a replay and the copies made of it (`explore` copies one for every path it tries), which
/// are used by one thread at a time, and kept by a workspace for the next replays of the same spec, one after the
/// other; a message depends only on the spec and the controllers it names, and an anchor on the spec, the presented
/// scene and the anchor a step or segue sets.
final class UIKitMessageCache {
    /// Which message.
    enum Kind: UInt8, CaseIterable {
        case presentOnSelf, alreadyBeingPresented, hasParent, activeController, popoverWithoutAnchor
        case presentationInProgress, notInWindow, alreadyPresenting, detachedPresenter, dismissInProgress
        case pushDuplicate, duplicateChildren, viewCycle, requestedParent, commonParent, containmentCycle
        case unbalanced, unwindNotFound
        // Messages that name no controller.
        case duplicateStack, pushNavigationController, pushSplit, popToMissing, pageTransitionInProgress, nestedPush
        case nestedPop, addSelfAsSubview, selectUnknownTab, windowWithoutRoot
    }

    /// A message and the controllers it names, in its parameters' order.
    struct Key: Hashable {
        let kind: Kind
        let a: ControllerID
        let b: ControllerID?
        let c: ControllerID?
        let d: ControllerID?

        /// Hashes one word mixed of the kind and the ids' keys (as `ControllerTable` mixes ids): the synthesized hash
        /// passed each optional id, its case and its key, through the hasher.
        func hash(into hasher: inout Hasher) {
            var digest = UInt64(kind.rawValue)
            Self.mix(a, into: &digest)
            Self.mix(b, into: &digest)
            Self.mix(c, into: &digest)
            Self.mix(d, into: &digest)
            hasher.combine(digest)
        }

        /// Folds `id`'s key into `digest` (nil as a key no id has).
        private static func mix(_ id: ControllerID?, into digest: inout UInt64) {
            digest = (digest ^ (id?.key ?? .max)) &* 0x9E37_79B9_7F4A_7C15
        }
    }

    // Read, then written, never in overlapping accesses (one copy of a decider uses the cache at a time): without the
    // run time's exclusivity checks.

    /// The messages that name controllers.
    @exclusivity(unchecked) private var messages: [Key: Event.Message] = [:]
    /// The messages that name none, by `Kind.rawValue`: found without hashing.
    @exclusivity(unchecked) private var messagesNamingNone = [Event.Message?](repeating: nil, count: Kind.allCases.count)

    /// The popover anchors presentations used, in the order first met (a spec presents few popovers, so a scan finds
    /// one sooner than a hash would).
    @exclusivity(unchecked) private var popoverAnchors: [PopoverAnchorEntry] = []
    /// The anchors steps and segues set over the declared ones (`anchor:`) that `popoverAnchors` were made with: apart
    /// from the entries, so that the scan copies none of them (each copy of a `PopoverAnchor` retained its strings).
    @exclusivity(unchecked) private var popoverAnchorOverrides: [PopoverAnchor] = []

    /// What a presentation's popover anchor is to the decider: whether it points at something, and its description
    /// (`barButtonItem:x`, `sourceView:y`, both, or `none`) interned as the `present` event's payload.
    struct PresentedAnchor {
        /// Whether the anchor names a source view or a bar button item.
        let isAnchored: Bool
        /// The description, interned.
        let text: Event.Anchor
    }

    /// A popover anchor made for a presentation of an instance of `scene`, with the override at `overridePosition`
    /// in `popoverAnchorOverrides`, or with none (-1).
    private struct PopoverAnchorEntry {
        let scene: InternedString
        let overridePosition: Int
        let anchor: PresentedAnchor
    }

    /// The anchor a presentation of an instance of `scene` uses with `override` (a step's or segue's `anchor:`), made by
    /// `make` the first time: describing and interning it cost about 2 k instructions a presentation.
    func popoverAnchor(of scene: InternedString, override: PopoverAnchor?, _ make: () -> PresentedAnchor) -> PresentedAnchor {
        for index in popoverAnchors.indices where popoverAnchors[index].scene == scene {
            let overridePosition = popoverAnchors[index].overridePosition
            if let override {
                if overridePosition >= 0, popoverAnchorOverrides[overridePosition] == override { return popoverAnchors[index].anchor }
            } else if overridePosition < 0 {
                return popoverAnchors[index].anchor
            }
        }
        let anchor = make()
        var overridePosition = -1
        if let override {
            overridePosition = popoverAnchorOverrides.count
            popoverAnchorOverrides.append(override)
        }
        popoverAnchors.append(PopoverAnchorEntry(scene: scene, overridePosition: overridePosition, anchor: anchor))
        return anchor
    }

    /// The message `key` names, made by `make` and interned the first time.
    func message(_ key: Key, _ make: () -> String) -> Event.Message {
        if let message = messages[key] { return message }
        let message = Event.Message(make())
        messages[key] = message
        return message
    }

    /// The message `kind`, which names no controller, made by `make` and interned the first time.
    func message(_ kind: Kind, _ make: () -> String) -> Event.Message {
        if let message = messagesNamingNone[Int(kind.rawValue)] { return message }
        let message = Event.Message(make())
        messagesNamingNone[Int(kind.rawValue)] = message
        return message
    }
}
