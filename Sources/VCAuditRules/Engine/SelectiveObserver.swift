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
    /// Whether it needs `replayDidFinish` (true unless it does nothing there).
    var observesEnd: Bool { get }
    /// Whether it changes between callbacks (false when every stored property is a `let`): one that does not is
    /// called on a copy, so that a replay copied to try other steps (`explore`) never copies it.
    var keepsState: Bool { get }
}

extension SelectiveObserver {
    public var observesSteps: Bool { false }
    public var observesEnd: Bool { true }
    public var keepsState: Bool { true }
}
