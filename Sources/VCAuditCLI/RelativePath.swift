/// Paths as a user reads them: relative to the working directory, like the spec paths they typed.
enum RelativePath {
    /// `path` relative to `directory` (both absolute): `../.vcaudit.yml` for a file one folder up; `path` unchanged when relative.
    static func of(_ path: String, from directory: String) -> String {
        guard path.hasPrefix("/"), directory.hasPrefix("/") else { return path }
        let target = path.split(separator: "/")
        let base = directory.split(separator: "/")
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
