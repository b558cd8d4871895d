/// Words libyaml's reader errors: bytes that are not UTF-8 or characters YAML forbids.
///
/// libyaml reports the byte offset where it gave up, which for a bad UTF-8
/// sequence may be a byte after the one at fault; the input is validated here
/// again, on the error path only, so the mark points at the first bad byte.
enum ReaderFailure {
    static func error(problem: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> YAMLError {
        let isEncoding = problem.contains("UTF-8") || problem.contains("octet") || problem.contains("UTF-16")
        if isEncoding {
            let bad = firstInvalidUTF8(in: bytes) ?? min(offset, max(0, bytes.count - 1))
            let byte = bad < bytes.count ? bytes[bad] : 0
            let message = bad < bytes.count
                ? "the file is not UTF-8: byte 0x\(hex(byte)) here is not part of a valid UTF-8 character; save the file as UTF-8"
                : "the file is not UTF-8: it ends in the middle of a character; save the file as UTF-8"
            return YAMLError(kind: .encoding, mark: mark(atByteOffset: bad, in: bytes), message: message)
        }
        let at = mark(atByteOffset: offset, in: bytes)
        guard offset < bytes.count else {
            return YAMLError(kind: .syntax, mark: at, message: "\(problem); check the file's encoding and save it as UTF-8")
        }
        if bytes[offset] == 0 {
            return YAMLError(kind: .encoding, mark: at, message: "the file contains a NUL byte, which YAML does not allow (is it UTF-16 without a byte order mark?); save it as UTF-8 text")
        }
        let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)]), as: UTF8.self).unicodeScalars.first
        let code = scalar.map { "U+" + String(repeating: "0", count: max(0, 4 - String($0.value, radix: 16).count)) + String($0.value, radix: 16, uppercase: true) } ?? "0x\(hex(bytes[offset]))"
        return YAMLError(kind: .syntax, mark: at, message: "control character \(code) is not allowed in YAML; remove it, or write it as an escape in a double-quoted string")
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 character.
    ///
    /// Rejects what libyaml rejects: stray continuation bytes, overlong forms,
    /// surrogates, values above U+10FFFF and truncated sequences.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let width: Int
            var value: UInt32
            switch lead {
            case 0xC2...0xDF: width = 2; value = UInt32(lead & 0x1F)
            case 0xE0...0xEF: width = 3; value = UInt32(lead & 0x0F)
            case 0xF0...0xF4: width = 4; value = UInt32(lead & 0x07)
            default: return index
            }
            guard index + width <= count else { return index }
            for k in 1..<width {
                let next = bytes[index + k]
                guard next & 0xC0 == 0x80 else { return index }
                value = value << 6 | UInt32(next & 0x3F)
            }
            let minimum: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
            if value < minimum || (0xD800...0xDFFF).contains(value) || value > 0x10FFFF { return index }
            index += width
        }
        return nil
    }

    /// The 1-based mark of a byte offset, columns counted in characters as libyaml counts them.
    static func mark(atByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Mark {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 >= bytes.count || bytes[index + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return Mark(line: line, column: column)
    }
}
