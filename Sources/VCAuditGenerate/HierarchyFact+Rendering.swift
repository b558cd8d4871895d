import VCAuditReplay
import VCAuditSpec

/// A hierarchy fact as a generated test states it: in Swift, and in words for comments.
extension HierarchyFact {
    /// The generated test's assertion of the fact (`host.expectTop(of:is:specLine:)`), naming controllers with `r`;
    /// `declared` orders the controllers of `visible` as the spec declares them.
    func assertion(line: Int, ref r: (ControllerID) -> String, declared: [ControllerID]) -> String {
        func list(_ ids: [ControllerID]) -> String { "[" + ids.map(r).joined(separator: ", ") + "]" }
        let at = "specLine: \(line)"
        switch self {
        case .visible(let ids):
            let ordered = declared.filter(ids.contains)
            return "host.expectVisible(\(list(ordered)), \(at))"
        case .presented(let by, let vc):
            return "host.expectPresented(by: \(r(by)), is: \(vc.map(r) ?? "nil"), \(at))"
        case .isPresented(let vc, let presented):
            return presented ? "host.expectPresented(\(r(vc)), \(at))" : "host.expectDismissed(\(r(vc)), \(at))"
        case .top(let nav, let vc):
            return "host.expectTop(of: \(r(nav)), is: \(r(vc)), \(at))"
        case .stack(let nav, let vcs):
            return "host.expectStack(of: \(r(nav)), is: \(list(vcs)), \(at))"
        case .selected(let tabs, let vc):
            return "host.expectSelected(in: \(r(tabs)), is: \(r(vc)), \(at))"
        case .tabs(let tabs, let vcs):
            return "host.expectTabs(of: \(r(tabs)), are: \(list(vcs)), \(at))"
        case .pages(let pages, let vcs):
            return "host.expectPages(of: \(r(pages)), are: \(list(vcs)), \(at))"
        case .parent(let child, let parent):
            return "host.expectParent(of: \(r(child)), is: \(parent.map(r) ?? "nil"), \(at))"
        case .appearance(let vc, let state):
            return "host.expectAppearance(of: \(r(vc)), is: .\(state.rawValue), \(at))"
        case .restorationPath(let vc, let path):
            return "host.expectRestorationPath(of: \(r(vc)), is: \(SwiftLiteral.string(path)), \(at))"
        case .notRestorable(let vc):
            return "host.expectNotRestorable(\(r(vc)), \(at))"
        case .forwardsAppearance(let vc, let forwards):
            return "host.expectForwardsAppearance(of: \(r(vc)), is: \(forwards), \(at))"
        }
    }

    /// The fact in words, with the spec's ids (`negated`: what holds when it fails).
    func prose(negated: Bool = false) -> String {
        func list(_ ids: [ControllerID]) -> String { "[" + ids.joined(separator: ", ") + "]" }
        let not = negated ? "not " : ""
        switch self {
        case .visible(let ids): return "\(negated ? "not " : "")visible \(list(ids))"
        case .presented(let by, let vc): return "\(by) presents \(not)\(vc ?? "nothing")"
        case .isPresented(let vc, let presented): return "\(vc) is \(not)\(presented ? "presented" : "dismissed")"
        case .top(let nav, let vc): return "\(vc) is \(not)on top of \(nav)"
        case .stack(let nav, let vcs): return "the stack of \(nav) is \(not)\(list(vcs))"
        case .selected(let tabs, let vc): return "\(vc) is \(not)selected in \(tabs)"
        case .tabs(let tabs, let vcs): return "the tabs of \(tabs) are \(not)\(list(vcs))"
        case .pages(let pages, let vcs): return "the pages of \(pages) are \(not)\(list(vcs))"
        case .parent(let child, let parent): return "the parent of \(child) is \(not)\(parent ?? "none")"
        case .appearance(let vc, let state):
            switch state {
            case .appeared, .disappeared: return "\(vc) has \(not)\(state.rawValue)"
            case .appearing, .disappearing: return "\(vc) is \(not)\(state.rawValue)"
            }
        case .restorationPath(let vc, let path): return "\(vc) is \(not)preserved as \(path)"
        case .notRestorable(let vc): return "\(vc) is \(negated ? "" : "not ")preserved"
        case .forwardsAppearance(let vc, let forwards): return "\(vc) \(forwards != negated ? "forwards" : "does not forward") appearance"
        }
    }
}
