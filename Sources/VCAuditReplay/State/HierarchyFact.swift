import VCAuditSpec
import VCAuditSupport

/// One fact about the view-controller hierarchy, in the spec's ids: what an `expect:` asserts
/// (`ExpectationEvaluator` checks it against the replayed state) and what a generated test checks after a step.
public enum HierarchyFact: Hashable, Sendable {
    /// Exactly these of the spec's controllers have their view in the window.
    case visible([ControllerID])
    /// `by.presentedViewController` is `vc` (nil: presents nothing).
    case presented(by: ControllerID, vc: ControllerID?)
    /// `vc` is presented (by anyone) or, when false, not presented.
    case isPresented(ControllerID, Bool)
    case top(nav: ControllerID, vc: ControllerID)
    case stack(nav: ControllerID, vcs: [ControllerID])
    case selected(tabs: ControllerID, vc: ControllerID)
    /// A tab bar controller's `viewControllers`.
    case tabs(ControllerID, [ControllerID])
    /// A page view controller's `viewControllers`.
    case pages(ControllerID, [ControllerID])
    case parent(child: ControllerID, parent: ControllerID?)
    case appearance(vc: ControllerID, state: AppearanceState)
    /// UIKit preserves `vc` under this restoration identifier path.
    case restorationPath(ControllerID, String)
    /// `vc` or one of its ancestors has no restoration identifier, so UIKit does not preserve it.
    case notRestorable(ControllerID)
    /// `shouldAutomaticallyForwardAppearanceMethods`.
    case forwardsAppearance(ControllerID, Bool)

    /// The fact an `expect:` assertion states, in the ids it writes.
    public init(_ check: Expectation.Check) {
        switch check {
        case .visible(let refs): self = .visible(refs.map(\.id))
        case .presented(let by, let vc): self = .presented(by: by.id, vc: vc?.id)
        case .top(let nav, let vc): self = .top(nav: nav.id, vc: vc.id)
        case .stack(let nav, let vcs): self = .stack(nav: nav.id, vcs: vcs.map(\.id))
        case .selected(let tabs, let vc): self = .selected(tabs: tabs.id, vc: vc.id)
        case .parent(let child, let parent): self = .parent(child: child.id, parent: parent?.id)
        case .appearance(let vc, let state): self = .appearance(vc: vc.id, state: state)
        }
    }

    /// What the fact checks, in the spec's words: the `expectation` of an `expect` event in the log.
    ///
    /// Written piece by piece into the one string it becomes (`TextWriter`): every failed expectation has one.
    public var summary: String {
        TextWriter.text { writeSummary(into: &$0) }
    }

    /// Writes `summary`.
    func writeSummary(into text: inout TextWriter) {
        switch self {
        case .visible(let vcs):
            Self.writeVisibleSummary(of: vcs, into: &text)
        case .presented(let by, let vc):
            text.write("presented by ", by)
            if let vc { text.write(name: vc) } else { text.write("nothing") }
        case .isPresented(let vc, let presented):
            text.write(name: vc)
            text.write(presented ? " presented" : " dismissed")
        case .top(let nav, let vc):
            text.write("top of ", nav)
            text.write(name: vc)
        case .stack(let nav, let vcs):
            text.write(children: vcs, of: nav, named: "stack")
        case .tabs(let tabs, let vcs):
            text.write(children: vcs, of: tabs, named: "tabs")
        case .pages(let pages, let vcs):
            text.write(children: vcs, of: pages, named: "pages")
        case .selected(let tabs, let vc):
            text.write("selected in ", tabs)
            text.write(name: vc)
        case .parent(let child, let parent):
            text.write("parent of ", child)
            if let parent { text.write(name: parent) } else { text.write("none") }
        case .appearance(let vc, let state):
            text.write("appearance of ", vc)
            text.write(state.rawValue)
        case .restorationPath(let vc, let path):
            text.write("restoration path of ", vc)
            text.write(path)
        case .notRestorable(let vc):
            text.write(name: vc)
            text.write(" not saved")
        case .forwardsAppearance(let vc, let forwards):
            text.write(name: vc)
            text.write(forwards ? " forwards appearance: true" : " forwards appearance: false")
        }
    }

    /// Writes the summary of `visible(ids)`, for a writer that has the ids but not the fact.
    static func writeVisibleSummary(of ids: some Sequence<ControllerID>, into text: inout TextWriter) {
        text.write("visible [")
        text.write(joined: ids)
        text.write("]")
    }

    /// Whether a test can observe it from outside the controllers.
    ///
    /// Appearance is observed through the window (`appeared`: the view is in
    /// it; `disappeared`: it is not); the transitional states exist only
    /// between a controller's own callbacks.
    public var isObservable: Bool {
        if case .appearance(_, let state) = self { return state == .appeared || state == .disappeared }
        return true
    }
}

extension HierarchyFact {
    /// What changed between two replayed states, as the facts a test checks after a step: navigation stacks, tabs
    /// and pages that changed, selections, parents not implied by those lists,
    /// presentations, and the controllers in the window whenever that set changed.
    ///
    /// A test names a controller by its property, which holds the newest instance a segue made (docs/uikit-semantics.md), so
    /// ids are checked by scene (`detail` for `detail#2`), and a check that would name an older instance is left out.
    public static func changes(from before: HierarchyState, to after: HierarchyState) -> [HierarchyFact] {
        var checks: [HierarchyFact] = []
        var listed: Set<ControllerID> = []
        func name(_ id: ControllerID) -> ControllerID? {
            if after.tabBar(ofMore: id) != nil { return nil }  // UIKit's More navigation controller: no property names it
            return after.sceneName(of: id)
        }
        func names(_ ids: [ControllerID]) -> [ControllerID]? {
            let result = ids.compactMap(name)
            return result.count == ids.count ? result : nil
        }
        for id in after.order {
            // Compared as the tables' views; copied into lists only for a controller whose children changed.
            let oldView = before.controllers.position(of: id).map { before.controllers.children(at: $0) }
            let newView = after.children(of: id)
            guard oldView.map({ $0 != newView }) ?? !newView.isEmpty else { continue }
            let old = oldView.map { Array($0) } ?? []
            let new = Array(newView)
            let kind = after[id].kind
            guard kind == .navigation || kind == .tabBar || kind == .page else { continue }
            listed.formUnion(Set(old).symmetricDifference(new))
            guard let container = name(id), let children = names(new) else { continue }
            switch kind {
            case .navigation: checks.append(.stack(nav: container, vcs: children))
            case .tabBar: checks.append(.tabs(container, children))
            default: checks.append(.pages(container, children))
            }
        }
        for id in after.order where after[id].kind == .tabBar && after[id].selected != before.controllers[id]?.selected {
            if let selected = after[id].selected, let tabs = name(id), let vc = name(selected) { checks.append(.selected(tabs: tabs, vc: vc)) }
        }
        for id in after.order where after[id].parent != before.controllers[id]?.parent && !listed.contains(id) {
            guard let child = name(id) else { continue }
            if let parent = after[id].parent {
                if let parent = name(parent) { checks.append(.parent(child: child, parent: parent)) }
            } else {
                checks.append(.parent(child: child, parent: nil))
            }
        }
        for id in after.order where after[id].presented != before.controllers[id]?.presented {
            guard let by = name(id) else { continue }
            if let presented = after[id].presented {
                if let vc = name(presented) { checks.append(.presented(by: by, vc: vc)) }
            } else {
                checks.append(.presented(by: by, vc: nil))
            }
        }
        let inWindow = after.controllersInWindow
        if inWindow != before.controllersInWindow || (after.isLaunched && !before.isLaunched), let visible = names(inWindow) {
            checks.append(.visible(visible))
        }
        return checks
    }

    /// What `preserve` saved (from its `encodeRestorableState` events) and what it left out.
    public static func preserved(events: [Event], state: HierarchyState) -> [HierarchyFact] {
        var checks: [HierarchyFact] = []
        var saved: Set<ControllerID> = []
        for event in events where event.name == .encodeRestorableState {
            guard let vc = event.vc, let path = event.restorationPath else { continue }
            checks.append(.restorationPath(vc, path))
            saved.insert(vc)
        }
        for id in state.hierarchyOrder where !saved.contains(id) {
            checks.append(.notRestorable(id))
        }
        return checks
    }

    /// What a call that UIKit refused with `warning` meant to do, when a test can check it.
    public static func refusedEffect(of warning: Event) -> HierarchyFact? {
        switch warning.reason {
        case .presentationInProgress, .notInWindow, .alreadyPresenting:
            return warning.vc.map { .isPresented($0, true) }
        case .dismissInProgress:
            return warning.presented.map { .isPresented($0, false) }
        case .pushSplitViewController:
            guard let nav = warning.vc, let child = warning.child else { return nil }
            return .top(nav: nav, vc: child)
        default:
            return nil
        }
    }
}

extension TextWriter {
    /// Writes the names of `ids`, separated by `, `.
    mutating func write(joined ids: some Sequence<ControllerID>) {
        var first = true
        for id in ids {
            if !first { write(", ") }
            first = false
            write(name: id)
        }
    }

    /// Writes `'id'`, a controller named in a failure's text.
    mutating func write(quoted id: ControllerID) {
        write("'")
        write(name: id)
        write("'")
    }

    /// Writes `id`'s name (`ControllerID.name`), its scene's read in place from the intern table: no string made
    /// for it.
    mutating func write(name id: ControllerID) {
        write(id.scene)
        if id.isInstance {
            write("#")
            write(String(id.instance))
        }
    }

    /// Writes `label id: `, what a fact states about one controller before its value (`top of nav: ` and `detail`).
    fileprivate mutating func write(_ label: String, _ id: ControllerID) {
        write(label)
        write(name: id)
        write(": ")
    }

    /// Writes `what of container: [a, b]`, a container's children as a fact states them.
    fileprivate mutating func write(children ids: [ControllerID], of container: ControllerID, named what: String) {
        write(what)
        write(" of ")
        write(name: container)
        write(": [")
        write(joined: ids)
        write("]")
    }
}
