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
/// read a document; this type is the storage behind them.
public final class Document: @unchecked Sendable {
    // Immutable once composed: that is what makes sharing it across threads safe.
    // The buffers are owned here and freed in `deinit`; reading them costs no
    // reference counting, which a node-by-node reader would otherwise pay per access.
    @usableFromInline let records: UnsafeMutablePointer<NodeRecord>
    @usableFromInline let text: UnsafeMutablePointer<UInt8>
    /// Explicit tags, by `NodeRecord.tag` (index 0 is "no tag").
    @usableFromInline let tags: [String]
    /// The slot of the root node.
    let rootSlot: Int

    /// Takes over the memory of `records` and `text`, which are freed with the document.
    init(records: GrowableBuffer<NodeRecord>, text: GrowableBuffer<UInt8>, tags: [String], rootSlot: Int) {
        self.records = records.base
        self.text = text.base
        self.tags = tags
        self.rootSlot = rootSlot
    }

    deinit {
        records.deallocate()
        text.deallocate()
    }

    /// The root node.
    public var root: Node { Node(document: self, slot: resolved(rootSlot)) }

    /// The slot holding the node at `slot`: the anchored node for an alias, else `slot` itself.
    @inlinable @inline(__always)
    func resolved(_ slot: Int) -> Int { NodeRecords.resolved(slot, in: records) }

    /// The slot after the node at `slot` and its whole subtree (an alias is one slot).
    @inlinable @inline(__always)
    func slot(after slot: Int) -> Int { NodeRecords.slot(after: slot, in: records) }

    @inlinable @inline(__always)
    func mark(_ slot: Int) -> Mark {
        let record = records[slot]
        return Mark(line: Int(record.line), column: Int(record.column))
    }

    @inlinable @inline(__always)
    func tag(_ slot: Int) -> String? {
        let tag = records[slot].tag
        return tag == 0 ? nil : tags[Int(tag)]
    }

    /// The text of the scalar at `slot`.
    @usableFromInline
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
}

/// Whether `count` bytes at `a` and `b` are equal.
@inlinable @inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index < count {
        if a[index] != b[index] { return false }
        index += 1
    }
    return true
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
    /// Scalar: offset of its text in `Document.text`. Collection: number of children
    /// (keys and values both count). Alias: slot of the anchored node.
    @usableFromInline var first: UInt32
    /// Scalar: length of its text in bytes. Collection: the slot one past its subtree.
    @usableFromInline var second: UInt32
    /// Index into `Document.tags`; 0 when the node has no explicit tag.
    @usableFromInline var tag: UInt32
    @usableFromInline var kind: Kind
    /// A scalar's `Node.ScalarStyle`; for a collection, 1 when written in flow style.
    @usableFromInline var style: UInt8
}
