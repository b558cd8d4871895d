import Foundation
import VCAuditSpec

/// The YAML comments of a spec, found by line: what its author wrote to explain it.
///
/// libyaml drops comments, so they are read from the source text: the block of
/// comment lines at the top of the file, the comment lines right above a line,
/// and the comment at the end of a line.
struct SpecComments {
    private let lines: [String]

    init(source: SourceText?) {
        guard let source else {
            lines = []
            return
        }
        let text = String(decoding: source.bytes, as: UTF8.self)
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }

    /// The 1-based line `number`, if the file has it.
    func line(_ number: Int) -> String? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }

    /// The comment block the file starts with, one element per line (empty for `#` alone); an editor directive
    /// (`# yaml-language-server: $schema=...`) is not the author's prose and is left out.
    var header: [String] {
        var result: [String] = []
        for line in lines {
            let trimmed = line.trimmingLeadingSpaces
            guard trimmed.hasPrefix("#") else { break }
            let text = Self.commentText(String(trimmed))
            if text.hasPrefix("yaml-language-server:") { continue }
            result.append(text)
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// The comment at the end of line `number` (`- pop: nav   # back button` → `back button`).
    func trailing(_ number: Int) -> String? {
        guard let line = line(number), let hash = Self.commentStart(line) else { return nil }
        let before = line[..<hash]
        if before.allSatisfy({ $0 == " " }) { return nil }
        let text = Self.commentText(String(line[hash...]))
        return text.isEmpty ? nil : text
    }

    /// The comment lines directly above line `number`, top to bottom.
    func above(_ number: Int) -> [String] {
        var result: [String] = []
        var current = number - 1
        while let line = line(current) {
            let trimmed = line.trimmingLeadingSpaces
            guard trimmed.hasPrefix("#") else { break }
            result.insert(Self.commentText(String(trimmed)), at: 0)
            current -= 1
        }
        return result.filter { !$0.isEmpty }
    }

    /// The first sentence of the first paragraph of `lines` (up to a `. ` or the paragraph's end).
    static func firstSentence(_ lines: [String]) -> String? {
        var paragraph: [String] = []
        for line in lines {
            if line.isEmpty { if paragraph.isEmpty { continue } else { break } }
            paragraph.append(line.trimmingCharacters(in: .whitespaces))
        }
        guard !paragraph.isEmpty else { return nil }
        let text = paragraph.joined(separator: " ")
        if let end = text.range(of: ". ") { return String(text[..<end.lowerBound]) + "." }
        return text
    }

    /// Where a comment starts on `line`: a `#` at the start or after a space, outside quotes.
    static func commentStart(_ line: String) -> String.Index? {
        var quote: Character?
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let c = line[index]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", previous == " " || previous == "\t" {
                return index
            }
            previous = c
            index = line.index(after: index)
        }
        return nil
    }

    /// `# text` → `text` (one space after the marker dropped, the rest kept).
    static func commentText(_ comment: String) -> String {
        var text = comment.drop { $0 == "#" }
        if text.first == " " { text = text.dropFirst() }
        var out = String(text)
        while out.last == " " { out.removeLast() }
        return out
    }
}

extension String {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " || $0 == "\t" } }
}
