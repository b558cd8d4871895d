internal import CLibYAML

/// Builds a `Document` from libyaml events, one record per event, with an explicit stack.
///
/// Besides building, it enforces what libyaml does not: unique keys, scalar
/// keys, one document, a bounded depth (counting aliases as expanded, so an
/// alias cannot smuggle in a deeper tree) and a bounded alias expansion.
struct DocumentBuilder {
    /// One open mapping or sequence: plain numbers, so the stack of them counts no references.
    private struct Frame: BitwiseCopyable {
        /// The collection's own record.
        var slot: Int
        var isMapping: Bool
        /// Written in flow style (`[...]`, `{...}`) rather than block style.
        var isFlow: Bool
        /// Whether an anchor names it (the name waits in `openAnchors`).
        var isAnchored: Bool
        /// Children so far (keys and values both count).
        var children: UInt32 = 0
        /// How many more nodes the subtree so far has expanded than written: each alias in it counts its anchored
        /// node's size less its own record.
        ///
        /// The expanded size is then the records written since the collection's own, plus this, taken when it closes:
        /// a scalar, most of the nodes, adds nothing to it.
        var addedByAliases = 0
        /// Collection levels below this one so far (0 when only scalars are inside).
        var height = 0
        /// Whether the mapping keeps a key index (the top of `keyIndexes`), kept once it has many keys (small ones are scanned).
        var hasKeyIndex = false
        /// A bit per key of the mapping so far (`keyBit`): a key whose bit is clear is not a duplicate, unscanned.
        var keyBits: UInt64 = 0
    }

    /// An anchored node, with its expanded size and its height in collection levels.
    private struct Anchored {
        var slot: Int
        var size: Int
        var height: Int
    }

    typealias Limits = Composer.Limits

    /// Mappings with more keys than this keep an index for the duplicate check.
    private static let scanLimit = 12

    private let limits: Limits
    private let bytes: UnsafeBufferPointer<UInt8>
    // Handed to the `Document` when the stream ends; freed by `release()` when composing fails.
    private var records: GrowableBuffer<NodeRecord>
    private var text: GrowableBuffer<UInt8>
    private var tags: [String] = [""]
    /// Each tag's index in `tags` (a hash, so that many distinct tags stay linear).
    private var tagNumbers: [String: UInt32] = [:]
    /// The open collections, innermost last; freed by `run`.
    private var frames: GrowableBuffer<Frame>
    /// The anchor names of the anchored open collections, innermost last.
    private var openAnchors: [String] = []
    /// The keys of each open mapping with `hasKeyIndex`, innermost last.
    private var keyIndexes: [KeyIndex] = []
    private var anchors: [String: Anchored] = [:]
    /// The alias records written: every other record is a node written, counted once closed (`nodesWritten`).
    private var aliasCount = 0
    private var aliasExpansion = 0
    private var documents = 0
    private var rootSlot: Int?

    /// A builder for the document of `bytes`, whose scalars' text is appended as they come (`scalar(_:style:...)`).
    init(limits: Limits, bytes: UnsafeBufferPointer<UInt8>) {
        // Most of a scalar's bytes are its text: room for half the input, so that the buffer rarely grows by copying.
        self.init(limits: limits, bytes: bytes, text: GrowableBuffer(capacity: bytes.count / 2 + 16))
    }

    /// A builder for the document of `bytes` whose text is a copy of `bytes` itself, for a reader whose scalars are
    /// all written without escapes: each is then a run of the input, recorded where it is (`scalar(at:count:...)`)
    /// rather than copied scalar by scalar.
    init(limits: Limits, textIsInput bytes: UnsafeBufferPointer<UInt8>) {
        self.init(limits: limits, bytes: bytes, text: GrowableBuffer(copying: bytes))
    }

    private init(limits: Limits, bytes: UnsafeBufferPointer<UInt8>, text: GrowableBuffer<UInt8>) {
        self.limits = limits
        self.bytes = bytes
        frames = GrowableBuffer(capacity: 16)
        // About one node per 4 bytes of a spec with long scenarios (7 of one with more declarations): room for them,
        // so that the buffer rarely grows by copying itself.
        records = GrowableBuffer(capacity: bytes.count / 4 + 16)
        self.text = text
    }

    /// Builds the document from libyaml's events; on an error, frees what was built so far.
    ///
    /// Call once: the memory is handed to the document, or freed.
    mutating func run(_ parser: EventParser) throws(YAMLError) -> Document {
        do {
            let document = try build(parser)
            finished()
            return document
        } catch {
            discard()
            throw error
        }
    }

    private mutating func build(_ parser: EventParser) throws(YAMLError) -> Document {
        while true {
            guard let event = parser.next() else {
                let flow = innermostOpenFlow.map { SyntaxFailure.OpenFlow(isMapping: $0.isMapping, mark: mark(of: $0.slot)) }
                throw parser.failure(in: bytes, innermostOpenFlow: flow)
            }
            let start = event.pointee.start_mark
            let line = UInt32(truncatingIfNeeded: start.line &+ 1)
            let column = UInt32(truncatingIfNeeded: start.column &+ 1)
            switch event.pointee.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.pointee.data.scalar
                let style: Node.ScalarStyle
                switch scalar.style {
                case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
                case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
                case YAML_LITERAL_SCALAR_STYLE: style = .literal
                case YAML_FOLDED_SCALAR_STYLE: style = .folded
                default: style = .plain
                }
                try self.scalar(UnsafeBufferPointer(start: scalar.value, count: scalar.length), style: style,
                                tag: scalar.tag == nil ? 0 : intern(tag: scalar.tag), anchor: scalar.anchor.map { String(cString: $0) },
                                line: line, column: column)
            case YAML_MAPPING_START_EVENT:
                let start = event.pointee.data.mapping_start
                try openCollection(isMapping: true, isFlow: start.style == YAML_FLOW_MAPPING_STYLE,
                                   tag: start.tag == nil ? 0 : intern(tag: start.tag), anchor: start.anchor.map { String(cString: $0) },
                                   line: line, column: column)
            case YAML_SEQUENCE_START_EVENT:
                let start = event.pointee.data.sequence_start
                try openCollection(isMapping: false, isFlow: start.style == YAML_FLOW_SEQUENCE_STYLE,
                                   tag: start.tag == nil ? 0 : intern(tag: start.tag), anchor: start.anchor.map { String(cString: $0) },
                                   line: line, column: column)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try closeCollection()
            case YAML_ALIAS_EVENT:
                let name = String(cString: event.pointee.data.alias.anchor)
                let mark = Mark(line: Int(line), column: Int(column))
                guard let anchored = anchors[name] else {
                    throw YAMLError(kind: .unknownAnchor(name), mark: mark, message: "alias '*\(name)' names no anchor defined before it; define '&\(name)' first",
                                    length: name.unicodeScalars.count + 1)
                }
                aliasExpansion = aliasExpansion &+ anchored.size
                let allowed = min(limits.aliasExpansionCeiling, max(limits.aliasExpansionFloor, nodesWritten &* limits.aliasExpansionRatio))
                if aliasExpansion > allowed {
                    throw YAMLError(kind: .excessiveAliasing(limit: allowed), mark: mark,
                                    message: "aliases expand to more than \(allowed) nodes here (an alias bomb?); write the values out or nest fewer aliases",
                                    length: name.unicodeScalars.count + 1)
                }
                try checkDepth(adding: anchored.height, line: line, column: column)
                let slot = records.count
                records.append(NodeRecord(line: line, column: column, first: UInt32(truncatingIfNeeded: anchored.slot), second: 0, tag: 0, kind: .alias, style: 0))
                aliasCount += 1
                try add(slot, addedByAliases: anchored.size - 1, height: anchored.height)
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLError(kind: .multipleDocuments, mark: Mark(line: Int(line), column: Int(column)),
                                    message: "a second YAML document starts here; a spec file holds exactly one document: move it to a file of its own")
                }
            case YAML_STREAM_END_EVENT:
                return try finish()
            default:
                continue
            }
        }
    }

    // MARK: Events
    //
    // What `build` does with libyaml's events, and what `SubsetParser` calls as it reads: both build the same document.

    /// A scalar: its text (unescaped), style, tag number (`intern(tag:)`, 0 for none) and anchor, at 1-based `line`
    /// and `column`.
    @inline(__always)
    mutating func scalar(_ value: UnsafeBufferPointer<UInt8>, style: Node.ScalarStyle, tag: UInt32 = 0, anchor: String? = nil,
                         line: UInt32, column: UInt32) throws(YAMLError) {
        let offset = text.count
        text.appendBytes(value)
        try scalar(at: offset, count: value.count, style: style, tag: tag, anchor: anchor, line: line, column: column)
    }

    /// A scalar whose text is already in the text buffer, `count` bytes at `offset`: for a builder made with
    /// `textIsInput`, the scalar's bytes in the input.
    @inline(__always)
    mutating func scalar(at offset: Int, count: Int, style: Node.ScalarStyle, tag: UInt32 = 0, anchor: String? = nil,
                         line: UInt32, column: UInt32) throws(YAMLError) {
        let slot = records.count
        records.append(NodeRecord(
            line: line, column: column, first: UInt32(truncatingIfNeeded: offset), second: UInt32(truncatingIfNeeded: count),
            tag: tag, kind: .scalar, style: style.rawValue))
        if let anchor { anchors[anchor] = Anchored(slot: slot, size: 1, height: 0) }
        try addScalar(slot, textAt: offset, count: count)
    }

    /// Opens a mapping or sequence: its record now, its size when it closes (`closeCollection`).
    @inline(__always)
    mutating func openCollection(isMapping: Bool, isFlow: Bool, tag: UInt32 = 0, anchor: String? = nil,
                                 line: UInt32, column: UInt32) throws(YAMLError) {
        try checkDepth(adding: 1, line: line, column: column)
        let slot = records.count
        records.append(NodeRecord(line: line, column: column, first: 0, second: 0, tag: tag,
                                  kind: isMapping ? .mapping : .sequence, style: isFlow ? 1 : 0))
        if let anchor { openAnchors.append(anchor) }
        frames.append(Frame(slot: slot, isMapping: isMapping, isFlow: isFlow, isAnchored: anchor != nil))
    }

    /// Closes the innermost open collection.
    @inline(__always)
    mutating func closeCollection() throws(YAMLError) {
        let frame = frames.removeLast()
        if frame.hasKeyIndex { keyIndexes.removeLast() }
        records[frame.slot].first = frame.children
        records[frame.slot].second = UInt32(truncatingIfNeeded: records.count)
        let height = frame.height + 1
        if frame.isAnchored {
            let size = records.count - frame.slot + frame.addedByAliases
            anchors[openAnchors.removeLast()] = Anchored(slot: frame.slot, size: size, height: height)
        }
        try add(frame.slot, addedByAliases: frame.addedByAliases, height: height)
    }

    /// The end of the stream: the document built, or why there is none.
    mutating func finish() throws(YAMLError) -> Document {
        guard let rootSlot else {
            throw YAMLError(kind: .empty, mark: Mark(line: 1, column: 1),
                            message: "the file holds no YAML document; a spec starts with 'vcaudit: 1'")
        }
        let root = records[rootSlot]
        if root.kind == .scalar, root.second == 0, root.style == Node.ScalarStyle.plain.rawValue, root.tag == 0 {
            throw YAMLError(kind: .empty, mark: Mark(line: 1, column: 1),
                            message: "the YAML document is empty; a spec starts with 'vcaudit: 1'")
        }
        return Document(records: records, text: text, tags: tags, rootSlot: rootSlot)
    }

    /// Frees what was built, for a builder whose document is not finished (`finish` hands the memory over instead).
    func discard() {
        records.deallocate()
        text.deallocate()
        frames.deallocate()
    }

    /// Frees the stack of open collections, for a builder whose document `finish` made.
    func finished() {
        frames.deallocate()
    }

    private func mark(of slot: Int) -> Mark {
        records[slot].mark
    }

    /// The innermost open collection written in flow style (`[` or `{`), if any.
    private var innermostOpenFlow: Frame? {
        var index = frames.count - 1
        while index >= 0 {
            if frames[index].isFlow { return frames[index] }
            index -= 1
        }
        return nil
    }

    /// The index of a tag in `tags`, adding it the first time.
    private mutating func intern(tag: UnsafeMutablePointer<UInt8>?) -> UInt32 {
        let name = tag.map { String(cString: $0) } ?? ""
        if let index = tagNumbers[name] { return index }
        let index = UInt32(tags.count)
        tags.append(name)
        tagNumbers[name] = index
        return index
    }

    /// Refuses a collection (or an alias `levels` deep) that would nest deeper than the limit.
    @inline(__always)
    private func checkDepth(adding levels: Int, line: UInt32, column: UInt32) throws(YAMLError) {
        if frames.count + levels > limits.maxDepth {
            throw YAMLError(kind: .tooDeep(limit: limits.maxDepth), mark: Mark(line: Int(line), column: Int(column)),
                            message: "mappings and sequences nest more than \(limits.maxDepth) levels deep here; flatten the structure")
        }
    }

    /// The nodes written so far: scalars and closed collections.
    private var nodesWritten: Int { records.count - aliasCount - frames.count }

    /// Counts a finished collection or alias (at `slot`, as written) into the innermost open collection, or makes it
    /// the root: with the nodes its aliases add to the expansion (`Frame.addedByAliases`) and its collection levels.
    @inline(__always)
    private mutating func add(_ slot: Int, addedByAliases: Int, height: Int) throws(YAMLError) {
        if frames.count > 0 {
            let frame = frames.base + (frames.count - 1)
            frame.pointee.addedByAliases &+= addedByAliases
            if height > frame.pointee.height { frame.pointee.height = height }
        }
        try add(slot)
    }

    /// Counts a finished collection or alias (at `slot`, as written) into the innermost open collection, or makes it
    /// the root, after `add(_:addedByAliases:height:)` counted its levels; scalars are counted by `addScalar`.
    @inline(__always)
    private mutating func add(_ slot: Int) throws(YAMLError) {
        let top = frames.count - 1
        guard top >= 0 else {
            rootSlot = slot
            return
        }
        // The innermost collection, read and updated through one pointer rather than an index into `frames` per field.
        let frame = frames.base + top
        // In a mapping, every other node is a key: check it as it arrives.
        if frame.pointee.isMapping, frame.pointee.children & 1 == 0 { try checkKey(slot, inFrame: top) }
        frame.pointee.children &+= 1
    }

    /// Counts the scalar just written at `slot`, whose text is the `count` bytes at `offset` of the text buffer, into
    /// the innermost open collection, or makes it the root: as `add(_:)` does, with a key's bit taken from the text
    /// the caller already has.
    ///
    /// Most nodes are scalars, and half of them keys: a key written as a scalar needs neither `checkKey`'s resolving
    /// of an alias nor its check of the kind, and its text's place is known without reading its record again.
    @inline(__always)
    private mutating func addScalar(_ slot: Int, textAt offset: Int, count: Int) throws(YAMLError) {
        let top = frames.count - 1
        guard top >= 0 else {
            rootSlot = slot
            return
        }
        let frame = frames.base + top
        if frame.pointee.isMapping, frame.pointee.children & 1 == 0 {
            let bit = VCAuditYAML.keyBit(of: UnsafeBufferPointer(start: text.base + offset, count: count))
            try checkScalarKey(slot, writtenAt: slot, bit: bit, inFrame: top)
        }
        frame.pointee.children &+= 1
    }

    /// Checks the key just written at `slot` into the mapping of frame `top`: a scalar (or an alias of one), not
    /// already a key of that mapping.
    ///
    /// Inlined into `add`: most keys are answered by their bit alone, a few instructions, which the call around them
    /// cost about as much as; the scan of earlier keys and the errors stay out of line.
    @inline(__always)
    private mutating func checkKey(_ slot: Int, inFrame top: Int) throws(YAMLError) {
        let key = NodeRecords.resolved(slot, in: records.base)
        guard records[key].kind == .scalar else { throw complexKey(at: key) }
        try checkScalarKey(key, writtenAt: slot, bit: keyBit(key), inFrame: top)
    }

    /// Checks the scalar key at `key` (written at `slot`, an alias's own slot or `key`), whose text has the
    /// `keyBit(of:)` bit `bit`, into the mapping of frame `top`: a key whose bit no earlier key has is new, unscanned.
    @inline(__always)
    private mutating func checkScalarKey(_ key: Int, writtenAt slot: Int, bit: UInt64, inFrame top: Int) throws(YAMLError) {
        let frame = frames.base + top
        let mayRepeat = frame.pointee.keyBits & bit != 0
        frame.pointee.keyBits |= bit
        if mayRepeat || frame.pointee.hasKeyIndex { try checkRepeated(key, writtenAt: slot, inFrame: top) }
    }

    /// The error for a key at `key` that is a collection.
    @inline(never)
    private func complexKey(at key: Int) -> YAMLError {
        let found = records[key].kind == .mapping ? "a mapping" : "a sequence"
        return YAMLError(kind: .complexKey, mark: mark(of: key), message: "a mapping key must be a plain scalar, not \(found); write the key as text")
    }

    /// Refuses the key at `key` (written at `slot`) when an earlier key of the mapping of frame `top` has its text.
    @inline(never)
    private mutating func checkRepeated(_ key: Int, writtenAt slot: Int, inFrame top: Int) throws(YAMLError) {
        guard let first = firstMark(ofKeyAt: key, writtenAt: slot, inFrame: top) else { return }
        let value = string(key)
        throw YAMLError(kind: .duplicateKey(value, first: first), mark: mark(of: slot),
                        message: "duplicate key '\(value)' in this mapping; remove one of them",
                        length: value.unicodeScalars.count,
                        notes: [YAMLError.Note(mark: first, message: "'\(value)' first defined here")])
    }

    private func string(_ slot: Int) -> String {
        NodeRecords.string(slot, in: records.base, text: text.base)
    }

    /// The `keyBit(of:)` bit of the text of the scalar at `slot`: scalars with different bits have different texts.
    @inline(__always)
    private func keyBit(_ slot: Int) -> UInt64 {
        let record = records[slot]
        return VCAuditYAML.keyBit(of: UnsafeBufferPointer(start: text.base + Int(record.first), count: Int(record.second)))
    }

    /// The mark of an earlier key of the innermost mapping with the text of the scalar at `key`.
    ///
    /// `written` is where the key is written (an alias's own slot, else `key`).
    /// Small mappings are scanned; from `scanLimit` keys on, an index is kept.
    private mutating func firstMark(ofKeyAt key: Int, writtenAt written: Int, inFrame top: Int) -> Mark? {
        if !frames[top].hasKeyIndex {
            let keys = Int(frames[top].children / 2)
            var raw = frames[top].slot + 1
            if keys < Self.scanLimit {
                for _ in 0..<keys {
                    if NodeRecords.sameText(NodeRecords.resolved(raw, in: records.base), key, in: records.base, text: text.base) { return mark(of: raw) }
                    raw = NodeRecords.slot(after: raw + 1, in: records.base)
                }
                return nil
            }
            var built = KeyIndex(capacity: keys * 2)
            for _ in 0..<keys {
                if built.slot(matching: NodeRecords.resolved(raw, in: records.base), records: records.base, text: text.base) == nil {
                    built.insert(raw, records: records.base, text: text.base)
                }
                raw = NodeRecords.slot(after: raw + 1, in: records.base)
            }
            keyIndexes.append(built)
            frames[top].hasKeyIndex = true
        }
        let index = keyIndexes.count - 1
        if let first = keyIndexes[index].slot(matching: key, records: records.base, text: text.base) { return mark(of: first) }
        keyIndexes[index].insert(written, records: records.base, text: text.base)
        return nil
    }
}

/// The keys of one large open mapping, found by their text: an open-addressing table of the slots they are written at.
private struct KeyIndex {
    /// The written slot of a key + 1 per bucket, 0 for an empty one; a power of two of them, at least twice the keys.
    var buckets: [Int32]
    var count = 0

    /// An empty index with room for `capacity` keys.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        buckets = Array(repeating: 0, count: size)
    }

    /// The slot a key with the text of the scalar at `key` is written at, if the index has one.
    func slot(matching key: Int, records: UnsafeMutablePointer<NodeRecord>, text: UnsafeMutablePointer<UInt8>) -> Int? {
        let mask = buckets.count - 1
        var bucket = Self.hash(key, records: records, text: text) & mask
        while true {
            let entry = Int(buckets[bucket])
            if entry == 0 { return nil }
            if NodeRecords.sameText(NodeRecords.resolved(entry - 1, in: records), key, in: records, text: text) { return entry - 1 }
            bucket = (bucket + 1) & mask
        }
    }

    /// Adds the key written at `written` (a scalar, or an alias of one), growing the index to stay at most half full.
    mutating func insert(_ written: Int, records: UnsafeMutablePointer<NodeRecord>, text: UnsafeMutablePointer<UInt8>) {
        if (count + 1) * 2 > buckets.count {
            var larger = KeyIndex(capacity: buckets.count)
            for entry in buckets where entry != 0 { larger.place(Int(entry) - 1, records: records, text: text) }
            self = larger
        }
        place(written, records: records, text: text)
    }

    private mutating func place(_ written: Int, records: UnsafeMutablePointer<NodeRecord>, text: UnsafeMutablePointer<UInt8>) {
        let mask = buckets.count - 1
        var bucket = Self.hash(NodeRecords.resolved(written, in: records), records: records, text: text) & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = Int32(truncatingIfNeeded: written + 1)
        count += 1
    }

    /// FNV-1a of the text of the scalar at `slot`.
    private static func hash(_ slot: Int, records: UnsafeMutablePointer<NodeRecord>, text: UnsafeMutablePointer<UInt8>) -> Int {
        let record = records[slot]
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in UnsafeBufferPointer(start: text + Int(record.first), count: Int(record.second)) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
