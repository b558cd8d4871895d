/// A composed YAML document, stored flat: one record per node, in document order.
///
/// Every node is a fixed-size record in one array, and every scalar's text
/// is a slice of one byte buffer, so composing a file costs a handful of
/// allocations however many nodes it has, and reading it costs no reference
/// counting per node. A collection's children follow its record; the record
/// says where its subtree ends, so a reader can step over a whole value. An
/// alias is a record that points at the node its anchor named, so aliases
/// share that node instead of copying it.
///
/// `Node` and its `Scalar`, `Mapping` and `Sequence` views are how callers
/// read a document, and `BorrowedNode` how a hot reader does without counting
/// references; this type owns the storage behind them.
public final class Document: @unchecked Sendable {
    // Immutable once composed: that is what makes sharing it across threads safe.
    /// The document's memory, owned here and freed in `deinit`.
    @usableFromInline let storage: NodeStorage
    private let tagCount: Int
    /// The slot of the root node.
    let rootSlot: Int
    private let recordCount: Int

    /// Takes over the memory of `records` and `text`, which are freed with the document.
    init(records: GrowableBuffer<NodeRecord>, text: GrowableBuffer<UInt8>, tags: [String], rootSlot: Int) {
        let tagNames = UnsafeMutablePointer<String>.allocate(capacity: tags.count)
        tagNames.initialize(from: tags, count: tags.count)
        storage = NodeStorage(records: records.base, text: text.base, tags: tagNames)
        tagCount = tags.count
        recordCount = records.count
        self.rootSlot = rootSlot
    }

    /// Whether `other` holds the same records (marks, kinds, styles, tags, links), scalar texts and tags: what the
    /// two readers of `Composer` must agree on.
    ///
    /// A scalar's text is compared byte for byte wherever each document keeps it: libyaml's reading appends each
    /// scalar's text as it comes, the subset parser's points into a copy of the input.
    func isIdentical(to other: Document) -> Bool {
        guard rootSlot == other.rootSlot, recordCount == other.recordCount, tagCount == other.tagCount else { return false }
        for slot in 0..<recordCount {
            let a = storage.records[slot]
            let b = other.storage.records[slot]
            guard a.line == b.line, a.column == b.column, a.second == b.second, a.tag == b.tag, a.kind == b.kind,
                  a.style == b.style else { return false }
            if a.kind == .scalar {
                guard NodeRecords.sameText(slot, in: storage, slot, in: other.storage) else { return false }
            } else if a.first != b.first {
                return false
            }
        }
        for index in 0..<tagCount where storage.tags[index] != other.storage.tags[index] { return false }
        return true
    }

    deinit {
        storage.records.deallocate()
        storage.text.deallocate()
        storage.tags.deinitialize(count: tagCount)
        storage.tags.deallocate()
    }

    /// The root node.
    public var root: Node { Node(document: self, slot: storage.resolved(rootSlot)) }
}

/// The memory of a composed document, read by slot: node records, scalar text and tag names.
///
/// Every read of a document is written once, here, and called only by the
/// `BorrowedNode` views (which `Node`'s views forward to). The memory belongs
/// to the `Document`: a `NodeStorage` must not outlive it.
@usableFromInline
struct NodeStorage: BitwiseCopyable {
    @usableFromInline let records: UnsafeMutablePointer<NodeRecord>
    @usableFromInline let text: UnsafeMutablePointer<UInt8>
    /// Tag names by `NodeRecord.tag`; index 0 is "no tag".
    @usableFromInline let tags: UnsafeMutablePointer<String>

    @usableFromInline
    init(records: UnsafeMutablePointer<NodeRecord>, text: UnsafeMutablePointer<UInt8>, tags: UnsafeMutablePointer<String>) {
        self.records = records
        self.text = text
        self.tags = tags
    }

    // MARK: Any node

    @inlinable @inline(__always)
    func kind(_ slot: Int) -> NodeRecord.Kind { records[slot].kind }

    @inlinable @inline(__always)
    func mark(_ slot: Int) -> Mark { records[slot].mark }

    /// The explicit tag, as libyaml resolved it.
    @inlinable
    func tag(_ slot: Int) -> String? {
        let tag = records[slot].tag
        return tag == 0 ? nil : tags[Int(tag)]
    }

    /// The slot holding the node at `slot`: the anchored node for an alias, else `slot` itself.
    @inlinable @inline(__always)
    func resolved(_ slot: Int) -> Int { NodeRecords.resolved(slot, in: records) }

    /// The slot after the node at `slot` and its whole subtree (an alias is one slot).
    @inlinable @inline(__always)
    func slot(after slot: Int) -> Int { NodeRecords.slot(after: slot, in: records) }

    /// "a mapping", "a sequence", "null" or "a scalar", for messages.
    @inlinable
    func kindDescription(_ slot: Int) -> String {
        switch records[slot].kind {
        case .scalar, .alias: isNull(slot) ? "null" : "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        }
    }

    // MARK: Collections

    /// The children of a collection: keys and values both count.
    @inlinable @inline(__always)
    func childCount(_ slot: Int) -> Int { Int(records[slot].first) }

    /// The slot one past a collection's subtree.
    @inlinable @inline(__always)
    func end(_ slot: Int) -> Int { Int(records[slot].second) }

    /// The raw slot of the key of `mapping` spelt `bytes`, if present (its value is the next raw slot).
    ///
    /// Inlined into each field read: a decoded mapping has a few keys, whose scan cost little more than the call
    /// around it (about 1.2 M instructions of a callgrind of loading 1 MB of specs).
    @inlinable @inline(__always)
    func keySlot(in mapping: Int, forKeyBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = end(mapping)
        var raw = mapping + 1
        while raw < end {
            if scalar(resolved(raw), equals: bytes) { return raw }
            raw = slot(after: raw + 1)
        }
        return nil
    }

    // MARK: Scalars

    @inlinable @inline(__always)
    func style(_ slot: Int) -> Node.ScalarStyle { Node.ScalarStyle(rawValue: records[slot].style) ?? .plain }

    /// The text of the scalar at `slot`.
    @inlinable
    func string(_ slot: Int) -> String { NodeRecords.string(slot, in: records, text: text) }

    /// Calls `body` with the UTF-8 bytes of the scalar at `slot`.
    @inlinable @inline(__always)
    func withBytes<R>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let record = records[slot]
        return body(UnsafeBufferPointer(start: text + Int(record.first), count: Int(record.second)))
    }

    /// Whether the scalar at `slot` is exactly `bytes`.
    @inlinable @inline(__always)
    func scalar(_ slot: Int, equals bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let record = records[slot]
        guard Int(record.second) == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return memoryEqual(text + Int(record.first), bytes.baseAddress!, bytes.count)
    }

    /// Whether the scalar at `slot` is exactly `literal`.
    @inlinable @inline(__always)
    func scalar(_ slot: Int, equals literal: StaticString) -> Bool {
        scalar(slot, equals: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Whether the scalar is plain and has no explicit tag: how YAML's core schema types apply.
    @inlinable @inline(__always)
    func isPlainUntagged(_ slot: Int) -> Bool {
        let record = records[slot]
        return record.style == Node.ScalarStyle.plain.rawValue && record.tag == 0
    }

    /// Whether the scalar is plain and untagged or tagged `!!name` (`tag:yaml.org,2002:name`).
    @inlinable
    func isPlain(_ slot: Int, orTagged name: StaticString) -> Bool {
        let record = records[slot]
        guard record.style == Node.ScalarStyle.plain.rawValue else { return false }
        guard record.tag != 0 else { return true }
        return tags[Int(record.tag)] == "tag:yaml.org,2002:\(name)"
    }

    /// Whether the scalar is YAML's null (`~`, `null`, or nothing, unquoted).
    ///
    /// Inlined, a plain, untagged scalar answered in place (most controller ids, checked before each is looked up):
    /// a length no null has is not one, and four bytes are compared as one word.
    @inlinable @inline(__always)
    func isNull(_ slot: Int) -> Bool {
        let record = records[slot]
        if record.style == Node.ScalarStyle.plain.rawValue, record.tag == 0 {
            switch record.second {
            case 0, 1: break
            case 4:
                // `null`, `Null` and `NULL`, their first byte lowest.
                let word = UInt32(littleEndian: UnsafeRawPointer(text + Int(record.first)).loadUnaligned(as: UInt32.self))
                return word == 0x6C6C_756E || word == 0x6C6C_754E || word == 0x4C4C_554E
            default: return false
            }
        }
        return isNullOfAnyLength(slot)
    }

    /// `isNull`, whatever the scalar's length, style and tag.
    @usableFromInline
    func isNullOfAnyLength(_ slot: Int) -> Bool {
        guard isPlainUntagged(slot) else { return tag(slot) == "tag:yaml.org,2002:null" }
        return withBytes(slot) { NodeRecords.spellsNull($0) }
    }

    /// The scalar as a YAML 1.2 core-schema boolean (plain, untagged or tagged `!!bool`).
    @inlinable
    func bool(_ slot: Int) -> Bool? {
        guard isPlain(slot, orTagged: "bool") else { return nil }
        return boolIfUnquoted(slot)
    }

    /// The scalar as a decimal integer (plain, untagged or tagged `!!int`).
    @inlinable
    func int(_ slot: Int) -> Int? {
        guard isPlain(slot, orTagged: "int") else { return nil }
        return intIfUnquoted(slot)
    }

    /// The scalar as a floating-point number (plain, untagged or tagged `!!float`/`!!int`).
    @inlinable
    func double(_ slot: Int) -> Double? {
        guard isPlain(slot, orTagged: "float") || isPlain(slot, orTagged: "int") else { return nil }
        return Double(string(slot))
    }

    /// The boolean the text would be if it were written plain.
    @inlinable
    func boolIfUnquoted(_ slot: Int) -> Bool? { withBytes(slot) { NodeRecords.spellsBool($0) } }

    /// The decimal integer the text would be if it were written plain.
    @inlinable
    func intIfUnquoted(_ slot: Int) -> Int? { withBytes(slot) { NodeRecords.decimal($0) } }
}

/// Reading node records and scalar text from their buffers, for the builder and the document alike.
@usableFromInline
enum NodeRecords {
    /// The slot holding the node at `slot`: the anchored node for an alias, else `slot` itself.
    @inlinable @inline(__always)
    static func resolved(_ slot: Int, in records: UnsafeMutablePointer<NodeRecord>) -> Int {
        let record = records[slot]
        return record.kind == .alias ? Int(record.first) : slot
    }

    /// The slot after the node at `slot` and its whole subtree (an alias is one slot).
    @inlinable @inline(__always)
    static func slot(after slot: Int, in records: UnsafeMutablePointer<NodeRecord>) -> Int {
        let record = records[slot]
        return record.kind.isCollection ? Int(record.second) : slot + 1
    }

    /// The text of the scalar at `slot`.
    @usableFromInline
    static func string(_ slot: Int, in records: UnsafeMutablePointer<NodeRecord>, text: UnsafeMutablePointer<UInt8>) -> String {
        let record = records[slot]
        return String(decoding: UnsafeBufferPointer(start: text + Int(record.first), count: Int(record.second)), as: UTF8.self)
    }

    /// Whether the scalars at two slots have the same text.
    static func sameText(_ a: Int, _ b: Int, in records: UnsafeMutablePointer<NodeRecord>, text: UnsafeMutablePointer<UInt8>) -> Bool {
        let left = records[a], right = records[b]
        guard left.second == right.second else { return false }
        return memoryEqual(text + Int(left.first), text + Int(right.first), Int(left.second))
    }

    /// Whether the scalar at `a` of one document's memory has the text of the scalar at `b` of another's.
    static func sameText(_ a: Int, in left: NodeStorage, _ b: Int, in right: NodeStorage) -> Bool {
        let leftRecord = left.records[a], rightRecord = right.records[b]
        guard leftRecord.second == rightRecord.second else { return false }
        return memoryEqual(left.text + Int(leftRecord.first), right.text + Int(rightRecord.first), Int(leftRecord.second))
    }

    /// Whether the text spells YAML's null: nothing, `~`, `null`, `Null` or `NULL`.
    @usableFromInline
    static func spellsNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4: return matches(bytes, "null") || matches(bytes, "Null") || matches(bytes, "NULL")
        default: return false
        }
    }

    /// The boolean the text spells in YAML's core schema, if any.
    @usableFromInline
    static func spellsBool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch bytes.count {
        case 4: return matches(bytes, "true") || matches(bytes, "True") || matches(bytes, "TRUE") ? true : nil
        case 5: return matches(bytes, "false") || matches(bytes, "False") || matches(bytes, "FALSE") ? false : nil
        default: return nil
        }
    }

    /// An optional sign then decimal digits, as `Int(_: String)` reads them; nil on overflow.
    @usableFromInline
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            index += 1
        }
        return value
    }

    @usableFromInline @inline(__always)
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && memoryEqual(bytes.baseAddress!, text.utf8Start, bytes.count)
    }
}

/// Whether `count` bytes at `a` and `b` are equal, compared eight, then four, two and one at a time.
///
/// Keys and names are short, so a call to `memcmp` would cost more than the comparison; a byte at a time cost a
/// compare and a branch per byte of every key the decoder looks for. (`package`: the decoder's name table compares
/// with it too.)
@inlinable @inline(__always)
package func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let left = UnsafeRawPointer(a), right = UnsafeRawPointer(b)
    var index = 0
    while index &+ 8 <= count {
        if left.loadUnaligned(fromByteOffset: index, as: UInt64.self) != right.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
            return false
        }
        index &+= 8
    }
    if index &+ 4 <= count {
        if left.loadUnaligned(fromByteOffset: index, as: UInt32.self) != right.loadUnaligned(fromByteOffset: index, as: UInt32.self) {
            return false
        }
        index &+= 4
    }
    if index &+ 2 <= count {
        if left.loadUnaligned(fromByteOffset: index, as: UInt16.self) != right.loadUnaligned(fromByteOffset: index, as: UInt16.self) {
            return false
        }
        index &+= 2
    }
    return index == count || a[index] == b[index]
}

/// The bit of a 64-bit set that stands for a key, from its length and its first and last bytes.
///
/// Two keys with different bits differ; two with the same bit may still differ, so a set bit only says "look".
/// The composer's duplicate-key check and the decoder's field reads use the same bits. A free function rather than
/// a static method: the compiler inlines a package function into another module, where it left a call to a static
/// method of an enum.
@inlinable @inline(__always)
package func keyBit(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let first = bytes.first, let last = bytes.last else { return 1 }
    return 1 &<< UInt64((bytes.count &* 7 &+ Int(first) &+ Int(last) &* 3) & 63)
}

/// `keyBit(of:)` of a key spelt by a literal.
@inlinable @inline(__always)
package func keyBit(of key: StaticString) -> UInt64 {
    keyBit(of: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
}

/// One node of a `Document`: 24 bytes, no references.
@usableFromInline
struct NodeRecord: BitwiseCopyable {
    @usableFromInline
    enum Kind: UInt8, BitwiseCopyable {
        case scalar, mapping, sequence, alias

        @inlinable
        var isCollection: Bool { self == .mapping || self == .sequence }
    }

    /// 1-based line and column of where the node starts.
    @usableFromInline var line: UInt32
    @usableFromInline var column: UInt32
    /// Scalar: offset of its text in `NodeStorage.text`. Collection: number of children
    /// (keys and values both count). Alias: slot of the anchored node.
    @usableFromInline var first: UInt32
    /// Scalar: length of its text in bytes. Collection: the slot one past its subtree.
    @usableFromInline var second: UInt32
    /// Index into `NodeStorage.tags`; 0 when the node has no explicit tag.
    @usableFromInline var tag: UInt32
    @usableFromInline var kind: Kind
    /// A scalar's `Node.ScalarStyle`; for a collection, 1 when written in flow style.
    @usableFromInline var style: UInt8

    /// Where the node starts.
    @inlinable
    var mark: Mark { Mark(line: Int(line), column: Int(column)) }
}
