import Foundation

/// An XML element with its attributes, children and the 1-based line and column where its start tag is.
struct XMLElement: Sendable {
    var name: String
    var attributes: [String: String]
    var children: [XMLElement]
    var line: Int
    var column: Int

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// The children named `name`.
    func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// The first child named `name`.
    func child(named name: String) -> XMLElement? { children.first { $0.name == name } }

    /// Every element below this one, depth first, in document order.
    func descendants(where include: (XMLElement) -> Bool = { _ in true }, into result: inout [XMLElement]) {
        for child in children {
            if include(child) { result.append(child) }
            child.descendants(where: include, into: &result)
        }
    }
}

/// Why an XML file could not be read: a located message.
public struct StoryboardError: Error, Sendable, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// Set when the file is a storyboard of another platform: one found in a folder is left out rather than an error.
    public var otherPlatform: OtherPlatform? = nil

    /// A storyboard of a platform vcaudit does not model.
    public struct OtherPlatform: Sendable, Equatable {
        /// What it is: `an AppKit (macOS) storyboard (targetRuntime="MacOSX.Cocoa")`.
        public var storyboard: String
        /// Why it is not audited: `vcaudit audits UIKit view controllers`.
        public var reason: String
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Reads the XML of storyboards into an element tree: a small, strict reader of its own, bounded and without DTDs.
///
/// FoundationXML's `XMLParser` was the first choice (it is in the toolchain and reports positions), but fuzzing
/// crashed it inside the toolchain on a processing instruction without data and on an attribute name that is
/// not UTF-8, and it reports where a start tag ends rather than where it starts. Storyboards use a small part of
/// XML: elements, attributes, comments, the XML declaration, the five predefined entities and character
/// references. This reader accepts exactly well-formed documents of that part, reports the line and column of
/// every start tag, refuses a document type declaration (so no entity is ever defined, resolved or expanded),
/// and bounds size, depth and element count (docs/limits.md). It reads a large storyboard in about a
/// millisecond.
enum XMLTree {
    struct Limits {
        var maxBytes = 32 << 20
        var maxDepth = 256
        var maxElements = 2_000_000
    }

    static func parse(_ bytes: [UInt8], file: String, limits: Limits = Limits()) throws(StoryboardError) -> XMLElement {
        if bytes.count > limits.maxBytes {
            throw StoryboardError(file: file, line: 1, column: 1,
                                  message: "the file is \(bytes.count) bytes, more than the \(limits.maxBytes) a storyboard may have")
        }
        if String(validating: bytes, as: UTF8.self) == nil {
            let (line, column) = firstInvalidUTF8(in: bytes)
            throw StoryboardError(file: file, line: line, column: column,
                                  message: "bytes that are not UTF-8; storyboards are UTF-8 text: check that this is a storyboard written by Xcode")
        }
        var reader = Reader(bytes: bytes, file: file, limits: limits)
        return try reader.document()
    }

    /// The line and column of the first byte that does not belong to valid UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                  String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil else { return (line, column) }
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return (line, column)
    }

    /// A cursor over the bytes that keeps the line it is on.
    private struct Reader {
        let bytes: [UInt8]
        let file: String
        let limits: Limits
        var index = 0
        var line = 1
        var lineStart = 0
        var elements = 0

        init(bytes: [UInt8], file: String, limits: Limits) {
            self.bytes = bytes
            self.file = file
            self.limits = limits
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        }

        /// The 1-based column of byte `position` on the current line, in characters.
        func column(of position: Int) -> Int {
            var column = 1
            var at = lineStart
            while at < position { if bytes[at] & 0xC0 != 0x80 { column += 1 }; at += 1 }
            return column
        }

        func error(_ message: String, at position: Int? = nil) -> StoryboardError {
            StoryboardError(file: file, line: line, column: column(of: position ?? min(index, bytes.count)), message: message)
        }

        var atEnd: Bool { index >= bytes.count }
        func peek(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
            index += 1
        }

        func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { buffer in (0..<count).allSatisfy { bytes[index + $0] == buffer[$0] } }
        }

        mutating func skip(_ count: Int) { for _ in 0..<count where !atEnd { advance() } }

        /// Skips to just after `terminator`; an error naming `what` when the document ends first.
        mutating func skip(past terminator: StaticString, what: String) throws(StoryboardError) {
            let start = index
            while !atEnd {
                if starts(with: terminator) { skip(terminator.utf8CodeUnitCount); return }
                advance()
            }
            index = start
            throw error("\(what) is never closed; the document ends inside it")
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        static func isNameByte(_ byte: UInt8) -> Bool {
            !isSpace(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "=")
                && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'") && byte != UInt8(ascii: "&")
        }

        mutating func skipSpace() { while let byte = peek(), Self.isSpace(byte) { advance() } }

        mutating func name(what: String) throws(StoryboardError) -> String {
            let start = index
            while let byte = peek(), Self.isNameByte(byte) { advance() }
            guard index > start, let first = bytes[start...].first, first >= 0x80 || (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
                    || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else {
                throw error("expected \(what) name here", at: start)
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Skips what may come between elements: text, comments, processing instructions, CDATA.
        mutating func skipMisc(allowText: Bool) throws(StoryboardError) {
            while !atEnd {
                if starts(with: "<!--") {
                    try skip(past: "-->", what: "a comment '<!--'")
                } else if starts(with: "<?") {
                    try skip(past: "?>", what: "a processing instruction '<?'")
                } else if starts(with: "<![CDATA[") {
                    guard allowText else { throw error("text outside the root element") }
                    try skip(past: "]]>", what: "a CDATA section")
                } else if starts(with: "<!") {
                    throw error("a document type declaration (<!DOCTYPE or <!ENTITY); storyboards have none, and vcaudit does not "
                        + "read DTDs or entities: check that this is a storyboard written by Xcode")
                } else if peek() == UInt8(ascii: "<") {
                    return
                } else {
                    if !allowText, let byte = peek(), !Self.isSpace(byte) { throw error("text outside the root element") }
                    if peek() == UInt8(ascii: "&") { _ = try reference() } else { advance() }
                }
            }
        }

        /// `&name;` or `&#N;` / `&#xN;` at the cursor, decoded.
        mutating func reference() throws(StoryboardError) -> String {
            let start = index
            advance()
            var body: [UInt8] = []
            while let byte = peek(), byte != UInt8(ascii: ";") {
                guard body.count < 12, !Self.isSpace(byte), byte != UInt8(ascii: "<") else {
                    throw error("'&' starts no entity here; write '&amp;' for an ampersand", at: start)
                }
                body.append(byte)
                advance()
            }
            guard peek() == UInt8(ascii: ";") else { throw error("'&' starts no entity here; write '&amp;' for an ampersand", at: start) }
            advance()
            let text = String(decoding: body, as: UTF8.self)
            switch text {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                var number: UInt32?
                if text.hasPrefix("#x") { number = UInt32(text.dropFirst(2), radix: 16) } else if text.hasPrefix("#") { number = UInt32(text.dropFirst()) }
                if let number, let scalar = Unicode.Scalar(number), number != 0 { return String(Character(scalar)) }
                throw error("undefined entity '&\(text);'; storyboards use only &lt; &gt; &amp; &quot; &apos; and character references", at: start)
            }
        }

        mutating func attributeValue() throws(StoryboardError) -> String {
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("expected a quoted attribute value")
            }
            advance()
            var value = ""
            var runStart = index
            while let byte = peek(), byte != quote {
                if byte == UInt8(ascii: "<") { throw error("'<' in an attribute value; write '&lt;'") }
                if byte == UInt8(ascii: "&") {
                    value += String(decoding: bytes[runStart..<index], as: UTF8.self)
                    value += try reference()
                    runStart = index
                } else {
                    advance()
                }
            }
            guard !atEnd else { throw error("an attribute value is never closed") }
            value += String(decoding: bytes[runStart..<index], as: UTF8.self)
            advance()
            return value
        }

        /// The root element, with the document's prologue and epilogue checked.
        mutating func document() throws(StoryboardError) -> XMLElement {
            try skipMisc(allowText: false)
            guard !atEnd else { throw error("the document has no root element; check that this is a complete storyboard") }
            // Open elements, innermost last; each completed element is appended to its parent.
            var stack: [XMLElement] = []
            var root: XMLElement?
            while root == nil {
                try skipMisc(allowText: !stack.isEmpty)
                guard !atEnd else {
                    let open = stack.last!
                    throw error("the document ends inside <\(open.name)> opened at line \(open.line); check that this is a complete storyboard (a merge conflict?)")
                }
                let tagStart = index
                if starts(with: "</") {
                    skip(2)
                    let name = try name(what: "a closing tag")
                    skipSpace()
                    guard peek() == UInt8(ascii: ">") else { throw error("expected '>' to close </\(name)>") }
                    advance()
                    guard let open = stack.popLast() else { throw error("</\(name)> closes nothing", at: tagStart) }
                    guard open.name == name else {
                        throw error("</\(name)> does not close <\(open.name)>, opened at line \(open.line)", at: tagStart)
                    }
                    if stack.isEmpty { root = open } else { stack[stack.count - 1].children.append(open) }
                    continue
                }
                // A start tag.
                advance()
                elements += 1
                if stack.count >= limits.maxDepth {
                    throw error("elements nested deeper than \(limits.maxDepth) levels; this is not a storyboard Xcode writes", at: tagStart)
                }
                if elements > limits.maxElements {
                    throw error("more than \(limits.maxElements) elements; this is not a storyboard Xcode writes", at: tagStart)
                }
                let line = self.line, column = column(of: tagStart)
                let name = try name(what: "an element")
                var attributes: [String: String] = [:]
                while true {
                    let hadSpace = peek().map(Self.isSpace) ?? false
                    skipSpace()
                    guard let byte = peek() else { throw error("the start tag <\(name)> is never closed", at: tagStart) }
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
                    guard hadSpace else { throw error("expected a space before the next attribute of <\(name)>") }
                    let attributeStart = index
                    let attribute = try self.name(what: "an attribute")
                    skipSpace()
                    guard peek() == UInt8(ascii: "=") else { throw error("expected '=' after the attribute \(attribute)") }
                    advance()
                    skipSpace()
                    let value = try attributeValue()
                    guard attributes.updateValue(value, forKey: attribute) == nil else {
                        throw error("the attribute \(attribute) appears twice in <\(name)>", at: attributeStart)
                    }
                }
                let element = XMLElement(name: name, attributes: attributes, children: [], line: line, column: column)
                if peek() == UInt8(ascii: "/") {
                    advance()
                    guard peek() == UInt8(ascii: ">") else { throw error("expected '>' after '/' in <\(name)>") }
                    advance()
                    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
                } else {
                    advance()
                    stack.append(element)
                }
            }
            try skipMisc(allowText: false)
            guard atEnd else { throw error("content after the root element; a storyboard has one <document>") }
            return root!
        }
    }
}
