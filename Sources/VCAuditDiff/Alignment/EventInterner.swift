import VCAuditReplay
import VCAuditSpec

/// Turns events into small integers, equal exactly when their `Event.content` is equal.
///
/// Alignment compares content (name, ids and arguments) and ignores where an
/// event sits (`seq`, `at`, `step`, `transition`, `depth`). Building each
/// event's `content` JSON, or hashing whole `Event` values, costs far more than
/// the alignment itself on long logs, so the interner hashes the content
/// fields directly (FNV-1a over their UTF-8) into an open-addressing table and
/// confirms a hit by comparing those fields with the symbol's first event.
/// `contentFields` lists the fields compared; a test checks it against
/// `Event`'s stored properties, so a field added to `Event` cannot be missed
/// silently. One interner serves both logs of a comparison, so their symbols
/// are comparable.
public struct EventInterner: Sendable {
    /// The first event seen with each symbol's content, indexed by symbol.
    private var representatives: [Event] = []
    private var hashes: [UInt64] = []
    /// Open addressing, linear probing: symbol + 1, or 0 for an empty slot.
    private var table: [Int32]
    private var mask: Int

    public init(expectedCount: Int = 0) {
        var capacity = 64
        while capacity < expectedCount * 2 { capacity <<= 1 }
        table = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// How many distinct contents have been seen: every symbol is below this.
    public var count: Int { representatives.count }

    /// The symbol of `event`'s content, assigning the next one when it is new.
    public mutating func symbol(for event: Event) -> Int32 {
        let hash = Self.contentHash(event)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = table[slot]
            if entry == 0 { break }
            let symbol = Int(entry - 1)
            if hashes[symbol] == hash, Self.sameContent(representatives[symbol], event) { return Int32(symbol) }
            slot = (slot + 1) & mask
        }
        let symbol = Int32(representatives.count)
        representatives.append(event)
        hashes.append(hash)
        table[slot] = symbol + 1
        if representatives.count * 2 > table.count { grow() }
        return symbol
    }

    /// The symbols of `events`, in order.
    public mutating func symbols(for events: [Event]) -> [Int32] {
        var out = [Int32](repeating: 0, count: events.count)
        events.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { out[index] = symbol(for: buffer[index]) }
        }
        return out
    }

    private mutating func grow() {
        let capacity = table.count * 2
        table = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        for (symbol, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(symbol) + 1
        }
    }

    /// The `Event` stored properties that make up its content, in declaration order.
    ///
    /// Every stored property is either here or in `positionFields`; the test
    /// suite checks this with reflection.
    static let contentFields = [
        "name", "vc", "parent", "child", "presenter", "source", "presented", "nav", "tabs", "from", "to", "vcs", "style",
        "requestedStyle", "anchor", "animated", "appearing", "width", "height", "restorationPath", "message", "reason", "animation",
        "segue", "passed",
        "expectation",
    ]

    /// The `Event` stored properties that `Event.content` leaves out.
    static let positionFields = ["seq", "at", "step", "transition", "depth"]

    /// Whether two events have the same content (every field of `contentFields` equal).
    public static func sameContent(_ a: Event, _ b: Event) -> Bool {
        a.name == b.name && a.vc == b.vc && a.parent == b.parent && a.child == b.child && a.presenter == b.presenter
            && a.source == b.source && a.presented == b.presented && a.nav == b.nav && a.tabs == b.tabs && a.from == b.from
            && a.to == b.to && a.vcs == b.vcs && a.style == b.style && a.requestedStyle == b.requestedStyle
            && a.anchor == b.anchor && a.animated == b.animated && a.appearing == b.appearing && a.width == b.width && a.height == b.height
            && a.restorationPath == b.restorationPath && a.message == b.message && a.reason == b.reason && a.animation == b.animation && a.segue == b.segue
            && a.passed == b.passed && a.expectation == b.expectation
    }

    /// FNV-1a over the content fields; equal contents give equal hashes.
    static func contentHash(_ event: Event) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        mix(&hash, event.name.rawValue)
        mix(&hash, event.vc); mix(&hash, event.parent); mix(&hash, event.child); mix(&hash, event.presenter)
        mix(&hash, event.source); mix(&hash, event.presented); mix(&hash, event.nav); mix(&hash, event.tabs)
        mix(&hash, event.from); mix(&hash, event.to)
        if let vcs = event.vcs {
            for id in vcs { mix(&hash, id) }
        }
        mix(&hash, event.style?.rawValue); mix(&hash, event.requestedStyle?.rawValue); mix(&hash, event.anchor)
        mix(&hash, flag(event.animated)); mix(&hash, flag(event.appearing))
        mix(&hash, event.width?.rawValue); mix(&hash, event.height?.rawValue)
        mix(&hash, event.restorationPath); mix(&hash, event.message); mix(&hash, event.reasonCode)
        mix(&hash, flag(event.passed)); mix(&hash, event.expectation)
        return hash
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    @inline(__always)
    private static func flag(_ value: Bool?) -> UInt8 { value.map { $0 ? 1 : 2 } ?? 0 }

    @inline(__always)
    private static func mix(_ hash: inout UInt64, _ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* prime
    }

    /// Mixes an id's two numbers: symbols live in one process, where equal ids have equal numbers.
    @inline(__always)
    private static func mix(_ hash: inout UInt64, _ id: ControllerID?) {
        guard let id else {
            mix(&hash, 0xFF)
            return
        }
        hash = (hash ^ id.key) &* prime
        hash = hash &* prime
    }

    @inline(__always)
    private static func mix(_ hash: inout UInt64, _ text: String?) {
        guard var text else {
            mix(&hash, 0xFF)
            return
        }
        text.withUTF8 { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        }
        hash = hash &* prime  // terminator, so "ab","c" and "a","bc" differ
    }
}
