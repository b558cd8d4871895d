internal import CLibYAML

/// Composes YAML bytes into a single document's node tree, safely.
///
/// libyaml's event parser does the scanning; this type builds the tree with an
/// explicit stack (no recursion, so nesting cannot overflow the call stack) and
/// adds what libyaml leaves out: duplicate keys are errors, aliases are bounded
/// by how far they would expand, nesting depth and input size are bounded, and
/// the input must be exactly one UTF-8 document.
public enum Composer {
    /// Bounds that keep hostile input cheap to refuse.
    public struct Limits: Sendable {
        /// Deepest allowed nesting of mappings and sequences.
        public var maxDepth: Int
        /// Aliases may always expand to this many nodes in total...
        public var aliasExpansionFloor: Int
        /// ...or to this many times the number of nodes actually written, whichever is larger.
        public var aliasExpansionRatio: Int
        /// Largest accepted input, in bytes.
        public var maxBytes: Int

        public init(maxDepth: Int = 256, aliasExpansionFloor: Int = 100_000, aliasExpansionRatio: Int = 10, maxBytes: Int = 64 << 20) {
            self.maxDepth = maxDepth
            self.aliasExpansionFloor = aliasExpansionFloor
            self.aliasExpansionRatio = aliasExpansionRatio
            self.maxBytes = maxBytes
        }

        public static let `default` = Limits()
    }

    /// Composes `bytes` (UTF-8) into the root node of its one document.
    public static func compose(_ bytes: [UInt8], limits: Limits = .default) throws(YAMLError) -> Node {
        if bytes.count > limits.maxBytes {
            throw YAMLError(
                kind: .tooLarge(limit: limits.maxBytes), mark: Mark(line: 1, column: 1),
                message: "file is \(bytes.count) bytes, more than the \(limits.maxBytes) a spec may have; split it into several specs")
        }
        let result: Result<Node, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            let parser = EventParser(buffer)
            var builder = TreeBuilder(limits: limits, bytes: buffer)
            do throws(YAMLError) {
                return .success(try builder.run(parser))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Composes UTF-8 text.
    public static func compose(_ text: String, limits: Limits = .default) throws(YAMLError) -> Node {
        try compose(Array(text.utf8), limits: limits)
    }
}

/// Owns one libyaml parser; `deinit` frees it.
final class EventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var hasEvent = false

    init(_ input: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        event = .allocate(capacity: 1)
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(bitPattern: 1)!, input.count)
    }

    deinit {
        if hasEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Parses the next event; the pointer stays valid until the next call.
    func next() -> UnsafeMutablePointer<yaml_event_t>? {
        if hasEvent {
            yaml_event_delete(event)
            hasEvent = false
        }
        guard yaml_parser_parse(parser, event) == 1 else { return nil }
        hasEvent = true
        return event
    }

    /// The failure libyaml reported after `next()` returned nil.
    func failure(in bytes: UnsafeBufferPointer<UInt8>) -> YAMLError {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "invalid YAML"
        if p.error == YAML_READER_ERROR {
            let mark = Self.mark(atByteOffset: p.problem_offset, in: bytes)
            let isEncoding = problem.contains("UTF-8") || problem.contains("octet") || problem.contains("UTF-16")
            if isEncoding {
                let byte = p.problem_offset < bytes.count ? bytes[p.problem_offset] : 0
                return YAMLError(
                    kind: .encoding, mark: mark,
                    message: "the file is not valid UTF-8 (\(problem), byte 0x\(String(byte, radix: 16, uppercase: true))); save it as UTF-8")
            }
            return YAMLError(kind: .syntax, mark: mark, message: "\(problem); remove it or quote the text that holds it")
        }
        let mark = Mark(line: Int(p.problem_mark.line) + 1, column: Int(p.problem_mark.column) + 1)
        var message = problem
        if let context = p.context.map({ String(cString: $0) }) {
            message = "\(problem) (\(context) at \(p.context_mark.line + 1):\(p.context_mark.column + 1))"
        }
        return YAMLError(kind: .syntax, mark: mark, message: message)
    }

    /// The 1-based mark of a byte offset, columns counted in characters.
    static func mark(atByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Mark {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return Mark(line: line, column: column)
    }
}

/// Builds the tree from events with an explicit stack.
struct TreeBuilder {
    /// One open mapping or sequence, mutated in place at the top of the stack.
    private struct Frame {
        var isMapping: Bool
        var items: [Node] = []
        var entries: [Node.Entry] = []
        var pendingKey: Node?
        var keyIndex: [String: Mark]?
        var tag: String?
        var anchor: String?
        var mark: Mark
        var size = 1
    }

    private let limits: Limits
    private let bytes: UnsafeBufferPointer<UInt8>
    private var stack: [Frame] = []
    private var anchors: [String: (node: Node, size: Int)] = [:]
    private var nodesWritten = 0
    private var aliasExpansion = 0
    private var documents = 0
    private var root: Node?

    typealias Limits = Composer.Limits

    init(limits: Limits, bytes: UnsafeBufferPointer<UInt8>) {
        self.limits = limits
        self.bytes = bytes
        stack.reserveCapacity(16)
    }

    mutating func run(_ parser: EventParser) throws(YAMLError) -> Node {
        while true {
            guard let event = parser.next() else { throw parser.failure(in: bytes) }
            let e = event.pointee
            let mark = Mark(line: Int(e.start_mark.line) + 1, column: Int(e.start_mark.column) + 1)
            switch e.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                guard let root else {
                    throw YAMLError(kind: .empty, mark: Mark(line: 1, column: 1),
                                    message: "the file holds no YAML document; a spec starts with 'vcaudit: 1'")
                }
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLError(kind: .multipleDocuments, mark: mark,
                                    message: "a second YAML document starts here; a spec file holds exactly one document: move it to a file of its own")
                }
            case YAML_ALIAS_EVENT:
                let name = String(cString: e.data.alias.anchor)
                guard let anchored = anchors[name] else {
                    throw YAMLError(kind: .unknownAnchor(name), mark: mark,
                                    message: "alias '*\(name)' names no anchor defined before it; define '&\(name)' first")
                }
                aliasExpansion = aliasExpansion &+ anchored.size
                let allowed = max(limits.aliasExpansionFloor, nodesWritten &* limits.aliasExpansionRatio)
                if aliasExpansion > allowed {
                    throw YAMLError(kind: .excessiveAliasing(limit: allowed), mark: mark,
                                    message: "aliases expand to more than \(allowed) nodes (an alias bomb?); write the values out or nest fewer aliases")
                }
                try add(anchored.node, size: anchored.size)
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
                if let anchor = scalar.anchor { anchors[String(cString: anchor)] = (node, 1) }
                try add(node, size: 1)
            case YAML_SEQUENCE_START_EVENT:
                try checkDepth(mark)
                let start = e.data.sequence_start
                stack.append(Frame(isMapping: false, tag: start.tag.map { String(cString: $0) },
                                   anchor: start.anchor.map { String(cString: $0) }, mark: mark))
            case YAML_MAPPING_START_EVENT:
                try checkDepth(mark)
                let start = e.data.mapping_start
                stack.append(Frame(isMapping: true, tag: start.tag.map { String(cString: $0) },
                                   anchor: start.anchor.map { String(cString: $0) }, mark: mark))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = stack.removeLast()
                let node: Node = frame.isMapping
                    ? .mapping(Node.Mapping(entries: frame.entries, tag: frame.tag, mark: frame.mark))
                    : .sequence(Node.Sequence(items: frame.items, tag: frame.tag, mark: frame.mark))
                nodesWritten += 1
                if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
                try add(node, size: frame.size)
            default:
                continue
            }
        }
    }

    private func checkDepth(_ mark: Mark) throws(YAMLError) {
        if stack.count >= limits.maxDepth {
            throw YAMLError(kind: .tooDeep(limit: limits.maxDepth), mark: mark,
                            message: "mappings and sequences nest more than \(limits.maxDepth) levels deep here; flatten the structure")
        }
    }

    private mutating func add(_ node: Node, size: Int) throws(YAMLError) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        stack[top].size = stack[top].size &+ size
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
                            message: "mapping keys must be plain scalars, not \(node.kindDescription)")
        }
        if let first = firstMark(of: scalar.value, at: scalar.mark, inFrame: top) {
            throw YAMLError(kind: .duplicateKey(scalar.value, first: first), mark: scalar.mark,
                            message: "duplicate key '\(scalar.value)' (first defined at \(first)); remove one of them")
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
