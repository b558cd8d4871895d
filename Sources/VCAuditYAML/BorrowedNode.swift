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

    /// The node at `slot` of the same document, an alias there read as the node its anchor named.
    @inlinable @inline(__always)
    func resolvedNode(at slot: Int) -> BorrowedNode { BorrowedNode(storage: storage, slot: storage.resolved(slot)) }

    /// Where the node starts (1-based); inlined, a load of the record's first word rather than a call.
    @inlinable @inline(__always)
    public var mark: Mark { storage.mark(slot) }

    /// The explicit tag written on the node (`!!str`, `!custom`), as libyaml resolved it.
    @inlinable
    public var tag: String? { storage.tag(slot) }

    /// The scalar, when this node is one.
    @inlinable
    public var scalar: Scalar? { storage.kind(slot) == .scalar ? Scalar(self) : nil }

    /// The mapping, when this node is one.
    @inlinable
    public var mapping: Mapping? { storage.kind(slot) == .mapping ? Mapping(self) : nil }

    /// The sequence, when this node is one.
    @inlinable
    public var sequence: Sequence? { storage.kind(slot) == .sequence ? Sequence(self) : nil }

    /// A short name for the node's kind, for messages: "a mapping", "a sequence", "null" or "a scalar".
    @inlinable
    public var kindDescription: String { storage.kindDescription(slot) }
}

extension BorrowedNode {
    /// A node read as the kind of node `Kind` names (a `NodeKind`): `Scalar`, `Mapping` or `Sequence`.
    ///
    /// Every view has its node, mark and tag; what else it reads depends on
    /// the kind (the extensions of `Scalar`, `Mapping` and `Sequence`). Get one
    /// from `BorrowedNode.scalar`, `.mapping` or `.sequence`, which check the kind.
    public struct View<Kind>: BitwiseCopyable {
        /// The node this view reads.
        public let node: BorrowedNode

        @inlinable @inline(__always)
        init(_ node: BorrowedNode) {
            self.node = node
        }

        /// The node's memory and record, which the kinds' reads take.
        @inlinable
        var storage: NodeStorage { node.storage }
        @inlinable
        var slot: Int { node.slot }

        /// Where the node starts (1-based).
        @inlinable @inline(__always)
        public var mark: Mark { node.mark }
        /// The explicit tag written on the node, as libyaml resolved it.
        @inlinable
        public var tag: String? { node.tag }
    }

    /// A scalar value as written, with its style and explicit tag.
    ///
    /// `value` makes a `String`; to test the text without one, use
    /// `hasValue(_:)`, `isNull`, `bool` or `int`, which read the bytes.
    public typealias Scalar = View<NodeKind.Scalar>
    /// A mapping, its entries in source order. Keys are unique scalars (checked while composing).
    public typealias Mapping = View<NodeKind.Mapping>
    /// A sequence, its items in source order.
    public typealias Sequence = View<NodeKind.Sequence>
}

extension BorrowedNode.Scalar {
    /// The text (after YAML's unescaping and folding); makes a `String`.
    @inlinable
    public var value: String { storage.string(slot) }
    /// How the scalar was written: plain, quoted, literal or folded.
    @inlinable
    public var style: Node.ScalarStyle { storage.style(slot) }

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
    ///
    /// Inlined into its callers, as `NodeStorage.isNull` is into it: the decoder tests every reference for null
    /// before looking it up, and the call around the test cost about as much as the test.
    @inlinable @inline(__always)
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

extension BorrowedNode.Mapping {
    /// The mapping's keys and values, in source order.
    @inlinable
    public var entries: BorrowedNode.Entries { BorrowedNode.Entries(node) }

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
    public func key(_ key: StaticString) -> BorrowedNode.Scalar? {
        let bytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        return storage.keySlot(in: slot, forKeyBytes: bytes).map { BorrowedNode.Scalar(node.resolvedNode(at: $0)) }
    }

    @inlinable @inline(__always)
    func value(forKeyBytes bytes: UnsafeBufferPointer<UInt8>) -> BorrowedNode? {
        // A key is always one slot (a scalar or an alias of one), so its value's slot is the next.
        storage.keySlot(in: slot, forKeyBytes: bytes).map { node.resolvedNode(at: $0 + 1) }
    }
}

extension BorrowedNode.Sequence {
    /// The sequence's items, in source order.
    @inlinable
    public var items: BorrowedNode.Items { BorrowedNode.Items(node) }
}

extension BorrowedNode {
    /// A borrowed view that a `Node.View` can keep alive: `Scalar`, `Mapping`, `Sequence`, `Entries` or `Items`.
    public protocol OwnableView: BitwiseCopyable {
        /// The view `owner` reads, valid while `owner` keeps its document alive.
        init(_ owner: Node.View<Self>)
    }

    /// What a collection's children are read as, one element at a time: a sequence's item or a mapping's entry.
    ///
    /// `Children` steps over a collection's children `childrenPerElement` at
    /// a time and reads each element with `element(at:of:)`; `Node.Entries`
    /// and `Node.Items` read it with `ownedElement(at:of:)`, which keeps the
    /// document alive. `BorrowedNode` (an item) and `BorrowedNode.Entry` (a
    /// key and its value) conform.
    public protocol ChildElement: BitwiseCopyable {
        /// The element read keeping the document alive: `Node` or `Node.Entry`.
        associatedtype Owned: Sendable
        /// How many of a collection's children make one element: 1 for an item, 2 for an entry.
        static var childrenPerElement: Int { get }
        /// The element at `position` of the children of `collection`.
        static func element(at position: Node.Position, of collection: BorrowedNode) -> Self
        /// The element at `position` of the children of `collection`, keeping the document alive.
        static func ownedElement(at position: Node.Position, of collection: Node) -> Owned
    }

    /// A mapping's or a sequence's children in source order, read as elements: `Entries` or `Items`.
    public struct Children<Element: ChildElement>: Collection, BitwiseCopyable {
        /// The mapping or sequence.
        @usableFromInline let collection: BorrowedNode

        @inlinable @inline(__always)
        init(_ collection: BorrowedNode) {
            self.collection = collection
        }

        @inlinable
        public var startIndex: Node.Position { Node.Position(slot: collection.slot + 1) }
        @inlinable
        public var endIndex: Node.Position { Node.Position(slot: collection.storage.end(collection.slot)) }
        @inlinable
        public var count: Int { collection.storage.childCount(collection.slot) / Element.childrenPerElement }
        @inlinable
        public var isEmpty: Bool { collection.storage.childCount(collection.slot) == 0 }

        @inlinable
        public func index(after position: Node.Position) -> Node.Position {
            // Every child of an element but its last is one slot (an entry's key is a scalar or an alias of one);
            // the last may be a whole subtree.
            Node.Position(slot: collection.storage.slot(after: position.slot + Element.childrenPerElement - 1))
        }

        @inlinable
        public subscript(position: Node.Position) -> Element { Element.element(at: position, of: collection) }
    }

    /// A mapping's entries, in source order.
    public typealias Entries = Children<Entry>
    /// A sequence's items, in source order.
    public typealias Items = Children<BorrowedNode>
    /// One key and value of a mapping.
    public typealias Entry = MappingEntry<BorrowedNode>
}

extension BorrowedNode.View: BorrowedNode.OwnableView {
    @inlinable
    public init(_ owner: Node.View<Self>) { self.init(owner.node.borrowed) }
}

extension BorrowedNode.Children: BorrowedNode.OwnableView {
    @inlinable
    public init(_ owner: Node.View<Self>) { self.init(owner.node.borrowed) }
}

extension BorrowedNode: BorrowedNode.ChildElement {
    /// An item is one child of its sequence.
    @inlinable
    public static var childrenPerElement: Int { 1 }

    /// The item at `position` of `collection`.
    @inlinable @inline(__always)
    public static func element(at position: Node.Position, of collection: BorrowedNode) -> BorrowedNode {
        collection.resolvedNode(at: position.slot)
    }

    /// The item at `position` of `collection`, keeping the document alive.
    @inlinable
    public static func ownedElement(at position: Node.Position, of collection: Node) -> Node {
        collection.owning(element(at: position, of: collection.borrowed))
    }
}

extension MappingEntry: BorrowedNode.ChildElement where Child == BorrowedNode {
    /// An entry is two children of its mapping: the key, then the value.
    @inlinable
    public static var childrenPerElement: Int { 2 }

    /// The entry at `position` of `collection`.
    @inlinable @inline(__always)
    public static func element(at position: Node.Position, of collection: BorrowedNode) -> Self {
        Self(key: collection.resolvedNode(at: position.slot), value: collection.resolvedNode(at: position.slot + 1))
    }

    /// The entry at `position` of `collection`, keeping the document alive.
    @inlinable
    public static func ownedElement(at position: Node.Position, of collection: Node) -> Node.Entry {
        let entry = element(at: position, of: collection.borrowed)
        return Node.Entry(key: collection.owning(entry.key), value: collection.owning(entry.value))
    }
}
