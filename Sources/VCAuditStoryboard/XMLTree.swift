import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Reads XML into an element tree with FoundationXML's `XMLParser`, bounded and without entities.
///
/// `XMLParser` (libxml2's SAX parser underneath) reports the line and column of every start tag, and is in the
/// toolchain on every platform. Storyboards never declare a DTD, so a document type declaration is refused
/// before parsing: no external entity is ever resolved and no entity expansion (a "billion laughs" document)
/// can happen. Size, depth and element count are bounded (docs/limits.md).
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
        if let (line, column) = declaration(in: bytes) {
            throw StoryboardError(file: file, line: line, column: column, message: "a document type declaration (<!DOCTYPE or <!ENTITY); "
                + "storyboards have none, and vcaudit does not read DTDs or entities: check that this is a storyboard written by Xcode")
        }
        let delegate = TreeBuilder(limits: limits)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let stop = delegate.stopped {
            throw StoryboardError(file: file, line: stop.line, column: stop.column, message: stop.message)
        }
        guard ok, var root = delegate.root else {
            let reason = (parser.parserError as NSError?)?.localizedDescription ?? "not well-formed XML"
            throw StoryboardError(file: file, line: max(1, parser.lineNumber), column: max(1, parser.columnNumber),
                                  message: "malformed XML (\(reason)); check that the file is a complete storyboard (a merge conflict?)")
        }
        // libxml2 reports the position where a start tag ends; Xcode writes one element per line, so the element
        // starts at its line's first non-blank character.
        let indents = firstColumns(bytes)
        func place(_ element: inout XMLElement) {
            if element.line <= indents.count { element.column = indents[element.line - 1] }
            for index in element.children.indices { place(&element.children[index]) }
        }
        place(&root)
        return root
    }

    /// The column of the first non-blank character of each line (1 for a blank line).
    static func firstColumns(_ bytes: [UInt8]) -> [Int] {
        var columns: [Int] = []
        var column = 1
        var found = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                columns.append(found ? column : 1)
                column = 1
                found = false
            } else if !found {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { column += 1 } else { found = true }
            }
        }
        columns.append(found ? column : 1)
        return columns
    }

    /// The line and column of the first `<!DOCTYPE` or `<!ENTITY`, if any.
    static func declaration(in bytes: [UInt8]) -> (Int, Int)? {
        let markers: [[UInt8]] = [Array("<!DOCTYPE".utf8), Array("<!ENTITY".utf8)]
        var line = 1, column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "!") {
                for marker in markers where index + marker.count <= bytes.count {
                    if zip(bytes[index..<(index + marker.count)], marker).allSatisfy({ $0.0 & 0xDF == $0.1 & 0xDF || $0.0 == $0.1 }) {
                        return (line, column)
                    }
                }
            }
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return nil
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        let limits: Limits
        var stack: [XMLElement] = []
        var root: XMLElement?
        var count = 0
        var stopped: (line: Int, column: Int, message: String)?

        init(limits: Limits) { self.limits = limits }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            count += 1
            if stack.count >= limits.maxDepth || count > limits.maxElements {
                stopped = (parser.lineNumber, parser.columnNumber, stack.count >= limits.maxDepth
                    ? "elements nested deeper than \(limits.maxDepth) levels; this is not a storyboard Xcode writes"
                    : "more than \(limits.maxElements) elements; this is not a storyboard Xcode writes")
                parser.abortParsing()
                return
            }
            stack.append(XMLElement(name: elementName, attributes: attributes, children: [],
                                    line: max(1, parser.lineNumber), column: max(1, parser.columnNumber)))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }
    }
}
