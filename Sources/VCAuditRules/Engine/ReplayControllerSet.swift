import VCAuditReplay
import VCAuditSpec

/// A set of a replay's controllers that a rule's observer keeps: one bit per position in the replay's controller
/// table for the declared controllers at the first 64 positions, a list for the others.
///
/// A table position is found in one probe, so a bit answers at once where a list was searched. A declared
/// controller's position is the same for the whole replay, relaunches included (a relaunch starts the table over
/// from the declared one); an instance's (`detail#2`) is not after a relaunch, which makes the instances again, so
/// instances are kept in `others`, with the declared controllers past the first 64 positions and any the table does
/// not hold (a call naming one never made).
///
/// Each replay starts its observers from the template's, whose sets are empty: a list, even one of bit words, was
/// allocated again at each replay's first insertion. Two words, so that an observer holding one besides its
/// `RuleContext` fits in its existential without a box of its own (which each replay copied, an allocation too).
struct ReplayControllerSet {
    /// The bits of the declared controllers at positions 0 to 63.
    private var firstPositions: UInt64 = 0
    /// The instances, and the declared controllers at positions from 64 on or not in the table when inserted, in the
    /// order they were inserted.
    private var others: [ControllerID] = []

    @inline(__always)
    func contains(_ id: ControllerID, in state: HierarchyState) -> Bool {
        // Nothing inserted (most of the time): no lookup.
        if firstPositions == 0, others.isEmpty { return false }
        if firstPositions != 0, let position = bitPosition(of: id, in: state), firstPositions & (1 << UInt64(position)) != 0 {
            return true
        }
        // One inserted before the table held it is here whatever its position now.
        return !others.isEmpty && others.contains(id)
    }

    /// Inlined, with the list's rare work in calls of their own: `missing_will_move_to_parent` inserts or removes a
    /// child at nearly every `willMove(toParent:)`, and each was a call of about 40 instructions (callgrind).
    @inline(__always)
    mutating func insert(_ id: ControllerID, in state: HierarchyState) {
        if let position = bitPosition(of: id, in: state) {
            firstPositions |= 1 << UInt64(position)
        } else {
            insertOther(id)
        }
    }

    @inline(__always)
    mutating func remove(_ id: ControllerID, in state: HierarchyState) {
        if let position = bitPosition(of: id, in: state) {
            firstPositions &= ~(1 << UInt64(position))
        }
        if !others.isEmpty { removeOther(id) }
    }

    /// Adds `id`, which has no bit, to `others` unless it is there.
    @inline(never)
    private mutating func insertOther(_ id: ControllerID) {
        if !others.contains(id) { others.append(id) }
    }

    /// Removes `id` from `others` if it is there.
    @inline(never)
    private mutating func removeOther(_ id: ControllerID) {
        if let index = others.firstIndex(of: id) { others.remove(at: index) }
    }

    /// The position of `id`'s bit: its table position, if it is a declared controller at one of the first 64.
    @inline(__always)
    private func bitPosition(of id: ControllerID, in state: HierarchyState) -> Int? {
        guard !id.isInstance, let position = state.controllers.position(of: id), position < 64 else { return nil }
        return position
    }
}
