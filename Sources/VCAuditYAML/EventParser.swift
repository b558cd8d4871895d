internal import CLibYAML

/// Owns one libyaml parser reading a buffer; `deinit` frees it.
///
/// The buffer must outlive the parser. libyaml's marks are 0-based; callers
/// convert them once, with `mark(_:)`.
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

    /// The 1-based mark of a libyaml mark.
    @inline(__always)
    static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The failure libyaml reported after `next()` returned nil, worded for a user.
    ///
    /// `innermostOpenFlow` is the deepest `[` or `{` still open, if any: when
    /// the input ends inside it, the error points at where it opens.
    func failure(in bytes: UnsafeBufferPointer<UInt8>, innermostOpenFlow: SyntaxFailure.OpenFlow? = nil) -> YAMLError {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "invalid YAML"
        switch p.error {
        case YAML_READER_ERROR:
            return ReaderFailure.error(problem: problem, offset: p.problem_offset, in: bytes)
        case YAML_MEMORY_ERROR:
            return YAMLError(kind: .syntax, mark: Mark(line: 1, column: 1), message: "out of memory while parsing the file; split it into smaller specs")
        default:
            let context = p.context.map { String(cString: $0) }
            return SyntaxFailure.error(
                problem: problem, at: Self.mark(p.problem_mark), context: context, contextMark: Self.mark(p.context_mark),
                openFlow: innermostOpenFlow, in: bytes)
        }
    }
}
