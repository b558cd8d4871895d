/// Reads the YAML that specs are written in into the same `Document` as libyaml's events make, about five times
/// faster; for anything else it declines, and `Composer` reads the file with libyaml as before.
///
/// The subset: ASCII text with `\n` line breaks, no tabs or control characters anywhere (comments included, so
/// that libyaml's checks of the whole input hold); one document with no directive or `---`/`...` marker; block
/// mappings whose keys are one-line scalars; block sequences, also at their key's indentation, whose entries are
/// one-line scalars, one-line flow collections or compact mappings (`- name: x`); flow sequences and mappings on
/// one line, whose mapping keys are scalars; plain scalars on one line that do not start with an indicator;
/// quoted scalars on one line with no escape (`\` in double quotes, `''` in single ones); comments. Not in it:
/// anchors, aliases, tags, block scalars (`|`, `>`), multi-line scalars and flow collections, explicit keys
/// (`?`), empty values other than a block mapping's (`key:` with nothing below), keys whose `:` is more than 1,000
/// characters on.
///
/// The contract is with libyaml: whenever the parser finishes, the document is the one `DocumentBuilder` makes
/// from libyaml's events, record for record (marks included). It never reports an error: input it declines, and
/// input the builder refuses (a duplicate key, too deep), is read again by libyaml, whose reading is the one the
/// user sees. `SubsetParserTests` compares the two on the repository's YAML and the rules' examples, the
/// benchmarks on every file they generate, and the `yaml` fuzz target on arbitrary input. Its recursion is bounded
/// by the builder's depth limit (a collection is opened, and its depth checked, before its contents are read), and
/// it reads each byte a bounded number of times.
struct SubsetParser {
    /// Why reading stopped before the end: the input is outside the subset, or the builder refused it.
    private enum Stop: Error {
        case outside
        case refused
    }

    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    /// `ordinaryBytes`, read once per document rather than through the lazy global on each scalar.
    private let ordinary: UnsafePointer<Bool>
    /// `plainStartBytes`, read once per document as `ordinary` is.
    private let plainStart: UnsafePointer<Bool>
    private var builder: DocumentBuilder
    /// The offset of the byte being read.
    private var position = 0
    /// The 1-based line of `position`, and the offset its line starts at.
    private var line: UInt32 = 1
    private var lineStart = 0
    /// The last scalar `lookAtScalar` read ahead, in block context: where it starts and ends (where it leaves
    /// `position`) and its style.
    ///
    /// A mapping's first key is read ahead (to tell a key from a value) and then again; the second read is answered
    /// from here. Only reads ahead store it: every other scalar is read once.
    private var lastScalar = (start: -1, end: 0, style: Node.ScalarStyle.plain)

    /// Longest one-line key the subset takes, from its start to its `:` (libyaml refuses a simple key whose `:` is
    /// more than 1,024 characters on).
    private static let longestKey = 1000

    private init(_ input: UnsafeBufferPointer<UInt8>, limits: Composer.Limits) {
        bytes = input.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = input.count
        ordinary = Self.ordinaryBytes
        plainStart = Self.plainStartBytes
        // The subset's scalars are written without escapes: each one's text is a run of the input's bytes.
        builder = DocumentBuilder(limits: limits, textIsInput: input)
    }

    /// The document of `input`, or nil when it is outside the subset or the builder refused it (read it with
    /// libyaml then).
    static func document(of input: UnsafeBufferPointer<UInt8>, limits: Composer.Limits) -> Document? {
        var parser = SubsetParser(input, limits: limits)
        do throws(Stop) {
            try parser.readDocument()
        } catch {
            parser.builder.discard()
            return nil
        }
        do throws(YAMLError) {
            let document = try parser.builder.finish()
            parser.builder.finished()
            return document
        } catch {
            parser.builder.discard()
            return nil
        }
    }

    // MARK: Bytes

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let hash = UInt8(ascii: "#")
    private static let colon = UInt8(ascii: ":")
    private static let dash = UInt8(ascii: "-")
    private static let comma = UInt8(ascii: ",")

    /// The byte at `offset`, or 0 past the end. A 0 byte in the input is not printable: wherever a 0 ends a line
    /// or a scalar, the check of the line's bytes that follows declines it.
    @inline(__always)
    private func peek(_ offset: Int) -> UInt8 {
        offset < count ? bytes[offset] : 0
    }

    @inline(__always)
    private var current: UInt8 { peek(position) }

    /// Whether `byte` may appear in the subset outside line breaks: printable ASCII.
    @inline(__always)
    private static func isPrintable(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    /// The 1-based column of `position`.
    ///
    /// Taken for every scalar and collection, without overflow checks: `lineStart` is never past `position`, and
    /// both are offsets in the input.
    @inline(__always)
    private var column: UInt32 { UInt32(truncatingIfNeeded: position &- lineStart &+ 1) }

    /// Moves past the spaces at `position`.
    ///
    /// Most calls find no space (at a scalar's end, at the `:` after a key) or one (after `:` or `-`): those two
    /// are answered before the loop, the first without storing `position` again, which measured fewer
    /// instructions than entering the loop for them.
    @inline(__always)
    private mutating func skipSpaces() {
        let base = bytes
        let count = count
        var offset = position
        guard offset < count, base[offset] == Self.space else { return }
        offset += 1
        guard offset < count, base[offset] == Self.space else {
            position = offset
            return
        }
        while offset < count, base[offset] == Self.space { offset += 1 }
        position = offset
    }

    /// Moves past the spaces at `position` that start a line, eight bytes at a time while eight remain.
    ///
    /// A spec's lines are indented by several spaces each, which the byte loop of `skipSpaces` passed at a compare,
    /// a branch and an increment apiece (about 4 M instructions of a callgrind of loading 1 MB of specs).
    @inline(__always)
    private mutating func skipIndentation() {
        let base = bytes
        let count = count
        var offset = position
        while offset &+ 8 <= count {
            // A zero byte for each space: the first nonzero byte, counted from the lowest, is the first other byte.
            let others = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
            if others != 0 {
                position = offset &+ others.trailingZeroBitCount &>> 3
                return
            }
            offset &+= 8
        }
        while offset < count, base[offset] == Self.space { offset += 1 }
        position = offset
    }

    /// Whether the line ends at `position`: a line break, the end of the input, or a comment.
    @inline(__always)
    private var atLineEnd: Bool {
        let byte = current
        return byte == Self.newline || byte == 0 || byte == Self.hash
    }

    /// Moves past the rest of the line (a comment or nothing), checking its bytes, and past its line break.
    private mutating func finishLine() throws(Stop) {
        let base = bytes
        let count = count
        var offset = position
        while offset < count {
            let byte = base[offset]
            if byte == Self.newline {
                position = offset + 1
                line += 1
                lineStart = position
                return
            }
            guard Self.isPrintable(byte) else { throw .outside }
            offset += 1
        }
        position = offset
    }

    /// Moves to the first content of the next line that has any (past blank lines and comment lines), and returns
    /// its indentation; nil at the end of the input. `position` must be at the start of a line.
    private mutating func nextContentLine() throws(Stop) -> Int? {
        while position < count {
            skipIndentation()
            let byte = current
            if byte == Self.newline || byte == Self.hash {
                try finishLine()
                continue
            }
            // The end of the input (a 0 byte in it is not printable).
            if position >= count { return nil }
            guard Self.isPrintable(byte) else { throw .outside }
            let indent = position - lineStart
            // A document marker at the start of a line.
            if indent == 0, position + 2 < count, (byte == Self.dash || byte == UInt8(ascii: ".")),
               bytes[position + 1] == byte, bytes[position + 2] == byte {
                let after = peek(position + 3)
                if after == Self.space || after == Self.newline || after == 0 { throw .outside }
            }
            return indent
        }
        return nil
    }

    /// Ends the line of a value written on its key's (or entry's) line: only spaces and a comment may follow.
    private mutating func endValueLine() throws(Stop) {
        skipSpaces()
        guard atLineEnd else { throw .outside }
        try finishLine()
    }

    // MARK: Builder

    @inline(__always)
    private mutating func open(mapping: Bool, flow: Bool, line: UInt32, column: UInt32) throws(Stop) {
        do throws(YAMLError) {
            try builder.openCollection(isMapping: mapping, isFlow: flow, line: line, column: column)
        } catch {
            throw .refused
        }
    }

    @inline(__always)
    private mutating func close() throws(Stop) {
        do throws(YAMLError) {
            try builder.closeCollection()
        } catch {
            throw .refused
        }
    }

    @inline(__always)
    private mutating func scalar(from start: Int, to end: Int, style: Node.ScalarStyle, line: UInt32, column: UInt32) throws(Stop) {
        do throws(YAMLError) {
            try builder.scalar(at: start, count: end - start, style: style, line: line, column: column)
        } catch {
            throw .refused
        }
    }

    /// Reads the one-line scalar at `position` in block context (`readScalar`).
    private mutating func readBlockScalar() throws(Stop) {
        try readScalar(flow: false)
    }

    /// Reads the one-line scalar at `position` in flow context (`readScalar`).
    ///
    /// A function of its own, as `readBlockScalar` is: each is compiled for its context alone, so a flow scalar's
    /// read tests for no read-ahead (flow scalars are never read ahead) and its scan no context.
    private mutating func readFlowScalar() throws(Stop) {
        try readScalar(flow: true)
    }

    /// Reads the one-line scalar at `position` (`oneLineScalar`) and hands it to the builder, its quotes left out.
    @inline(__always)
    private mutating func readScalar(flow: Bool) throws(Stop) {
        let scalarLine = line
        let scalarColumn = column
        let read: (start: Int, end: Int, style: Node.ScalarStyle)
        if let readAhead = scalarReadAhead(flow: flow) {
            read = readAhead
        } else {
            read = try oneLineScalar(flow: flow)
        }
        let (start, end, style) = read
        let quoted = style != .plain
        try scalar(from: quoted ? start + 1 : start, to: quoted ? end - 1 : end, style: style, line: scalarLine, column: scalarColumn)
    }

    /// After an entry of the mapping or sequence at `indent`: whether the collection ends there (and closes it),
    /// because the next content line (`next`, nil at the end of the input) is less indented. A line more indented
    /// than the collection, where its next entry would be, is not YAML.
    ///
    /// Inlined into the loops over entries, the closing included: most entries are followed by the next one, at the
    /// same indentation, which is answered by one comparison; and each compact mapping of a sequence (`- push: {...}`,
    /// a scenario's step) is one entry, after which its mapping closes, where a call for it cost about as much as
    /// the closing itself.
    @inline(__always)
    private mutating func closes(at indent: Int, before next: Int?) throws(Stop) -> Bool {
        guard let following = next, following >= indent else {
            try close()
            return true
        }
        if following > indent { throw .outside }
        return false
    }

    // MARK: Block structure

    private mutating func readDocument() throws(Stop) {
        guard let indent = try nextContentLine() else { throw .outside }
        let next = try blockNode(indent: indent)
        // What follows the root must be nothing (a line less indented than a root at its indentation is not there).
        guard next == nil else { throw .outside }
    }

    /// Reads the block node that starts at `position`, the first content of a line indented `indent`, and returns
    /// the indentation of the next content line after it (nil at the end of the input).
    private mutating func blockNode(indent: Int) throws(Stop) -> Int? {
        if current == Self.dash, isBlank(at: position + 1) { return try blockSequence(indent: indent) }
        if current == UInt8(ascii: "[") || current == UInt8(ascii: "{") {
            // A flow collection alone (a root); one used as a key is outside the subset.
            try flowCollection()
            try endValueLine()
            return try nextContentLine()
        }
        // A key, or a scalar alone.
        let start = position
        try lookAtScalar()
        skipSpaces()
        if current == Self.colon, isBlank(at: position + 1) {
            position = start
            return try blockMapping(indent: indent)
        }
        position = start
        try readBlockScalar()
        try endValueLine()
        let next = try nextContentLine()
        // A more indented line after a plain scalar would continue it (a multi-line scalar): outside the subset.
        if let next, next > indent { throw .outside }
        return next
    }

    /// Whether the byte at `offset` is a space, a line break or the end: what must follow `-` and `:` indicators.
    @inline(__always)
    private func isBlank(at offset: Int) -> Bool {
        let byte = peek(offset)
        return byte == Self.space || byte == Self.newline || byte == 0
    }

    /// Reads a block mapping whose first key is at `position`, indented `indent`; returns the indentation of the
    /// first content line after it.
    private mutating func blockMapping(indent: Int) throws(Stop) -> Int? {
        try open(mapping: true, flow: false, line: line, column: column)
        while true {
            // The key.
            let start = position
            try readBlockScalar()
            skipSpaces()
            guard current == Self.colon, isBlank(at: position + 1), position - start <= Self.longestKey else { throw .outside }
            position += 1
            // Where libyaml puts an empty value: right after the `:`.
            let (emptyLine, emptyColumn) = (line, column)
            skipSpaces()
            var next: Int?
            if atLineEnd {
                // The value is on the lines below: a more indented node, or a sequence at the key's indentation;
                // or there is none, and the value is empty.
                try finishLine()
                next = try nextContentLine()
                if next == nil || next! < indent || next! == indent && !(current == Self.dash && isBlank(at: position + 1)) {
                    try scalar(from: position, to: position, style: .plain, line: emptyLine, column: emptyColumn)
                } else if let valueIndent = next, valueIndent > indent {
                    if current != Self.dash || !isBlank(at: position + 1) {
                        guard try startsKeyLine() else { throw .outside }
                    }
                    next = try blockNode(indent: valueIndent)
                } else {
                    next = try blockSequence(indent: indent, indentless: true)
                }
            } else {
                try inlineValue()
                next = try nextContentLine()
            }
            if try closes(at: indent, before: next) { return next }
        }
    }

    /// Whether the line at `position` starts with a one-line scalar followed by `: ` (a mapping's first key),
    /// without reading it.
    private mutating func startsKeyLine() throws(Stop) -> Bool {
        let saved = position
        defer { position = saved }
        let byte = current
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { return false }
        // The first look at a line's first scalar: there is no read-ahead of it to answer from.
        try scanAhead()
        skipSpaces()
        return current == Self.colon && isBlank(at: position + 1)
    }

    /// Reads a value written on its key's line (a scalar or a flow collection), and the rest of that line.
    private mutating func inlineValue() throws(Stop) {
        let byte = current
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            try flowCollection()
        } else {
            try readBlockScalar()
        }
        try endValueLine()
    }

    /// Reads a block sequence whose first `-` is at `position`, indented `indent` (`indentless`: at its key's
    /// indentation, so a line there that is not an entry ends it); returns the indentation of the first content
    /// line after it.
    private mutating func blockSequence(indent: Int, indentless: Bool = false) throws(Stop) -> Int? {
        try open(mapping: false, flow: false, line: line, column: column)
        while true {
            position += 1
            skipSpaces()
            guard !atLineEnd else { throw .outside }
            let entryIndent = position - lineStart
            var next: Int?
            let byte = current
            if byte == Self.dash, isBlank(at: position + 1) {
                throw .outside
            } else if try startsKeyLine() {
                // A compact mapping: its keys are at the first one's indentation.
                next = try blockMapping(indent: entryIndent)
            } else {
                // A scalar or a flow collection.
                try inlineValue()
                next = try nextContentLine()
            }
            if try closes(at: indent, before: next) { return next }
            guard current == Self.dash, isBlank(at: position + 1) else {
                // At the sequence's indentation, a line that is not an entry ends an indentless sequence (its
                // mapping's next key follows); anywhere else it is not YAML.
                guard indentless else { throw .outside }
                try close()
                return next
            }
        }
    }

    // MARK: Scalars

    /// Reads a one-line scalar at `position` and returns where it starts and ends (the quotes included for a
    /// quoted one) and its style; `position` is left after it. A plain scalar ends before ` #`, before `: ` (or `:`
    /// at the end of the line), at the end of the line, and in flow context before `,`, `[`, `]`, `{` and `}`;
    /// trailing spaces are not part of it.
    ///
    /// Inlined into its callers: most scalars are a few bytes, whose scan cost about as much as the call around it.
    @inline(__always)
    private mutating func oneLineScalar(flow: Bool) throws(Stop) -> (start: Int, end: Int, style: Node.ScalarStyle) {
        // The scans read the bytes through locals: the parser's own fields would be loaded and stored per byte.
        let start = position
        let base = bytes
        let count = count
        let ordinary = ordinary
        let first = current
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var offset = start + 1
            while true {
                guard offset < count else { throw .outside }
                let byte = base[offset]
                if byte == first { break }
                // An escape, a doubled single quote or a line break inside: outside the subset.
                guard Self.isPrintable(byte), byte != UInt8(ascii: "\\") else { throw .outside }
                offset += 1
            }
            offset += 1
            position = offset
            if first == UInt8(ascii: "'"), current == first { throw .outside }
            let style: Node.ScalarStyle = first == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted
            return (start, offset, style)
        }
        guard plainStart[Int(first)] else { throw .outside }
        var offset = start
        var end = start
        while offset < count {
            let byte = base[offset]
            if ordinary[Int(byte)] {
                // A run of them, most of the scalar, in a loop of its own.
                offset += 1
                // Two bytes per check of the bound while two remain; the byte loop reads the last one of the run.
                while offset &+ 2 <= count, ordinary[Int(base[offset])], ordinary[Int(base[offset &+ 1])] {
                    offset &+= 2
                }
                while offset < count, ordinary[Int(base[offset])] { offset += 1 }
                end = offset
                continue
            }
            if byte == Self.newline { break }
            if byte == Self.space {
                // A comment after a space ends the scalar.
                if offset + 1 < count, base[offset + 1] == Self.hash { break }
                offset += 1
                continue
            }
            if byte == Self.colon {
                let after = offset + 1 < count ? base[offset + 1] : 0
                if after == Self.space || after == Self.newline || after == 0 { break }
                // A colon inside a flow scalar reads differently across YAML versions: outside the subset.
                if flow { throw .outside }
                offset += 1
                end = offset
                continue
            }
            if Self.isFlowIndicator(byte) {
                if flow { break }
                offset += 1
                end = offset
                continue
            }
            // A byte outside printable ASCII (a 0 byte included).
            throw .outside
        }
        position = end
        return (start, end, .plain)
    }

    /// The scalar at `position` in block context, when `lookAtScalar` read it ahead: moves past it, as
    /// `oneLineScalar` does, without scanning it again.
    @inline(__always)
    private mutating func scalarReadAhead(flow: Bool) -> (start: Int, end: Int, style: Node.ScalarStyle)? {
        let start = position
        guard start == lastScalar.start, !flow else { return nil }
        position = lastScalar.end
        return (start, lastScalar.end, lastScalar.style)
    }

    /// Reads the block-context scalar at `position` ahead of reading it (to tell a key from a value), keeping what
    /// it found for `readScalar`; `position` is left after it. Inlined into its two callers, as `oneLineScalar` is.
    @inline(__always)
    private mutating func lookAtScalar() throws(Stop) {
        if scalarReadAhead(flow: false) != nil { return }
        try scanAhead()
    }

    /// Scans the block-context scalar at `position`, which was not read ahead, keeping what it found for
    /// `readScalar` (`lookAtScalar`); `position` is left after it.
    @inline(__always)
    private mutating func scanAhead() throws(Stop) {
        let start = position
        let (_, end, style) = try oneLineScalar(flow: false)
        lastScalar = (start, end, style)
    }

    /// Whether each of the 256 byte values is part of a plain scalar wherever it is: printable ASCII other than a
    /// space, a colon and the flow indicators. Made once per process, never freed.
    ///
    /// The scan of a plain scalar, most of the bytes the parser reads, loads one entry per byte of input, where a
    /// test of the definition (or of a bit set of it) took several operations per byte.
    private nonisolated(unsafe) static let ordinaryBytes: UnsafePointer<Bool> = {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for value in 0...255 {
            let byte = UInt8(value)
            table[value] = byte > space && byte < 0x7F && byte != colon && !isFlowIndicator(byte)
        }
        return UnsafePointer(table)
    }()

    /// `,`, `[`, `]`, `{` or `}`.
    @inline(__always)
    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == comma || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// Whether a plain scalar may start with each of the 256 byte values (`startsPlainScalar`). Made once per
    /// process, never freed.
    ///
    /// Every plain scalar's first byte is tested: the switch of the definition compiled to a jump table, several
    /// times the instructions of a load.
    private nonisolated(unsafe) static let plainStartBytes: UnsafePointer<Bool> = {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for value in 0...255 { table[value] = startsPlainScalar(UInt8(value)) }
        return UnsafePointer(table)
    }()

    /// Whether a plain scalar may start with `byte`: printable, and not an indicator (a `-`, `?` or `:` that
    /// starts a scalar is outside the subset too).
    private static func startsPlainScalar(_ byte: UInt8) -> Bool {
        guard isPrintable(byte) else { return false }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
             UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
             UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: " "):
            return false
        default:
            return true
        }
    }

    // MARK: Flow collections

    /// Reads the flow node at `position`: a collection on the rest of the line, or a scalar.
    ///
    /// Inlined into the loop over a collection's items: most items are scalars, which go straight to `readFlowScalar`
    /// rather than through a call of `flowSequence` or `flowMapping`, whose frame is made for a whole collection.
    @inline(__always)
    private mutating func flowNode() throws(Stop) {
        let byte = current
        if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            try flowCollection()
        } else {
            try readFlowScalar()
        }
    }

    /// Reads the flow collection at `position` (its `[` or `{`), which must end on the same line.
    @inline(__always)
    private mutating func flowCollection() throws(Stop) {
        if current == UInt8(ascii: "[") {
            try flowSequence()
        } else {
            try flowMapping()
        }
    }

    /// Reads the flow sequence at `position` (its `[`): `readFlowCollection` compiled for sequences alone.
    private mutating func flowSequence() throws(Stop) {
        try readFlowCollection(isSequence: true)
    }

    /// Reads the flow mapping at `position` (its `{`): `readFlowCollection` compiled for mappings alone, whose loop
    /// over entries then tests for no kind of collection.
    private mutating func flowMapping() throws(Stop) {
        try readFlowCollection(isSequence: false)
    }

    /// Reads the flow collection at `position`, a sequence (`[`) when `isSequence`, else a mapping (`{`).
    @inline(__always)
    private mutating func readFlowCollection(isSequence: Bool) throws(Stop) {
        let closing = isSequence ? UInt8(ascii: "]") : UInt8(ascii: "}")
        try open(mapping: !isSequence, flow: true, line: line, column: column)
        position += 1
        skipSpaces()
        while current != closing {
            if isSequence {
                try flowNode()
                skipSpaces()
                // A single-pair mapping inside a sequence (`[a: b]`) is outside the subset.
                if current == Self.colon { throw .outside }
            } else {
                let keyByte = current
                guard keyByte != UInt8(ascii: "[") && keyByte != UInt8(ascii: "{") else { throw .outside }
                let keyStart = position
                try readFlowScalar()
                skipSpaces()
                guard current == Self.colon, peek(position + 1) == Self.space, position - keyStart <= Self.longestKey else { throw .outside }
                position += 1
                skipSpaces()
                // An empty value (`{a: }`, `{a: ,}`) is outside the subset.
                let valueByte = current
                guard valueByte != Self.comma && valueByte != closing else { throw .outside }
                try flowNode()
                skipSpaces()
            }
            if current == Self.comma {
                position += 1
                skipSpaces()
                // `[a, , b]` is not YAML.
                if current == Self.comma { throw .outside }
            } else if current != closing {
                // A line break, a comment or anything else inside a flow collection: outside the subset.
                throw .outside
            }
        }
        position += 1
        try close()
    }
}
