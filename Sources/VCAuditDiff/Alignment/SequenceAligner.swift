/// Aligns two sequences of interned symbols, marking the elements of each that are not in the common subsequence.
///
/// The work happens on integers (`EventInterner` turns events into them), so
/// every comparison is an integer compare. Three layers keep it fast on long
/// logs with many repeated events:
///
/// 1. The common prefix and suffix of every range are stripped first.
/// 2. Patience anchoring: elements that occur exactly once in both ranges are
///    matched, the longest increasing run of those matches is kept, and the gaps
///    between anchors are aligned independently (recursively, with uniqueness
///    judged inside each gap). This is what keeps repeated events from blowing
///    up the edit distance Myers has to explore.
/// 3. Myers' O(ND) algorithm with the linear-space middle-snake refinement on
///    what is left, with git's xdiff cost heuristics: past a cost bound of
///    about √(N+M) (at least 256) a split is taken at the furthest-reaching
///    diagonal instead of the exact middle snake, so time stays bounded on
///    pathological inputs at the price of an occasionally non-minimal script.
///
/// Memory is linear: two flag arrays, the diagonal vectors and per-symbol counters.
/// Ranges are processed from an explicit work stack, so no input can overflow the call stack.
public enum SequenceAligner {
    /// How hard to try.
    public struct Options: Sendable, Hashable {
        /// Anchor on elements unique in both ranges before running Myers (patience anchoring).
        public var anchorsUniqueElements: Bool
        /// Always find a minimal edit script (no cost heuristics; can be slow on pathological inputs).
        public var minimal: Bool

        public init(anchorsUniqueElements: Bool = true, minimal: Bool = false) {
            self.anchorsUniqueElements = anchorsUniqueElements
            self.minimal = minimal
        }

        /// Patience anchoring and the cost heuristics: fast and close to minimal.
        public static let `default` = Options()
        /// Plain Myers, exact: the shortest edit script.
        public static let exact = Options(anchorsUniqueElements: false, minimal: true)
    }

    /// Which elements are not matched: `deleted[i]` for `old[i]`, `inserted[j]` for `new[j]`.
    public struct Marks: Sendable, Hashable {
        public var deleted: [Bool]
        public var inserted: [Bool]
    }

    /// Aligns `old` with `new`; symbols must lie in `0..<symbolCount`.
    public static func align(_ old: [Int32], _ new: [Int32], symbolCount: Int, options: Options = .default) -> Marks {
        var deleted = [Bool](repeating: false, count: old.count)
        var inserted = [Bool](repeating: false, count: new.count)
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                deleted.withUnsafeMutableBufferPointer { da in
                    inserted.withUnsafeMutableBufferPointer { ib in
                        let work = AlignmentWork(a: a, b: b, deleted: da, inserted: ib, symbolCount: symbolCount, options: options)
                        work.run()
                    }
                }
            }
        }
        return Marks(deleted: deleted, inserted: inserted)
    }
}

extension SequenceAligner {
    /// Indices into `values` of one longest strictly increasing subsequence (patience sorting, O(k log k)).
    static func longestIncreasingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail of a run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.append(cursor)
            cursor = previous[cursor]
        }
        return run.reversed()
    }
}

/// The mutable state of one alignment: buffers, scratch counters and the work stack.
private final class AlignmentWork {
    private struct Range {
        var lo1: Int, hi1: Int, lo2: Int, hi2: Int
        /// Whether this range must be aligned exactly (no cost heuristic).
        var needsMinimal: Bool
        /// Whether patience anchoring may still be tried on this range.
        var anchors: Bool
    }

    /// Where a range is split: the point (i1, i2) and whether each half needs a minimal alignment.
    private struct Split {
        var i1: Int, i2: Int
        var minimalLow: Bool, minimalHigh: Bool
    }

    private let a: UnsafeBufferPointer<Int32>
    private let b: UnsafeBufferPointer<Int32>
    private let deleted: UnsafeMutableBufferPointer<Bool>
    private let inserted: UnsafeMutableBufferPointer<Bool>
    private let options: SequenceAligner.Options

    // Myers diagonal vectors, indexed by diagonal (i1 - i2) + offset.
    private let forward: UnsafeMutablePointer<Int>
    private let backward: UnsafeMutablePointer<Int>
    private let diagonalOffset: Int
    private let maxCost: Int

    // Patience scratch, indexed by symbol; reset after each use through `touched`.
    private var countOld: [Int32]
    private var countNew: [Int32]
    private var positionNew: [Int32]
    private var touched: [Int32] = []

    private var stack: [Range] = []

    private static let heuristicMinCost = 256
    private static let snakeCount = 20
    private static let heuristicFactor = 4

    init(a: UnsafeBufferPointer<Int32>, b: UnsafeBufferPointer<Int32>, deleted: UnsafeMutableBufferPointer<Bool>,
         inserted: UnsafeMutableBufferPointer<Bool>, symbolCount: Int, options: SequenceAligner.Options) {
        self.a = a
        self.b = b
        self.deleted = deleted
        self.inserted = inserted
        self.options = options
        let diagonals = a.count + b.count + 3
        // Uninitialized on purpose: Myers writes every slot before it reads it, and pages
        // never touched (diagonals far from the ones explored) cost no memory.
        forward = .allocate(capacity: diagonals)
        backward = .allocate(capacity: diagonals)
        diagonalOffset = b.count + 1
        var cost = 1
        while cost * cost < diagonals { cost <<= 1 }
        maxCost = max(Self.heuristicMinCost, cost)
        let symbols = options.anchorsUniqueElements ? symbolCount : 0
        countOld = [Int32](repeating: 0, count: symbols)
        countNew = [Int32](repeating: 0, count: symbols)
        positionNew = [Int32](repeating: 0, count: symbols)
    }

    deinit {
        forward.deallocate()
        backward.deallocate()
    }

    func run() {
        stack.append(Range(lo1: 0, hi1: a.count, lo2: 0, hi2: b.count, needsMinimal: options.minimal,
                           anchors: options.anchorsUniqueElements))
        while let range = stack.popLast() { process(range) }
    }

    private func process(_ initial: Range) {
        var r = initial
        while r.lo1 < r.hi1, r.lo2 < r.hi2, a[r.lo1] == b[r.lo2] {
            r.lo1 += 1
            r.lo2 += 1
        }
        while r.lo1 < r.hi1, r.lo2 < r.hi2, a[r.hi1 - 1] == b[r.hi2 - 1] {
            r.hi1 -= 1
            r.hi2 -= 1
        }
        if r.lo1 == r.hi1 {
            for j in r.lo2..<r.hi2 { inserted[j] = true }
            return
        }
        if r.lo2 == r.hi2 {
            for i in r.lo1..<r.hi1 { deleted[i] = true }
            return
        }
        if r.anchors, anchorUniqueElements(r) { return }
        let split = self.split(r)
        stack.append(Range(lo1: split.i1, hi1: r.hi1, lo2: split.i2, hi2: r.hi2, needsMinimal: split.minimalHigh, anchors: false))
        stack.append(Range(lo1: r.lo1, hi1: split.i1, lo2: r.lo2, hi2: split.i2, needsMinimal: split.minimalLow, anchors: false))
    }

    /// Patience step: matches elements unique in both halves of `r` along their longest increasing run and queues the gaps.
    ///
    /// Returns false (queuing nothing) when no element is unique in both.
    private func anchorUniqueElements(_ r: Range) -> Bool {
        for i in r.lo1..<r.hi1 {
            let symbol = Int(a[i])
            if countOld[symbol] == 0 { touched.append(Int32(symbol)) }
            if countOld[symbol] < 2 { countOld[symbol] += 1 }
        }
        for j in r.lo2..<r.hi2 {
            let symbol = Int(b[j])
            if countOld[symbol] == 1, countNew[symbol] < 2 {
                countNew[symbol] += 1
                positionNew[symbol] = Int32(j)
            }
        }
        // Candidate anchors in old order; their new positions, for the longest increasing subsequence.
        var oldPositions: [Int] = []
        var newPositions: [Int] = []
        for i in r.lo1..<r.hi1 {
            let symbol = Int(a[i])
            if countOld[symbol] == 1, countNew[symbol] == 1 {
                oldPositions.append(i)
                newPositions.append(Int(positionNew[symbol]))
            }
        }
        for symbol in touched {
            countOld[Int(symbol)] = 0
            countNew[Int(symbol)] = 0
        }
        touched.removeAll(keepingCapacity: true)
        guard !newPositions.isEmpty else { return false }

        let chain = SequenceAligner.longestIncreasingRun(newPositions)
        // Queue gaps so that they are processed in order (stack: push the last gap first).
        var hi1 = r.hi1
        var hi2 = r.hi2
        for index in chain.reversed() {
            let i = oldPositions[index]
            let j = newPositions[index]
            stack.append(Range(lo1: i + 1, hi1: hi1, lo2: j + 1, hi2: hi2, needsMinimal: r.needsMinimal, anchors: true))
            hi1 = i
            hi2 = j
        }
        stack.append(Range(lo1: r.lo1, hi1: hi1, lo2: r.lo2, hi2: hi2, needsMinimal: r.needsMinimal, anchors: true))
        return true
    }

    /// Finds where to split `r` (both ends already differ): the middle snake, or past the cost bound the furthest-reaching point.
    ///
    /// This is xdiff's `xdl_split`: forward and backward searches meet on a diagonal.
    private func split(_ r: Range) -> Split {
        let off1 = r.lo1, lim1 = r.hi1, off2 = r.lo2, lim2 = r.hi2
        let kvdf = forward + diagonalOffset
        let kvdb = backward + diagonalOffset
        let dmin = off1 - lim2, dmax = lim1 - off2
        let fmid = off1 - off2, bmid = lim1 - lim2
        let odd = (fmid - bmid) & 1 != 0
        var fmin = fmid, fmax = fmid
        var bmin = bmid, bmax = bmid
        kvdf[fmid] = off1
        kvdb[bmid] = lim1
        let beyondEnd = Int.max / 2

        var cost = 1
        while true {
            var gotSnake = false

            // Extend the forward paths by one edit.
            if fmin > dmin { fmin -= 1; kvdf[fmin - 1] = -1 } else { fmin += 1 }
            if fmax < dmax { fmax += 1; kvdf[fmax + 1] = -1 } else { fmax -= 1 }
            var d = fmax
            while d >= fmin {
                var i1 = kvdf[d - 1] >= kvdf[d + 1] ? kvdf[d - 1] + 1 : kvdf[d + 1]
                let start = i1
                var i2 = i1 - d
                while i1 < lim1, i2 < lim2, a[i1] == b[i2] {
                    i1 += 1
                    i2 += 1
                }
                if i1 - start > Self.snakeCount { gotSnake = true }
                kvdf[d] = i1
                if odd, bmin <= d, d <= bmax, kvdb[d] <= i1 {
                    return Split(i1: i1, i2: i2, minimalLow: true, minimalHigh: true)
                }
                d -= 2
            }

            // Extend the backward paths by one edit.
            if bmin > dmin { bmin -= 1; kvdb[bmin - 1] = beyondEnd } else { bmin += 1 }
            if bmax < dmax { bmax += 1; kvdb[bmax + 1] = beyondEnd } else { bmax -= 1 }
            d = bmax
            while d >= bmin {
                var i1 = kvdb[d - 1] < kvdb[d + 1] ? kvdb[d - 1] : kvdb[d + 1] - 1
                let start = i1
                var i2 = i1 - d
                while i1 > off1, i2 > off2, a[i1 - 1] == b[i2 - 1] {
                    i1 -= 1
                    i2 -= 1
                }
                if start - i1 > Self.snakeCount { gotSnake = true }
                kvdb[d] = i1
                if !odd, fmin <= d, d <= fmax, i1 <= kvdf[d] {
                    return Split(i1: i1, i2: i2, minimalLow: true, minimalHigh: true)
                }
                d -= 2
            }

            if r.needsMinimal {
                cost += 1
                continue
            }

            // Past the minimum heuristic cost, accept a long enough snake that made good progress.
            if gotSnake, cost > Self.heuristicMinCost {
                var best = 0
                var found: Split?
                d = fmax
                while d >= fmin {
                    let distance = d > fmid ? d - fmid : fmid - d
                    let i1 = kvdf[d], i2 = i1 - d
                    let value = (i1 - off1) + (i2 - off2) - distance
                    if value > Self.heuristicFactor * cost, value > best,
                       off1 + Self.snakeCount <= i1, i1 < lim1, off2 + Self.snakeCount <= i2, i2 < lim2,
                       snakeEnds(before: i1, i2) {
                        best = value
                        found = Split(i1: i1, i2: i2, minimalLow: true, minimalHigh: false)
                    }
                    d -= 2
                }
                if let found { return found }
                best = 0
                d = bmax
                while d >= bmin {
                    let distance = d > bmid ? d - bmid : bmid - d
                    let i1 = kvdb[d], i2 = i1 - d
                    let value = (lim1 - i1) + (lim2 - i2) - distance
                    if value > Self.heuristicFactor * cost, value > best,
                       off1 < i1, i1 <= lim1 - Self.snakeCount, off2 < i2, i2 <= lim2 - Self.snakeCount,
                       snakeStarts(at: i1, i2) {
                        best = value
                        found = Split(i1: i1, i2: i2, minimalLow: false, minimalHigh: true)
                    }
                    d -= 2
                }
                if let found { return found }
            }

            // Too expensive: split at the furthest-reaching path of either search.
            if cost >= maxCost {
                var forwardBest = -1, forwardI1 = off1
                d = fmax
                while d >= fmin {
                    var i1 = min(kvdf[d], lim1)
                    var i2 = i1 - d
                    if lim2 < i2 {
                        i1 = lim2 + d
                        i2 = lim2
                    }
                    if forwardBest < i1 + i2 {
                        forwardBest = i1 + i2
                        forwardI1 = i1
                    }
                    d -= 2
                }
                var backwardBest = Int.max, backwardI1 = lim1
                d = bmax
                while d >= bmin {
                    var i1 = max(off1, kvdb[d])
                    var i2 = i1 - d
                    if i2 < off2 {
                        i1 = off2 + d
                        i2 = off2
                    }
                    if i1 + i2 < backwardBest {
                        backwardBest = i1 + i2
                        backwardI1 = i1
                    }
                    d -= 2
                }
                if (lim1 + lim2) - backwardBest < forwardBest - (off1 + off2) {
                    return Split(i1: forwardI1, i2: forwardBest - forwardI1, minimalLow: true, minimalHigh: false)
                }
                return Split(i1: backwardI1, i2: backwardBest - backwardI1, minimalLow: false, minimalHigh: true)
            }
            cost += 1
        }
    }

    /// Whether the `snakeCount` elements before (i1, i2) all match.
    private func snakeEnds(before i1: Int, _ i2: Int) -> Bool {
        for k in 1...Self.snakeCount where a[i1 - k] != b[i2 - k] { return false }
        return true
    }

    /// Whether the `snakeCount` elements from (i1, i2) on all match.
    private func snakeStarts(at i1: Int, _ i2: Int) -> Bool {
        for k in 0..<Self.snakeCount where a[i1 + k] != b[i2 + k] { return false }
        return true
    }
}
