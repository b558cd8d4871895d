import VCAuditReplay

/// A hunk laid out as text lines, shared by the text and markdown formats.
struct HunkText {
    struct Line {
        var kind: DiffHunk.LineKind
        var oldSeq: String
        var newSeq: String
        var summary: String
        var position: String
        var note: String?
    }

    var header: String
    var lines: [Line]

    init(_ hunk: DiffHunk, in comparison: ScenarioComparison) {
        let old = comparison.oldEvents
        let new = comparison.newEvents
        let moves = comparison.script?.moves ?? []
        let oldSpec = comparison.old?.log.header.spec
        let newSpec = comparison.new?.log.header.spec
        func span(_ events: [Event], _ range: Range<Int>) -> String {
            let first = events[range.lowerBound].seq, last = events[range.upperBound - 1].seq
            return first == last ? "#\(first)" : "#\(first)-#\(last)"
        }
        func unified(_ range: Range<Int>) -> String {
            range.isEmpty ? "\(range.lowerBound),0" : (range.count == 1 ? "\(range.lowerBound + 1)" : "\(range.lowerBound + 1),\(range.count)")
        }
        var header = "@@ -\(unified(hunk.old)) +\(unified(hunk.new)) @@"
        if let first = hunk.lines.first(where: { $0.kind != .context }) {
            let event = first.new.map { new[$0] } ?? first.old.map { old[$0] }
            if let event { header += " step \(event.step)" }
        }
        self.header = header
        lines = hunk.lines.map { line in
            let oldEvent = line.old.map { old[$0] }
            let newEvent = line.new.map { new[$0] }
            let event = (newEvent ?? oldEvent)!
            let position: String
            switch (oldEvent, newEvent) {
            case (let o?, let n?):
                let a = EventText.position(o, in: oldSpec), b = EventText.position(n, in: newSpec)
                position = a == b ? a : "\(a) → \(b)"
            case (let o?, nil):
                position = EventText.position(o, in: oldSpec)
            default:
                position = EventText.position(event, in: newSpec)
            }
            var note: String?
            if let move = line.move, move < moves.count {
                note = line.kind == .movedOut ? "moved to new \(span(new, moves[move].new))" : "moved from old \(span(old, moves[move].old))"
            }
            return Line(kind: line.kind, oldSeq: oldEvent.map { String($0.seq) } ?? "", newSeq: newEvent.map { String($0.seq) } ?? "",
                        summary: event.summary, position: position, note: note)
        }
    }

    /// Lines as `M OLD NEW  summary  position (note)`, columns aligned; `marker` picks each line's first character.
    func rendered(marker: (DiffHunk.LineKind) -> String) -> [(kind: DiffHunk.LineKind, text: String)] {
        let seqWidth = max(lines.map(\.oldSeq.count).max() ?? 1, lines.map(\.newSeq.count).max() ?? 1)
        let summaryWidth = min(72, lines.map(\.summary.count).max() ?? 0)
        return lines.map { line in
            var text = marker(line.kind) + " " + line.oldSeq.leftPadded(to: seqWidth) + " " + line.newSeq.leftPadded(to: seqWidth)
            text += "  " + line.summary.rightPadded(to: summaryWidth) + "  " + line.position
            if let note = line.note { text += " (\(note))" }
            return (line.kind, text)
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
