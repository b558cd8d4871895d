import VCAuditYAML

/// A node of the document being decoded, read like a `Node` but without reference counting.
///
/// A `Node` keeps its document alive, so each view of one costs a retain and
/// a release, and decoding a spec makes millions of views. `SpecDecoder`
/// holds the document for the whole decode, so its views point straight into
/// the document's storage. They never leave the decoder: what a `Spec` keeps
/// is copied out of them (strings, marks, numbers).
struct BorrowedNode {
    let storage: NodeStorage
    /// The node's record (never an alias record: those are resolved).
    let slot: Int

    /// The root of `root`'s document; valid while that document is alive.
    init(root: Node) {
        self.init(storage: root.document.storage, slot: root.slot)
    }

    init(storage: NodeStorage, slot: Int) {
        self.storage = storage
        self.slot = slot
    }

    var mark: Mark { storage.mark(slot) }

    var scalar: Scalar? { storage.kind(slot) == .scalar ? Scalar(storage: storage, slot: slot) : nil }

    var mapping: Mapping? { storage.kind(slot) == .mapping ? Mapping(storage: storage, slot: slot) : nil }

    var sequence: Sequence? { storage.kind(slot) == .sequence ? Sequence(storage: storage, slot: slot) : nil }

    /// "a mapping", "a sequence", "null" or "a scalar", for messages.
    var kindDescription: String { storage.kindDescription(slot) }

    struct Scalar {
        let storage: NodeStorage
        let slot: Int

        var node: BorrowedNode { BorrowedNode(storage: storage, slot: slot) }
        var mark: Mark { storage.mark(slot) }
        /// The text (after YAML's unescaping and folding); makes a `String`.
        var value: String { storage.string(slot) }
        var style: Node.ScalarStyle { storage.style(slot) }
        var isNull: Bool { storage.isNull(slot) }
        var bool: Bool? { storage.bool(slot) }
        var int: Int? { storage.int(slot) }
        var double: Double? { storage.double(slot) }
        var boolIfUnquoted: Bool? { storage.boolIfUnquoted(slot) }
        var intIfUnquoted: Int? { storage.intIfUnquoted(slot) }

        /// Whether the text is exactly `text`, compared byte for byte.
        @inline(__always)
        func hasValue(_ text: StaticString) -> Bool { storage.scalar(slot, equals: text) }

        @inline(__always)
        func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { storage.withBytes(slot, body) }
    }

    /// A mapping; its keys are unique scalars (checked while composing).
    struct Mapping {
        let storage: NodeStorage
        let slot: Int

        var mark: Mark { storage.mark(slot) }
        var entries: Entries { Entries(storage: storage, mappingSlot: slot) }

        /// The value for the key spelt `key`, if present.
        @inline(__always)
        subscript(key: StaticString) -> BorrowedNode? {
            // A key is always one slot (a scalar or an alias of one), so its value's slot is the next.
            keySlot(key).map { BorrowedNode(storage: storage, slot: storage.resolved($0 + 1)) }
        }

        /// The key spelt `key`, if present.
        func key(_ key: StaticString) -> Scalar? {
            keySlot(key).map { Scalar(storage: storage, slot: storage.resolved($0)) }
        }

        @inline(__always)
        private func keySlot(_ key: StaticString) -> Int? {
            storage.keySlot(in: slot, forKeyBytes: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        }
    }

    /// A mapping's entries, in source order; an index is the raw slot of an entry's key.
    struct Entries: Collection {
        let storage: NodeStorage
        let mappingSlot: Int

        var startIndex: Int { mappingSlot + 1 }
        var endIndex: Int { storage.end(mappingSlot) }
        var count: Int { storage.childCount(mappingSlot) / 2 }
        var isEmpty: Bool { storage.childCount(mappingSlot) == 0 }

        func index(after raw: Int) -> Int { storage.slot(after: raw + 1) }

        subscript(raw: Int) -> Entry {
            Entry(key: BorrowedNode(storage: storage, slot: storage.resolved(raw)),
                  value: BorrowedNode(storage: storage, slot: storage.resolved(raw + 1)))
        }
    }

    struct Entry {
        var key: BorrowedNode
        var value: BorrowedNode
    }

    struct Sequence {
        let storage: NodeStorage
        let slot: Int

        var items: Items { Items(storage: storage, sequenceSlot: slot) }
    }

    /// A sequence's items, in source order; an index is an item's raw slot.
    struct Items: Collection {
        let storage: NodeStorage
        let sequenceSlot: Int

        var startIndex: Int { sequenceSlot + 1 }
        var endIndex: Int { storage.end(sequenceSlot) }
        var count: Int { storage.childCount(sequenceSlot) }
        var isEmpty: Bool { storage.childCount(sequenceSlot) == 0 }

        func index(after raw: Int) -> Int { storage.slot(after: raw) }

        subscript(raw: Int) -> BorrowedNode { BorrowedNode(storage: storage, slot: storage.resolved(raw)) }
    }
}

extension Collection {
    /// `compactMap` into an array with room for every element from the start.
    ///
    /// Decoding drops an item only when it has an error, so sizing the array
    /// for all of them saves the regrowth (a copy and a free per doubling).
    func compactMapReserved<T>(_ transform: (Element) -> T?) -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        for element in self {
            if let value = transform(element) { result.append(value) }
        }
        return result
    }
}
