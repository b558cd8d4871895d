import VCAuditYAML

/// Names numbered in the order they were added, found again by their UTF-8 bytes.
///
/// The decoder looks up every controller reference and transition name of a
/// spec; this table answers from a scalar's bytes, with a hash that takes
/// them a word at a time and open addressing, so a lookup makes no `String`
/// and runs no SipHash. The
/// `String` of each name is made once, when it is added, and shared by every
/// reference to it. (`package` so the load benchmark can time the same lookups.)
package struct NameTable {
    /// The names, by number.
    private(set) var names: [String] = []
    /// The names' bytes, back to back; name `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Name number + 1 per bucket; 0 is an empty bucket. The count is a power of two.
    private var buckets: [Int32]

    /// A table with room for `capacity` names before it has to grow.
    package init(capacity: Int = 0) {
        var bucketCount = 16
        while bucketCount < capacity * 2 { bucketCount *= 2 }
        buckets = Array(repeating: 0, count: bucketCount)
        names.reserveCapacity(capacity)
        starts.reserveCapacity(capacity + 1)
        bytes.reserveCapacity(capacity * 12)
    }

    var count: Int { names.count }

    /// The number of `name`, adding it if it is new.
    ///
    /// Hashes the name once: a new name goes into the empty bucket its search ended at (or, when the table must
    /// grow, is placed with the others), where looking it up and then placing it hashed and probed twice. Every
    /// declared id, transition and scenario name of a spec is inserted on each load.
    @discardableResult
    package mutating func insert(_ name: String) -> Int {
        var utf8 = name
        return utf8.withUTF8 { key in
            let (found, bucket) = find(key)
            if let found { return found }
            let added = names.count
            names.append(name)
            bytes.append(contentsOf: key)
            starts.append(bytes.count)
            if (added + 1) * 2 > buckets.count {
                grow()
            } else {
                buckets[bucket] = Int32(added + 1)
            }
            return added
        }
    }

    /// The number of the name spelt by `scalar`, if it was added.
    @inline(__always)
    func number(of scalar: BorrowedNode.Scalar) -> Int? {
        scalar.withUTF8 { number(of: $0) }
    }

    /// The number of the name `name`, if it was added.
    func number(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { number(of: $0) }
    }

    /// The number of the name spelt by `key`, if it was added.
    @inline(__always)
    package func number(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        find(key).number
    }

    /// The number of the name spelt by `key`; or, when it was not added, nil and the empty bucket the search for
    /// it ended at (where `insert` puts it).
    @inline(__always)
    private func find(_ key: UnsafeBufferPointer<UInt8>) -> (number: Int?, bucket: Int) {
        let mask = buckets.count - 1
        var bucket = Self.hash(key) & mask
        return bytes.withUnsafeBufferPointer { stored -> (number: Int?, bucket: Int) in
            while true {
                let entry = Int(buckets[bucket])
                if entry == 0 { return (nil, bucket) }
                let start = starts[entry - 1], end = starts[entry]
                if end - start == key.count, Self.equal(stored, start, key) { return (entry - 1, bucket) }
                bucket = (bucket + 1) & mask
            }
        }
    }

    private mutating func grow() {
        buckets = Array(repeating: 0, count: buckets.count * 2)
        for number in names.indices { place(number) }
    }

    private mutating func place(_ number: Int) {
        let mask = buckets.count - 1
        let start = starts[number], end = starts[number + 1]
        var bucket = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[start..<end])) } & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = Int32(number + 1)
    }

    /// Whether the `key.count` bytes at `start` of `stored` are `key`'s (the document's `memoryEqual`).
    @inline(__always)
    private static func equal(_ stored: UnsafeBufferPointer<UInt8>, _ start: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let keyBase = key.baseAddress, let storedBase = stored.baseAddress else { return key.isEmpty }
        return memoryEqual(storedBase + start, keyBase, key.count)
    }

    /// A hash of `key` that takes its bytes a word at a time (a multiply per eight bytes rather than per byte, as
    /// FNV-1a would); ids and names are short, so most take one or two multiplies.
    ///
    /// A bucket is chosen by the hash's low bits, and the low bits of a product depend only on the low bits of what
    /// was multiplied: the product's upper half is folded in at two offsets, so that ids that differ only in a late
    /// byte (`s0_1`, `s0_2`) spread out. Folded in once, at 32, a lookup of a `--specs 40` benchmark corpus probed
    /// 1.94 buckets on average; folded in twice, 1.22.
    @inline(__always)
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: key.count)
        guard let base = key.baseAddress else { return Int(truncatingIfNeeded: hash) }
        let bytes = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= key.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            index += 8
        }
        hash = (hash ^ tail(bytes, from: index, count: key.count)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hash ^ (hash >> 20) ^ (hash >> 40))
    }

    /// The bytes of `bytes` from `index` to `count` (fewer than eight) in one word, read four, two and one at a time.
    @inline(__always)
    private static func tail(_ bytes: UnsafeRawPointer, from index: Int, count: Int) -> UInt64 {
        var index = index
        var word: UInt64 = 0
        var shift: UInt64 = 0
        if index + 4 <= count {
            word = UInt64(bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
            shift = 32
            index += 4
        }
        if index + 2 <= count {
            word |= UInt64(bytes.loadUnaligned(fromByteOffset: index, as: UInt16.self)) << shift
            shift += 16
            index += 2
        }
        if index < count {
            word |= UInt64(bytes.load(fromByteOffset: index, as: UInt8.self)) << shift
        }
        return word
    }
}

/// A value per name, like a `[String: Value]` dictionary whose keys are found through a `NameTable`.
///
/// Specs are keyed by short names (controller ids, transition and scenario
/// names); hashing their bytes with `NameTable`'s hash instead of SipHash
/// keeps decoding and lookups cheap.
struct NameMap<Value>: Sendable where Value: Sendable {
    private var names: NameTable
    /// The value of each name, by the name's number.
    private var values: [Value] = []

    /// A map with room for `capacity` names before it has to grow.
    init(capacity: Int = 0) {
        names = NameTable(capacity: capacity)
        values.reserveCapacity(capacity)
    }

    /// The value of `name`, if it has one.
    subscript(name: String) -> Value? {
        names.number(of: name).map { values[$0] }
    }

    /// Gives `name` the value `value`; returns the value it had, if any (like `Dictionary.updateValue`).
    @discardableResult
    mutating func updateValue(_ value: Value, forName name: String) -> Value? {
        let number = names.insert(name)
        guard number < values.count else {
            values.append(value)
            return nil
        }
        defer { values[number] = value }
        return values[number]
    }
}
