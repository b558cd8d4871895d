import VCAuditSpec

/// A replay that runs one step at a time, watched by an observer, and that can be copied between steps to try
/// different next steps from the same point.
///
/// `explore` keeps one per state it has reached and runs each user action from a copy, instead of replaying every
/// path from launch. Between steps nothing is in flight (a step is a run-loop turn, and its animations complete when
/// it ends), so a copy is a complete replay of its own: the state, the event count and the observer go with it.
/// Events are not kept, only watched.
public struct SteppedReplay {
    /// The decider, specialized for the set of observers it holds: each event reaches the set's routing without a
    /// dynamic call.
    private var decider: Decider<ObserverSet>
    /// How many steps have run (the next one is step `steps + 1`).
    public private(set) var steps = 0
    /// The lists and arrays the decider's steps work in, kept here between steps, by reference: the copies of the
    /// replay share them (they run their steps one at a time, and the lists are empty between steps).
    ///
    /// A step takes them into the decider and gives them back when it ends, so that a copy of the decider holds them
    /// empty (copying it retains none of their storage) and a step works in lists of its own, allocating none.
    private let room = Room()

    /// The lists a step takes (`room`).
    private final class Room {
        var lists = ReplayWorkspace()
    }

    /// A replay of `spec` on `device` from `initialState` (`Replay.initialState(spec:device:)`), with no step run
    /// yet, watched by `observers`; `scenario` names it in messages.
    public init(_ spec: Spec, scenario: String, device: Device, initialState: HierarchyState, observers: ObserverSet) {
        let header = EventLog.Header(spec: spec.file, specDigest: "", scenario: scenario, device: device, ios: spec.ios)
        decider = Decider(spec: spec, state: initialState, header: header, observer: observers, keepsEvents: false,
                          messageCache: UIKitMessageCache())
    }

    /// Makes this replay equal to `other`, a copy of the same replay, copying its state into this replay's arrays
    /// where they have room (`Decider.restart(from:)`): a replay restarted from another for each next step tried
    /// allocates nothing for the state, where a copy's first changes copy its arrays and its end frees them.
    package mutating func restart(from other: SteppedReplay) {
        precondition(room === other.room, "a replay restarts from a copy of the same replay")
        decider.restart(from: other.decider)
        steps = other.steps
    }

    /// The hierarchy after the steps run so far.
    public var state: HierarchyState { decider.state }

    /// What `body` reads of the hierarchy after the steps run so far, without copying it.
    ///
    /// `state` answers a copy (a retain and a release of each of its arrays): `explore` reads the state of every path
    /// it tries, and keeps none of them.
    public func withState<Result>(_ body: (HierarchyState) throws -> Result) rethrows -> Result { try body(decider.state) }

    /// The observers, as the steps run so far left them.
    public var observers: ObserverSet { decider.observer }

    /// Runs `step` as the scenario's next step (nothing happens once UIKit has raised).
    public mutating func run(_ step: Step) {
        withUnsafePointer(to: step) { run(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Runs `steps` as the scenario's next steps, each read in place from its array, then tells the observers that
    /// the replay ends at the state they reach: in a copy when `goesOn`, asked of that state, says that the replay
    /// runs more steps (`finished()`), in place when it says not (`finish()`, after which no step may run); answers
    /// what `goesOn` said.
    ///
    /// One mutating call for what `explore` does on every path it tries: a step read by position from the array for
    /// `run(_:)` was copied (its action's strings retained, then released), and the replay read through `withState`,
    /// then `finished()`, was copied to the caller's stack for each call (304 bytes, twice a path).
    package mutating func run(_ steps: [Step], goesOn: (HierarchyState) -> Bool) -> Bool {
        steps.withUnsafeBufferPointer { run($0) }
        guard goesOn(decider.state) else {
            finish()
            return false
        }
        _ = finished()
        return true
    }

    /// Runs `steps` one after another, each read in place (nothing happens once UIKit has raised).
    private mutating func run(_ steps: UnsafeBufferPointer<Step>) {
        for position in steps.indices {
            self.steps += 1
            guard !decider.state.isTerminated else { continue }
            decider.swapLists(with: &room.lists)
            decider.run(stepAt: position, of: steps, index: self.steps)
            decider.swapLists(with: &room.lists)
        }
    }

    /// The observers told that the replay ends here, in a copy: the replay itself can go on.
    public func finished() -> ObserverSet {
        var observers = decider.observer
        observers.replayDidFinish(state: decider.state)
        return observers
    }

    /// Tells the observers in place that the replay ends here (the replay should not run another step after it).
    public mutating func finish() {
        decider.observer.replayDidFinish(state: decider.state)
    }
}
