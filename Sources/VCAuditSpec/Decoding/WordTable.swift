import VCAuditYAML

/// A fixed vocabulary of a few words (a step's name, a check's, an enumeration's spellings), numbered in order and
/// found again by a scalar's bytes.
///
/// A word is found by the key bit of its bytes (`keyBit(of:)`, which the decoder already takes for mapping keys):
/// the bit names the one or few words that have it, and those alone are compared. For vocabularies this small that
/// is a few instructions, where `NameTable`'s hash and probe took about a hundred per step of a spec.
struct WordTable: Sendable {
    /// The words, by number.
    let names: [String]
    /// The words' bytes, back to back; word `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// For each of the 64 key bits, by its position: the number of the first word with that bit, -1 for none.
    private let firstWithBit: [Int8]
    /// For each word: the number of the next word with its bit, -1 for none.
    private let nextWithBit: [Int8]

    init(_ words: [String]) {
        precondition(words.count < Int(Int8.max), "a word table numbers its words in an Int8")
        self.names = words
        var bytes: [UInt8] = []
        var starts = [0]
        var firstWithBit = [Int8](repeating: -1, count: 64)
        var nextWithBit = [Int8](repeating: -1, count: words.count)
        var lastWithBit = [Int8](repeating: -1, count: 64)
        for (number, word) in words.enumerated() {
            var word = word
            let bit = word.withUTF8 { keyBit(of: $0) }.trailingZeroBitCount
            bytes.append(contentsOf: word.utf8)
            starts.append(bytes.count)
            if lastWithBit[bit] < 0 { firstWithBit[bit] = Int8(number) } else { nextWithBit[Int(lastWithBit[bit])] = Int8(number) }
            lastWithBit[bit] = Int8(number)
        }
        self.bytes = bytes
        self.starts = starts
        self.firstWithBit = firstWithBit
        self.nextWithBit = nextWithBit
    }

    /// The number of the word `scalar` spells, if it is one.
    @inline(__always)
    func number(of scalar: BorrowedNode.Scalar) -> Int? {
        scalar.withUTF8 { number(of: $0) }
    }

    /// The number of the word spelt by `key`, if it is one.
    @inline(__always)
    func number(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        var candidate = Int(firstWithBit[keyBit(of: key).trailingZeroBitCount])
        while candidate >= 0 {
            let start = starts[candidate]
            if starts[candidate + 1] - start == key.count, equal(key, at: start) { return candidate }
            candidate = Int(nextWithBit[candidate])
        }
        return nil
    }

    /// Whether the `key.count` bytes of `bytes` at `start` are `key`'s.
    @inline(__always)
    private func equal(_ key: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard !key.isEmpty, let keyBase = key.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memoryEqual($0.baseAddress! + start, keyBase, key.count) }
    }
}
