/// Writes a text made of many short pieces (messages that quote ids and list them) straight into the one string it
/// becomes.
///
/// `TextWriter.text { $0.write("the top of '"); $0.write(name); … }` runs its closure twice: once to count the
/// bytes, then to copy them into a string made with exactly that room. Appending each piece to a `String` cost about
/// 280 instructions a piece (its uniqueness, capacity and encoding checks, and a call to copy the bytes), and a
/// failure's text is ten pieces or more; copying a piece's bytes costs a few dozen.
package struct TextWriter {
    /// Where the bytes go; nil while counting them.
    private let base: UnsafeMutablePointer<UInt8>?
    /// The bytes written (or counted) so far.
    private var count = 0

    private init(base: UnsafeMutablePointer<UInt8>?) {
        self.base = base
    }

    /// The text `write` writes, which must write the same pieces every time it is called.
    package static func text(_ write: (inout TextWriter) -> Void) -> String {
        var counter = TextWriter(base: nil)
        write(&counter)
        return String(unsafeUninitializedCapacity: counter.count) { buffer in
            var writer = TextWriter(base: buffer.baseAddress)
            write(&writer)
            return writer.count
        }
    }

    /// Writes `piece`.
    package mutating func write(_ piece: String) {
        let length = piece.utf8.count
        if let base, length > 0 {
            let destination = base + count
            // Native strings (every string on Linux, nearly every one elsewhere) are contiguous; a bridged one is made so.
            let copied: Void? = piece.utf8.withContiguousStorageIfAvailable { bytes in
                destination.update(from: bytes.baseAddress!, count: bytes.count)
            }
            if copied == nil {
                var contiguous = piece
                contiguous.withUTF8 { bytes in destination.update(from: bytes.baseAddress!, count: bytes.count) }
            }
        }
        count += length
    }
}
