import Testing
@testable import VCAuditSupport

@Suite("SHA-256")
struct SHA256Tests {
    @Test("known answers (FIPS 180-4 and sha256sum)")
    func knownAnswers() {
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(String(repeating: "a", count: 1000))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("feeding the bytes in pieces of any size gives the same digest")
    func streaming() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hex(bytes)
        for piece in [1, 3, 63, 64, 65, 200] {
            var hasher = SHA256()
            var start = 0
            while start < bytes.count {
                hasher.update(bytes[start..<min(start + piece, bytes.count)])
                start += piece
            }
            #expect(hasher.finalizeHex() == whole, "pieces of \(piece)")
        }
        // A sequence without contiguous storage takes the copying path.
        var lazy = SHA256()
        lazy.update(bytes.lazy.map { $0 })
        #expect(lazy.finalizeHex() == whole)
    }
}
