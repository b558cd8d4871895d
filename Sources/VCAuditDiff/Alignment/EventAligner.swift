import VCAuditReplay

/// Aligns two event sequences by content: interning, then `SequenceAligner`, then move detection.
public enum EventAligner {
    /// The edit script turning `old` into `new`, comparing events by `Event.content`.
    public static func align(_ old: [Event], _ new: [Event], options: SequenceAligner.Options = .default,
                             minimumMoveLength: Int = 2) -> EditScript {
        var interner = EventInterner(expectedCount: min(old.count + new.count, 1 << 16))
        let a = interner.symbols(for: old)
        let b = interner.symbols(for: new)
        return align(symbols: a, b, symbolCount: interner.count, options: options, minimumMoveLength: minimumMoveLength)
    }

    /// The edit script between two already interned sequences.
    public static func align(symbols a: [Int32], _ b: [Int32], symbolCount: Int, options: SequenceAligner.Options = .default,
                             minimumMoveLength: Int = 2) -> EditScript {
        let marks = SequenceAligner.align(a, b, symbolCount: symbolCount, options: options)
        return EditScript.build(old: a, new: b, marks: marks, minimumMoveLength: minimumMoveLength)
    }
}
