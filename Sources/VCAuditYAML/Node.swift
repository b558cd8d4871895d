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
    @usableFromInline let slot: Int

    @usableFromInline
    init(document: Document, slot: Int) {
        self.document = document
        self.slot = slot
    }

    /// Where the node starts (1-based).
    @inlinable
    public var mark: Mark { document.mark(slot) }

    /// The explicit tag written on the node (`!!str`, `!custom`), as libyaml resolved it.
    @inlinable
    public var tag: String? { document.tag(slot) }

    /// Whether two nodes are the same node of the same document (an alias and its anchor are).
    @inlinable
    public func isSameNode(as other: Node) -> Bool {
        document === other.document && slot == other.slot
    }

    /// The scalar, when this node is one.
    @inlinable
    public var scalar: Scalar? {
        document.records[slot].kind == .scalar ? Scalar(document: document, slot: slot) : nil
    }

    /// The mapping, when this node is one.
    @inlinable
    public var mapping: Mapping? {
        document.records[slot].kind == .mapping ? Mapping(document: document, slot: slot) : nil
    }

    /// The sequence, when this node is one.
    @inlinable
    public var sequence: Sequence? {
        document.records[slot].kind == .sequence ? Sequence(document: document, slot: slot) : nil
    }

    /// A short name for the node's kind, for messages ("a mapping", "a string").
    @inlinable
    public var kindDescription: String {
        switch document.records[slot].kind {
        case .scalar, .alias: Scalar(document: document, slot: slot).isNull ? "null" : "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        }
    }
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
        public var value: String { document.string(slot) }
        @inlinable
        public var style: ScalarStyle { ScalarStyle(rawValue: document.records[slot].style) ?? .plain }
        @inlinable
        public var tag: String? { document.tag(slot) }
        @inlinable
        public var mark: Mark { document.mark(slot) }
        /// The node this scalar is.
        @inlinable
        public var node: Node { Node(document: document, slot: slot) }

        /// Calls `body` with the text's UTF-8 bytes, without making a `String`.
        @inlinable @inline(__always)
        public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            document.withBytes(slot, body)
        }

        /// Whether the text is exactly `text`, compared byte for byte.
        @inlinable @inline(__always)
        public func hasValue(_ text: StaticString) -> Bool {
            document.scalar(slot, equals: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// Whether the text is exactly `text` (a `String` made at run time; literals use `hasValue(_:)`).
        @inlinable
        public func hasValue(equalTo text: String) -> Bool {
            var text = text
            return text.withUTF8 { document.scalar(slot, equals: $0) }
        }

        @usableFromInline
        var isPlainUntagged: Bool {
            let record = document.records[slot]
            return record.style == ScalarStyle.plain.rawValue && record.tag == 0
        }

        /// Whether this is YAML's null (`~`, `null`, or nothing, unquoted).
        @inlinable
        public var isNull: Bool {
            guard isPlainUntagged else { return tag == "tag:yaml.org,2002:null" }
            return document.withBytes(slot) { Self.spellsNull($0) }
        }

        /// The value as a YAML 1.2 core-schema boolean, when it is one (plain, untagged or tagged `!!bool`).
        @inlinable
        public var bool: Bool? {
            guard style == .plain, tag == nil || tag == "tag:yaml.org,2002:bool" else { return nil }
            return boolIfUnquoted
        }

        /// The value as a decimal integer, when it is one (plain, untagged or tagged `!!int`).
        @inlinable
        public var int: Int? {
            guard style == .plain, tag == nil || tag == "tag:yaml.org,2002:int" else { return nil }
            return intIfUnquoted
        }

        /// The value as a floating-point number, when it is one (plain, untagged or tagged `!!float`/`!!int`).
        @inlinable
        public var double: Double? {
            guard style == .plain, tag == nil || tag == "tag:yaml.org,2002:float" || tag == "tag:yaml.org,2002:int" else { return nil }
            return Double(value)
        }

        /// The boolean the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var boolIfUnquoted: Bool? {
            document.withBytes(slot) { Self.spellsBool($0) }
        }

        /// The decimal integer the text would be if it were written plain: for "remove the quotes" hints.
        @inlinable
        public var intIfUnquoted: Int? {
            document.withBytes(slot) { Self.decimal($0) }
        }

        @usableFromInline
        static func spellsNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            switch bytes.count {
            case 0: return true
            case 1: return bytes[0] == UInt8(ascii: "~")
            case 4: return matches(bytes, "null") || matches(bytes, "Null") || matches(bytes, "NULL")
            default: return false
            }
        }

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
        public var mark: Mark { document.mark(slot) }
        @inlinable
        public var tag: String? { document.tag(slot) }
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
            return keySlot(forKeyBytes: bytes).map { Scalar(document: document, slot: document.resolved($0)) }
        }

        @inlinable @inline(__always)
        func value(forKeyBytes bytes: UnsafeBufferPointer<UInt8>) -> Node? {
            // A key is always one slot (a scalar or an alias of one), so its value's slot is the next.
            keySlot(forKeyBytes: bytes).map { Node(document: document, slot: document.resolved($0 + 1)) }
        }

        /// The slot of the key spelt `bytes`, if present.
        @usableFromInline
        func keySlot(forKeyBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            let end = Int(document.records[slot].second)
            var raw = slot + 1
            while raw < end {
                if document.scalar(document.resolved(raw), equals: bytes) { return raw }
                raw = document.slot(after: raw + 1)
            }
            return nil
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
        public var endIndex: Position { Position(slot: Int(document.records[mappingSlot].second)) }
        @inlinable
        public var count: Int { Int(document.records[mappingSlot].first) / 2 }
        @inlinable
        public var isEmpty: Bool { document.records[mappingSlot].first == 0 }

        @inlinable
        public func index(after position: Position) -> Position {
            Position(slot: document.slot(after: position.slot + 1))
        }

        @inlinable
        public subscript(position: Position) -> Entry {
            Entry(key: Node(document: document, slot: document.resolved(position.slot)),
                  value: Node(document: document, slot: document.resolved(position.slot + 1)))
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
        public var mark: Mark { document.mark(slot) }
        @inlinable
        public var tag: String? { document.tag(slot) }
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
        public var endIndex: Position { Position(slot: Int(document.records[sequenceSlot].second)) }
        @inlinable
        public var count: Int { Int(document.records[sequenceSlot].first) }
        @inlinable
        public var isEmpty: Bool { document.records[sequenceSlot].first == 0 }

        @inlinable
        public func index(after position: Position) -> Position {
            Position(slot: document.slot(after: position.slot))
        }

        @inlinable
        public subscript(position: Position) -> Node {
            Node(document: document, slot: document.resolved(position.slot))
        }
    }
}

extension Node.Mapping {
    /// The values of `keys`, found in one pass over the entries, and the keys not among them.
    ///
    /// This is how a reader with a fixed set of keys reads a mapping: each key
    /// is compared once, byte for byte, and the values are then found by their
    /// key's position in `keys`. At most `Node.Fields.capacity` keys.
    public func fields(_ keys: [StaticString]) -> Node.Fields {
        precondition(keys.count <= Node.Fields.capacity, "at most \(Node.Fields.capacity) keys")
        var fields = Node.Fields(mapping: self)
        let end = Int(document.records[slot].second)
        var raw = slot + 1
        while raw < end {
            let key = document.resolved(raw)
            var matched = false
            for index in keys.indices {
                let name = keys[index]
                if document.scalar(key, equals: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)) {
                    fields.valueSlots[index] = Int32(truncatingIfNeeded: raw + 1)
                    matched = true
                    break
                }
            }
            if !matched { fields.unknownKeys.append(Node(document: document, slot: key)) }
            raw = document.slot(after: raw + 1)
        }
        return fields
    }
}

extension Node {
    /// The values of a mapping's known keys, by the keys' positions, from `Node.Mapping.fields(_:)`.
    public struct Fields: Sendable {
        /// The most keys one read can look for.
        public static let capacity = 16

        public let mapping: Mapping
        /// The raw slot of each key's value, by the key's position; 0 when the key is absent.
        @usableFromInline var valueSlots = SIMD16<Int32>(repeating: 0)
        /// The keys that are not among those looked for, in source order.
        public internal(set) var unknownKeys: [Node] = []

        init(mapping: Mapping) {
            self.mapping = mapping
        }

        /// The value of the key at `position` in the keys looked for, if the mapping has it.
        @inlinable @inline(__always)
        public func value(at position: Int) -> Node? {
            let raw = Int(valueSlots[position])
            return raw == 0 ? nil : Node(document: mapping.document, slot: mapping.document.resolved(raw))
        }

        /// The key node at `position` in the keys looked for, if the mapping has it.
        @inlinable
        public func key(at position: Int) -> Node? {
            let raw = Int(valueSlots[position])
            return raw == 0 ? nil : Node(document: mapping.document, slot: mapping.document.resolved(raw - 1))
        }
    }
}
