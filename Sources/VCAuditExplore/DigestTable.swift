/// The members of a set kept by the caller, found by a 64-bit digest of each in an open-addressing table
/// (`VisitedStates`, `SeenViolations`): a lookup reads the digests of a bucket or two and asks the caller to compare
/// only a member whose digest is equal, with no hashing of its own.
struct DigestTable {
    /// Each member's digest, by the member's position (the order it was added in).
    private var digests: [UInt64] = []
    /// Position + 1 of the member in each bucket, 0 for an empty bucket; the count is a power of two.
    private var buckets: [Int32]

    /// An empty table with `buckets` buckets (a power of two) before it first grows.
    init(buckets: Int) {
        self.buckets = Array(repeating: 0, count: buckets)
    }

    /// How many members were added.
    var count: Int { digests.count }

    /// Adds a member whose digest is `digest` at position `count`, unless `isMember` says that the member at one of
    /// the positions whose digest is `digest` is the one looked up; tells whether it was added.
    @inline(__always)
    mutating func insert(_ digest: UInt64, unlessFound isMember: (_ position: Int) -> Bool) -> Bool {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: digest >> 32) & mask
        while buckets[bucket] != 0 {
            let position = Int(buckets[bucket]) - 1
            if digests[position] == digest, isMember(position) { return false }
            bucket = (bucket + 1) & mask
        }
        digests.append(digest)
        buckets[bucket] = Int32(digests.count)
        if digests.count * 2 > buckets.count { grow() }
        return true
    }

    /// Doubles the table and places every member again.
    private mutating func grow() {
        buckets = Array(repeating: 0, count: buckets.count * 2)
        let mask = buckets.count - 1
        for (position, digest) in digests.enumerated() {
            var bucket = Int(truncatingIfNeeded: digest >> 32) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(position + 1)
        }
    }
}
