import VCAuditSpec

/// Every controller's state in one replay, in the order the controllers were added: an array, an index from id to
/// position, and the controllers' children lists.
///
/// The index is open addressing over the ids' two numbers (a multiplicative hash, linear probing), so finding a
/// controller hashes no string and runs no SipHash; each bucket holds the id's key with its position, so a lookup
/// reads one bucket, not a bucket and then the id it points to. The states sit in one array, so a scenario's initial
/// state is a copy of four arrays of plain values (ids, states, buckets, children). Controllers are only ever added (a relaunch replaces the whole table), which keeps
/// positions stable for the life of the table.
///
/// The children lists share one array, `childArena`: each state says where its list starts, how long it is and how
/// much room it has (`ControllerState` holds nothing reference-counted, so copying the table copies plain memory).
/// A list that outgrows its room moves to the end of the arena, with room for twice as many. The arena grows only
/// when a list moves; if it then holds more than four entries a child (plus `arenaSlack`), it is first rewritten
/// with the lists packed, so it stays within a few times the most children the table has held. (Lists that only
/// grow never need the rewrite: what a list moved away from is less than the room it has now, at most twice its
/// children.) The children are not counted as they change: the table is copied once per replay, and its size
/// decides whether copying it, and the replay state that holds two tables, takes a few moves or a call to memcpy.
public struct ControllerTable: Sendable, Hashable {
    /// The ids, in the order they were added.
    public private(set) var ids: [ControllerID] = []
    /// The states, by the same positions as `ids`.
    @usableFromInline
    var states: [ControllerState] = []
    /// The id and position in each bucket (`IndexBucket.empty` for none); the count is a power of two.
    @usableFromInline
    var buckets: [IndexBucket] = Array(repeating: .empty, count: 16)
    /// Every controller's children list, each in its own run of entries (`ControllerState.childrenLocation`), with
    /// the runs lists moved away from.
    @usableFromInline
    var childArena: [ControllerID] = []
    /// How many entries the arena may have beyond four a child before it is compacted.
    static let arenaSlack = 64

    /// A table of `controllers`, in their order (each id once), none with children.
    public init(_ controllers: [ControllerState]) {
        self.init(controllers.map { (state: $0, children: []) })
    }

    /// A table of `controllers` with their children lists, in their order (each id once).
    public init(_ controllers: [(state: ControllerState, children: [ControllerID])]) {
        var size = 16
        while size < controllers.count * 2 { size *= 2 }
        buckets = Array(repeating: .empty, count: size)
        ids = controllers.map(\.state.id)
        states.reserveCapacity(controllers.count)
        childArena.reserveCapacity(controllers.reduce(0) { $0 + $1.children.count })
        for (state, children) in controllers {
            var state = state
            state.childrenLocation.start = Int32(childArena.count)
            state.childrenLocation.count = Int32(children.count)
            state.childrenLocation.capacity = Int32(children.count)
            childArena.append(contentsOf: children)
            states.append(state)
        }
        for position in ids.indices { place(position) }
    }

    /// How many controllers the table holds.
    public var count: Int { ids.count }

    /// Makes this table equal to `other`, laid out as `other` is, copying into its own arrays where they have room.
    ///
    /// An array this table shares with another (a table assigned from another and not changed since) is copied
    /// once, as its first change would have copied it.
    ///
    /// With `sharingIndex`, the ids and their index are `other`'s, shared rather than copied: they change only when
    /// a controller is added, which most of the steps `explore` tries from a state do not do, and sharing them is a
    /// retain where copying them moved the index's kilobyte or more.
    mutating func restart(from other: ControllerTable, sharingIndex: Bool = false) {
        if sharingIndex {
            // Most often they are already `other`'s (the last restart was from it, and no controller was added
            // since): assigning them again retained and released each.
            if !Self.sameStorage(ids, other.ids) { ids = other.ids }
            if !Self.sameStorage(buckets, other.buckets) { buckets = other.buckets }
        } else {
            ids.replaceContents(with: other.ids)
            buckets.replaceContents(with: other.buckets)
        }
        states.replaceContents(with: other.states)
        childArena.replaceContents(with: other.childArena)
    }

    /// The first bucket to probe for `id`.
    @inlinable
    static func bucket(of id: ControllerID, mask: Int) -> Int {
        Int(truncatingIfNeeded: (id.key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The position of `id`, if the table holds it.
    ///
    /// Reads the buckets through an unchecked pointer: the bucket index is masked to their count, so no read can fall
    /// outside them, and at least half the buckets are empty, so the probe ends. Nearly every read of the replay's state
    /// comes through here. It writes nothing, and says so to the optimizer (`@_effects(readonly)`), so that its callers
    /// keep what they loaded across the call (1% fewer instructions on the long-scenario benchmark). It is always
    /// inlined: the probe that finds an id in its first bucket is about a dozen instructions, and a call, with its
    /// optional result, added half as many again to each of the millions of lookups a check makes.
    @inlinable @inline(__always) @_effects(readonly)
    public func position(of id: ControllerID) -> Int? {
        let key = id.key
        return buckets.withUnsafeBufferPointer { buckets in
            let mask = buckets.count - 1
            var bucket = Self.bucket(of: id, mask: mask)
            while true {
                let entry = buckets[bucket]
                // An empty bucket's key is one no id has; its negative position answers an id that claimed it anyway.
                if entry.key == key { return entry.position < 0 ? nil : Int(entry.position) }
                if entry.position < 0 { return nil }
                bucket = (bucket + 1) & mask
            }
        }
    }

    /// The state of `id`, if the table holds it; setting a state for a new id adds it at the end, without children.
    ///
    /// Setting a state leaves the controller's children as they are (change them with `setChildren`,
    /// `appendChild`, `removeChild`).
    public subscript(id: ControllerID) -> ControllerState? {
        get { position(of: id).map { states[$0] } }
        set {
            guard var newValue else { preconditionFailure("controllers are never removed from a table") }
            if let position = position(of: id) {
                newValue.childrenLocation = states[position].childrenLocation
                states[position] = newValue
            } else {
                append(newValue)
            }
        }
    }

    /// The state at `position`.
    ///
    /// Read with a getter, not a coroutine: the state is plain memory, so a read that uses one field loads that
    /// field, where a `_read` coroutine that is not inlined (reading a computed property such as `parent` keeps it
    /// from being inlined) is a call per read.
    @inlinable
    public subscript(position position: Int) -> ControllerState {
        get { states[position] }
        _modify { yield &states[position] }
    }

    /// The controller that owns the view `id`'s view is mounted in, if it is mounted in a controller's view.
    func viewOwner(of id: ControllerID) -> ControllerID? {
        if case .controller(let owner) = self[position: position(of: id)!].superview { return owner }
        return nil
    }

    /// Adds `controller`, whose id the table does not hold yet, without children.
    mutating func append(_ controller: ControllerState) {
        if (ids.count + 1) * 2 > buckets.count { grow() }
        var controller = controller
        controller.clearChildrenLocation()
        ids.append(controller.id)
        states.append(controller)
        place(ids.count - 1)
    }

    // MARK: Children

    /// The children of the controller at `position`: a view of the table's list, valid however the table changes
    /// later (it keeps the arena it read).
    @inlinable
    public func children(at position: Int) -> ControllerChildren {
        let state = states[position]
        return ControllerChildren(arena: childArena, start: Int(state.childrenLocation.start), count: Int(state.childrenLocation.count))
    }

    /// How many children the controller at `position` has (without making a view of the list).
    @inlinable
    public func childCount(at position: Int) -> Int { Int(states[position].childrenLocation.count) }

    /// What `body` reads of the children of the controller at `position`, in order, in place.
    ///
    /// `children(at:)` answers a view that holds the table's list (a retain and a release), and iterating it holds
    /// another: a reader that visits every controller (`explore`'s key of a state) reads the lists this way.
    @inlinable
    public func withChildren<Result>(at position: Int, _ body: (UnsafeBufferPointer<ControllerID>) throws -> Result) rethrows -> Result {
        let location = states[position].childrenLocation
        return try childArena.withUnsafeBufferPointer { arena in
            try body(UnsafeBufferPointer(rebasing: arena[Int(location.start)..<Int(location.start) + Int(location.count)]))
        }
    }

    /// What `body` reads of every controller's state and children list, in place, through pointers valid for the
    /// call.
    ///
    /// A reader that visits every controller (`explore`'s key of each state it reaches) reads each field without
    /// copying the state, checking a bound or retaining the table's arrays, as `self[position:]` and
    /// `withChildren(at:)` do once per read.
    @inlinable
    public func withContents<Result>(_ body: (Contents) throws -> Result) rethrows -> Result {
        try states.withUnsafeBufferPointer { states in
            try childArena.withUnsafeBufferPointer { arena in try body(Contents(states: states, arena: arena)) }
        }
    }

    /// The table's states and children lists as `withContents(_:)` lends them.
    public struct Contents {
        /// The states, by position.
        public let states: UnsafeBufferPointer<ControllerState>
        /// The children lists' arena.
        @usableFromInline
        let arena: UnsafeBufferPointer<ControllerID>

        @inlinable
        init(states: UnsafeBufferPointer<ControllerState>, arena: UnsafeBufferPointer<ControllerID>) {
            self.states = states
            self.arena = arena
        }

        /// The children of the controller at `position`, in order.
        @inlinable
        public func children(at position: Int) -> UnsafeBufferPointer<ControllerID> {
            let location = states[position].childrenLocation
            return UnsafeBufferPointer(rebasing: arena[Int(location.start)..<Int(location.start) + Int(location.count)])
        }

        /// How many children the controller at `position` has.
        @inlinable
        public func childCount(at position: Int) -> Int { Int(states[position].childrenLocation.count) }

        /// How many entries the children lists' arena holds, filled or not: at least every controller's children
        /// together (each list is a run of its own).
        @inlinable
        public var arenaCount: Int { arena.count }
    }

    /// Makes `children` the children of the controller at `position`.
    public mutating func setChildren(_ children: some Collection<ControllerID>, at position: Int) {
        let count = children.count
        if count > states[position].childrenLocation.capacity {
            move(position, capacity: max(count, 2 * Int(states[position].childrenLocation.capacity)))
        }
        var index = Int(states[position].childrenLocation.start)
        for child in children {
            childArena[index] = child
            index += 1
        }
        states[position].childrenLocation.count = Int32(count)
    }

    /// Appends `child` to the children of the controller at `position`.
    public mutating func appendChild(_ child: ControllerID, at position: Int) {
        let count = Int(states[position].childrenLocation.count)
        if count == states[position].childrenLocation.capacity { move(position, capacity: max(4, 2 * count)) }
        childArena[Int(states[position].childrenLocation.start) + count] = child
        states[position].childrenLocation.count = Int32(count + 1)
    }

    /// Removes every occurrence of `child` from the children of the controller at `position`, keeping the others'
    /// order.
    ///
    /// The list is searched, then compacted, through the arena's buffer: written by subscript, each move checked the
    /// arena's uniqueness and bounds again (callgrind of `check --specs 40`: 99 instructions a removal, 86 this way).
    public mutating func removeChild(_ child: ControllerID, at position: Int) {
        let start = Int(states[position].childrenLocation.start)
        let count = Int(states[position].childrenLocation.count)
        // Searched first without writing, so that an arena shared with another table is not copied for a child that
        // is not there.
        let found = childArena.withUnsafeBufferPointer { arena in
            UnsafeBufferPointer(rebasing: arena[start..<(start + count)]).firstIndex(of: child)
        }
        guard let first = found else { return }
        let kept = childArena.withUnsafeMutableBufferPointer { arena in
            let list = UnsafeMutableBufferPointer(rebasing: arena[start..<(start + count)])
            var kept = first
            for index in (first + 1)..<count where list[index] != child {
                list[kept] = list[index]
                kept += 1
            }
            return kept
        }
        states[position].childrenLocation.count = Int32(kept)
    }

    /// Moves the children list at `position` to the end of the arena, with room for `capacity` children (packing
    /// the arena first if it is sparse).
    private mutating func move(_ position: Int, capacity: Int) {
        compactIfSparse()
        let start = Int(states[position].childrenLocation.start)
        let count = Int(states[position].childrenLocation.count)
        let newStart = childArena.count
        // Room grown by half again at least: reserving the exact count would reallocate the arena on every move.
        if childArena.capacity < newStart + capacity {
            childArena.reserveCapacity(max(newStart + capacity, childArena.capacity + childArena.capacity / 2))
        }
        for index in start..<(start + count) { childArena.append(childArena[index]) }
        // The unused room holds copies of the controller's own id: any id would do, none is read.
        childArena.append(contentsOf: repeatElement(ids[position], count: capacity - count))
        states[position].childrenLocation.start = Int32(newStart)
        states[position].childrenLocation.capacity = Int32(capacity)
    }

    /// Packs the arena (each list with room for its children alone, in the controllers' order) when it holds more
    /// than four entries a child plus `arenaSlack`.
    private mutating func compactIfSparse() {
        guard childArena.count > Self.arenaSlack else { return }
        var childCount = 0
        for position in states.indices { childCount += Int(states[position].childrenLocation.count) }
        guard childArena.count > 4 * childCount + Self.arenaSlack else { return }
        var arena: [ControllerID] = []
        arena.reserveCapacity(childCount)
        for position in states.indices {
            let start = Int(states[position].childrenLocation.start)
            let count = Int(states[position].childrenLocation.count)
            states[position].childrenLocation.start = Int32(arena.count)
            states[position].childrenLocation.capacity = Int32(count)
            arena.append(contentsOf: childArena[start..<(start + count)])
        }
        childArena = arena
    }

    /// How many entries the children arena holds, filled or not (for tests of its compaction).
    public var childArenaCount: Int { childArena.count }

    private mutating func place(_ position: Int) {
        let mask = buckets.count - 1
        var bucket = Self.bucket(of: ids[position], mask: mask)
        while buckets[bucket].position >= 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = IndexBucket(key: ids[position].key, position: Int32(position))
    }

    private mutating func grow() {
        buckets = Array(repeating: .empty, count: buckets.count * 2)
        for position in ids.indices { place(position) }
    }

    /// Equal tables hold equal states with equal children lists, in the same order, however their arenas are laid out.
    public static func == (lhs: ControllerTable, rhs: ControllerTable) -> Bool {
        if lhs.sharesArrays(with: rhs) { return true }
        guard lhs.ids == rhs.ids, lhs.states == rhs.states else { return false }
        for position in lhs.states.indices where lhs.children(at: position) != rhs.children(at: position) { return false }
        return true
    }

    /// Whether both tables hold their ids, states and children in the same arrays (copies of one table): equal
    /// without reading a child list (a replay's launch is looked up by its initial state, which every replay of a spec
    /// on one device shares).
    private func sharesArrays(with other: ControllerTable) -> Bool {
        Self.sameStorage(ids, other.ids) && Self.sameStorage(states, other.states) && Self.sameStorage(childArena, other.childArena)
    }

    /// Whether `a` and `b` hold their elements in the same storage (copies of one array, neither changed since).
    private static func sameStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(states)
        for position in states.indices { hasher.combine(children(at: position)) }
    }
}

/// One bucket of a `ControllerTable`'s index: an id's key and its position in the table.
@usableFromInline
struct IndexBucket: Sendable, Hashable {
    /// `ControllerID.key` of the id.
    @usableFromInline
    let key: UInt64
    /// The id's position in the table; -1 in an empty bucket.
    @usableFromInline
    let position: Int32

    @inlinable
    init(key: UInt64, position: Int32) {
        self.key = key
        self.position = position
    }

    /// A bucket that holds no id: its key is one no id has (no id is written with the largest instance number,
    /// `StoredControllerID`), and its position is negative.
    @usableFromInline
    static let empty = IndexBucket(key: .max, position: -1)
}

/// One controller's children, in order: a view of its table's children list, indexed from 0.
public struct ControllerChildren: RandomAccessCollection, Sendable, Hashable, CustomStringConvertible {
    /// The arena of the table the list was read from.
    @usableFromInline
    let arena: [ControllerID]
    /// Where the list starts in `arena`.
    @usableFromInline
    let start: Int
    public let count: Int

    @inlinable
    init(arena: [ControllerID], start: Int, count: Int) {
        self.arena = arena
        self.start = start
        self.count = count
    }

    @inlinable
    public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int { count }

    @inlinable
    public subscript(position: Int) -> ControllerID {
        precondition(position >= 0 && position < count, "child index out of range")
        return arena[start + position]
    }

    /// The children as a slice of the arena (its indices are the arena's, not 0-based).
    @inlinable
    public var elements: ArraySlice<ControllerID> { arena[start..<(start + count)] }

    @inlinable
    public func makeIterator() -> ArraySlice<ControllerID>.Iterator { elements.makeIterator() }

    @inlinable
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<ControllerID>) throws -> R) rethrows -> R? {
        try elements.withContiguousStorageIfAvailable(body)
    }

    /// Copies the children into `buffer` in one go (what `Array(_:)`, `+` and `append(contentsOf:)` use), instead of
    /// element by element through an iterator.
    @inlinable
    public func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<ControllerID>
    ) -> (ArraySlice<ControllerID>.Iterator, Int) {
        elements._copyContents(initializing: buffer)
    }

    /// Whether `child` is one of the children (a loop over the arena, not through the 0-based subscript).
    @inlinable
    public func contains(_ child: ControllerID) -> Bool { firstIndex(of: child) != nil }

    /// The position of the first `child`, counted from 0.
    @inlinable
    public func firstIndex(of child: ControllerID) -> Int? {
        let key = child.key
        return arena.withUnsafeBufferPointer { arena in
            for index in 0..<count where arena[start + index].key == key { return index }
            return nil
        }
    }

    public var description: String { Array(self).description }

    public static func == (lhs: ControllerChildren, rhs: ControllerChildren) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for child in self { hasher.combine(child) }
    }

    public static func == (lhs: ControllerChildren, rhs: [ControllerID]) -> Bool { lhs.elementsEqual(rhs) }

    public static func == (lhs: [ControllerID], rhs: ControllerChildren) -> Bool { lhs.elementsEqual(rhs) }

    public static func != (lhs: ControllerChildren, rhs: [ControllerID]) -> Bool { !lhs.elementsEqual(rhs) }

    public static func != (lhs: [ControllerID], rhs: ControllerChildren) -> Bool { !lhs.elementsEqual(rhs) }
}

extension Array {
    /// Replaces the elements with `source`'s, in this array's storage when it has room (a replay started over in a
    /// `ReplayWorkspace`, whose state's arrays are copies of the same initial state's, mostly of the same counts).
    ///
    /// Elements of the same count are overwritten in place, in one move; otherwise the array is emptied and filled, and
    /// neither step is taken for an empty array (each is a call of about 60 to 90 instructions). An array shared with
    /// another is copied once, as its first change would have copied it.
    mutating func replaceContents(with source: [Element]) {
        if count == source.count {
            guard !isEmpty else { return }
            // An array shared with another is copied here with its room, as emptying it kept its room: a copy made
            // for the write would have room for its elements alone, and grow again at the replay's first new
            // controller.
            reserveCapacity(capacity)
            withUnsafeMutableBufferPointer { target in
                source.withUnsafeBufferPointer { source in
                    target.baseAddress!.update(from: source.baseAddress!, count: source.count)
                }
            }
            return
        }
        if !isEmpty { removeAll(keepingCapacity: true) }
        append(contentsOf: source)
    }
}
