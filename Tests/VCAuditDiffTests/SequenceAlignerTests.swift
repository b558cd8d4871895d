import Testing
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditTestSupport

@Suite("Sequence alignment")
struct SequenceAlignerTests {
    /// The length of a longest common subsequence, by dynamic programming: the reference for minimality.
    static func lcsLength(_ a: [Int32], _ b: [Int32]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1)
        var current = previous
        for i in 1...a.count {
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], current[j - 1])
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// A random edit of `base`: a few inserts, deletes, replacements and block moves.
    static func mutate(_ base: [Int32], alphabet: Int32, using rng: inout SeededGenerator) -> [Int32] {
        var out = base
        for _ in 0..<Int.random(in: 0...6, using: &rng) {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                out.insert(Int32.random(in: 0..<alphabet, using: &rng), at: Int.random(in: 0...out.count, using: &rng))
            case 1 where !out.isEmpty:
                out.remove(at: Int.random(in: 0..<out.count, using: &rng))
            case 2 where !out.isEmpty:
                out[Int.random(in: 0..<out.count, using: &rng)] = Int32.random(in: 0..<alphabet, using: &rng)
            case 3 where out.count > 4:
                let start = Int.random(in: 0..<(out.count - 2), using: &rng)
                let length = Int.random(in: 2...min(5, out.count - start), using: &rng)
                let block = Array(out[start..<(start + length)])
                out.removeSubrange(start..<(start + length))
                out.insert(contentsOf: block, at: Int.random(in: 0...out.count, using: &rng))
            default:
                break
            }
        }
        return out
    }

    static func check(_ a: [Int32], _ b: [Int32], options: SequenceAligner.Options) -> EditScript {
        let script = EventAligner.align(symbols: a, b, symbolCount: Int((a + b).max() ?? 0) + 1, options: options)
        #expect(script.apply(to: a, insertingFrom: b) == b, "script does not turn \(a) into \(b): \(script.operations)")
        return script
    }

    @Test("applying the edit script to OLD yields NEW, on random sequences with many repeats")
    func applyingScriptYieldsNew() {
        var rng = SeededGenerator(seed: 0x5EED)
        for round in 0..<600 {
            let alphabet: Int32 = round % 3 == 0 ? 3 : (round % 3 == 1 ? 12 : 200)
            let base = (0..<Int.random(in: 0...60, using: &rng)).map { _ in Int32.random(in: 0..<alphabet, using: &rng) }
            let other = Self.mutate(base, alphabet: alphabet, using: &rng)
            _ = Self.check(base, other, options: .default)
            _ = Self.check(other, base, options: .default)
            _ = Self.check(base, other, options: SequenceAligner.Options(anchorsUniqueElements: false, minimal: false))
        }
    }

    @Test("exact mode finds a shortest edit script")
    func exactIsMinimal() {
        var rng = SeededGenerator(seed: 42)
        for round in 0..<400 {
            let alphabet: Int32 = round % 2 == 0 ? 4 : 30
            let a = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Int32.random(in: 0..<alphabet, using: &rng) }
            let b = round % 4 == 0
                ? (0..<Int.random(in: 0...40, using: &rng)).map { _ in Int32.random(in: 0..<alphabet, using: &rng) }
                : Self.mutate(a, alphabet: alphabet, using: &rng)
            let marks = SequenceAligner.align(a, b, symbolCount: Int(alphabet), options: .exact)
            let kept = marks.deleted.filter { !$0 }.count
            #expect(kept == marks.inserted.filter { !$0 }.count)
            #expect(kept == Self.lcsLength(a, b), "not minimal for \(a) → \(b)")
        }
    }

    @Test("identical sequences give an empty script")
    func identical() {
        let a: [Int32] = [1, 2, 3, 1, 2, 3]
        let script = Self.check(a, a, options: .default)
        #expect(script.isEmpty)
        #expect(script.operations == [.equal(old: 0..<6, new: 0..<6)])
        #expect(Self.check([], [], options: .default).operations.isEmpty)
    }

    @Test("insertions at both ends")
    func insertionsAtBothEnds() {
        let script = Self.check([1, 2, 3], [9, 1, 2, 3, 8], options: .default)
        #expect(script.operations == [.insert(new: 0..<1), .equal(old: 0..<3, new: 1..<4), .insert(new: 4..<5)])
        #expect(script.insertedCount == 2)
        #expect(script.deletedCount == 0)
    }

    @Test("deletions at both ends and inside")
    func deletions() {
        let script = Self.check([7, 1, 2, 5, 3, 7], [1, 2, 3], options: .default)
        #expect(script.deletedCount == 3)
        #expect(script.insertedCount == 0)
        #expect(script.operations.first == .delete(old: 0..<1))
        #expect(script.operations.last == .delete(old: 5..<6))
    }

    @Test("a reordered block is one move, not a delete plus an insert")
    func reorderIsMove() {
        // A B C D E F → D E A B C F, where [A B C] or [D E] moves.
        let script = Self.check([1, 2, 3, 4, 5, 6], [4, 5, 1, 2, 3, 6], options: .default)
        #expect(script.moves.count == 1)
        #expect(script.insertedCount == 0)
        #expect(script.deletedCount == 0)
        #expect(script.movedCount == 2)
        #expect(script.operations.contains(.moveOut(old: 3..<5, move: 0)))
        #expect(script.operations.contains(.moveIn(new: 0..<2, move: 0)))
    }

    @Test("a single displaced element is not a move")
    func singleElementIsNotMove() {
        let script = Self.check([1, 2, 3, 4], [2, 3, 4, 1], options: .default)
        #expect(script.moves.isEmpty)
        #expect(script.insertedCount == 1)
        #expect(script.deletedCount == 1)
    }

    @Test("a move next to other changes keeps the changes apart")
    func moveAmongChanges() {
        let old: [Int32] = [1, 2, 3, 10, 11, 12, 4, 5, 6, 7, 8]
        let new: [Int32] = [1, 2, 3, 4, 5, 6, 20, 10, 11, 12, 7, 8]
        let script = Self.check(old, new, options: .default)
        #expect(script.moves.count == 1)
        #expect(script.movedCount == 3)
        #expect(script.insertedCount == 1)
        #expect(script.deletedCount == 0)
    }

    @Test("long repetitive sequences stay correct when anchors are scarce")
    func periodicSequences() {
        var rng = SeededGenerator(seed: 7)
        let period: [Int32] = [0, 1, 2, 3, 4, 5, 6, 7]
        var base: [Int32] = []
        for _ in 0..<3_000 { base += period }
        for _ in 0..<5 {
            var other = base
            for _ in 0..<40 {
                let at = Int.random(in: 0..<other.count, using: &rng)
                if Bool.random(using: &rng) { other.remove(at: at) } else { other.insert(Int32.random(in: 0..<8, using: &rng), at: at) }
            }
            let script = Self.check(base, other, options: .default)
            #expect(script.insertedCount + script.deletedCount + 2 * script.movedCount <= 80)
        }
    }

    @Test("the longest increasing run is found")
    func longestIncreasingRun() {
        let values = [3, 1, 4, 1, 5, 9, 2, 6]
        let run = SequenceAligner.longestIncreasingRun(values).map { values[$0] }
        #expect(run.count == 4)
        #expect(zip(run, run.dropFirst()).allSatisfy { $0 < $1 })
    }
}
