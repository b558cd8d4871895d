import VCAuditSpec
import VCAuditSupport

/// Where the events a decider emits come from.
struct EventOrigin {
    var at: InternedLocation
    var step: Int
    var transition: InternedString?
    var depth: Int
}

/// Work UIKit does when an animation completes (a decider's, whatever it is watched by, so that a `ReplayWorkspace`
/// can keep the array of them).
struct PendingCompletion {
    var origin: EventOrigin
    var kind: Animation.Kind
    /// The controller the animation is of: the `vc` of its `animationDidComplete`, made when it is emitted, before
    /// `events` (an event made when the animation starts was copied into the completion and out of it again).
    var owner: ControllerID
    var events: CompletionEvents
}

/// The events a transition's completion emits, in order: the first `count` events of an array whose other events are
/// room left by an earlier completion.
///
/// Emptied by setting its count: an array of events emptied in place (`removeAll(keepingCapacity:)`) went through
/// the array's generic `replaceSubrange`, about 90 instructions for each completion (callgrind), though an event
/// holds nothing to release. The events past the count are plain bytes (`Event` holds nothing reference-counted), so
/// keeping them holds nothing alive.
struct CompletionEvents {
    /// The events, then the room left.
    private var storage: [Event] = []
    /// How many of `storage`'s events are the list's.
    private(set) var count = 0

    /// How many events the list holds without allocating.
    var capacity: Int { storage.capacity }

    /// The event at `position` (below `count`).
    subscript(position: Int) -> Event {
        precondition(position < count, "an event past the list's end")
        return storage[position]
    }

    /// Makes room for `capacity` events in all.
    mutating func reserveCapacity(_ capacity: Int) { storage.reserveCapacity(capacity) }

    /// Appends `event`, in the room left when there is some.
    mutating func append(_ event: consuming Event) {
        if count < storage.count { storage[count] = event } else { storage.append(event) }
        count += 1
    }

    /// Empties the list, keeping its room.
    mutating func removeAll() { count = 0 }

    /// Whether one of the events is a `removeFromSuperview` of `vc`'s view.
    func containsRemoval(of vc: ControllerID) -> Bool {
        for position in 0..<count where Self.isRemoval(storage[position], of: vc) { return true }
        return false
    }

    /// Removes the `removeFromSuperview` events of `vc`'s view, keeping the others in order.
    mutating func removeRemovals(of vc: ControllerID) {
        var kept = 0
        for position in 0..<count where !Self.isRemoval(storage[position], of: vc) {
            if kept != position { storage[kept] = storage[position] }
            kept += 1
        }
        count = kept
    }

    private static func isRemoval(_ event: Event, of vc: ControllerID) -> Bool {
        event.name == .removeFromSuperview && event.vc == vc
    }
}

/// What the copies of a decider share, held by reference: what it reads and never changes (the spec, the log's
/// header, whether the log keeps events), and the UIKit messages it made so far.
///
/// `explore` copies a decider for every path it tries: held by value, these retained each of the spec's strings and
/// lists on every copy. The messages depend on the spec alone, and the copies of one decider run one at a time (a
/// `SteppedReplay`'s copies, on their exploration's thread), so what one copy adds to them is what another would
/// have made.
///
/// A `ReplayWorkspace` keeps the parts of its last replay for the next replay of the same spec (`isMade(of:)`), which
/// then sets its own `header`: made for each replay, they copied the whole spec and interned its path each time.
final class SharedDeciderParts {
    let spec: Spec
    /// The log's header: set again by the next replay that takes these parts over from a workspace.
    var header: EventLog.Header
    /// Whether the log keeps the events recorded; `check` only watches them as they happen.
    let keepsEvents: Bool
    /// The messages made so far: for the copies of a replay (`SteppedReplay`, whose copies meet the same warnings on
    /// many paths), and for the next replays of the spec that take these parts over from a workspace (`check` meets
    /// the same warnings in many scenarios and on each device).
    let messageCache: UIKitMessageCache
    /// The spec's path, interned for every event's location.
    let file: InternedString
    /// The payload numbers of the restoration paths the events carry (`encodeRestorableState`,
    /// `decodeRestorableState`): here rather than in each decider, whose copies (`explore` makes one for every path
    /// it tries) would each copy them, and kept with the parts for the spec's next replays. Read and changed by one
    /// copy at a time, never in overlapping accesses: without the run time's exclusivity checks.
    @exclusivity(unchecked) var pathNumbers = Event.RestorationPathNumbers()

    init(spec: Spec, header: EventLog.Header, keepsEvents: Bool, messageCache: UIKitMessageCache = UIKitMessageCache()) {
        self.spec = spec
        self.header = header
        self.keepsEvents = keepsEvents
        self.messageCache = messageCache
        file = InternedString(spec.file)
    }

    /// Whether these parts were made of `spec` itself: a copy of it, the same bit for bit (the same strings, lists and
    /// tables, which the copy held here keeps from changing), so that whatever a decider reads of one it reads of
    /// the other. A spec made apart with the same content, or bits that differ only in padding, answer false.
    func isMade(of other: Spec) -> Bool { isBitwiseCopy(spec, of: other) }

    // The spec's lookups the decider makes, asked of this object: a method of `spec` called through a reference to
    // the object (`parts.spec.controllerPosition(of:)`) copies the whole spec for the call first, a retain of each of
    // its strings and lists.

    /// `Spec.controllerPosition(of:)`.
    func controllerPosition(of id: ControllerID) -> Int? { spec.controllerPosition(of: id) }

    func transitionPosition(_ name: String) -> Int? { spec.transitionPosition(name) }

    func transitionName(at position: Int) -> InternedString { spec.internedTransitionName(at: position) }

    /// `Spec.uikitName(_:)` in this spec, for UIKit's messages (`UIKitMessages`).
    func uikitName(_ id: ControllerID) -> String { spec.uikitName(id) }

    func popoverAnchor(for vc: ControllerID, override: PopoverAnchor?) -> PopoverAnchor? {
        spec.popoverAnchor(for: vc, override: override)
    }

    /// `PresentationResolver.adaptedStyle(_:for:spec:width:height:)` in this spec.
    func adaptedStyle(_ requested: PresentationStyle, for vc: ControllerID, width: SizeClass, height: SizeClass) -> PresentationStyle {
        PresentationResolver.adaptedStyle(requested, for: vc, spec: spec, width: width, height: height)
    }
}

/// Turns steps into events for one scenario, folding each event into the state as it is emitted.
///
/// One scenario step is one run-loop turn: the calls of a transition and the
/// steps of `simultaneously` are issued in the same turn. Animated transitions
/// started in a turn stay in flight until it ends; their completions (the
/// `Did` callbacks, views leaving, `didMove`, the presenter's view removed)
/// run when the step ends, in the order the animations started. That is what
/// makes `simultaneously` and back-to-back calls in one transition behave as
/// on a device: the second call sees the first one's animation in flight.
///
/// Deliberate simplifications, each documented where it lives:
/// - every animation of a turn completes at the end of that turn (durations and
///   interactive, cancelable transitions are not modeled), except that the
///   calls after an animated `transition(from:to:)` in a transition's `calls:`
///   run as its completion block (`perform`);
/// - a completion re-checks what it does against the state at that point: a
///   `Did` callback whose `Will` was reversed meanwhile is not made, and a view
///   shown again before its removal completed stays;
/// - a container passes appearance callbacks to the children it shows only
///   while it has appeared or is appearing (`isShowingChildren`).
struct Decider<Observer: DeciderObserver> {
    typealias Origin = EventOrigin
    typealias Completion = PendingCompletion

    /// The order a transition makes its appearance callbacks in, as UIKit's containers do.
    enum AppearanceOrder {
        /// Push, pop, `transition(from:to:)`: leaving `Will`, entering `Will`, leaving `Did`, entering `Did`.
        case navigation
        /// Tab switches and page-curl page turns: entering `Will`, leaving `Will`, leaving `Did`, entering `Did`.
        case tab
        /// Scrolling page turns: entering `Will`, leaving `Will`, entering `Did`, leaving `Did`.
        case pageScroll
    }

    /// What the copies of this decider share: the spec, the log's header and UIKit's messages made so far (one
    /// reference for a copy to retain).
    let parts: SharedDeciderParts
    /// The spec's path, interned once for every event's location.
    let file: InternedString
    /// UIKit's messages, read through the parts.
    var messages: UIKitMessages { UIKitMessages(parts: parts) }
    var state: HierarchyState
    /// The events recorded, when the log keeps them (`SharedDeciderParts.keepsEvents`), and how many were recorded.
    ///
    /// The count is kept and read with wrapping arithmetic: a replay records nowhere near `Int.max` events, and the
    /// overflow test was an instruction more in every event's placing and recording.
    var events: [Event] = []
    var eventCount = 0
    var observer: Observer
    var origin: Origin
    var completions: [Completion] = []
    /// Room `changeChildren` reuses for its lists of controllers, empty between calls.
    var scratch: [ControllerID] = []
    /// Emptied lists of controllers that a transition borrows for its work and gives back (`borrowList`,
    /// `giveBack`), so that a replay allocates each list once rather than once per step.
    var spareLists: [[ControllerID]] = []
    /// Room a transition reuses for the events its completion emits (`completionEvents(capacity:)`): the list of
    /// the last completion emitted, emptied.
    var spareEvents = CompletionEvents()
    /// The payload numbers of the lists of controllers its events carry (`setViewControllers`' and the pops' `vcs`).
    var listNumbers = Event.ControllerListNumbers()
    /// The reason the "Unbalanced calls" line of a reversed appearance gets (an overlapping container transition
    /// sets its own while it runs).
    var reversalReason: ReplayReason = .interruptedAppearance
    /// What an event's absent ids hold, read once: `Event(name:location:)` reads it from a lazy global, whose check
    /// cost a call per event.
    private let noID = StoredControllerID.none
    /// The events the observer gets `willApply` for, and those it gets `didApply` for, a bit each by
    /// `EventName.ordinal`: every event, but a set of observers says which of them its observers get (most events
    /// reach none of the rules, and each call copies the event and the state for it).
    private let willApplyNames: UInt64
    private let didApplyNames: UInt64
    /// Whether the events recorded are kept (`SharedDeciderParts.keepsEvents`), read in place by every `record`: read
    /// through the parts, it cost a load more per event.
    private let keepsEvents: Bool

    /// A decider of `spec`'s scenario from `state`, watched by `observer`, whose log has `header`; a replay whose
    /// copies meet the same warnings again and again shares `messageCache` with them (by default, it has one of its own).
    init(spec: Spec, state: HierarchyState, header: EventLog.Header, observer: Observer, keepsEvents: Bool = true,
         messageCache: UIKitMessageCache = UIKitMessageCache()) {
        self.init(parts: SharedDeciderParts(spec: spec, header: header, keepsEvents: keepsEvents, messageCache: messageCache),
                  state: state, observer: observer)
    }

    /// A decider of `parts.spec`'s scenario from `state`, watched by `observer` (parts a workspace keeps for the spec's
    /// replays).
    init(parts: SharedDeciderParts, state: HierarchyState, observer: Observer) {
        self.parts = parts
        self.state = state
        if let set = observer as? ObserverSet {
            (willApplyNames, didApplyNames) = set.routedNames
        } else {
            (willApplyNames, didApplyNames) = (.max, .max)
        }
        self.observer = observer
        keepsEvents = parts.keepsEvents
        file = parts.file
        origin = Origin(at: InternedLocation(file: parts.file, line: 1, column: 1), step: 0, transition: nil, depth: 0)
    }

    var isDone: Bool { state.isTerminated }

    /// Takes the emptied lists and arrays an earlier replay left in `workspace` (borrowed lists, `changeChildren`'s
    /// room, completion events, pending completions) for this replay's transitions.
    mutating func takeLists(from workspace: inout ReplayWorkspace) {
        swapLists(with: &workspace)
    }

    /// Leaves the state's arrays and the decider's lists in `workspace` for the next replay (`takeLists(from:)`).
    ///
    /// A list still lent (none is, between steps) stays out of the workspace: the lists are moved, never copied.
    mutating func leave(in workspace: inout ReplayWorkspace) {
        if !completions.isEmpty { completions.removeAll(keepingCapacity: true) }
        swapLists(with: &workspace)
        workspace.state = state
    }

    /// Exchanges the decider's lists with the workspace's: a move both ways, nothing copied.
    mutating func swapLists(with workspace: inout ReplayWorkspace) {
        swap(&spareLists, &workspace.spareLists)
        swap(&scratch, &workspace.scratch)
        swap(&spareEvents, &workspace.spareEvents)
        swap(&completions, &workspace.completions)
        swap(&listNumbers, &workspace.listNumbers)
    }

    /// The log of the events recorded so far, under `header`.
    var log: EventLog { EventLog(header: parts.header, events: events) }

    // MARK: Emitting

    /// Records `event` at the current origin and folds it into the state.
    mutating func emit(_ event: consuming Event) {
        place(&event)
        record(event)
    }

    /// Gives `event` the current origin and the next position in the log.
    private func place(_ event: inout Event) {
        event.location = origin.at
        event.step = origin.step
        event.transitionName = origin.transition
        event.depth = origin.depth
        event.seq = eventCount &+ 1
    }

    /// Records `event`, placed (`place(_:)`): tells the observer and folds it into the state, unless UIKit has raised.
    /// `receiverPosition` is the position of the event's receiver (`vc`) in the state's table, when the caller looked
    /// it up (`Replay.evolve(_:_:receiverAt:)`).
    ///
    /// The event is borrowed and not changed here, so that each call below is passed the caller's memory. An event
    /// changed in the function that passes it on is kept in registers there, and stored into a copy of its own for
    /// each call (`evolve`, `willApply`, `didApply`: 28 instructions each, profiles showed); inlined, this function
    /// would be such a function.
    @inline(never)
    private mutating func record(_ event: borrowing Event, receiverAt receiverPosition: Int? = nil) {
        guard !state.isTerminated else { return }
        eventCount &+= 1
        // A masking shift: an ordinal is below 64 (`ObserverSet.Routing.Routes` checks there are no more names), and
        // `<<` tested for a wider shift at every event.
        let name: UInt64 = 1 &<< event.name.ordinal
        if willApplyNames & name != 0 { observer.willApply(event, state: state) }
        Replay.evolve(&state, event, receiverAt: receiverPosition)
        if didApplyNames & name != 0 { observer.didApply(event, state: state) }
        if keepsEvents { keep(event) }
    }

    /// Appends `event` to the events kept: a call of its own, so that the array's append (which `check`, keeping no
    /// events, never makes) takes no registers in `record`, which saves and restores each it uses on every event.
    @inline(never)
    private mutating func keep(_ event: borrowing Event) {
        events.append(copy event)
    }

    /// An event with a placeholder position; `emit` fills it in.
    mutating func event(_ name: EventName, _ configure: (inout Event) -> Void = { _ in }) -> Event {
        var e = Event(name: name, location: origin.at, noID: noID)
        configure(&e)
        return e
    }

    /// An event whose only payload is the list of controllers `vcs` (`setViewControllers`, the pops), numbered
    /// through the replay's cache of lists (`Event.ControllerListNumbers`), with a placeholder position.
    mutating func event(_ name: EventName, vcs: [ControllerID], _ configure: (inout Event) -> Void) -> Event {
        var e = event(name, configure)
        e.setOnlyPayload(vcs: vcs, numberedIn: &listNumbers)
        return e
    }

    /// Records an event named `name`, which `configure` fills in, at the current origin.
    ///
    /// Made, filled in and placed in the caller's frame, where `record` reads it: nothing copies it.
    mutating func emit(_ name: EventName, _ configure: (inout Event) -> Void = { _ in }) {
        var e = Event(name: name, location: origin.at, noID: noID)
        configure(&e)
        place(&e)
        record(e)
    }

    /// Records an event named `name` whose receiver (`vc`) is `receiver`, at `position` in the state's table, at the
    /// current origin: folded into the state without looking the receiver up again.
    mutating func emit(_ name: EventName, receiver: ControllerID, at position: Int) {
        var e = Event(name: name, location: origin.at, noID: noID)
        e.vc = receiver
        place(&e)
        record(e, receiverAt: position)
    }

    /// Records UIKit's exception; the app has crashed and the scenario ends.
    mutating func exception(_ message: Event.Message, reason: ReplayReason, _ configure: (inout Event) -> Void = { _ in }) {
        emit(.exception) {
            $0.setOnlyPayload(message: message)
            $0.reason = reason
            configure(&$0)
        }
    }

    /// Records what UIKit logs to the console.
    mutating func warning(_ message: Event.Message, reason: ReplayReason, _ configure: (inout Event) -> Void = { _ in }) {
        emit(.warning) {
            $0.setOnlyPayload(message: message)
            $0.reason = reason
            configure(&$0)
        }
    }

    // MARK: Animations

    /// Emits `events` now, or when the run-loop turn ends if `animated`, as one animation of `owner`.
    mutating func finish(animated: Bool, kind: Animation.Kind, owner: ControllerID, _ events: consuming CompletionEvents) {
        if animated {
            emit(.animationDidStart) {
                $0.vc = owner
                $0.animation = kind
            }
            completions.append(Completion(origin: origin, kind: kind, owner: owner, events: consume events))
        } else {
            // Passed on, not copied: the list is kept once its events are emitted, and appending to it would copy
            // its array if it were still shared.
            emitCompletions(consume events)
        }
    }

    /// Emits `events` in order, each copied once (reversing the list to pop them would copy each three times),
    /// and keeps the emptied list for the next transition's completion.
    mutating func emitCompletions(_ events: consuming CompletionEvents) {
        for index in 0..<events.count { emitCompletion(events[index]) }
        events.removeAll()
        // Swapped, not assigned: the list kept is not retained again, and the one dropped is the other.
        if events.capacity > spareEvents.capacity { swap(&spareEvents, &events) }
    }

    /// An empty list for the events a transition's completion emits, with room for `capacity`: the one the last
    /// completion left, so that a transition whose events fit allocates none.
    mutating func completionEvents(capacity: Int) -> CompletionEvents {
        var events = spareEvents
        spareEvents = CompletionEvents()
        events.reserveCapacity(capacity)
        return events
    }

    /// Runs every pending completion, in the order the animations started, and empties the list.
    ///
    /// Each runs in place: the pending ones stay in `completions` while one runs (a view it mounts cancels their
    /// removals), and so do the ones run, their events taken out, until the last has run: taking each out first
    /// (`removeFirst`) would move the others down and copy it.
    mutating func completeAnimations() {
        guard !completions.isEmpty else { return }
        // Most steps that animate start one animation: its completion is taken out and run, which leaves the list
        // empty without emptying it in place (the array's generic `replaceSubrange`, about 80 instructions).
        if completions.count == 1 { return run(completions.removeLast()) }
        var index = 0
        while index < completions.count {
            runCompletion(at: index)
            index += 1
        }
        completions.removeAll(keepingCapacity: true)
    }

    /// Emits what the pending completion at `index` does, at the origin of the call that started its animation, and
    /// takes its events out of it.
    mutating func runCompletion(at index: Int) {
        let saved = origin
        origin = completions[index].origin
        emitAnimationDidComplete(owner: completions[index].owner, kind: completions[index].kind)
        // The events are taken out of the completion, so that their array is not shared and can be kept.
        var events = CompletionEvents()
        swap(&events, &completions[index].events)
        emitCompletions(consume events)
        origin = saved
    }

    /// Emits what `completion` does, at the origin of the call that started its animation.
    mutating func run(_ completion: consuming Completion) {
        let saved = origin
        origin = completion.origin
        emitAnimationDidComplete(owner: completion.owner, kind: completion.kind)
        // The events are taken out of the completion, so that their array is not shared and can be kept.
        var events = CompletionEvents()
        swap(&events, &completion.events)
        emitCompletions(consume events)
        origin = saved
    }

    /// Emits the `animationDidComplete` of `owner`'s animation of `kind`.
    mutating func emitAnimationDidComplete(owner: ControllerID, kind: Animation.Kind) {
        emit(.animationDidComplete) {
            $0.vc = owner
            $0.animation = kind
        }
    }

    /// Emits one event of a completion, unless the state has moved on since it was scheduled:
    /// a `Did` callback needs its `Will` still outstanding, and a removal needs the view still mounted.
    ///
    /// Always inlined into `emitCompletions`, its one caller: called, each event was copied to it by `memcpy` (about
    /// 25 instructions an event more, callgrind showed).
    ///
    /// The receiver of a callback or a removal is looked up once, for the check and for folding the event.
    @inline(__always)
    mutating func emitCompletion(_ e: consuming Event) {
        switch e.name {
        case .viewDidAppear, .viewDidDisappear, .removeFromSuperview:
            guard let vc = e.vc else { break }
            let position = state.controllers.position(of: vc)!
            switch e.name {
            case .viewDidAppear where state.controllers[position: position].appearance != .appearing: return
            case .viewDidDisappear where state.controllers[position: position].appearance != .disappearing: return
            case .removeFromSuperview where state.controllers[position: position].superview == nil: return
            default: break
            }
            place(&e)
            return record(e, receiverAt: position)
        default: break
        }
        emit(e)
    }

    /// Mounts `vc`'s view in `host`'s view, as a container does when it shows a child:
    /// cancels a removal still pending for it (the view stays) or emits `addSubview`.
    mutating func mount(_ vc: ControllerID, in host: ControllerID) {
        cancelPendingRemoval(of: vc)
        if state[vc].superview != .controller(host) {
            emit(.addSubview) { $0.vc = vc; $0.parent = host }
        }
    }

    /// Drops the `removeFromSuperview` of `vc`'s view from every pending completion (its view stays).
    ///
    /// Each completion's events are searched before any is changed: nearly always none holds one, and removing
    /// from an array that holds none still checks it is unique and walks it again.
    mutating func cancelPendingRemoval(of vc: ControllerID) {
        for index in completions.indices {
            guard completions[index].events.containsRemoval(of: vc) else { continue }
            completions[index].events.removeRemovals(of: vc)
        }
    }

    /// A deferred `removeFromSuperview` of `vc`'s view from `host`'s view.
    mutating func unmount(_ vc: ControllerID, from host: ControllerID) -> Event {
        event(.removeFromSuperview) { $0.vc = vc; $0.parent = host }
    }

    // MARK: Appearance
    //
    // The helpers that read the decider during a transition (these, `event`, `unmount`, `isShowingChildren`) are
    // `mutating` though they change nothing: a decider watched by a value (`ObserverSet`, `NoObserver`) is a plain
    // value of about 500 bytes, and a mutating method that calls a non-mutating one on it copies it whole for the
    // call (an `inout` self is passed by address). They read through loops, not closures, for the same reason: a
    // closure that reads `state` captures the decider.

    /// Controllers that get callbacks when `root`'s view enters the window and are not on screen yet.
    mutating func appearing(_ root: ControllerID) -> ControllerList {
        appearanceTargets(from: root, except: .appeared, .appearing)
    }

    /// Controllers that get callbacks when `root`'s view leaves the window and are on screen.
    mutating func disappearing(_ root: ControllerID) -> ControllerList {
        appearanceTargets(from: root, except: .disappeared, .disappearing)
    }

    /// The controllers that get `root`'s appearance callbacks, except those in appearance state `first` or `second`.
    private mutating func appearanceTargets(from root: ControllerID, except first: AppearanceState,
                                            _ second: AppearanceState) -> ControllerList {
        state.appearanceTargetList(from: root, except: (first, second))
    }

    /// Appends the instances `references` mean now (`HierarchyState.current`) to `ids`.
    mutating func appendCurrentIDs(_ references: [Reference], to ids: inout [ControllerID]) {
        ids.reserveCapacity(ids.count + references.count)
        for reference in references { ids.append(state.current(reference.id)) }
    }

    /// `appearing` of each of `roots`, in order.
    ///
    /// The helpers below loop rather than pass a closure on purpose: a closure in a `mutating` method that reads the
    /// decider (`leaving.flatMap { disappearing($0) }`) copied the whole decider, its spec, state and observers, per
    /// call.
    ///
    /// One root (a push, a pop, a tab) is answered with its own list, not a copy of it. Both are inlined into their
    /// callers (`changeChildren` on every push and pop): called, the list passed back through one more frame, about
    /// 1.8 M instructions of `check --specs 40` under callgrind.
    @inline(__always)
    mutating func appearing(all roots: some RandomAccessCollection<ControllerID>) -> ControllerList {
        if roots.count == 1 { return appearing(roots.first!) }
        var result = ControllerList()
        for root in roots { result.append(contentsOf: appearing(root)) }
        return result
    }

    /// `disappearing` of each of `roots`, in order (one root's list itself).
    @inline(__always)
    mutating func disappearing(all roots: some RandomAccessCollection<ControllerID>) -> ControllerList {
        if roots.count == 1 { return disappearing(roots.first!) }
        var result = ControllerList()
        for root in roots { result.append(contentsOf: disappearing(root)) }
        return result
    }

    /// `disappearing(root)` without `excluded`.
    mutating func disappearing(_ root: ControllerID, except excluded: ControllerID) -> ControllerList {
        disappearing(root).filtered { $0 != excluded }
    }

    /// What leaves the window when a presentation chain (presented first) is dismissed: each controller of the
    /// chain in the window, top first, with what it shows, each once.
    mutating func disappearing(chainTopFirst chain: [ControllerID]) -> ControllerList {
        var leaving = ControllerList()
        for id in chain.reversed() where state.isInWindow(id) {
            for target in disappearing(id) where !leaving.contains(target) { leaving.append(target) }
        }
        return leaving
    }

    /// `appearing(root)` in the window, without `excluded`.
    mutating func appearingInWindow(_ root: ControllerID, except excluded: some Sequence<ControllerID>) -> ControllerList {
        var result = ControllerList()
        for id in appearing(root) where state.isInWindow(id) && !excluded.contains(id) { result.append(id) }
        return result
    }

    /// Whether a container passes appearance callbacks to the children it shows: its view is in the
    /// window and it has appeared or is appearing (a disappearing container's new children stay quiet).
    ///
    /// The appearance is tested first: it is one field, and a container that has not appeared is not asked about the
    /// window, a walk up its superviews.
    mutating func isShowingChildren(_ container: ControllerID) -> Bool {
        let appearance = state[container].appearance
        return (appearance == .appeared || appearance == .appearing) && state.isInWindow(container)
    }

    /// Appends a `name` callback of each of `ids` to `events` (the `Did` callbacks a transition's completion makes).
    mutating func appendCallbacks(_ name: EventName, _ ids: some Collection<ControllerID>, to events: inout CompletionEvents) {
        // By index, not `for in`: an iterator holds a copy of the list (a retain and a release of its storage).
        var index = ids.startIndex
        while index != ids.endIndex {
            let id = ids[index]
            events.append(event(name) { $0.vc = id })
            ids.formIndex(after: &index)
        }
    }

    /// Emits `Will` (or immediate `Did`) callbacks; a `Will` that reverses a transition
    /// still in flight is preceded by UIKit's "Unbalanced calls" log line.
    mutating func emitCallbacks(_ name: EventName, _ ids: some Collection<ControllerID>) {
        // By index, as `appendCallbacks`.
        var index = ids.startIndex
        while index != ids.endIndex {
            let id = ids[index]
            // Looked up once, for the check and for folding the callback.
            let position = state.controllers.position(of: id)!
            let appearance = state.controllers[position: position].appearance
            if (name == .viewWillDisappear && appearance == .appearing) || (name == .viewWillAppear && appearance == .disappearing) {
                warning(messages.unbalanced(id), reason: reversalReason) { $0.vc = id }
            }
            emit(name, receiver: id, at: position)
            ids.formIndex(after: &index)
        }
    }

    // MARK: Steps

    /// Runs the step at `position` of `steps`, the `index`th of its scenario, between the observer's step callbacks.
    ///
    /// The step is read where it is: taken out of the list, it was copied (its action's payload and its `ignore:`
    /// list retained, then released) for every step of every replay. The observer is handed a copy, and one of the
    /// state, only when it has something to do at the step's start or end (`DeciderObserver`).
    ///
    /// With `events`, it emits them instead of deciding what the step does: the events the same step made from the
    /// same state (`ReplayWorkspace.launch(_:from:header:)`), each at this step's origin.
    mutating func run(stepAt position: Int, of steps: UnsafeBufferPointer<Step>, index: Int, emitting events: [Event]? = nil) {
        origin = Origin(at: InternedLocation(file: file, mark: steps[position].mark), step: index, transition: nil, depth: 0)
        if observer.hasWorkAtStepStart() { observer.stepWillBegin(steps[position], index: index, state: state) }
        if let events {
            for position in events.indices { emit(events[position]) }
        } else {
            apply(stepAt: position, of: steps)
        }
        completeAnimations()
        if !observer.endsStepWithoutWork() { observer.stepDidEnd(steps[position], index: index, state: state) }
    }

    /// Runs `step`, the `index`th of its scenario (`run(stepAt:of:index:emitting:)`), for a caller that holds it.
    mutating func run(step: Step, index: Int) {
        withUnsafePointer(to: step) { run(stepAt: 0, of: UnsafeBufferPointer(start: $0, count: 1), index: index) }
    }

    /// Applies one step or transition call at the current depth.
    ///
    /// A controller a step names is the scene's newest instance (docs/uikit-semantics.md): after a segue made `detail#2`,
    /// `pop`, `dismiss` or `expect` naming `detail` mean `detail#2`.
    ///
    /// The step is the one at `position` of `steps`, read in place (`run(stepAt:of:index:emitting:)`): only the
    /// payload its action binds is copied.
    mutating func apply(stepAt position: Int, of steps: UnsafeBufferPointer<Step>) {
        guard !isDone else { return }
        func id(_ reference: Reference) -> ControllerID { state.current(reference.id) }
        origin.at = InternedLocation(file: file, mark: steps[position].mark)
        switch steps[position].action {
        case .launch: launch()
        case let .present(vc, from, style, anchor, animated):
            present(id(vc), from: id(from), style: style?.value, anchor: anchor, animated: animated)
        case let .dismiss(vc, animated): dismiss(id(vc), animated: animated)
        case let .push(nav, vc, animated): push(id(vc), on: id(nav), animated: animated)
        case let .pop(nav, animated): pop(id(nav), animated: animated)
        case let .popToRoot(nav, animated): popTo(nil, in: id(nav), animated: animated)
        case let .popTo(nav, vc, animated): popTo(id(vc), in: id(nav), animated: animated)
        case let .setViewControllers(of, vcs, animated):
            // In a borrowed list: a new one was allocated and freed at every step.
            var ids = borrowList()
            appendCurrentIDs(vcs, to: &ids)
            setViewControllers(ids, of: id(of), animated: animated)
            giveBack(&ids)
        case let .select(tabs, vc): select(id(vc), in: id(tabs))
        case let .show(from, vc): show(id(vc), from: id(from), animated: true)
        case let .showDetail(from, vc): showDetail(id(vc), from: id(from), animated: true)
        case let .perform(name): perform(name.value, resolvedAt: steps[position].transitionPosition)
        case let .addChild(parent, child): addChild(id(child), to: id(parent))
        case let .removeFromParent(child): removeFromParent(id(child))
        case let .willMove(child, parent):
            // Not `parent.map(id)`: a closure made of `id` would capture, and copy, the decider.
            let (child, parent) = (id(child), parent == nil ? nil : id(parent!))
            emit(.willMoveToParent) { $0.vc = child; $0.parent = parent }
        case let .didMove(child, parent):
            let (child, parent) = (id(child), parent == nil ? nil : id(parent!))
            emit(.didMoveToParent) { $0.vc = child; $0.parent = parent }
        case let .addSubview(view, to): addSubview(id(view), to: id(to))
        case let .removeFromSuperview(view): removeFromSuperview(id(view))
        case let .beginAppearance(vc, appearing, animated): beginAppearance(id(vc), appearing: appearing, animated: animated)
        case let .endAppearance(vc): endAppearance(id(vc))
        case let .transition(parent, from, to, animated): transition(from: id(from), to: id(to), in: id(parent), animated: animated)
        case let .traits(width, height): traits(width: width, height: height)
        case let .device(device): traits(width: device.horizontalSizeClass, height: .regular)
        case .preserve: preserve()
        case .restore: restore()
        case let .simultaneously(inner):
            let saved = origin
            origin.depth += 1
            inner.withUnsafeBufferPointer { inner in
                for position in inner.indices {
                    apply(stepAt: position, of: inner)
                    if isDone { break }
                }
            }
            origin = saved
        case let .expect(expectations):
            for expectation in expectations {
                origin.at = InternedLocation(file: file, mark: expectation.mark)
                let (passed, failure, description) = ExpectationEvaluator(state: state)
                    .check(expectation.check, describing: parts.keepsEvents)
                emit(.expect) {
                    $0.passed = passed
                    // Both payloads set at once, and none when both are nil (as a passing check's are, and every
                    // check's in a replay that keeps no log): each payload set alone reads the payloads back and
                    // interns them again.
                    if description != nil || failure != nil { $0.setOutcome(expectation: description, message: failure) }
                }
            }
        }
    }

    // MARK: Launch

    /// `window.rootViewController = root; window.makeKeyAndVisible()`.
    ///
    /// Simplification: every page controller of the root's hierarchy checks its
    /// declared pages at launch, as if each loaded its view with the window
    /// (UIKit loads a page controller in an unselected tab only when it first
    /// appears). A second `launch` sets the same root again, which UIKit ignores,
    /// and shows whatever has not appeared yet.
    mutating func launch() {
        guard let root = parts.spec.window?.id else {
            exception(messages.windowWithoutRoot(), reason: .windowWithoutRoot)
            return
        }
        if state.windowRoot != root {
            emit(.setRootViewController) { $0.vc = root }
        }
        for id in state.order where state[id].kind == .page && state.containmentRoot(of: id) == root {
            let pages = Array(state.children(of: id))
            let required = parts.controllerPosition(of: id).map { parts.spec.controllers[$0].spine.pageCount } ?? 1
            if pages.count != required {
                exception(messages.pageCount(provided: pages.count, required: required), reason: .pageCountMismatch) {
                    $0.vc = id
                    $0.vcs = pages
                }
                return
            }
        }
        emit(.makeKeyAndVisible) { $0.vc = root }
        emitAppearanceOnScreen()
    }

    /// `viewWillAppear`, then `viewDidAppear`, for every controller in the window that has not appeared (a launch, a
    /// restoration).
    mutating func emitAppearanceOnScreen() {
        var targets = borrowList()
        appendAppearingOnScreen(to: &targets)
        emitCallbacks(.viewWillAppear, targets)
        emitCallbacks(.viewDidAppear, targets)
        giveBack(&targets)
    }

    /// Appends every controller in the window that has not appeared to `onScreen`: the root's targets, then each
    /// presentation's.
    ///
    /// The targets are gathered in `onScreen` itself and filtered there; the presentations' roots are few and held
    /// in place (`ControllerList`), and the hierarchy's order is read into a borrowed list: nothing is allocated
    /// once the lists have grown to fit.
    mutating func appendAppearingOnScreen(to onScreen: inout [ControllerID]) {
        guard let root = state.windowRoot else { return }
        let start = onScreen.count
        var roots = ControllerList()
        roots.append(root)
        var index = 0
        var order = borrowList()
        state.appendHierarchyOrder(to: &order)
        while index < roots.count {
            let current = roots[index]
            index += 1
            for id in state.appearanceTargetList(from: current) where !onScreen[start...].contains(id) {
                onScreen.append(id)
            }
            // What presents is asked first: few controllers do, and finding a controller's root walks its parents.
            for id in order {
                guard let presented = state[id].presented, id == current || state.containmentRoot(of: id) == current,
                      !roots.contains(presented) else { continue }
                roots.append(presented)
            }
        }
        giveBack(&order)
        // Kept in place, in order: those in the window that have not appeared.
        var kept = start
        for position in start..<onScreen.count {
            let id = onScreen[position]
            guard state.isInWindow(id), state[id].appearance != .appeared else { continue }
            onScreen[kept] = id
            kept += 1
        }
        onScreen.removeLast(onScreen.count - kept)
    }

    /// An empty list of controllers to fill and hand back with `giveBack`: one a call before gave back, when there is
    /// one, so that once a replay's lists have grown to fit, borrowing one allocates nothing.
    mutating func borrowList() -> [ControllerID] {
        if let list = spareLists.popLast() { return list }
        // The pool's own room, made with the first list: a few lists are out at once (a transition's and a walk's).
        if spareLists.capacity == 0 { spareLists.reserveCapacity(8) }
        return []
    }

    /// Keeps `list`, emptied, for the next `borrowList`, and leaves `list` empty.
    ///
    /// Taken `inout` and emptied in place, so that the list is emptied while its caller's variable is its only
    /// holder (a list passed by value is shared with that variable, and emptying it would copy it).
    mutating func giveBack(_ list: inout [ControllerID]) {
        list.emptyKeepingRoom()
        spareLists.append(list)
        list = []
    }
}

extension Decider where Observer == ObserverSet {
    /// Makes this decider equal to `other`, a decider of the same replay (its parts) between two steps, copying the
    /// state into this decider's arrays where they have room (`HierarchyState.restart(from:sharingIndex:)`), so that
    /// the next step's changes copy nothing, unless it adds a controller.
    ///
    /// The lists a step works in are left as they are: between steps a `SteppedReplay`'s deciders hold them empty.
    mutating func restart(from other: Decider) {
        precondition(parts === other.parts, "a decider restarts from one of the same replay")
        state.restart(from: other.state, sharingIndex: true)
        events.replaceContents(with: other.events)
        eventCount = other.eventCount
        observer.restart(from: other.observer)
        origin = other.origin
        reversalReason = other.reversalReason
    }
}
