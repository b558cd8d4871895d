/// One node of a composed YAML document, with the mark where it starts.
///
/// Aliases are resolved while composing: an alias becomes the very node its
/// anchor named (arrays are shared, not copied), and the total size they would
/// expand to is bounded by `Composer.Limits`.
public enum Node: Sendable {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)

    /// Where the node starts (1-based).
    public var mark: Mark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let sequence): sequence.mark
        }
    }

    /// The scalar, when this node is one.
    public var scalar: Scalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    /// The mapping, when this node is one.
    public var mapping: Mapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }

    /// The sequence, when this node is one.
    public var sequence: Sequence? {
        if case .sequence(let sequence) = self { return sequence }
        return nil
    }

    /// A short name for the node's kind, for messages ("a mapping", "a string").
    public var kindDescription: String {
        switch self {
        case .scalar(let scalar):
            if scalar.isNull { return "null" }
            return "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        }
    }
}

extension Node {
    /// A scalar value as written, with its style and explicit tag.
    public struct Scalar: Sendable {
        public var value: String
        public var style: ScalarStyle
        public var tag: String?
        public var mark: Mark

        public init(value: String, style: ScalarStyle = .plain, tag: String? = nil, mark: Mark) {
            self.value = value
            self.style = style
            self.tag = tag
            self.mark = mark
        }

        /// Whether this is YAML's null (`~`, `null`, or nothing, unquoted).
        public var isNull: Bool {
            guard style == .plain, tag == nil else { return tag == "tag:yaml.org,2002:null" }
            let length = value.utf8.count
            guard length <= 1 || length == 4 else { return false }
            switch value {
            case "", "~", "null", "Null", "NULL": return true
            default: return false
            }
        }

        /// The value as a YAML 1.2 core-schema boolean, when it is one (plain, untagged or tagged `!!bool`).
        public var bool: Bool? {
            guard style == .plain, tag == nil || tag == "tag:yaml.org,2002:bool" else { return nil }
            switch value {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: return nil
            }
        }

        /// The value as a decimal integer, when it is one (plain, untagged or tagged `!!int`).
        public var int: Int? {
            guard style == .plain, tag == nil || tag == "tag:yaml.org,2002:int" else { return nil }
            return Int(value)
        }

        /// The value as a floating-point number, when it is one (plain, untagged or tagged `!!float`/`!!int`).
        public var double: Double? {
            guard style == .plain, tag == nil || tag == "tag:yaml.org,2002:float" || tag == "tag:yaml.org,2002:int" else { return nil }
            return Double(value)
        }
    }

    /// How a scalar was written.
    public enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// A mapping, its entries in source order. Keys are unique (checked while composing).
    public struct Mapping: Sendable {
        public var entries: [Entry]
        public var tag: String?
        public var mark: Mark

        public init(entries: [Entry], tag: String? = nil, mark: Mark) {
            self.entries = entries
            self.tag = tag
            self.mark = mark
        }

        /// The value for a scalar key, if present.
        public subscript(key: String) -> Node? {
            let count = key.utf8.count
            for entry in entries {
                if case .scalar(let scalar) = entry.key, scalar.value.utf8.count == count, scalar.value == key {
                    return entry.value
                }
            }
            return nil
        }
    }

    /// One key and value of a mapping.
    public struct Entry: Sendable {
        public var key: Node
        public var value: Node

        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// A sequence, its items in source order.
    public struct Sequence: Sendable {
        public var items: [Node]
        public var tag: String?
        public var mark: Mark

        public init(items: [Node], tag: String? = nil, mark: Mark) {
            self.items = items
            self.tag = tag
            self.mark = mark
        }
    }
}
