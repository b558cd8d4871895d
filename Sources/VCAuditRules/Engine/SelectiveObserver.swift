import VCAuditReplay

/// A replay observer that needs only some events and perhaps no step callbacks.
///
/// The checker forwards `willApply`/`didApply` only for `observedEvents`, and
/// `stepWillBegin`/`stepDidEnd` only when `observesSteps`: replays emit many
/// callbacks no rule looks at, and every rule runs on every one of them
/// otherwise. Observers that are not selective see everything.
public protocol SelectiveObserver: ReplayObserver {
    /// The events whose `willApply` and `didApply` it needs.
    var observedEvents: Set<EventName> { get }
    /// Whether it needs `stepWillBegin` and `stepDidEnd`.
    var observesSteps: Bool { get }
}

extension SelectiveObserver {
    public var observesSteps: Bool { false }
}
