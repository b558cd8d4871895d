/// One node of a composed YAML document, read without reference counting: valid only while its document is alive.
///
/// A `Node` keeps its document alive, so each view of one costs a retain and
/// a release; a decoder that reads a document through millions of views pays
/// for each. A `BorrowedNode` and its views point straight into the
/// document's storage and keep nothing alive: make them from a `Node` inside
/// `withExtendedLifetime(node.document) { ... }` and never let them (or a
/// buffer they lend) escape it. Copy out what must outlive the document
/// (strings, marks, numbers). `Node`'s views forward here, so both read a
/// document the same way.
public struct BorrowedNode: BitwiseCopyable {
    /// The document's memory, which belongs to the `Document`.
    @usableFromInline let storage: NodeStorage
    /// The node's record (never an alias record: those are resolved).
    @usableFromInline let slot: Int

    @inlinable @inline(__always)
    init(storage: NodeStorage, slot: Int) {
        self.storage = storage
        self.slot = slot
    }

    /// A borrowed view of `node`; valid while `node.document` is alive.
    @inlinable
    public init(_ node: Node) {
        self.init(storage: node.document.storage, slot: node.slot)
    }

    /// Where the node starts (1-based).
    @inlinable
    public var mark: Mark { storage.mark(slot) }

    /// The explicit tag written on the node (`!!str`, `!custom`), as libyaml resolved it.
    @inlinable
    public var tag: String? { storage.tag(slot) }

    /// The scalar, when this node is one.
    @inlinable
    public var scalar: Scalar? { storage.kind(slot) == .scalar ? Scalar(storage: storage, slot: slot) : nil }

    /// The mapping, when this node is one.
    @inlinable
    public var mapping: Mapping? { storage.kind(slot) == .mapping ? Mapping(storage: storage, slot: slot) : nil }

    /// The sequence, when this node is one.
    @inlinable
    public var sequence: Sequence? { storage.kind(slot) == .sequence ? Sequence(storage: storage, slot: slot) : nil }

    /// A short name for the node's kind, for messages: "a mapping", "a sequence", "null" or "a scalar".
    @inlinable
    public var kindDescription: String { storage.kindDescription(slot) }
}

extension BorrowedNode {
    /// A scalar value as written, with its style and explicit tag.
    ///
    /// `value` makes a `String`; to test the text without one, use
    /// `hasValue(_:)`, `isNull`, `bool` or `int`, which read the bytes.
    public struct Scalar: BitwiseCopyable {
        @usableFromInline let storage: NodeStorage
        @usableFromInline let slot: Int

        @inlinable @inline(__always)
        init(storage: NodeStorage, slot: Int) {
            self.storage = storage
            self.slot = slot
        }

        /// The node this scalar is.
        @inlinable
        public var node: BorrowedNode { BorrowedNode(storage: storage, slot: slot) }
        /// Where the scalar starts (1-based).
        @inlinable
        public var mark: Mark { storage.mark(slot) }
        /// The text (after YAML's unescaping and folding); makes a `String`.
        @inlinable
        public var value: String { storage.string(slot) }
        /// How the scalar was written: plain, quoted, literal or folded.
        @inlinable
        public var style: Node.ScalarStyle { storage.style(slot) }
        /// The explicit tag written on the scalar, as libyaml resolved it.
        @inlinable
        public var tag: String? { storage.tag(slot) }

        /// Calls `body` with the text's UTF-8 bytes, without making a `String`; the bytes must not escape `body`.
        @inlinable @inline(__always)
        public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { storage.withBytes(slot, body) }

        /// Whether the text is exactly `text`, compared byte for byte.
        @inlinable @inline(__always)
        public func hasValue(_ text: StaticString) -> Bool { storage.scalar(slot, equals: text) }

        /// Whether the text is exactly `text` (a `String` made at run time; literals use `hasValue(_:)`).
        @inlinable
        public func hasValue(equalTo text: String) -> Bool {
            var text = text
            return text.withUTF8 { storage.scalar(slot, equals: $0) }
        }

        /// Whether this is YAML's null (`~`, `null`, or nothing, unquoted).
        @inlinable
        public var isNull: Bool { storage.isNull(slot) }

        /// The value as a YAML 1.2 core-schema boolean, when it is one (plain, untagged or tagged `!!bool`).
        @inlinable
        public var bool: Bool? { storage.bool(slot) }

        /// The value as a decimal integer, when it is one (plain, untagged or tagged `!!int`).
        @inlinable
        public var int: Int? { storage.int(slot) }

        /// The value as a floating-point number, when it is one (plain, untagged or tagged `!!float`/`!!int`).
        @inlinable
        public var double: Double? { storage.double(slot) }

        /// The boolean the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var boolIfUnquoted: Bool? { storage.boolIfUnquoted(slot) }

        /// The decimal integer the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var intIfUnquoted: Int? { storage.intIfUnquoted(slot) }
    }

    /// A mapping, its entries in source order. Keys are unique scalars (checked while composing).
    public struct Mapping: BitwiseCopyable {
        @usableFromInline let storage: NodeStorage
        @usableFromInline let slot: Int

        @inlinable @inline(__always)
        init(storage: NodeStorage, slot: Int) {
            self.storage = storage
            self.slot = slot
        }

        /// The node this mapping is.
        @inlinable
        public var node: BorrowedNode { BorrowedNode(storage: storage, slot: slot) }
        /// Where the mapping starts (1-based).
        @inlinable
        public var mark: Mark { storage.mark(slot) }
        /// The explicit tag written on the mapping, as libyaml resolved it.
        @inlinable
        public var tag: String? { storage.tag(slot) }
        /// The mapping's keys and values, in source order.
        @inlinable
        public var entries: Entries { Entries(storage: storage, mappingSlot: slot) }

        /// The value for the key spelt `key`, if present.
        @inlinable @inline(__always)
        public subscript(key: StaticString) -> BorrowedNode? {
            value(forKeyBytes: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        }

        /// The value for the key `key` (a `String` made at run time; literals use the subscript), if present.
        @inlinable
        public func value(forKey key: String) -> BorrowedNode? {
            var key = key
            return key.withUTF8 { value(forKeyBytes: $0) }
        }

        /// The key spelt `key`, if present.
        @inlinable
        public func key(_ key: StaticString) -> Scalar? {
            let bytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            return storage.keySlot(in: slot, forKeyBytes: bytes).map { Scalar(storage: storage, slot: storage.resolved($0)) }
        }

        @inlinable @inline(__always)
        func value(forKeyBytes bytes: UnsafeBufferPointer<UInt8>) -> BorrowedNode? {
            // A key is always one slot (a scalar or an alias of one), so its value's slot is the next.
            storage.keySlot(in: slot, forKeyBytes: bytes).map { BorrowedNode(storage: storage, slot: storage.resolved($0 + 1)) }
        }
    }

    /// A mapping's entries, in source order.
    public struct Entries: Collection, BitwiseCopyable {
        @usableFromInline let storage: NodeStorage
        @usableFromInline let mappingSlot: Int

        @inlinable @inline(__always)
        init(storage: NodeStorage, mappingSlot: Int) {
            self.storage = storage
            self.mappingSlot = mappingSlot
        }

        @inlinable
        public var startIndex: Node.Position { Node.Position(slot: mappingSlot + 1) }
        @inlinable
        public var endIndex: Node.Position { Node.Position(slot: storage.end(mappingSlot)) }
        @inlinable
        public var count: Int { storage.childCount(mappingSlot) / 2 }
        @inlinable
        public var isEmpty: Bool { storage.childCount(mappingSlot) == 0 }

        @inlinable
        public func index(after position: Node.Position) -> Node.Position {
            Node.Position(slot: storage.slot(after: position.slot + 1))
        }

        @inlinable
        public subscript(position: Node.Position) -> Entry {
            Entry(key: BorrowedNode(storage: storage, slot: storage.resolved(position.slot)),
                  value: BorrowedNode(storage: storage, slot: storage.resolved(position.slot + 1)))
        }
    }

    /// One key and value of a mapping.
    public struct Entry: BitwiseCopyable {
        public var key: BorrowedNode
        public var value: BorrowedNode

        @inlinable @inline(__always)
        init(key: BorrowedNode, value: BorrowedNode) {
            self.key = key
            self.value = value
        }
    }

    /// A sequence, its items in source order.
    public struct Sequence: BitwiseCopyable {
        @usableFromInline let storage: NodeStorage
        @usableFromInline let slot: Int

        @inlinable @inline(__always)
        init(storage: NodeStorage, slot: Int) {
            self.storage = storage
            self.slot = slot
        }

        /// The node this sequence is.
        @inlinable
        public var node: BorrowedNode { BorrowedNode(storage: storage, slot: slot) }
        /// Where the sequence starts (1-based).
        @inlinable
        public var mark: Mark { storage.mark(slot) }
        /// The explicit tag written on the sequence, as libyaml resolved it.
        @inlinable
        public var tag: String? { storage.tag(slot) }
        /// The sequence's items, in source order.
        @inlinable
        public var items: Items { Items(storage: storage, sequenceSlot: slot) }
    }

    /// A sequence's items, in source order.
    public struct Items: Collection, BitwiseCopyable {
        @usableFromInline let storage: NodeStorage
        @usableFromInline let sequenceSlot: Int

        @inlinable @inline(__always)
        init(storage: NodeStorage, sequenceSlot: Int) {
            self.storage = storage
            self.sequenceSlot = sequenceSlot
        }

        @inlinable
        public var startIndex: Node.Position { Node.Position(slot: sequenceSlot + 1) }
        @inlinable
        public var endIndex: Node.Position { Node.Position(slot: storage.end(sequenceSlot)) }
        @inlinable
        public var count: Int { storage.childCount(sequenceSlot) }
        @inlinable
        public var isEmpty: Bool { storage.childCount(sequenceSlot) == 0 }

        @inlinable
        public func index(after position: Node.Position) -> Node.Position {
            Node.Position(slot: storage.slot(after: position.slot))
        }

        @inlinable
        public subscript(position: Node.Position) -> BorrowedNode {
            BorrowedNode(storage: storage, slot: storage.resolved(position.slot))
        }
    }
}
