import VCAuditSpec

/// A replay observer that needs only some events and some of the callbacks.
///
/// An `ObserverSet` forwards `willApply`/`didApply` only for `observedEvents`, and
/// only the callbacks an observer lists in `callbacks`: replays emit many
/// events no rule looks at, and a callback an observer does not implement would
/// still cost a dynamic call per event. Observers that are not selective get
/// every callback for every event. What it needs belongs to its type, so a set
/// works it out once per type (`ObserverSet.Plan`), not for every observer made.
public protocol SelectiveObserver: ReplayObserver {
    /// The events whose `willApply` and `didApply` it needs.
    static var observedEvents: Set<EventName> { get }
    /// The callbacks it implements: the checker makes no other.
    static var callbacks: ObserverCallbacks { get }
    /// Whether it changes between callbacks (false when every stored property is a `let`): one that does not is
    /// kept once and called in place, so that a replay copied to try other steps (`explore`) never copies it.
    static var keepsState: Bool { get }
    /// Whether its `stepWillBegin` and `stepDidEnd` have something to do only when it was passed an event
    /// (`willApply` or `didApply`) since its last `stepDidEnd`: what they settle is what it saw since then. A set
    /// calls them only then: most steps give the rules that settle at a step's end nothing to settle.
    static var settlesOnlyWhatItSaw: Bool { get }
}

extension SelectiveObserver {
    public static var keepsState: Bool { true }
    public static var settlesOnlyWhatItSaw: Bool { false }
    public static var selectiveType: (any SelectiveObserver.Type)? { Self.self }
}

extension ReplayObserver {
    /// Nil: an observer that is not a `SelectiveObserver` gets every callback. A set of observers asks each type this
    /// rather than casting it to `SelectiveObserver`: the run time answers a cast to a protocol by scanning every
    /// conformance record of the process, once for each type (about 200,000 instructions each, profiles showed).
    public static var selectiveType: (any SelectiveObserver.Type)? { nil }
}

/// The `ReplayObserver` callbacks an observer implements.
public struct ObserverCallbacks: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let willApply = ObserverCallbacks(rawValue: 1 << 0)
    public static let didApply = ObserverCallbacks(rawValue: 1 << 1)
    public static let stepWillBegin = ObserverCallbacks(rawValue: 1 << 2)
    public static let stepDidEnd = ObserverCallbacks(rawValue: 1 << 3)
    public static let replayDidFinish = ObserverCallbacks(rawValue: 1 << 4)
    public static let replayWillBegin = ObserverCallbacks(rawValue: 1 << 5)
    /// Every callback: what an observer that is not selective gets.
    public static let all: ObserverCallbacks = [.willApply, .didApply, .stepWillBegin, .stepDidEnd, .replayDidFinish, .replayWillBegin]
}
