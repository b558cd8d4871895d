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

    /// `borrowed`, a node of this node's document, as a `Node`, which keeps the document alive.
    @inlinable
    func owning(_ borrowed: BorrowedNode) -> Node { Node(document: document, slot: borrowed.slot) }

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
    public var scalar: Scalar? { borrowed.scalar != nil ? Scalar(self) : nil }

    /// The mapping, when this node is one.
    @inlinable
    public var mapping: Mapping? { borrowed.mapping != nil ? Mapping(self) : nil }

    /// The sequence, when this node is one.
    @inlinable
    public var sequence: Sequence? { borrowed.sequence != nil ? Sequence(self) : nil }

    /// A short name for the node's kind, for messages ("a mapping", "a string").
    @inlinable
    public var kindDescription: String { borrowed.kindDescription }
}

extension Node {
    /// How a scalar was written.
    public enum ScalarStyle: UInt8, Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// A scalar that keeps its document alive: see `BorrowedNode.Scalar`.
    public typealias Scalar = View<BorrowedNode.Scalar>
    /// A mapping that keeps its document alive: see `BorrowedNode.Mapping`.
    public typealias Mapping = View<BorrowedNode.Mapping>
    /// A sequence that keeps its document alive: see `BorrowedNode.Sequence`.
    public typealias Sequence = View<BorrowedNode.Sequence>
    /// A mapping's entries, in source order, each keeping the document alive.
    public typealias Entries = View<BorrowedNode.Entries>
    /// A sequence's items, in source order, each keeping the document alive.
    public typealias Items = View<BorrowedNode.Items>
    /// One key and value of a mapping.
    public typealias Entry = MappingEntry<Node>

    /// A `BorrowedNode` view held with its node, which keeps the document alive.
    ///
    /// Every read forwards to the borrowed view. `Scalar`, `Mapping` and
    /// `Sequence` are views of their node; `Entries` and `Items` are views of
    /// the mapping or sequence whose children they read. Get one from
    /// `Node.scalar`, `.mapping` or `.sequence`, which check the kind, and
    /// from `entries` or `items`.
    public struct View<Borrowed: BorrowedNode.OwnableView>: Sendable {
        /// The node this view reads: the scalar, mapping or sequence, or the collection whose children it reads.
        public let node: Node

        @inlinable
        init(_ node: Node) {
            self.node = node
        }

        /// The view read without reference counting, while `self` keeps the document alive.
        @inlinable
        var borrowed: Borrowed { Borrowed(self) }

        /// Where the node starts (1-based).
        @inlinable
        public var mark: Mark { node.mark }
        /// The explicit tag written on the node, as libyaml resolved it.
        @inlinable
        public var tag: String? { node.tag }
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
}

// `Entries` and `Items` are collections of the borrowed elements, each read keeping the document alive.
extension Node.View: Swift.Sequence where Borrowed: Collection, Borrowed.Index == Node.Position, Borrowed.Element: BorrowedNode.ChildElement {
    public typealias Element = Borrowed.Element.Owned
    public typealias Iterator = IndexingIterator<Self>
}

extension Node.View: Collection where Borrowed: Collection, Borrowed.Index == Node.Position, Borrowed.Element: BorrowedNode.ChildElement {
    @inlinable
    public var startIndex: Node.Position { borrowed.startIndex }
    @inlinable
    public var endIndex: Node.Position { borrowed.endIndex }
    @inlinable
    public var count: Int { borrowed.count }
    @inlinable
    public var isEmpty: Bool { borrowed.isEmpty }

    @inlinable
    public func index(after position: Node.Position) -> Node.Position { borrowed.index(after: position) }

    @inlinable
    public subscript(position: Node.Position) -> Borrowed.Element.Owned { Borrowed.Element.ownedElement(at: position, of: node) }
}

extension Node.Scalar {
    /// The text (after YAML's unescaping and folding).
    @inlinable
    public var value: String { borrowed.value }
    /// How the scalar was written: plain, quoted, literal or folded.
    @inlinable
    public var style: Node.ScalarStyle { borrowed.style }

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

extension Node.Mapping {
    /// The mapping's keys and values, in source order.
    @inlinable
    public var entries: Node.Entries { Node.Entries(node) }

    /// The value for the key spelt `key`, if present.
    @inlinable @inline(__always)
    public subscript(key: StaticString) -> Node? { borrowed[key].map(node.owning) }

    /// The value for the key `key` (a `String` made at run time; literals use the subscript), if present.
    @inlinable
    public func value(forKey key: String) -> Node? { borrowed.value(forKey: key).map(node.owning) }

    /// The key node spelt `key`, if present.
    @inlinable
    public func key(_ key: StaticString) -> Node.Scalar? { borrowed.key(key).map { Node.Scalar(node.owning($0.node)) } }
}

extension Node.Sequence {
    /// The sequence's items, in source order.
    @inlinable
    public var items: Node.Items { Node.Items(node) }
}

/// The kinds a node can be read as, which tell one `BorrowedNode.View` or `Node.View` from another; they have no values.
public enum NodeKind {
    /// A scalar: text, its style and tag.
    public enum Scalar {}
    /// A mapping: keys and their values.
    public enum Mapping {}
    /// A sequence: items.
    public enum Sequence {}
}

/// One key and value of a mapping, both read as `Child`: `BorrowedNode.Entry` or `Node.Entry`.
public struct MappingEntry<Child> {
    public var key: Child
    public var value: Child

    @inlinable @inline(__always)
    init(key: Child, value: Child) {
        self.key = key
        self.value = value
    }
}

extension MappingEntry: BitwiseCopyable where Child: BitwiseCopyable {}
extension MappingEntry: Sendable where Child: Sendable {}
