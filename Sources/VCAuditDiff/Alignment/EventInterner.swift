import VCAuditReplay

/// Turns events into small integers, equal exactly when their `Event.content` is equal.
///
/// Alignment compares content (name, ids and arguments) and ignores where an
/// event sits (`seq`, `at`, `step`, `transition`, `depth`). Instead of building
/// each event's `content` JSON, the interner hashes a copy of the event with
/// those position fields cleared: the same equivalence, at the cost of one
/// `Hasher` pass. One interner serves both logs of a comparison, so their
/// symbols are comparable.
public struct EventInterner: Sendable {
    private var symbols: [Event: Int32] = [:]

    public init(expectedCount: Int = 0) {
        symbols.reserveCapacity(expectedCount)
    }

    /// How many distinct contents have been seen: every symbol is below this.
    public var count: Int { symbols.count }

    /// The symbol of `event`'s content, assigning the next one when it is new.
    public mutating func symbol(for event: Event) -> Int32 {
        let key = Self.positionless(event)
        if let existing = symbols[key] { return existing }
        let next = Int32(symbols.count)
        symbols[key] = next
        return next
    }

    /// The symbols of `events`, in order.
    public mutating func symbols(for events: [Event]) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(events.count)
        for event in events { out.append(symbol(for: event)) }
        return out
    }

    /// `event` with the fields `Event.content` leaves out set to fixed values.
    public static func positionless(_ event: Event) -> Event {
        var copy = event
        copy.seq = 0
        copy.at = nowhere
        copy.step = 0
        copy.transition = nil
        copy.depth = 0
        return copy
    }

    private static let nowhere = SourceLocation(file: "", line: 0, column: 0)
}
