internal import CLibYAML

/// Builds a node tree from libyaml events with an explicit stack.
///
/// Besides building, it enforces what libyaml does not: unique keys, scalar
/// keys, one document, a bounded depth (counting aliases as expanded, so an
/// alias cannot smuggle in a deeper tree) and a bounded alias expansion.
struct TreeBuilder {
    /// One open mapping or sequence; its children are on `pending` from `start` on.
    private struct Frame {
        var isMapping: Bool
        /// Written in flow style (`[...]`, `{...}`) rather than block style.
        var isFlow: Bool
        var start: Int
        var mark: Mark
        var tag: String?
        var anchor: String?
        /// Nodes in the expanded subtree so far, this one included.
        var size = 1
        /// Collection levels below this one so far (0 when only scalars are inside).
        var height = 0
        /// Key → first mark, kept once a mapping has many keys (small ones are scanned).
        var keyIndex: [String: Mark]?
    }

    /// A node an anchor named, with its expanded size and its height in collection levels.
    private struct Anchored {
        var node: Node
        var size: Int
        var height: Int
    }

    typealias Limits = Composer.Limits

    /// Mappings with more keys than this keep an index for the duplicate check.
    private static let scanLimit = 12

    private let limits: Limits
    private let bytes: UnsafeBufferPointer<UInt8>
    private var frames: [Frame] = []
    private let pending = NodeStack()
    private var anchors: [String: Anchored] = [:]
    private var nodesWritten = 0
    private var aliasExpansion = 0
    private var documents = 0
    private var root: Node?

    init(limits: Limits, bytes: UnsafeBufferPointer<UInt8>) {
        self.limits = limits
        self.bytes = bytes
        frames.reserveCapacity(16)
    }

    mutating func run(_ parser: EventParser) throws(YAMLError) -> Node {
        while true {
            guard let event = parser.next() else {
                let flow = frames.last { $0.isFlow }.map { SyntaxFailure.OpenFlow(isMapping: $0.isMapping, mark: $0.mark) }
                throw parser.failure(in: bytes, innermostOpenFlow: flow)
            }
            let mark = EventParser.mark(event.pointee.start_mark)
            switch event.pointee.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.pointee.data.scalar
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let style: Node.ScalarStyle
                switch scalar.style {
                case YAML_PLAIN_SCALAR_STYLE: style = .plain
                case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
                case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
                case YAML_LITERAL_SCALAR_STYLE: style = .literal
                case YAML_FOLDED_SCALAR_STYLE: style = .folded
                default: style = .plain
                }
                let tag = scalar.tag.map { String(cString: $0) }
                let node = Node.scalar(Node.Scalar(value: value, style: style, tag: tag, mark: mark))
                nodesWritten += 1
                if let anchor = scalar.anchor { anchors[String(cString: anchor)] = Anchored(node: node, size: 1, height: 0) }
                try add(node, size: 1, height: 0)
            case YAML_MAPPING_START_EVENT:
                try checkDepth(adding: 1, at: mark)
                let start = event.pointee.data.mapping_start
                frames.append(Frame(isMapping: true, isFlow: start.style == YAML_FLOW_MAPPING_STYLE, start: pending.count, mark: mark,
                                    tag: start.tag.map { String(cString: $0) }, anchor: start.anchor.map { String(cString: $0) }))
            case YAML_SEQUENCE_START_EVENT:
                try checkDepth(adding: 1, at: mark)
                let start = event.pointee.data.sequence_start
                frames.append(Frame(isMapping: false, isFlow: start.style == YAML_FLOW_SEQUENCE_STYLE, start: pending.count, mark: mark,
                                    tag: start.tag.map { String(cString: $0) }, anchor: start.anchor.map { String(cString: $0) }))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = frames.removeLast()
                let node: Node = frame.isMapping
                    ? .mapping(Node.Mapping(entries: pending.popEntries(from: frame.start), tag: frame.tag, mark: frame.mark))
                    : .sequence(Node.Sequence(items: pending.popItems(from: frame.start), tag: frame.tag, mark: frame.mark))
                nodesWritten += 1
                let height = frame.height + 1
                if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size, height: height) }
                try add(node, size: frame.size, height: height)
            case YAML_ALIAS_EVENT:
                let name = String(cString: event.pointee.data.alias.anchor)
                guard let anchored = anchors[name] else {
                    throw YAMLError(kind: .unknownAnchor(name), mark: mark, message: "alias '*\(name)' names no anchor defined before it; define '&\(name)' first",
                                    length: name.unicodeScalars.count + 1)
                }
                aliasExpansion = aliasExpansion &+ anchored.size
                let allowed = max(limits.aliasExpansionFloor, nodesWritten &* limits.aliasExpansionRatio)
                if aliasExpansion > allowed {
                    throw YAMLError(kind: .excessiveAliasing(limit: allowed), mark: mark,
                                    message: "aliases expand to more than \(allowed) nodes here (an alias bomb?); write the values out or nest fewer aliases",
                                    length: name.unicodeScalars.count + 1)
                }
                try checkDepth(adding: anchored.height, at: mark)
                try add(anchored.node, size: anchored.size, height: anchored.height)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLError(kind: .multipleDocuments, mark: mark,
                                    message: "a second YAML document starts here; a spec file holds exactly one document: move it to a file of its own")
                }
            case YAML_STREAM_END_EVENT:
                guard let root else {
                    throw YAMLError(kind: .empty, mark: Mark(line: 1, column: 1),
                                    message: "the file holds no YAML document; a spec starts with 'vcaudit: 1'")
                }
                if let scalar = root.scalar, scalar.value.isEmpty, scalar.style == .plain, scalar.tag == nil {
                    throw YAMLError(kind: .empty, mark: Mark(line: 1, column: 1),
                                    message: "the YAML document is empty; a spec starts with 'vcaudit: 1'")
                }
                return root
            default:
                continue
            }
        }
    }

    /// Refuses a collection (or an alias `levels` deep) that would nest deeper than the limit.
    @inline(__always)
    private func checkDepth(adding levels: Int, at mark: Mark) throws(YAMLError) {
        if frames.count + levels > limits.maxDepth {
            throw YAMLError(kind: .tooDeep(limit: limits.maxDepth), mark: mark,
                            message: "mappings and sequences nest more than \(limits.maxDepth) levels deep here; flatten the structure")
        }
    }

    /// Adds a finished node to the innermost open collection (or makes it the root).
    private mutating func add(_ node: Node, size: Int, height: Int) throws(YAMLError) {
        let top = frames.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        let start = frames[top].start
        frames[top].size = frames[top].size &+ size
        if height > frames[top].height { frames[top].height = height }
        // In a mapping, every other node is a key: check it before it goes on the stack.
        if frames[top].isMapping, (pending.count - start) & 1 == 0 {
            guard case .scalar(let key) = node else {
                throw YAMLError(kind: .complexKey, mark: node.mark,
                                message: "a mapping key must be a plain scalar, not \(node.kindDescription); write the key as text")
            }
            if let first = firstMark(of: key.value, at: key.mark, inFrame: top) {
                throw YAMLError(kind: .duplicateKey(key.value, first: first), mark: key.mark,
                                message: "duplicate key '\(key.value)' in this mapping; remove one of them",
                                length: key.value.unicodeScalars.count,
                                notes: [YAMLError.Note(mark: first, message: "'\(key.value)' first defined here")])
            }
        }
        pending.push(node)
    }

    /// The mark of an earlier key of the innermost mapping equal to `key`; from `scanLimit` keys on, an index is kept.
    private mutating func firstMark(of key: String, at mark: Mark, inFrame top: Int) -> Mark? {
        let start = frames[top].start
        if frames[top].keyIndex == nil {
            let keys = (pending.count - start) / 2
            if keys < Self.scanLimit {
                var index = start
                while index < pending.count {
                    if pending.scalarValue(at: index) == key { return pending.mark(at: index) }
                    index += 2
                }
                return nil
            }
            var built: [String: Mark] = [:]
            built.reserveCapacity(keys * 2)
            var index = start
            while index < pending.count {
                if let value = pending.scalarValue(at: index), built[value] == nil { built[value] = pending.mark(at: index) }
                index += 2
            }
            frames[top].keyIndex = built
        }
        if let first = frames[top].keyIndex![key] { return first }
        frames[top].keyIndex![key] = mark
        return nil
    }
}
