import VCAuditSpec
import VCAuditSupport

/// What happened: a UIKit call, a callback UIKit makes, or what UIKit raises or logs.
///
/// Raw values are UIKit's method names, so a log reads like a UIKit trace.
public enum EventName: String, Sendable, Hashable, CaseIterable {
    // Window
    case setRootViewController, makeKeyAndVisible
    // Containment
    case addChild, willMoveToParent, didMoveToParent, removeFromParent
    case addSubview, removeFromSuperview
    case transitionFromViewController
    // Appearance
    case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
    case beginAppearanceTransition, endAppearanceTransition
    // Presentation
    case present, dismiss, adaptivePresentationStyle, presentationDidComplete, dismissalDidComplete
    // Navigation, tab bar, split, page
    case pushViewController, popViewController, popToViewController, popToRootViewController
    case setViewControllers, setSelectedViewController, showViewController, showDetailViewController
    case performSegue, unwind
    // Storyboard: a segue instantiates its destination (`vc`; `vcs` lists every instance made, when more than one)
    case instantiateViewController
    // Traits and restoration
    case traitCollectionDidChange, shouldSaveApplicationState, encodeRestorableState, shouldRestoreApplicationState
    case decodeRestorableState, relaunch
    // Animation: a transition's animation starts and completes
    case animationDidStart, animationDidComplete
    // Outcomes
    case expect, warning, exception

    /// `viewWillAppear`, `viewDidAppear`, `viewWillDisappear` or `viewDidDisappear`.
    @inlinable
    public var isAppearanceCallback: Bool {
        switch self {
        case .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear: true
        default: false
        }
    }

    /// Hashes the case's position, not its raw value: sets of event names hash no string.
    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in `allCases`: rules route events by it without hashing the name.
    @inlinable
    public var ordinal: Int {
        switch self {
        case .setRootViewController: 0
        case .makeKeyAndVisible: 1
        case .addChild: 2
        case .willMoveToParent: 3
        case .didMoveToParent: 4
        case .removeFromParent: 5
        case .addSubview: 6
        case .removeFromSuperview: 7
        case .transitionFromViewController: 8
        case .viewWillAppear: 9
        case .viewDidAppear: 10
        case .viewWillDisappear: 11
        case .viewDidDisappear: 12
        case .beginAppearanceTransition: 13
        case .endAppearanceTransition: 14
        case .present: 15
        case .dismiss: 16
        case .adaptivePresentationStyle: 17
        case .presentationDidComplete: 18
        case .dismissalDidComplete: 19
        case .pushViewController: 20
        case .popViewController: 21
        case .popToViewController: 22
        case .popToRootViewController: 23
        case .setViewControllers: 24
        case .setSelectedViewController: 25
        case .showViewController: 26
        case .showDetailViewController: 27
        case .performSegue: 28
        case .unwind: 29
        case .instantiateViewController: 30
        case .traitCollectionDidChange: 31
        case .shouldSaveApplicationState: 32
        case .encodeRestorableState: 33
        case .shouldRestoreApplicationState: 34
        case .decodeRestorableState: 35
        case .relaunch: 36
        case .animationDidStart: 37
        case .animationDidComplete: 38
        case .expect: 39
        case .warning: 40
        case .exception: 41
        }
    }
}

/// One entry of an event log.
///
/// The ids involved sit in named optional fields (`vc` is always the receiver
/// of the call or callback); `at` is the step or transition call that caused
/// the event. Fields that are nil are left out of the serialization.
///
/// Compact, because the replay makes millions: ids are integers, the location's file and the transition's name are
/// interned, and so are the payloads few events have (`vcs`, `anchor`, `restorationPath`, `message`, `expectation`),
/// together, by one number. An event holds nothing reference-counted: copying one copies bytes, and dropping one
/// releases nothing.
public struct Event: Sendable, Hashable {
    // Stored fields are ordered by alignment (words, then ids, then bytes) so that no padding sits between them, and
    // the ids are stored without `Optional`'s extra byte (`StoredControllerID`): an event is copied several times on its way
    // from the decider to the rules and the log.

    /// 1-based position in the log.
    public var seq: Int
    /// 1-based index of the scenario step that caused the event.
    public var step: Int
    /// Nesting depth of the causing step: 0 for a scenario step, +1 per transition or `simultaneously`.
    public var depth: Int
    private var _vc: StoredControllerID
    private var _parent: StoredControllerID
    private var _child: StoredControllerID
    private var _presenter: StoredControllerID
    private var _source: StoredControllerID
    private var _presented: StoredControllerID
    private var _nav: StoredControllerID
    private var _tabs: StoredControllerID
    private var _from: StoredControllerID
    private var _to: StoredControllerID
    /// The spec location of the step (or transition call) that caused the event, its file interned (`at` spells it).
    public var location: InternedLocation
    /// The number of the event's payloads in `payloadTable` + 1; 0 when the event has none.
    private var payloadNumber: UInt32
    /// The transition the call was expanded from, if any (innermost), interned (`transition` spells it).
    public var transitionName: InternedString?
    public var name: EventName
    /// The effective presentation style (after adaptation).
    public var style: PresentationStyle?
    /// The style asked for, when adaptation changed it.
    public var requestedStyle: PresentationStyle?
    public var animated: Bool?
    public var appearing: Bool?
    public var width: SizeClass?
    public var height: SizeClass?
    /// For `warning` and `exception` (and a declined `shouldSaveApplicationState`/`shouldRestoreApplicationState`):
    /// the cause, a stable code (`already_presenting`).
    public var reason: ReplayReason?
    /// For `animationDidStart` and `animationDidComplete`: which animation.
    public var animation: Animation.Kind?
    /// For `performSegue`: the segue's kind.
    public var segue: Segue.Kind?
    /// For `expect`: whether the expectation held.
    public var passed: Bool?

    /// The receiver: the controller the method is called on.
    public var vc: ControllerID? { get { _vc.id } set { _vc = StoredControllerID(newValue) } }
    public var parent: ControllerID? { get { _parent.id } set { _parent = StoredControllerID(newValue) } }
    public var child: ControllerID? { get { _child.id } set { _child = StoredControllerID(newValue) } }
    /// The controller UIKit presents from (`on <B>` in UIKit's messages).
    public var presenter: ControllerID? { get { _presenter.id } set { _presenter = StoredControllerID(newValue) } }
    /// The controller the code called `present` on (`from <C>`), when it differs from `presenter`.
    public var source: ControllerID? { get { _source.id } set { _source = StoredControllerID(newValue) } }
    public var presented: ControllerID? { get { _presented.id } set { _presented = StoredControllerID(newValue) } }
    public var nav: ControllerID? { get { _nav.id } set { _nav = StoredControllerID(newValue) } }
    public var tabs: ControllerID? { get { _tabs.id } set { _tabs = StoredControllerID(newValue) } }
    public var from: ControllerID? { get { _from.id } set { _from = StoredControllerID(newValue) } }
    public var to: ControllerID? { get { _to.id } set { _to = StoredControllerID(newValue) } }

    /// The payloads few events carry.
    struct Payloads: Sendable, Hashable {
        var vcs: [ControllerID]?
        var anchor: String?
        var restorationPath: String?
        var message: String?
        var expectation: String?

        var isEmpty: Bool { vcs == nil && anchor == nil && restorationPath == nil && message == nil && expectation == nil }

        /// Equal payloads hold the same controllers and the same texts byte for byte (not only canonically
        /// equivalent, as `String`'s `==` has it): what the digest of `hash(into:)` tells apart, and what a log
        /// writes.
        static func == (lhs: Payloads, rhs: Payloads) -> Bool {
            lhs.vcs == rhs.vcs && sameBytes(lhs.anchor, rhs.anchor) && sameBytes(lhs.restorationPath, rhs.restorationPath)
                && sameBytes(lhs.message, rhs.message) && sameBytes(lhs.expectation, rhs.expectation)
        }

        /// Whether `a` and `b` are both nil, or both texts of the same UTF-8 bytes.
        ///
        /// Inlined, so that the fields most payloads leave nil cost a test each, not a call.
        @inline(__always)
        fileprivate static func sameBytes(_ a: String?, _ b: String?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return sameBytes(a, b)
        }

        /// Whether `a` and `b` are texts of the same UTF-8 bytes.
        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            let same = a.utf8.withContiguousStorageIfAvailable { a in
                b.utf8.withContiguousStorageIfAvailable { b in
                    VCAuditReplay.sameBytes(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
                }
            }
            return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }

        /// Hashes one 64-bit digest of every field instead of passing each text's bytes through the hasher.
        ///
        /// The payloads are interned as events are made (UIKit's messages, failed expectations, restoration paths),
        /// and `Hasher` took about 10 instructions a byte of their texts (a long message cost 1.4 k a lookup); the
        /// digest reads them eight bytes at a time.
        func hash(into hasher: inout Hasher) {
            var digest = UInt64(vcs?.count ?? 0x5BD1_E995)
            if let vcs {
                for id in vcs { Self.mix(id.key, into: &digest) }
            }
            Self.mix(anchor, into: &digest)
            Self.mix(restorationPath, into: &digest)
            Self.mix(message, into: &digest)
            Self.mix(expectation, into: &digest)
            hasher.combine(digest)
        }

        /// Folds `word` into `digest` (a multiply and a shift, as `ControllerTable` mixes ids).
        private static func mix(_ word: UInt64, into digest: inout UInt64) {
            digest = (digest ^ word) &* 0x9E37_79B9_7F4A_7C15
            digest ^= digest >> 29
        }

        /// Folds `text`'s UTF-8 bytes, eight at a time, and its length into `digest` (nil apart from every text).
        ///
        /// Inlined, as `sameBytes`, for the fields left nil.
        @inline(__always)
        private static func mix(_ text: String?, into digest: inout UInt64) {
            guard let text else { return mix(0xA076_1D64_78BD_642F, into: &digest) }
            fold(text, into: &digest)
        }

        /// Folds `text`'s UTF-8 bytes and their count into `digest`.
        private static func fold(_ text: String, into digest: inout UInt64) {
            if text.utf8.withContiguousStorageIfAvailable({ fold(UnsafeRawBufferPointer($0), into: &digest) }) == nil {
                fold(Array(text.utf8), into: &digest)
            }
        }

        /// Folds `bytes` and their count into `digest`.
        private static func fold(_ bytes: [UInt8], into digest: inout UInt64) {
            bytes.withUnsafeBytes { fold($0, into: &digest) }
        }

        /// Folds `bytes` and their count into `digest`.
        private static func fold(_ bytes: UnsafeRawBufferPointer, into digest: inout UInt64) {
            var offset = 0
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self), into: &digest)
                offset += 8
            }
            var tail = UInt64(bytes.count) << 56
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            mix(tail, into: &digest)
        }
    }

    /// Every payload any event carried, numbered: a process's events are equal when their payloads are (interning
    /// gives equal payloads one number). The table grows with the distinct payloads a process makes (UIKit's
    /// messages, controller lists, anchors, restoration paths and expectations: a few per spec; payloads set one
    /// field after another also keep the combinations on the way), never with events.
    fileprivate static let payloadTable = InternTable<Payloads>()

    /// The event's payloads (all nil when it has none).
    private var payloads: Payloads {
        payloadNumber == 0 ? Payloads() : Self.payloadTable.value(numbered: payloadNumber - 1)
    }

    /// One of the event's payloads, read in the table (nil when the event has none).
    private func payload<Payload>(_ field: KeyPath<Payloads, Payload?>) -> Payload? {
        payloadNumber == 0 ? nil : Self.payloadTable.read(numbered: payloadNumber - 1) { $0[keyPath: field] }
    }

    /// Changes the payloads (none is left when every payload is nil).
    private mutating func changePayloads(_ change: (inout Payloads) -> Void) {
        var payloads = payloads
        change(&payloads)
        setPayloads(payloads)
    }

    /// Makes `payloads` the event's, interned (none when every payload is nil).
    private mutating func setPayloads(_ payloads: Payloads) {
        payloadNumber = payloads.isEmpty ? 0 : Self.payloadTable.number(of: payloads) + 1
    }

    /// Sets one of the payloads: setting none on an event that has none changes nothing, and makes no payloads to
    /// find that out (what an event made with an optional payload, mostly nil, would otherwise do each time).
    private mutating func setPayload<Payload>(_ field: WritableKeyPath<Payloads, Payload?>, to value: Payload?) {
        if case .none = value, payloadNumber == 0 { return }
        changePayloads { $0[keyPath: field] = value }
    }

    /// Every instance a segue made, when more than one (`instantiateViewController`), or the controllers a call
    /// lists (`setViewControllers`).
    public var vcs: [ControllerID]? { get { payload(\.vcs) } set { setPayload(\.vcs, to: newValue) } }

    /// A popover's anchor as set: `barButtonItem:x`, `sourceView:y`, both joined by `,`, or `none`.
    public var anchor: String? { get { payload(\.anchor) } set { setPayload(\.anchor, to: newValue) } }

    /// `restorationIdentifier` path, for restoration events.
    public var restorationPath: String? { get { payload(\.restorationPath) } set { setPayload(\.restorationPath, to: newValue) } }

    /// For `warning` and `exception`: UIKit's message, near-exact.
    public var message: String? { get { payload(\.message) } set { setPayload(\.message, to: newValue) } }

    /// For `expect`: what it checked (a replay that keeps no log, as `check`'s, writes none: the rule that reports a
    /// failure describes it from the state).
    public var expectation: String? { get { payload(\.expectation) } set { setPayload(\.expectation, to: newValue) } }

    /// Sets `vcs` as the event's only payload (it has none yet), numbered through `numbers`, a replay's.
    mutating func setOnlyPayload(vcs: [ControllerID], numberedIn numbers: inout ControllerListNumbers) {
        assert(payloadNumber == 0, "the event has payloads already")
        payloadNumber = numbers.number(of: vcs)
    }

    /// UIKit's message (`message`) as the only payload of the events that say it, interned when it is made: a
    /// replay that keeps its messages (`UIKitMessageCache`) makes each warning and exception event of one without
    /// building, hashing or comparing its text again.
    struct Message: Equatable {
        /// `payloadNumber` of an event whose only payload is the message.
        fileprivate let payloadNumber: UInt32

        /// The message `text`, interned.
        init(_ text: String) {
            payloadNumber = Event.payloadTable.number(of: Payloads(message: text)) + 1
        }

        /// The message's text.
        var text: String { Event.payloadTable.read(numbered: payloadNumber - 1) { $0.message ?? "" } }
    }

    /// Sets `message` as the event's only payload (it has none yet).
    mutating func setOnlyPayload(message: Message) {
        assert(payloadNumber == 0, "the event has payloads already")
        payloadNumber = message.payloadNumber
    }

    /// A popover's anchor (`anchor`) as the only payload of the `present` events that name it, interned when it is
    /// made: a decider's parts keep each one they made (`UIKitMessageCache`), so that a presentation from the same
    /// anchor again neither writes its text nor interns it.
    struct Anchor: Equatable {
        /// `payloadNumber` of an event whose only payload is the anchor.
        fileprivate let payloadNumber: UInt32

        /// The anchor `text`, interned.
        init(_ text: String) {
            payloadNumber = Event.payloadTable.number(of: Payloads(anchor: text)) + 1
        }
    }

    /// Sets `anchor` as the event's only payload (it has none yet).
    mutating func setOnlyPayload(anchor: Anchor) {
        assert(payloadNumber == 0, "the event has payloads already")
        payloadNumber = anchor.payloadNumber
    }

    /// Payload numbers of events whose only payload is a list of controllers (`vcs`), by the list: kept for a replay,
    /// so that a list its events carry again and again (a More navigation controller's stack, a split's columns, what
    /// a pop pops) is numbered without the process table's lock and hash.
    ///
    /// Direct-mapped: each slot holds the number of the last list whose ids mix to it, and the list is compared with
    /// the one the table holds under that number before the number is used. A slot that kept a copy of its list
    /// allocated one for each list met (most lists are met once in a spec's replays: 3.4 k of 4.7 k on the 1 MB
    /// corpus).
    struct ControllerListNumbers {
        /// `payloadNumber`s, 0 in an empty slot.
        private var slots: [UInt32] = []

        /// `payloadNumber` of an event whose only payload is `vcs`.
        mutating func number(of vcs: [ControllerID]) -> UInt32 {
            if slots.isEmpty { slots = Array(repeating: 0, count: 64) }
            var mix = UInt64(vcs.count)
            for id in vcs { mix = (mix ^ id.key) &* 0x9E37_79B9_7F4A_7C15 }
            let slot = Int(truncatingIfNeeded: mix >> 58)
            let known = slots[slot]
            if known != 0, Event.payloadTable.read(numbered: known - 1, { $0.vcs == vcs }) {
                return known
            }
            let number = Event.payloadTable.number(of: Payloads(vcs: vcs)) + 1
            slots[slot] = number
            return number
        }
    }

    /// Sets the restoration path numbered `number` (by `RestorationPathNumbers`) as the event's only payload (it has
    /// none yet).
    mutating func setOnlyPayload(restorationPathNumbered number: UInt32) {
        assert(payloadNumber == 0, "the event has payloads already")
        payloadNumber = number
    }

    /// Payload numbers of events whose only payload is a restoration path (`restorationPath`): kept for a replay and
    /// its copies (`SharedDeciderParts`, which a workspace keeps for the spec's next replays), so that the paths its
    /// preservations encode and its restorations decode, the same ones again and again, are numbered without building
    /// them or the process table's lock and hash (about 580 instructions a path).
    struct RestorationPathNumbers {
        /// A path: the path above it (its `payloadNumber`, 0 for none) and the restoration identifier it appends.
        private struct Step: Hashable {
            let up: UInt32
            let identifier: UInt32
        }

        /// The numbers of the paths preservations encoded, by what they are made of.
        private var encoded: [Step: UInt32] = [:]
        /// The number of the path each controller's restoration last decoded.
        private var decoded: [ControllerID: UInt32] = [:]

        /// `payloadNumber` of an event whose only payload is the path numbered `up` (a number this gave, nil for none)
        /// followed by `identifier`, joined by `/`.
        mutating func number(appending identifier: InternedString, to up: UInt32?) -> UInt32 {
            let step = Step(up: up ?? 0, identifier: identifier.number)
            if let known = encoded[step] { return known }
            let path = up.map { Event.payloadTable.read(numbered: $0 - 1) { $0.restorationPath ?? "" } + "/" + identifier.string }
                ?? identifier.string
            let number = Event.payloadTable.number(of: Payloads(restorationPath: path)) + 1
            encoded[step] = number
            return number
        }

        /// `payloadNumber` of an event whose only payload is `path`, the restoration path of `id`.
        mutating func number(of path: String, for id: ControllerID) -> UInt32 {
            if let known = decoded[id], Event.payloadTable.read(numbered: known - 1, { Payloads.sameBytes($0.restorationPath, path) }) {
                return known
            }
            let number = Event.payloadTable.number(of: Payloads(restorationPath: path)) + 1
            decoded[id] = number
            return number
        }
    }

    /// Sets `expectation` and `message` together (an `expect` event's outcome): one lookup in the payload table
    /// instead of one for each.
    mutating func setOutcome(expectation: String?, message: String?) {
        changePayloads {
            $0.expectation = expectation
            $0.message = message
        }
    }

    /// The spec location of the step (or transition call) that caused the event.
    public var at: SourceLocation {
        get { location.location }
        set { location = InternedLocation(newValue) }
    }

    /// The transition the call was expanded from, if any (innermost).
    public var transition: String? {
        get { transitionName?.string }
        set { transitionName = newValue.map { InternedString($0) } }
    }

    public init(
        seq: Int = 0, name: EventName, vc: ControllerID? = nil, parent: ControllerID? = nil, child: ControllerID? = nil,
        presenter: ControllerID? = nil, source: ControllerID? = nil, presented: ControllerID? = nil, nav: ControllerID? = nil,
        tabs: ControllerID? = nil, from: ControllerID? = nil, to: ControllerID? = nil, vcs: [ControllerID]? = nil,
        style: PresentationStyle? = nil, requestedStyle: PresentationStyle? = nil, anchor: String? = nil, animated: Bool? = nil, appearing: Bool? = nil,
        width: SizeClass? = nil, height: SizeClass? = nil, restorationPath: String? = nil, message: String? = nil,
        reason: ReplayReason? = nil, animation: Animation.Kind? = nil, segue: Segue.Kind? = nil, passed: Bool? = nil, expectation: String? = nil,
        at: SourceLocation, step: Int = 0, transition: String? = nil, depth: Int = 0
    ) {
        self.init(name: name, location: InternedLocation(at))
        self.seq = seq
        self.vc = vc
        self.parent = parent
        self.child = child
        self.presenter = presenter
        self.source = source
        self.presented = presented
        self.nav = nav
        self.tabs = tabs
        self.from = from
        self.to = to
        self.style = style
        self.requestedStyle = requestedStyle
        self.animated = animated
        self.appearing = appearing
        self.width = width
        self.height = height
        self.reason = reason
        self.animation = animation
        self.segue = segue
        self.passed = passed
        self.step = step
        self.transition = transition
        self.depth = depth
        setPayloads(Payloads(vcs: vcs, anchor: anchor, restorationPath: restorationPath, message: message, expectation: expectation))
    }

    /// An event named `name` caused at `location`, with no ids or payloads yet: what the replay fills in.
    public init(name: EventName, location: InternedLocation) {
        self.init(name: name, location: location, noID: .none)
    }

    /// `init(name:location:)` given what absent ids hold (`StoredControllerID.none`, which a decider reads once for the
    /// events it makes).
    ///
    /// Inlined, so that a decider writes the event where it goes (a call returned it, then copied it there).
    @inline(__always)
    init(name: EventName, location: InternedLocation, noID none: StoredControllerID) {
        self.seq = 0
        self.name = name
        self.location = location
        self.step = 0
        self.depth = 0
        self.payloadNumber = 0
        (_vc, _parent, _child, _presenter, _source) = (none, none, none, none, none)
        (_presented, _nav, _tabs, _from, _to) = (none, none, none, none, none)
    }

    /// The cause, the animation or the segue kind as the log writes it: the `reason` field of format v1, whose
    /// vocabulary depends on the event.
    public var reasonCode: String? { reason?.rawValue ?? animation?.rawValue ?? segue?.rawValue }

    /// Every controller id the event names, in field order, without duplicates.
    public var controllerIDs: [ControllerID] {
        var ids: [ControllerID] = []
        for id in [vc, parent, child, presenter, source, presented, nav, tabs, from, to].compactMap({ $0 }) + (vcs ?? [])
        where !ids.contains(id) {
            ids.append(id)
        }
        return ids
    }

    /// The event's content without its position: what alignment compares (name, ids and arguments).
    public var content: JSONValue {
        var members = json.objectMembers
        for key in ["seq", "at", "step", "transition", "depth"] { members[key] = nil }
        return .object(members)
    }

    /// The canonical JSON object of the event (log format v1).
    public var json: JSONValue {
        var m: [String: JSONValue] = [
            "seq": .int(seq), "event": .string(name.rawValue), "at": .string(at.description), "step": .int(step),
        ]
        func put(_ key: String, _ value: String?) { if let value { m[key] = .string(value) } }
        func put(_ key: String, _ value: ControllerID?) { put(key, value?.name) }
        put("vc", vc); put("parent", parent); put("child", child); put("presenter", presenter); put("source", source)
        put("presented", presented); put("nav", nav); put("tabs", tabs); put("from", from); put("to", to)
        if let vcs { m["vcs"] = .array(vcs.map { .string($0.name) }) }
        put("style", style?.rawValue); put("requestedStyle", requestedStyle?.rawValue); put("anchor", anchor)
        if let animated { m["animated"] = .bool(animated) }
        if let appearing { m["appearing"] = .bool(appearing) }
        put("width", width?.rawValue); put("height", height?.rawValue)
        put("restorationPath", restorationPath); put("message", message); put("reason", reasonCode)
        if let passed { m["passed"] = .bool(passed) }
        put("expectation", expectation); put("transition", transition)
        if depth > 0 { m["depth"] = .int(depth) }
        return .object(m)
    }
}
