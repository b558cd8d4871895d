import VCAuditSpec

/// A short list of controllers that holds up to four in place, the rest in an array.
///
/// The reducer's appearance lists (the controllers a transition's `viewWillAppear` and `viewDidDisappear` go to)
/// nearly always name one to three controllers, and there are several of them in every call: an array would
/// allocate for each. A list of up to four holds them in its own storage; a fifth moves them all into an array.
struct ControllerList: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    /// The first four, when there are no more than four; unused entries repeat `ControllerList.unused`.
    private var held: (ControllerID, ControllerID, ControllerID, ControllerID)
    /// Every controller, in order, when there are more than four; nil otherwise.
    ///
    /// An optional rather than an empty array: the lists are copied and destroyed by the hundred thousand, and
    /// retaining or releasing nil returns at once, where the empty array's shared storage is checked first.
    private var spilled: [ControllerID]?
    private(set) var count = 0

    /// What unused entries hold (any id would do: no entry at or past `count` is read).
    private static let unused = ControllerID("")

    init() {
        let unused = Self.unused
        held = (unused, unused, unused, unused)
    }

    /// An empty list whose unused entries repeat `id`, for a caller that has an id at hand: `init()` reads `unused`,
    /// a global made on first use, whose check is a call each time, and the literal `[]` adds its empty array.
    init(unusedFrom id: ControllerID) {
        held = (id, id, id, id)
    }

    init(arrayLiteral ids: ControllerID...) {
        self.init()
        for id in ids { append(id) }
    }

    /// The list of `ids`, in order.
    init(_ ids: some Sequence<ControllerID>) {
        self.init()
        for id in ids { append(id) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> ControllerID {
        precondition(position >= 0 && position < count, "ControllerList index out of range")
        if let spilled { return spilled[position] }
        switch position {
        case 0: return held.0
        case 1: return held.1
        case 2: return held.2
        default: return held.3
        }
    }

    /// Adds `id` at the end.
    ///
    /// Always inlined, with the rare move to an array in a call of its own: the walks append a controller at a
    /// time, over a hundred thousand times a check, and the call cost more than writing the entry.
    @inline(__always)
    mutating func append(_ id: ControllerID) {
        if count < 4 {
            setHeld(count, to: id)
        } else {
            appendSpilling(id)
        }
        count += 1
    }

    /// Adds `id` to the array of a list that holds four or more, moving the four held in place there first; the
    /// caller counts it.
    @inline(never)
    private mutating func appendSpilling(_ id: ControllerID) {
        guard count == 4 else {
            spilled!.append(id)
            return
        }
        var all: [ControllerID] = []
        all.reserveCapacity(8)
        all.append(held.0)
        all.append(held.1)
        all.append(held.2)
        all.append(held.3)
        all.append(id)
        spilled = all
    }

    /// Adds each of `ids` at the end, in order.
    mutating func append(contentsOf ids: some Sequence<ControllerID>) {
        for id in ids { append(id) }
    }

    /// The controllers `isIncluded` answers true for, in order.
    func filtered(_ isIncluded: (ControllerID) -> Bool) -> ControllerList {
        var result = ControllerList()
        for id in self where isIncluded(id) { result.append(id) }
        return result
    }

    /// Removes the controllers `shouldBeRemoved` answers true for, keeping the order of the others.
    mutating func removeAll(where shouldBeRemoved: (ControllerID) -> Bool) {
        guard count <= 4 else {
            self = filtered { !shouldBeRemoved($0) }
            return
        }
        var kept = 0
        for position in 0..<count {
            let id = self[position]
            if shouldBeRemoved(id) { continue }
            if kept != position { setHeld(kept, to: id) }
            kept += 1
        }
        count = kept
    }

    /// Writes entry `position` of the ones held in place.
    private mutating func setHeld(_ position: Int, to id: ControllerID) {
        switch position {
        case 0: held.0 = id
        case 1: held.1 = id
        case 2: held.2 = id
        default: held.3 = id
        }
    }

    static func == (lhs: ControllerList, rhs: ControllerList) -> Bool { lhs.elementsEqual(rhs) }
}

/// A list of controllers a walk of the state fills in place: a `ControllerList`, or an array the caller keeps (a
/// decider's borrowed list), so that the walk makes no list of its own.
protocol ControllerAppending: RandomAccessCollection where Element == ControllerID {
    mutating func append(_ id: ControllerID)
}

extension ControllerList: ControllerAppending {}
extension Array: ControllerAppending where Element == ControllerID {}

extension Array where Element == ControllerID {
    /// Empties this list of controllers and keeps its room, for the decider's lists that are filled again soon.
    ///
    /// A short list is emptied from its end: `removeAll(keepingCapacity:)` goes through the array's generic
    /// `replaceSubrange`, about 80 instructions, and each `removeLast` about 20 (callgrind). Most of the decider's
    /// lists hold a few controllers; a trait change's, or a pop from a deep stack's, can hold many.
    @inline(__always)
    mutating func emptyKeepingRoom() {
        if count > 4 {
            removeAll(keepingCapacity: true)
        } else {
            while !isEmpty { removeLast() }
        }
    }
}
