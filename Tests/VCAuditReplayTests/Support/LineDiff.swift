/// A minimal line diff (longest common subsequence) for readable test failures.
enum LineDiff {
    static func render(expected: [String], actual: [String]) -> String {
        let n = expected.count, m = actual.count
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = expected[i] == actual[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                out.append("  " + expected[i]); i += 1; j += 1
            } else if j < m, i == n || lcs[i][j + 1] >= lcs[i + 1][j] {
                out.append("+ " + actual[j]); j += 1
            } else {
                out.append("- " + expected[i]); i += 1
            }
        }
        return out.joined(separator: "\n")
    }
}
