import Testing
@testable import VCAuditYAML

@Suite("Bytes that are not UTF-8 are located")
struct EncodingTests {
    @Test("an invalid byte is pointed at, by line and character column")
    func invalidByte() throws {
        let error = try #require(compositionError(Array("a: 1\nb: ok\u{e9} ".utf8) + [0xFF] + Array(" c\n".utf8)))
        #expect(error.kind == .encoding)
        #expect(error.mark == Mark(line: 2, column: 8))
        #expect(error.message == "the file is not UTF-8: byte 0xFF here is not part of a valid UTF-8 character; save the file as UTF-8")
    }

    @Test("a Latin-1 file points at its first accented letter, not the byte after it")
    func latin1() throws {
        // "app: Caf\u{e9} Olé" in ISO-8859-1: each é is the single byte 0xE9.
        let bytes: [UInt8] = Array("vcaudit: 1\napp: Caf".utf8) + [0xE9] + Array(" Ol".utf8) + [0xE9] + [0x0A]
        let error = try #require(compositionError(bytes))
        #expect(error.kind == .encoding)
        #expect(error.mark == Mark(line: 2, column: 9))
        #expect(error.message == "the file is not UTF-8: byte 0xE9 here is not part of a valid UTF-8 character; save the file as UTF-8")
    }

    @Test("UTF-16 and UTF-32 files with a byte order mark are named as such")
    func utf16() throws {
        let littleEndian: [UInt8] = [0xFF, 0xFE] + Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = try #require(compositionError(littleEndian))
        #expect(error.kind == .encoding)
        #expect(error.mark == Mark(line: 1, column: 1))
        #expect(error.message == "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
        let bigEndian = try #require(compositionError([0xFE, 0xFF, 0x00, 0x61]))
        #expect(bigEndian.message == "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8")
        let utf32 = try #require(compositionError([0xFF, 0xFE, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]))
        #expect(utf32.message == "the file is UTF-32 (it starts with a UTF-32 byte order mark); save it as UTF-8")
    }

    @Test("UTF-16 without a byte order mark shows up as a NUL byte")
    func utf16WithoutMark() throws {
        let bytes: [UInt8] = Array("a: 1\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = try #require(compositionError(bytes))
        #expect(error.kind == .encoding)
        #expect(error.mark == Mark(line: 1, column: 2))
        #expect(error.message == "the file contains a NUL byte, which YAML does not allow (is it UTF-16 without a byte order mark?); save it as UTF-8 text")
    }

    @Test("a control character is named by its code point")
    func controlCharacter() throws {
        let error = try #require(compositionError([0x61, 0x3A, 0x20, 0x62, 0x07, 0x0A]))
        #expect(error.kind == .syntax)
        #expect(error.mark == Mark(line: 1, column: 5))
        #expect(error.message == "control character U+0007 is not allowed in YAML; remove it, or write it as an escape in a double-quoted string")
    }

    @Test("overlong forms, surrogates and truncated sequences are invalid; valid text is not")
    func validator() {
        func check(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer { ReaderFailure.firstInvalidUTF8(in: $0) } }
        #expect(check(Array("plain é 😀 ✓".utf8)) == nil)
        #expect(check([0x61, 0xC0, 0xAF]) == 1)
        #expect(check([0x61, 0x62, 0xED, 0xA0, 0x80]) == 2)
        #expect(check([0xF0, 0x9F, 0x98]) == 0)
        #expect(check([0x80]) == 0)
        #expect(check([0xF4, 0x90, 0x80, 0x80]) == 0)
    }
}
