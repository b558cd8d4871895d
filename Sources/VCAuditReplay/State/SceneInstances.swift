import VCAuditSpec

/// The instances segues have made of each declared scene: the newest one and how many, by the scene's position
/// among the declared controllers.
///
/// Two arrays of plain values, empty until a segue makes an instance. A step or an expectation naming a scene asks
/// for its newest instance on every reference (`HierarchyState.current`), so the answer is read by the position the
/// declared table finds without hashing, where a dictionary keyed by id ran SipHash each time.
public struct SceneInstances: Sendable, Hashable {
    /// The newest instance of the scene at each declared position; none where no segue has made a second one.
    @usableFromInline
    private(set) var newestByPosition: [StoredControllerID] = []
    /// How many instances of the scene at each declared position segues have made, the declared one counted as the
    /// first; 0 where none is recorded.
    private var countByPosition: [UInt32] = []

    /// None made yet.
    public init() {}

    /// Whether no segue has made an instance since launch.
    @inlinable
    public var isEmpty: Bool { newestIsEmpty && countIsEmpty }

    @inlinable
    var newestIsEmpty: Bool { newestByPosition.isEmpty }
    @usableFromInline
    var countIsEmpty: Bool { countByPosition.isEmpty }

    /// The newest instance of the scene at declared position `position`, if a segue made a second one.
    @inlinable
    func newest(at position: Int) -> ControllerID? {
        position < newestByPosition.count ? newestByPosition[position].id : nil
    }

    /// How many instances of the scene at declared position `position` segues have made, if any is recorded.
    func count(at position: Int) -> Int? {
        guard position < countByPosition.count, countByPosition[position] > 0 else { return nil }
        return Int(countByPosition[position])
    }

    /// Records `instance` as the newest of the scene at `position`, of `declaredCount` declared scenes.
    mutating func setNewest(_ instance: ControllerID, at position: Int, declaredCount: Int) {
        // Filled in place: an array emptied by `restart(from:)` keeps its room.
        if newestByPosition.isEmpty { newestByPosition.append(contentsOf: repeatElement(.none, count: declaredCount)) }
        newestByPosition[position] = StoredControllerID(instance, noneFrom: instance)
    }

    /// Records that segues have made `count` instances of the scene at `position`, of `declaredCount` declared scenes.
    mutating func setCount(_ count: Int, at position: Int, declaredCount: Int) {
        if countByPosition.isEmpty { countByPosition.append(contentsOf: repeatElement(0, count: declaredCount)) }
        countByPosition[position] = UInt32(count)
    }

    /// Makes these records `other`'s, in their own arrays where they have room.
    mutating func restart(from other: SceneInstances) {
        newestByPosition.replaceContents(with: other.newestByPosition)
        countByPosition.replaceContents(with: other.countByPosition)
    }

    /// Equal records name the same newest instances and counts, however many positions either has filled in.
    public static func == (lhs: SceneInstances, rhs: SceneInstances) -> Bool {
        func same<T: Equatable>(_ a: [T], _ b: [T], none: T) -> Bool {
            let count = max(a.count, b.count)
            for index in 0..<count where (index < a.count ? a[index] : none) != (index < b.count ? b[index] : none) {
                return false
            }
            return true
        }
        return same(lhs.newestByPosition, rhs.newestByPosition, none: .none)
            && same(lhs.countByPosition, rhs.countByPosition, none: 0)
    }

    /// Hashes the filled-in positions only, so that equal records hash alike.
    public func hash(into hasher: inout Hasher) {
        for (position, newest) in newestByPosition.enumerated() where newest.id != nil {
            hasher.combine(position)
            hasher.combine(newest)
        }
        hasher.combine(-1)
        for (position, count) in countByPosition.enumerated() where count > 0 {
            hasher.combine(position)
            hasher.combine(count)
        }
    }
}
