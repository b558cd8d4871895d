import VCAuditReplay
import VCAuditSpec

/// A check of the catalog: its documentation, and how it finds violations.
///
/// Rules that watch replays return an observer from `makeObserver(_:)`; the
/// checker creates one for every scenario on every device, and it sees each
/// step and each event of the scenario's event log with the state before and
/// after it (`ReplayObserver`; adopt `SelectiveObserver` to receive only the
/// events the rule needs).
/// Rules about declarations alone implement `checkDeclarations(_:_:)`, which
/// runs once per spec. A rule reports through its context and never changes
/// the replay.
public protocol Rule: Sendable {
    /// The rule's id, title, severity, documentation and examples.
    static var description: RuleDescription { get }

    /// A fresh observer for one replay of one scenario on one device, or nil when the rule does not watch replays.
    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)?

    /// Reports what is wrong in the spec's declarations alone (controllers, transitions, steps as written).
    static func checkDeclarations(_ spec: Spec, _ context: DeclarationContext)

    /// The rule runs only when exploring (`vcaudit explore`, `check --explore`): it is about what the app's
    /// user paths can reach, which a spec's own scenarios do not claim to cover.
    static var onlyWhenExploring: Bool { get }
}

extension Rule {
    /// The rule's id (`description.identifier`).
    public static var identifier: String { description.identifier }

    public static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { nil }

    public static func checkDeclarations(_ spec: Spec, _ context: DeclarationContext) {}

    public static var onlyWhenExploring: Bool { false }
}
