/// Writes a text made of many short pieces (messages that quote ids and list them) straight into the one string it
/// becomes.
///
/// `TextWriter.text { $0.write("the top of '"); $0.write(name); … }` runs its closure once, into room on the stack,
/// and makes the string from those bytes; a text longer than that room runs it a second time, into a string made with
/// exactly the room the first run counted. Appending each piece to a `String` cost about 280 instructions a piece
/// (its uniqueness, capacity and encoding checks, and a call to copy the bytes), and a failure's text is ten pieces or
/// more; copying a piece's bytes costs a few dozen.
package struct TextWriter {
    /// The room on the stack a text is first written into: more than the texts a check makes (a failure's message
    /// quotes a few ids and lists), which are then written once instead of counted and written.
    private static let stackCapacity = 1024

    /// Where the bytes go.
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes written so far, counting those that did not fit in `buffer` (which are not written).
    private var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The text `write` writes, which must write the same pieces every time it is called.
    package static func text(_ write: (inout TextWriter) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackCapacity) { stack in
            var writer = TextWriter(buffer: stack)
            write(&writer)
            if writer.count <= stack.count {
                // The pieces are strings, so their bytes are valid UTF-8 and decoding them repairs nothing.
                return String(decoding: UnsafeBufferPointer(rebasing: stack[..<writer.count]), as: UTF8.self)
            }
            return String(unsafeUninitializedCapacity: writer.count) { buffer in
                var writer = TextWriter(buffer: buffer)
                write(&writer)
                return writer.count
            }
        }
    }

    /// Writes `piece`, or only counts it once the text has outgrown `buffer`.
    package mutating func write(_ piece: String) {
        let length = piece.utf8.count
        if length > 0, count + length <= buffer.count {
            let destination = buffer.baseAddress! + count
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

    /// Writes the interned string's text, read in place from the table (`InternedString.withString`).
    package mutating func write(_ string: InternedString) {
        string.withString { write($0) }
    }
}
