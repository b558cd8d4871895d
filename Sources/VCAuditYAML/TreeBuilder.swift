internal import CLibYAML

/// Builds a node tree from libyaml events with an explicit stack.
///
/// Besides building, it enforces what libyaml does not: unique keys, scalar
/// keys, one document, a bounded depth (counting aliases as expanded, so an
/// alias cannot smuggle in a deeper tree) and a bounded alias expansion.
struct TreeBuilder {
    /// One open mapping or sequence, mutated in place at the top of the stack.
    private struct Frame {
        var isMapping: Bool
        /// Written in flow style (`[...]`, `{...}`) rather than block style.
        var isFlow = false
        var items: [Node] = []
        var entries: [Node.Entry] = []
        var pendingKey: Node?
        var keyIndex: [String: Mark]?
        var tag: String?
        var anchor: String?
        var mark: Mark
        /// Nodes in the expanded subtree so far, this one included.
        var size = 1
        /// Collection levels below this one so far (0 when only scalars are inside).
        var height = 0

        init(isMapping: Bool, tag: String?, anchor: String?, mark: Mark) {
            self.isMapping = isMapping
            self.tag = tag
            self.anchor = anchor
            self.mark = mark
        }
    }

    /// A node an anchor named, with its expanded size and its height in collection levels.
    private struct Anchored {
        var node: Node
        var size: Int
        var height: Int
    }

    typealias Limits = Composer.Limits

    private let limits: Limits
    private let bytes: UnsafeBufferPointer<UInt8>
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var nodesWritten = 0
    private var aliasExpansion = 0
    private var documents = 0
    private var root: Node?

    init(limits: Limits, bytes: UnsafeBufferPointer<UInt8>) {
        self.limits = limits
        self.bytes = bytes
        stack.reserveCapacity(16)
    }

    mutating func run(_ parser: EventParser) throws(YAMLError) -> Node {
        while true {
            guard let event = parser.next() else {
                let flow = stack.last { $0.isFlow }.map { SyntaxFailure.OpenFlow(isMapping: $0.isMapping, mark: $0.mark) }
                throw parser.failure(in: bytes, innermostOpenFlow: flow)
            }
            let e = event.pointee
            let mark = EventParser.mark(e.start_mark)
            switch e.type {
            case YAML_SCALAR_EVENT:
                let scalar = e.data.scalar
                let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let style: Node.ScalarStyle
                switch scalar.style {
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
                let start = e.data.mapping_start
                var frame = Frame(isMapping: true, tag: start.tag.map { String(cString: $0) },
                                  anchor: start.anchor.map { String(cString: $0) }, mark: mark)
                frame.isFlow = start.style == YAML_FLOW_MAPPING_STYLE
                stack.append(frame)
            case YAML_SEQUENCE_START_EVENT:
                try checkDepth(adding: 1, at: mark)
                let start = e.data.sequence_start
                var frame = Frame(isMapping: false, tag: start.tag.map { String(cString: $0) },
                                  anchor: start.anchor.map { String(cString: $0) }, mark: mark)
                frame.isFlow = start.style == YAML_FLOW_SEQUENCE_STYLE
                stack.append(frame)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = stack.removeLast()
                let node: Node = frame.isMapping
                    ? .mapping(Node.Mapping(entries: frame.entries, tag: frame.tag, mark: frame.mark))
                    : .sequence(Node.Sequence(items: frame.items, tag: frame.tag, mark: frame.mark))
                nodesWritten += 1
                let height = frame.height + 1
                if let anchor = frame.anchor { anchors[anchor] = Anchored(node: node, size: frame.size, height: height) }
                try add(node, size: frame.size, height: height)
            case YAML_ALIAS_EVENT:
                let name = String(cString: e.data.alias.anchor)
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
    private func checkDepth(adding levels: Int, at mark: Mark) throws(YAMLError) {
        if stack.count + levels > limits.maxDepth {
            throw YAMLError(kind: .tooDeep(limit: limits.maxDepth), mark: mark,
                            message: "mappings and sequences nest more than \(limits.maxDepth) levels deep here; flatten the structure")
        }
    }

    private mutating func add(_ node: Node, size: Int, height: Int) throws(YAMLError) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        stack[top].size = stack[top].size &+ size
        if height > stack[top].height { stack[top].height = height }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let key = stack[top].pendingKey {
            stack[top].entries.append(Node.Entry(key: key, value: node))
            stack[top].pendingKey = nil
            return
        }
        guard let scalar = node.scalar else {
            throw YAMLError(kind: .complexKey, mark: node.mark,
                            message: "a mapping key must be a plain scalar, not \(node.kindDescription); write the key as text")
        }
        if let first = firstMark(of: scalar.value, at: scalar.mark, inFrame: top) {
            throw YAMLError(kind: .duplicateKey(scalar.value, first: first), mark: scalar.mark,
                            message: "duplicate key '\(scalar.value)' in this mapping; remove one of them",
                            length: scalar.value.unicodeScalars.count,
                            notes: [YAMLError.Note(mark: first, message: "'\(scalar.value)' first defined here")])
        }
        stack[top].pendingKey = node
    }

    /// The mark of an earlier key with the same value, recording this one.
    ///
    /// Small mappings are scanned; from 16 keys on, an index is kept.
    private mutating func firstMark(of key: String, at mark: Mark, inFrame top: Int) -> Mark? {
        if stack[top].keyIndex == nil {
            if stack[top].entries.count < 16 {
                for entry in stack[top].entries where entry.key.scalar?.value == key {
                    return entry.key.mark
                }
                return nil
            }
            var built: [String: Mark] = [:]
            for entry in stack[top].entries {
                if let value = entry.key.scalar?.value { built[value] = entry.key.mark }
            }
            stack[top].keyIndex = built
        }
        if let first = stack[top].keyIndex![key] { return first }
        stack[top].keyIndex![key] = mark
        return nil
    }
}
