/// How many cells of a terminal a character takes: what lines a caret up under text that is not all ASCII.
///
/// Diagnostics count columns in characters (Unicode scalars, as libyaml and the spec's marks do), but a terminal
/// shows an East Asian wide character or an emoji in two cells and a combining mark in none. A caret line padded
/// with one space a character sits one cell to the left for each wide character before the column. The widths are
/// those of `wcwidth` (East Asian Width W and F, emoji presentation, zero for nonspacing and enclosing marks, format
/// characters such as the zero-width joiner, and variation selectors); a character the table does not know is one
/// cell.
public enum TerminalWidth {
    /// The cells `scalar` takes: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wide where range.contains(value) { return 2 }
        return 1
    }

    /// The cells `scalars` take together.
    public static func of(_ scalars: some Sequence<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + of($1) }
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F, in blocks).
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,   // CJK unified ideographs extension A
        0x4E00...0x9FFF,   // CJK unified ideographs
        0xA000...0xA4CF,   // Yi
        0xA960...0xA97F,   // Hangul Jamo extended A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth forms
        0xFFE0...0xFFE6,   // fullwidth signs
        0x1F300...0x1F64F, // miscellaneous symbols and pictographs, emoticons
        0x1F900...0x1F9FF, // supplemental symbols and pictographs
        0x20000...0x2FFFD, // CJK unified ideographs extensions B to F, compatibility supplement
        0x30000...0x3FFFD, // CJK unified ideographs extension G and later
    ]
}
