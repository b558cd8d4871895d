import VCAuditSpec

/// Every controller's state in one replay, in the order the controllers were added: an array, and an index from
/// id to position.
///
/// The index is open addressing over the ids' two numbers (a multiplicative hash, linear probing), so finding a
/// controller hashes no string and runs no SipHash; the states sit in one array, so a scenario's initial state is
/// a copy of two arrays. Controllers are only ever added (a relaunch replaces the whole table), which keeps
/// positions stable for the life of the table.
public struct ControllerTable: Sendable, Hashable {
    /// The ids, in the order they were added.
    public private(set) var ids: [ControllerID] = []
    /// The states, by the same positions as `ids`.
    @usableFromInline
    var states: [ControllerState] = []
    /// Position + 1 of the id in each bucket, 0 for an empty bucket; the count is a power of two.
    @usableFromInline
    var buckets: [Int32] = Array(repeating: 0, count: 16)

    /// A table of `controllers`, in their order (each id once).
    public init(_ controllers: [ControllerState]) {
        var size = 16
        while size < controllers.count * 2 { size *= 2 }
        buckets = Array(repeating: 0, count: size)
        ids = controllers.map(\.id)
        states = controllers
        for position in ids.indices { place(position) }
    }

    /// How many controllers the table holds.
    public var count: Int { ids.count }

    /// The first bucket to probe for `id`.
    @inlinable
    static func bucket(of id: ControllerID, mask: Int) -> Int {
        Int(truncatingIfNeeded: (id.key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The position of `id`, if the table holds it.
    ///
    /// Reads both arrays through unchecked pointers: every entry of `buckets` is 0 or a position + 1 of `ids`, and the
    /// bucket index is masked to the count, so no read can fall outside them. Nearly every read of the replay's state
    /// comes through here.
    @inlinable
    public func position(of id: ControllerID) -> Int? {
        let key = id.key
        return buckets.withUnsafeBufferPointer { buckets in
            ids.withUnsafeBufferPointer { ids in
                let mask = buckets.count - 1
                var bucket = Self.bucket(of: id, mask: mask)
                while true {
                    let entry = Int(buckets[bucket])
                    if entry == 0 { return nil }
                    if ids[entry - 1].key == key { return entry - 1 }
                    bucket = (bucket + 1) & mask
                }
            }
        }
    }

    /// The state of `id`, if the table holds it; setting a state for a new id adds it at the end.
    public subscript(id: ControllerID) -> ControllerState? {
        get { position(of: id).map { states[$0] } }
        set {
            guard let newValue else { preconditionFailure("controllers are never removed from a table") }
            if let position = position(of: id) { states[position] = newValue } else { append(newValue) }
        }
    }

    /// The state at `position`.
    @inlinable
    public subscript(position position: Int) -> ControllerState {
        _read { yield states[position] }
        _modify { yield &states[position] }
    }

    /// The controller that owns the view `id`'s view is mounted in, if it is mounted in a controller's view.
    func viewOwner(of id: ControllerID) -> ControllerID? {
        if case .controller(let owner) = self[position: position(of: id)!].superview { return owner }
        return nil
    }

    /// Adds `controller`, whose id the table does not hold yet.
    mutating func append(_ controller: ControllerState) {
        if (ids.count + 1) * 2 > buckets.count { grow() }
        ids.append(controller.id)
        states.append(controller)
        place(ids.count - 1)
    }

    private mutating func place(_ position: Int) {
        let mask = buckets.count - 1
        var bucket = Self.bucket(of: ids[position], mask: mask)
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = Int32(position + 1)
    }

    private mutating func grow() {
        buckets = Array(repeating: 0, count: buckets.count * 2)
        for position in ids.indices { place(position) }
    }

    public static func == (lhs: ControllerTable, rhs: ControllerTable) -> Bool {
        lhs.ids == rhs.ids && lhs.states == rhs.states
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(states)
    }
}
