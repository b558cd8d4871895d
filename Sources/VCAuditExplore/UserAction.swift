import VCAuditReplay
import VCAuditSpec
import VCAuditYAML

/// Something a user can do in a state of the app: what `vcaudit explore` tries.
///
/// A user action is a step a scenario could contain: a segue (or calls that name the controller whose control runs
/// them), a tab, the back button, swiping a sheet down, tapping outside a popover, the double tap (the same action
/// twice in one run-loop turn), rotating an iPhone (the height's size class) or resizing an iPad app in Split View
/// (the width's), and going to the background and coming back where the spec restores state.
/// Code paths (calls without `from`) are not user actions; those marked `event: true` (all of them with
/// `Explorer.Bounds.events`) are tried as events the system delivers at any moment (a network completion, a timer,
/// a push), alone or while a user action's animation runs.
public enum UserAction: Hashable, Sendable {
    case perform(String)
    case doubleTap(String)
    /// A code path (calls without `from`) run by the system: a completion handler, a timer, a notification.
    case event(String)
    /// A user action and a code path in the same run-loop turn: the event fires while the action's animation runs.
    case race(action: String, event: String)
    case select(tabs: ControllerID, vc: ControllerID)
    case back(nav: ControllerID)
    case swipeDown(ControllerID)
    case tapOutside(ControllerID)
    /// An iPhone turned to `height` (compact: landscape), or an iPad app resized to `width` (compact: a narrow
    /// Split View or Slide Over).
    case rotate(height: SizeClass)
    case resize(width: SizeClass)
    case relaunch
    /// The app's code makes a controller from its storyboard (by storyboard ID, or as its initial controller) and
    /// presents it from the window's root, without animation: how `explore` reaches what no path from launch shows
    /// in an app whose screens are made in code (`from` is the root). An assumption: the code may show it otherwise.
    case codePresents(ControllerID, from: ControllerID)

    /// The steps that perform it, marked at the declaration they come from (the transition, or the controller).
    func steps(in spec: Spec) -> [Step] {
        func mark(ofController id: ControllerID) -> Mark {
            spec.controller(id)?.mark ?? spec.window?.mark ?? Mark(line: 1, column: 1)
        }
        func reference(_ id: ControllerID) -> Reference { Reference(id, at: mark(ofController: id)) }
        switch self {
        case .perform(let name):
            return [Self.performing(name, in: spec)]
        case .doubleTap(let name):
            let once = Self.performing(name, in: spec)
            return [Step(.simultaneously([once, once]), at: once.mark)]
        case .event(let name):
            return UserAction.perform(name).steps(in: spec)
        case let .race(action, event):
            let mark = spec.transition(action)?.mark ?? Mark(line: 1, column: 1)
            return [Step(.simultaneously(UserAction.perform(action).steps(in: spec) + UserAction.perform(event).steps(in: spec)), at: mark)]
        case let .select(tabs, vc):
            return [Step(.select(tabs: reference(tabs), vc: reference(vc)), at: mark(ofController: vc))]
        case .back(let nav):
            return [Step(.pop(nav: reference(nav), animated: true), at: mark(ofController: nav))]
        case .swipeDown(let vc), .tapOutside(let vc):
            return [Step(.dismiss(vc: reference(vc), animated: true), at: mark(ofController: vc))]
        case .rotate(let height):
            let mark = spec.window?.mark ?? Mark(line: 1, column: 1)
            return [Step(.traits(width: nil, height: height), at: mark)]
        case .resize(let width):
            let mark = spec.window?.mark ?? Mark(line: 1, column: 1)
            return [Step(.traits(width: width, height: nil), at: mark)]
        case .relaunch:
            let mark = spec.window?.mark ?? Mark(line: 1, column: 1)
            return [Step(.preserve, at: mark), Step(.restore, at: mark)]
        case let .codePresents(vc, root):
            return [Step(.present(vc: reference(vc), from: reference(root), style: nil, anchor: nil, animated: false), at: mark(ofController: vc))]
        }
    }

    /// The step that performs the transition `name`, marked at its declaration, with its position (which the
    /// replays of the step then need not look up).
    private static func performing(_ name: String, in spec: Spec) -> Step {
        let position = spec.transitionPosition(name)
        let mark = position.map { spec.transitions[$0].mark } ?? Mark(line: 1, column: 1)
        var step = Step(.perform(transition: Located(name, at: mark)), at: mark)
        step.transitionPosition = position
        return step
    }

    /// Where the action is declared: its transition, or the controller it acts on.
    public func mark(in spec: Spec) -> Mark {
        steps(in: spec).first?.mark ?? Mark(line: 1, column: 1)
    }

    /// The action as scenario steps in spec YAML, for `--write-scenarios` (instances by their scene's id: a
    /// replayed step naming `detail` means its newest instance, the one the action used).
    public func yaml(indent: String) -> [String] {
        func id(_ instance: ControllerID) -> String { instance.sceneID.name }
        switch self {
        case .perform(let name): return ["\(indent)- perform: \(name)"]
        case .doubleTap(let name):
            return ["\(indent)- simultaneously:          # a double tap", "\(indent)    - perform: \(name)", "\(indent)    - perform: \(name)"]
        case .event(let name): return ["\(indent)- perform: \(name)          # the system runs it"]
        case let .race(action, event):
            return ["\(indent)- simultaneously:          # the event fires during the action's animation",
                    "\(indent)    - perform: \(action)", "\(indent)    - perform: \(event)"]
        case let .select(tabs, vc): return ["\(indent)- select: { tabs: \(id(tabs)), vc: \(id(vc)) }"]
        case .back(let nav): return ["\(indent)- pop: \(id(nav))                # the back button"]
        case .swipeDown(let vc): return ["\(indent)- dismiss: \(id(vc))            # swiped down"]
        case .tapOutside(let vc): return ["\(indent)- dismiss: \(id(vc))            # a tap outside the popover"]
        case .rotate(let height): return ["\(indent)- traits: { height: \(height.rawValue) }      # rotated"]
        case .resize(let width): return ["\(indent)- traits: { width: \(width.rawValue) }       # resized in Split View"]
        case .relaunch: return ["\(indent)- preserve", "\(indent)- restore"]
        case let .codePresents(vc, root):
            return ["\(indent)- present: { vc: \(id(vc)), from: \(id(root)), animated: false }   # what the app's code does (assumed)"]
        }
    }

    /// A short description, for witnesses: `perform showDetail`, `double tap showDetail`, `back in homeNav`.
    public var description: String {
        switch self {
        case .perform(let name): return "perform \(name)"
        case .doubleTap(let name): return "double tap \(name)"
        case .event(let name): return "event \(name)"
        case let .race(action, event): return "perform \(action) while event \(event) fires"
        case let .select(_, vc): return "select the \(vc.sceneID) tab"
        case .back(let nav): return "back in \(nav.sceneID)"
        case .swipeDown(let vc): return "swipe down \(vc.sceneID)"
        case .tapOutside(let vc): return "tap outside \(vc.sceneID)"
        case .rotate(let height): return height == .compact ? "rotate to landscape" : "rotate to portrait"
        case .resize(let width): return width == .compact ? "resize to compact width" : "resize to regular width"
        case .relaunch: return "background and relaunch"
        case .codePresents(let vc, _): return "code presents \(vc.sceneID) (assumed: made from its storyboard, presented from the root)"
        }
    }
}

extension UserAction {
    /// Whether any user action is possible in `state`: what `!MoveCatalog.moves(in:).isEmpty` says,
    /// without listing them.
    ///
    /// A launched state with a window root always offers the rotation (iPhone) or the resize (iPad).
    static func anyAvailable(in state: HierarchyState) -> Bool {
        state.isLaunched && !state.isTerminated && state.windowRoot != nil
    }

    /// The controller at the root of the layer `id`'s view is in: up through parents, and through the views that
    /// hold a view added without `addChild`.
    static func layerRoot(of id: ControllerID, in state: HierarchyState) -> ControllerID {
        var current = state.containmentRoot(of: id)
        for _ in 0...state.order.count {
            guard case .controller(let host)? = state[current].superview else { break }
            current = state.containmentRoot(of: host)
        }
        return current
    }

    /// The root of the topmost presentation layer: the window's root, else the last controller presented above it
    /// (`order` is the table positions of `state.hierarchyOrder`, `HierarchyState.appendHierarchyPositions(to:)`:
    /// each controller's fields are read by position, not looked up by id).
    static func topLayer(of state: HierarchyState, order: [Int]) -> ControllerID? {
        guard var layer = state.windowRoot else { return nil }
        let table = state.controllers
        var steps = 0
        while steps <= state.order.count {
            steps += 1
            // Whether a controller presents is asked first: it is one field, its containment root a walk up.
            guard let presented = order.lazy.compactMap({ position in
                table[position: position].presented.map { (table[position: position].id, $0) }
            }).first(where: { state.containmentRoot(of: $0.0) == layer })?.1 else { break }
            layer = presented
        }
        return layer
    }
}
