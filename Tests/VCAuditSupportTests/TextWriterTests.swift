import Testing
import VCAuditSupport

/// `TextWriter` makes the text its pieces spell, byte for byte, whether the text fits the room it is first written
/// into (a kilobyte on the stack) or is written a second time into a string of its exact size.
@Suite("Text writer")
struct TextWriterTests {
    /// The text `pieces` make with `TextWriter`.
    private func written(_ pieces: [String]) -> String {
        TextWriter.text { writer in
            for piece in pieces { writer.write(piece) }
        }
    }

    @Test("short texts, empty pieces and no pieces at all")
    func shortTexts() {
        #expect(written([]) == "")
        #expect(written([""]) == "")
        #expect(written(["the top of '", "detail", "'", "", "."]) == "the top of 'detail'.")
    }

    @Test("pieces of several bytes a character are copied whole")
    func multibytePieces() {
        let pieces = ["Écran ", "détail", " → ", "設定", " 🧭"]
        #expect(written(pieces) == pieces.joined())
        #expect(written(pieces).utf8.count == pieces.reduce(0) { $0 + $1.utf8.count })
    }

    @Test("texts at, just past and far past the first room are the same as their pieces joined",
          arguments: [1023, 1024, 1025, 1500, 4096, 10_000])
    func longTexts(length: Int) {
        // Pieces of varied lengths, so that the one that overflows the room starts inside it.
        var pieces: [String] = []
        var total = 0
        var next = 0
        while total < length {
            let piece = String(repeating: Character(UnicodeScalar(UInt8(97 + next % 26))), count: min(1 + next % 37, length - total))
            pieces.append(piece)
            total += piece.utf8.count
            next += 1
        }
        let text = written(pieces)
        #expect(text.utf8.count == length)
        #expect(text == pieces.joined())
    }

    @Test("a piece longer than the whole room, after a short one and before others")
    func pieceLongerThanTheRoom() {
        let pieces = ["head ", String(repeating: "x", count: 3000), " tail", "!"]
        #expect(written(pieces) == pieces.joined())
    }
}
