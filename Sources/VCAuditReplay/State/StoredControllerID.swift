import VCAuditSpec

/// A `ControllerID?` in the eight bytes of an id (`Optional` adds a byte, and padding makes it twelve), for the
/// values the replay copies most: events and controller states.
///
/// No id is written with the largest instance number (instance numbers have at most nine digits), so an id that has
/// it stands for none, whatever its scene. Two that stand for none are equal.
@usableFromInline
struct StoredControllerID: Sendable, Hashable {
    @usableFromInline
    let value: ControllerID

    /// `id`, or none, stored as an id of `scene`'s scene with the largest instance number (a scene at hand, so that
    /// storing none needs no shared value).
    @inlinable
    init(_ id: ControllerID?, noneFrom scene: ControllerID) {
        value = id ?? ControllerID(scene: scene, instance: Int(UInt32.max))
    }

    /// `id`, or none (stored with a scene made once, for values that have no scene at hand).
    init(_ id: ControllerID?) {
        self = id.map { StoredControllerID($0, noneFrom: $0) } ?? .none
    }

    /// None.
    static let none = StoredControllerID(nil, noneFrom: ControllerID(""))

    @inlinable
    var id: ControllerID? { value.instance == UInt32.max ? nil : value }

    @inlinable
    static func == (lhs: StoredControllerID, rhs: StoredControllerID) -> Bool { lhs.id == rhs.id }

    @inlinable
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
