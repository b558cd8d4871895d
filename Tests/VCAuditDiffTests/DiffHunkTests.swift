import Testing
@testable import VCAuditDiff
import VCAuditReplay

@Suite("Hunks")
struct DiffHunkTests {
    static func hunks(_ old: [Int32], _ new: [Int32], context: Int) -> [DiffHunk] {
        DiffHunk.hunks(EventAligner.align(symbols: old, new, symbolCount: 100), context: context)
    }

    @Test("context around a change, like a unified diff")
    func context() {
        let old = Array(Int32(0)..<20)
        var new = old
        new[10] = 99
        let hunks = Self.hunks(old, new, context: 3)
        #expect(hunks.count == 1)
        #expect(hunks[0].old == 7..<14)
        #expect(hunks[0].new == 7..<14)
        #expect(hunks[0].lines.map(\.kind) == [.context, .context, .context, .deleted, .inserted, .context, .context, .context])
    }

    @Test("changes at most 2 × context apart share a hunk; farther apart they do not")
    func merging() {
        let old = Array(Int32(0)..<40)
        var near = old
        near[10] = 99
        near[16] = 98  // 5 equal between: ≤ 6
        #expect(Self.hunks(old, near, context: 3).count == 1)
        var far = old
        far[10] = 99
        far[18] = 98  // 7 equal between: > 6
        let hunks = Self.hunks(old, far, context: 3)
        #expect(hunks.count == 2)
        #expect(hunks[0].old == 7..<14 && hunks[1].old == 15..<22)
    }

    @Test("zero context shows changes only; no changes, no hunks")
    func zeroContext() {
        let hunks = Self.hunks([1, 2, 3, 4], [1, 9, 3, 4], context: 0)
        #expect(hunks.count == 1)
        #expect(hunks[0].lines.map(\.kind) == [.deleted, .inserted])
        #expect(Self.hunks([1, 2, 3], [1, 2, 3], context: 3).isEmpty)
    }

    @Test("context is clipped at both ends")
    func clipped() {
        let hunks = Self.hunks([1, 2, 3], [0, 1, 2, 3, 4], context: 5)
        #expect(hunks.count == 1)
        #expect(hunks[0].old == 0..<3 && hunks[0].new == 0..<5)
    }
}
