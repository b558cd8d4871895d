/// Finds blocks that were deleted in one place and inserted, unchanged, in another.
///
/// Greedy and deterministic: deleted runs are scanned in old order; at each
/// position the longest matching stretch inside a single inserted run (not yet
/// claimed by another move) is taken when it is long enough, else the scan
/// moves on by one element. Candidate positions per symbol are capped so that
/// long runs of one repeated event cannot make the search quadratic.
enum MoveDetector {
    static let candidateLimit = 32

    static func moves(old: [Int32], new: [Int32], deleted: [Range<Int>], inserted: [Range<Int>], minimumLength: Int) -> [EditScript.Move] {
        guard !deleted.isEmpty, !inserted.isEmpty, minimumLength > 0 else { return [] }
        // Where each symbol occurs among inserted elements, in new order.
        var occurrences: [Int32: [Int]] = [:]
        for run in inserted {
            for j in run { occurrences[new[j], default: []].append(j) }
        }
        var claimed = Set<Int>()
        var found: [EditScript.Move] = []

        /// The inserted run containing `j`.
        func run(containing j: Int) -> Range<Int> {
            var low = 0, high = inserted.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if inserted[mid].lowerBound <= j { low = mid } else { high = mid - 1 }
            }
            return inserted[low]
        }

        for block in deleted {
            var i = block.lowerBound
            while i < block.upperBound {
                var bestStart = -1, bestLength = 0
                var tried = 0
                for j in occurrences[old[i]] ?? [] where !claimed.contains(j) {
                    if tried == candidateLimit { break }
                    tried += 1
                    let limit = run(containing: j).upperBound
                    var length = 0
                    while i + length < block.upperBound, j + length < limit, old[i + length] == new[j + length],
                          !claimed.contains(j + length) {
                        length += 1
                    }
                    if length > bestLength {
                        bestLength = length
                        bestStart = j
                    }
                }
                if bestLength >= minimumLength {
                    found.append(EditScript.Move(old: i..<(i + bestLength), new: bestStart..<(bestStart + bestLength)))
                    for j in bestStart..<(bestStart + bestLength) { claimed.insert(j) }
                    i += bestLength
                } else {
                    i += 1
                }
            }
        }
        return found
    }
}
