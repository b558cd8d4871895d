import VCAuditYAML

/// A named sequence of user actions to replay.
public struct Scenario: Sendable {
    public var name: String
    /// Where the scenario's entry starts.
    public var mark: Mark
    /// Overrides the spec's device for this scenario.
    public var device: Device?
    public var steps: [Step]
    public var ignore: [Suppression]

    public init(name: String, mark: Mark, device: Device? = nil, steps: [Step], ignore: [Suppression] = []) {
        self.name = name
        self.mark = mark
        self.device = device
        self.steps = steps
        self.ignore = ignore
    }
}

/// One step of a scenario or one call of a transition, with where it is written.
public struct Step: Sendable {
    public var action: Action
    public var mark: Mark
    /// `transitionPosition` + 1, or 0 when it is nil.
    ///
    /// Declared here, between `mark` and `ignore`, it takes four bytes the step's layout leaves free (after the
    /// action and its mark, before the list's pointer, which is aligned to eight): a step is no larger for it, and
    /// steps are copied as they replay and decode. A position from 2³² − 1 on is not kept (the name is looked up).
    @usableFromInline var storedTransitionPosition: UInt32 = 0
    public var ignore: [Suppression]

    /// For a `perform` step, the position of its transition in the spec's `transitions`, when known: the decoder
    /// sets it from the lookup that checked the name; nil for other steps and for a step built in code.
    ///
    /// A replay takes the transition at this position when it has the step's name, and otherwise finds it by name
    /// (a step moved to another spec, transitions reordered since): a replay of a decoded step compares two names
    /// instead of hashing one. Package-wide, not public: the decoder and explore set it, the decider reads it, and
    /// what a library user builds in code replays the same without it.
    ///
    /// Inlinable, so that the decider reads it from a step it reads in place without copying the step for the call.
    @inlinable package var transitionPosition: Int? {
        get { storedTransitionPosition == 0 ? nil : Int(storedTransitionPosition) - 1 }
        set { storedTransitionPosition = newValue.flatMap { UInt32(exactly: $0) }.flatMap { $0 < .max ? $0 + 1 : nil } ?? 0 }
    }

    public init(_ action: Action, at mark: Mark, ignore: [Suppression] = []) {
        self.action = action
        self.mark = mark
        self.ignore = ignore
    }

    /// What a step does, in the vocabulary of docs/spec-format.md (Steps).
    public enum Action: Sendable {
        case launch
        indirect case present(vc: Reference, from: Reference, style: Located<PresentationStyle>?, anchor: PopoverAnchor?, animated: Bool)
        case dismiss(vc: Reference, animated: Bool)
        case push(nav: Reference, vc: Reference, animated: Bool)
        case pop(nav: Reference, animated: Bool)
        case popToRoot(nav: Reference, animated: Bool)
        case popTo(nav: Reference, vc: Reference, animated: Bool)
        case setViewControllers(of: Reference, vcs: [Reference], animated: Bool)
        case select(tabs: Reference, vc: Reference)
        case show(from: Reference, vc: Reference)
        case showDetail(from: Reference, vc: Reference)
        case perform(transition: Located<String>)
        case addChild(parent: Reference, child: Reference)
        case removeFromParent(child: Reference)
        /// `parent: nil` is `willMove(toParent: nil)`.
        case willMove(child: Reference, parent: Reference?)
        /// `parent: nil` is `didMove(toParent: nil)`.
        case didMove(child: Reference, parent: Reference?)
        case addSubview(view: Reference, to: Reference)
        case removeFromSuperview(view: Reference)
        case beginAppearance(vc: Reference, appearing: Bool, animated: Bool)
        case endAppearance(vc: Reference)
        case transition(parent: Reference, from: Reference, to: Reference, animated: Bool)
        case traits(width: SizeClass?, height: SizeClass?)
        case device(Device)
        case preserve
        case restore
        case simultaneously([Step])
        case expect([Expectation])
    }

    /// Every kind of step, named as a spec writes it; `SpecVocabulary.steps` describes each, in this order.
    public enum Kind: String, CaseIterable, Sendable {
        case launch, present, dismiss, push, pop, popToRoot, popTo, setViewControllers, select, show, showDetail, perform, addChild, removeFromParent, willMove, didMove, addSubview, removeFromSuperview, beginAppearance, endAppearance, transition, traits, device, preserve, restore, simultaneously, expect
    }

    /// What kind of step this is.
    public var kind: Kind {
        switch action {
        case .launch: .launch
        case .present: .present
        case .dismiss: .dismiss
        case .push: .push
        case .pop: .pop
        case .popToRoot: .popToRoot
        case .popTo: .popTo
        case .setViewControllers: .setViewControllers
        case .select: .select
        case .show: .show
        case .showDetail: .showDetail
        case .perform: .perform
        case .addChild: .addChild
        case .removeFromParent: .removeFromParent
        case .willMove: .willMove
        case .didMove: .didMove
        case .addSubview: .addSubview
        case .removeFromSuperview: .removeFromSuperview
        case .beginAppearance: .beginAppearance
        case .endAppearance: .endAppearance
        case .transition: .transition
        case .traits: .traits
        case .device: .device
        case .preserve: .preserve
        case .restore: .restore
        case .simultaneously: .simultaneously
        case .expect: .expect
        }
    }

    /// The step's name as written in a spec (`present`, `popTo`, ...).
    public var name: String { kind.rawValue }

    /// Every step name the format knows, for "did you mean" suggestions.
    public static let names: [String] = Kind.allCases.map(\.rawValue)
}

/// One assertion of an `expect:` step.
public struct Expectation: Sendable {
    public enum Check: Sendable {
        /// Exactly these controllers' views are in the window (order ignored).
        case visible([Reference])
        /// `by` presents `vc`; `vc: nil` means `by` presents nothing.
        case presented(by: Reference, vc: Reference?)
        case top(nav: Reference, vc: Reference)
        case stack(nav: Reference, vcs: [Reference])
        case selected(tabs: Reference, vc: Reference)
        /// `parent: nil` means the child has no parent.
        case parent(child: Reference, parent: Reference?)
        case appearance(vc: Reference, state: AppearanceState)

        /// Every controller the check names, in the order written.
        public var references: [Reference] {
            var result: [Reference] = []
            _ = firstReference { result.append($0); return false }
            return result
        }

        /// The first controller the check names (in the order written) for which `predicate` holds, found without
        /// making the list of them.
        public func firstReference(where predicate: (Reference) -> Bool) -> Reference? {
            func first(_ a: Reference, _ b: Reference? = nil) -> Reference? {
                if predicate(a) { return a }
                if let b, predicate(b) { return b }
                return nil
            }
            switch self {
            case .visible(let refs): return refs.first(where: predicate)
            case .presented(let by, let vc): return first(by, vc)
            case .top(let nav, let vc): return first(nav, vc)
            case .stack(let nav, let vcs): return first(nav) ?? vcs.first(where: predicate)
            case .selected(let tabs, let vc): return first(tabs, vc)
            case .parent(let child, let parent): return first(child, parent)
            case .appearance(let vc, _): return first(vc)
            }
        }
    }

    public var check: Check
    public var mark: Mark

    public init(_ check: Check, at mark: Mark) {
        self.check = check
        self.mark = mark
    }

    /// The expectation's key as written (`visible`, `top`, ...).
    public var key: String {
        switch check {
        case .visible: "visible"
        case .presented: "presented"
        case .top: "top"
        case .stack: "stack"
        case .selected: "selected"
        case .parent: "parent"
        case .appearance: "appearance"
        }
    }
}

/// Where a controller is in its appearance cycle.
public enum AppearanceState: String, Sendable, Hashable, CaseIterable {
    /// `viewWillAppear` was called, `viewDidAppear` not yet.
    case appearing
    /// `viewDidAppear` was called last.
    case appeared
    /// `viewWillDisappear` was called, `viewDidDisappear` not yet.
    case disappearing
    /// Never appeared, or `viewDidDisappear` was called last.
    case disappeared
}
