/// One node of a composed YAML document, with the mark where it starts.
///
/// A node is a view into its `Document`: copying one copies a reference and a
/// position, never the subtree. Aliases are resolved while composing: an alias
/// is the very node its anchor named (same storage, the anchor's mark), and
/// the total size aliases would expand to is bounded by `Composer.Limits`.
public struct Node: Sendable {
    /// The document the node belongs to.
    public let document: Document
    /// The node's record in `document` (never an alias record: those are resolved).
    @usableFromInline package let slot: Int

    @usableFromInline
    init(document: Document, slot: Int) {
        self.document = document
        self.slot = slot
    }

    /// Where the node starts (1-based).
    @inlinable
    public var mark: Mark { document.storage.mark(slot) }

    /// The explicit tag written on the node (`!!str`, `!custom`), as libyaml resolved it.
    @inlinable
    public var tag: String? { document.storage.tag(slot) }

    /// Whether two nodes are the same node of the same document (an alias and its anchor are).
    @inlinable
    public func isSameNode(as other: Node) -> Bool {
        document === other.document && slot == other.slot
    }

    /// The scalar, when this node is one.
    @inlinable
    public var scalar: Scalar? {
        document.storage.kind(slot) == .scalar ? Scalar(document: document, slot: slot) : nil
    }

    /// The mapping, when this node is one.
    @inlinable
    public var mapping: Mapping? {
        document.storage.kind(slot) == .mapping ? Mapping(document: document, slot: slot) : nil
    }

    /// The sequence, when this node is one.
    @inlinable
    public var sequence: Sequence? {
        document.storage.kind(slot) == .sequence ? Sequence(document: document, slot: slot) : nil
    }

    /// A short name for the node's kind, for messages ("a mapping", "a string").
    @inlinable
    public var kindDescription: String { document.storage.kindDescription(slot) }
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

        /// The text (after YAML's unescaping and folding).
        @inlinable
        public var value: String { document.storage.string(slot) }
        @inlinable
        public var style: ScalarStyle { document.storage.style(slot) }
        @inlinable
        public var tag: String? { document.storage.tag(slot) }
        @inlinable
        public var mark: Mark { document.storage.mark(slot) }
        /// The node this scalar is.
        @inlinable
        public var node: Node { Node(document: document, slot: slot) }

        /// Calls `body` with the text's UTF-8 bytes, without making a `String`.
        @inlinable @inline(__always)
        public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            document.storage.withBytes(slot, body)
        }

        /// Whether the text is exactly `text`, compared byte for byte.
        @inlinable @inline(__always)
        public func hasValue(_ text: StaticString) -> Bool {
            document.storage.scalar(slot, equals: text)
        }

        /// Whether the text is exactly `text` (a `String` made at run time; literals use `hasValue(_:)`).
        @inlinable
        public func hasValue(equalTo text: String) -> Bool {
            var text = text
            return text.withUTF8 { document.storage.scalar(slot, equals: $0) }
        }

        /// Whether this is YAML's null (`~`, `null`, or nothing, unquoted).
        @inlinable
        public var isNull: Bool { document.storage.isNull(slot) }

        /// The value as a YAML 1.2 core-schema boolean, when it is one (plain, untagged or tagged `!!bool`).
        @inlinable
        public var bool: Bool? { document.storage.bool(slot) }

        /// The value as a decimal integer, when it is one (plain, untagged or tagged `!!int`).
        @inlinable
        public var int: Int? { document.storage.int(slot) }

        /// The value as a floating-point number, when it is one (plain, untagged or tagged `!!float`/`!!int`).
        @inlinable
        public var double: Double? { document.storage.double(slot) }

        /// The boolean the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var boolIfUnquoted: Bool? { document.storage.boolIfUnquoted(slot) }

        /// The decimal integer the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var intIfUnquoted: Int? { document.storage.intIfUnquoted(slot) }
    }

    /// A place in a mapping's entries or a sequence's items.
    public struct Position: Comparable, Sendable {
        @usableFromInline let slot: Int

        @usableFromInline
        init(slot: Int) {
            self.slot = slot
        }

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

        @inlinable
        public var mark: Mark { document.storage.mark(slot) }
        @inlinable
        public var tag: String? { document.storage.tag(slot) }
        /// The node this mapping is.
        @inlinable
        public var node: Node { Node(document: document, slot: slot) }
        @inlinable
        public var entries: Entries { Entries(document: document, mappingSlot: slot) }

        /// The value for the key spelt `key`, if present.
        @inlinable @inline(__always)
        public subscript(key: StaticString) -> Node? {
            value(forKeyBytes: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        }

        /// The value for the key `key` (a `String` made at run time; literals use the subscript), if present.
        @inlinable
        public func value(forKey key: String) -> Node? {
            var key = key
            return key.withUTF8 { value(forKeyBytes: $0) }
        }

        /// The key node spelt `key`, if present.
        @inlinable
        public func key(_ key: StaticString) -> Scalar? {
            let bytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            let storage = document.storage
            return storage.keySlot(in: slot, forKeyBytes: bytes).map { Scalar(document: document, slot: storage.resolved($0)) }
        }

        @inlinable @inline(__always)
        func value(forKeyBytes bytes: UnsafeBufferPointer<UInt8>) -> Node? {
            // A key is always one slot (a scalar or an alias of one), so its value's slot is the next.
            let storage = document.storage
            return storage.keySlot(in: slot, forKeyBytes: bytes).map { Node(document: document, slot: storage.resolved($0 + 1)) }
        }
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

        @inlinable
        public var startIndex: Position { Position(slot: mappingSlot + 1) }
        @inlinable
        public var endIndex: Position { Position(slot: document.storage.end(mappingSlot)) }
        @inlinable
        public var count: Int { document.storage.childCount(mappingSlot) / 2 }
        @inlinable
        public var isEmpty: Bool { document.storage.childCount(mappingSlot) == 0 }

        @inlinable
        public func index(after position: Position) -> Position {
            Position(slot: document.storage.slot(after: position.slot + 1))
        }

        @inlinable
        public subscript(position: Position) -> Entry {
            let storage = document.storage
            return Entry(key: Node(document: document, slot: storage.resolved(position.slot)),
                         value: Node(document: document, slot: storage.resolved(position.slot + 1)))
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

        @inlinable
        public var mark: Mark { document.storage.mark(slot) }
        @inlinable
        public var tag: String? { document.storage.tag(slot) }
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

        @inlinable
        public var startIndex: Position { Position(slot: sequenceSlot + 1) }
        @inlinable
        public var endIndex: Position { Position(slot: document.storage.end(sequenceSlot)) }
        @inlinable
        public var count: Int { document.storage.childCount(sequenceSlot) }
        @inlinable
        public var isEmpty: Bool { document.storage.childCount(sequenceSlot) == 0 }

        @inlinable
        public func index(after position: Position) -> Position {
            Position(slot: document.storage.slot(after: position.slot))
        }

        @inlinable
        public subscript(position: Position) -> Node {
            Node(document: document, slot: document.storage.resolved(position.slot))
        }
    }
}
