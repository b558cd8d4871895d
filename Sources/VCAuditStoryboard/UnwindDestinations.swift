/// Which declared controller an unwind segue lands on, from the classes that implement its action and the
/// storyboards' static structure.
///
/// UIKit walks up from the segue's source (its parent, the controllers below it in its navigation stack, its
/// presenter, and on up) to the first controller, other than the source, that responds to the action. Statically,
/// the controllers that can respond are those whose class (or a superclass) implements it; of several, the one the
/// walk can meet is one the source can sit above: a container that holds it, a controller whose segue shows it,
/// and theirs in turn (its static ancestors).
struct UnwindDestinations {
    /// Where an unwind segue lands, as far as the sources and storyboards tell.
    enum Destination: Equatable {
        /// On this controller, whose class implements the action there; `among` the controllers that could
        /// receive it, when there were several and the walk up from the source meets this one first, whatever the
        /// path; `isAbove`: whether the storyboards show the source from it (when it is the only one, they may not:
        /// the code then shows the source, or the unwind finds nothing).
        case controller(String, UnwindActions.Implementation, among: [String], isAbove: Bool)
        /// On one of these controllers, which the structure does not tell apart.
        case oneOf([Candidate])
        /// Classes implement the action, but no declared controller is of one of them (the code makes it).
        case undeclared([UnwindActions.Implementation])
        /// No source file implements it, or no sources were read.
        case unknown
    }

    struct Candidate: Equatable {
        var controller: String
        var implementation: UnwindActions.Implementation
    }

    /// Ancestors visited at most from one source: bounded for a hostile storyboard, far above a real app's.
    static let maximumAncestors = 10_000

    private let actions: UnwindActions
    /// Every declared controller, in declaration order, with its class (nil for a placeholder).
    private let controllers: [(id: String, className: String?)]
    /// Per controller, those directly above it: its container, and the sources of the segues that show it.
    private let above: [String: [String]]
    private var ancestorsOf: [String: Set<String>] = [:]

    init(actions: UnwindActions, controllers: [(id: String, className: String?)], above: [String: [String]]) {
        self.actions = actions
        self.controllers = controllers
        self.above = above
    }

    /// Where the unwind segue with `action` (a selector, `backFromEditor:`) performed from `source` lands.
    mutating func destination(of action: String, from source: String) -> Destination {
        guard actions.implementations[action] != nil else { return .unknown }
        let candidates = controllers.compactMap { controller -> Candidate? in
            guard controller.id != source, let className = controller.className,
                  let implementation = actions.implementation(of: action, forClass: className) else { return nil }
            return Candidate(controller: controller.id, implementation: implementation)
        }
        if candidates.isEmpty { return .undeclared(actions.implementations[action] ?? []) }
        let ancestors = ancestors(of: source)
        if candidates.count == 1 {
            return .controller(candidates[0].controller, candidates[0].implementation, among: [],
                               isAbove: ancestors.contains(candidates[0].controller))
        }
        let candidatesAbove = candidates.filter { ancestors.contains($0.controller) }
        if candidatesAbove.count == 1 {
            return .controller(candidatesAbove[0].controller, candidatesAbove[0].implementation, among: candidates.map(\.controller), isAbove: true)
        }
        // Of several above it, the one every way up to the others passes (the nearest controller of a navigation
        // stack that shows it, whose lower controllers share its class): the walk meets it first, whatever the path.
        // It is the only one met first on some way up: one walk that stops at each candidate finds them all.
        let firstMet = Self.firstMet(Set(candidatesAbove.map(\.controller)), from: source, in: above)
        if firstMet.count == 1, let candidate = candidatesAbove.first(where: { firstMet.contains($0.controller) }) {
            return .controller(candidate.controller, candidate.implementation, among: candidates.map(\.controller), isAbove: true)
        }
        // Those the storyboards put above the source, when they are several: the others it cannot meet.
        return .oneOf(candidatesAbove.count > 1 ? candidatesAbove : candidates)
    }

    /// Of `candidates`, those some way up from `source` meets before any other (a walk that does not go past one),
    /// bounded by `maximumAncestors`.
    private static func firstMet(_ candidates: Set<String>, from source: String, in above: [String: [String]]) -> Set<String> {
        var met: Set<String> = []
        var seen: Set<String> = [source]
        var queue = [source]
        var next = 0
        while next < queue.count, seen.count < maximumAncestors {
            for parent in above[queue[next]] ?? [] where seen.insert(parent).inserted {
                if candidates.contains(parent) { met.insert(parent) } else { queue.append(parent) }
            }
            next += 1
        }
        return met
    }

    /// The controllers `source` can sit above in the storyboards, through containers and segues (breadth first,
    /// bounded by `maximumAncestors`).
    private mutating func ancestors(of source: String) -> Set<String> {
        if let known = ancestorsOf[source] { return known }
        let found = Self.ancestors(of: source, in: above)
        ancestorsOf[source] = found
        return found
    }

    /// The controllers above `source` in `above`.
    private static func ancestors(of source: String, in above: [String: [String]]) -> Set<String> {
        var found: Set<String> = []
        var queue = [source]
        var next = 0
        while next < queue.count, found.count < maximumAncestors {
            for parent in above[queue[next]] ?? [] where parent != source && found.insert(parent).inserted {
                queue.append(parent)
            }
            next += 1
        }
        return found
    }
}
