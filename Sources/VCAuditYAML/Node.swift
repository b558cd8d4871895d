/// One node of a composed YAML document, with the mark where it starts.
///
/// A node is a view into its `Document`: copying one copies a reference and a
/// position, never the subtree. Aliases are resolved while composing: an alias
/// is the very node its anchor named (same storage, the anchor's mark), and
/// the total size aliases would expand to is bounded by `Composer.Limits`.
/// `Node` and its views keep the document alive and forward every read to
/// the `BorrowedNode` views.
public struct Node: Sendable {
    /// The document the node belongs to.
    public let document: Document
    /// The node's record in `document` (never an alias record: those are resolved).
    @usableFromInline let slot: Int

    @usableFromInline
    init(document: Document, slot: Int) {
        self.document = document
        self.slot = slot
    }

    /// The node read without reference counting, while `self` keeps the document alive.
    @inlinable
    var borrowed: BorrowedNode { BorrowedNode(storage: document.storage, slot: slot) }

    /// Where the node starts (1-based).
    @inlinable
    public var mark: Mark { borrowed.mark }

    /// The explicit tag written on the node (`!!str`, `!custom`), as libyaml resolved it.
    @inlinable
    public var tag: String? { borrowed.tag }

    /// Whether two nodes are the same node of the same document (an alias and its anchor are).
    @inlinable
    public func isSameNode(as other: Node) -> Bool {
        document === other.document && slot == other.slot
    }

    /// The scalar, when this node is one.
    @inlinable
    public var scalar: Scalar? { borrowed.scalar.map { Scalar(document: document, slot: $0.slot) } }

    /// The mapping, when this node is one.
    @inlinable
    public var mapping: Mapping? { borrowed.mapping.map { Mapping(document: document, slot: $0.slot) } }

    /// The sequence, when this node is one.
    @inlinable
    public var sequence: Sequence? { borrowed.sequence.map { Sequence(document: document, slot: $0.slot) } }

    /// A short name for the node's kind, for messages ("a mapping", "a string").
    @inlinable
    public var kindDescription: String { borrowed.kindDescription }
}

extension Node {
    /// How a scalar was written.
    public enum ScalarStyle: UInt8, Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// A scalar value as written, with its style and explicit tag.
    ///
    /// `value` makes a `String`; to test the text without one, use
    /// `hasValue(_:)`, `isNull`, `bool` or `int`, which read the bytes.
    public struct Scalar: Sendable {
        @usableFromInline let document: Document
        @usableFromInline let slot: Int

        @usableFromInline
        init(document: Document, slot: Int) {
            self.document = document
            self.slot = slot
        }

        /// The scalar read without reference counting, while `self` keeps the document alive.
        @inlinable
        var borrowed: BorrowedNode.Scalar { BorrowedNode.Scalar(storage: document.storage, slot: slot) }

        /// The text (after YAML's unescaping and folding).
        @inlinable
        public var value: String { borrowed.value }
        @inlinable
        public var style: ScalarStyle { borrowed.style }
        @inlinable
        public var tag: String? { borrowed.tag }
        @inlinable
        public var mark: Mark { borrowed.mark }
        /// The node this scalar is.
        @inlinable
        public var node: Node { Node(document: document, slot: slot) }

        /// Calls `body` with the text's UTF-8 bytes, without making a `String`.
        @inlinable @inline(__always)
        public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { borrowed.withUTF8(body) }

        /// Whether the text is exactly `text`, compared byte for byte.
        @inlinable @inline(__always)
        public func hasValue(_ text: StaticString) -> Bool { borrowed.hasValue(text) }

        /// Whether the text is exactly `text` (a `String` made at run time; literals use `hasValue(_:)`).
        @inlinable
        public func hasValue(equalTo text: String) -> Bool { borrowed.hasValue(equalTo: text) }

        /// Whether this is YAML's null (`~`, `null`, or nothing, unquoted).
        @inlinable
        public var isNull: Bool { borrowed.isNull }

        /// The value as a YAML 1.2 core-schema boolean, when it is one (plain, untagged or tagged `!!bool`).
        @inlinable
        public var bool: Bool? { borrowed.bool }

        /// The value as a decimal integer, when it is one (plain, untagged or tagged `!!int`).
        @inlinable
        public var int: Int? { borrowed.int }

        /// The value as a floating-point number, when it is one (plain, untagged or tagged `!!float`/`!!int`).
        @inlinable
        public var double: Double? { borrowed.double }

        /// The boolean the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var boolIfUnquoted: Bool? { borrowed.boolIfUnquoted }

        /// The decimal integer the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var intIfUnquoted: Int? { borrowed.intIfUnquoted }
    }

    /// A place in a mapping's entries or a sequence's items.
    public struct Position: Comparable, Sendable, BitwiseCopyable {
        @usableFromInline let slot: Int

        @inlinable @inline(__always)
        init(slot: Int) {
            self.slot = slot
        }

        @inlinable
        public static func < (lhs: Position, rhs: Position) -> Bool { lhs.slot < rhs.slot }
    }

    /// A mapping, its entries in source order. Keys are unique scalars (checked while composing).
    public struct Mapping: Sendable {
        @usableFromInline let document: Document
        @usableFromInline let slot: Int

        @usableFromInline
        init(document: Document, slot: Int) {
            self.document = document
            self.slot = slot
        }

        /// The mapping read without reference counting, while `self` keeps the document alive.
        @inlinable
        var borrowed: BorrowedNode.Mapping { BorrowedNode.Mapping(storage: document.storage, slot: slot) }

        @inlinable
        public var mark: Mark { borrowed.mark }
        @inlinable
        public var tag: String? { borrowed.tag }
        /// The node this mapping is.
        @inlinable
        public var node: Node { Node(document: document, slot: slot) }
        @inlinable
        public var entries: Entries { Entries(document: document, mappingSlot: slot) }

        /// The value for the key spelt `key`, if present.
        @inlinable @inline(__always)
        public subscript(key: StaticString) -> Node? { borrowed[key].map { Node(document: document, slot: $0.slot) } }

        /// The value for the key `key` (a `String` made at run time; literals use the subscript), if present.
        @inlinable
        public func value(forKey key: String) -> Node? { borrowed.value(forKey: key).map { Node(document: document, slot: $0.slot) } }

        /// The key node spelt `key`, if present.
        @inlinable
        public func key(_ key: StaticString) -> Scalar? { borrowed.key(key).map { Scalar(document: document, slot: $0.slot) } }
    }

    /// A mapping's entries, in source order.
    public struct Entries: Collection, Sendable {
        @usableFromInline let document: Document
        @usableFromInline let mappingSlot: Int

        @usableFromInline
        init(document: Document, mappingSlot: Int) {
            self.document = document
            self.mappingSlot = mappingSlot
        }

        /// The entries read without reference counting, while `self` keeps the document alive.
        @inlinable
        var borrowed: BorrowedNode.Entries { BorrowedNode.Entries(storage: document.storage, mappingSlot: mappingSlot) }

        @inlinable
        public var startIndex: Position { borrowed.startIndex }
        @inlinable
        public var endIndex: Position { borrowed.endIndex }
        @inlinable
        public var count: Int { borrowed.count }
        @inlinable
        public var isEmpty: Bool { borrowed.isEmpty }

        @inlinable
        public func index(after position: Position) -> Position { borrowed.index(after: position) }

        @inlinable
        public subscript(position: Position) -> Entry {
            let entry = borrowed[position]
            return Entry(key: Node(document: document, slot: entry.key.slot), value: Node(document: document, slot: entry.value.slot))
        }
    }

    /// One key and value of a mapping.
    public struct Entry: Sendable {
        public var key: Node
        public var value: Node

        @usableFromInline
        init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// A sequence, its items in source order.
    public struct Sequence: Sendable {
        @usableFromInline let document: Document
        @usableFromInline let slot: Int

        @usableFromInline
        init(document: Document, slot: Int) {
            self.document = document
            self.slot = slot
        }

        /// The sequence read without reference counting, while `self` keeps the document alive.
        @inlinable
        var borrowed: BorrowedNode.Sequence { BorrowedNode.Sequence(storage: document.storage, slot: slot) }

        @inlinable
        public var mark: Mark { borrowed.mark }
        @inlinable
        public var tag: String? { borrowed.tag }
        /// The node this sequence is.
        @inlinable
        public var node: Node { Node(document: document, slot: slot) }
        @inlinable
        public var items: Items { Items(document: document, sequenceSlot: slot) }
    }

    /// A sequence's items, in source order.
    public struct Items: Collection, Sendable {
        @usableFromInline let document: Document
        @usableFromInline let sequenceSlot: Int

        @usableFromInline
        init(document: Document, sequenceSlot: Int) {
            self.document = document
            self.sequenceSlot = sequenceSlot
        }

        /// The items read without reference counting, while `self` keeps the document alive.
        @inlinable
        var borrowed: BorrowedNode.Items { BorrowedNode.Items(storage: document.storage, sequenceSlot: sequenceSlot) }

        @inlinable
        public var startIndex: Position { borrowed.startIndex }
        @inlinable
        public var endIndex: Position { borrowed.endIndex }
        @inlinable
        public var count: Int { borrowed.count }
        @inlinable
        public var isEmpty: Bool { borrowed.isEmpty }

        @inlinable
        public func index(after position: Position) -> Position { borrowed.index(after: position) }

        @inlinable
        public subscript(position: Position) -> Node { Node(document: document, slot: borrowed[position].slot) }
    }
}
