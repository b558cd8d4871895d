/// "Did you mean" suggestions from edit distance.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    ///
    /// Case-only differences always match; otherwise the Levenshtein distance
    /// must be at most a third of the word's length (and at least 1 is allowed).
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            if candidate.lowercased() == lowered { return candidate }
            let distance = levenshtein(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, word.unicodeScalars.count / 3)
        return best.distance <= allowed ? best.candidate : nil
    }

    /// "; did you mean 'x'?" or the empty string.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// What to write instead of `word`: "; did you mean 'x'? (use a, b or c)" for a near miss, else "; use a, b or c".
    /// `use` is how the choices read ("one of text, json" or "iphone or ipad").
    public static func insteadOf(_ word: String, in candidates: some Sequence<String>, use: String) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'? (use \(use))" } ?? "; use \(use)"
    }

    /// The edit distance of `a` and `b`: insertions, deletions, substitutions and swaps of two neighbours
    /// (`ipda` for `ipad`, a typo's commonest shape), each counting one; no part is edited twice.
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
