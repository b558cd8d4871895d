/// Paths as text, worked on without touching the file system: tidied, joined, made absolute or relative.
///
/// Paths name specs in reports, baselines and messages, so one file must have one name however the user typed it
/// (`Specs/a.yaml`, `./Specs/a.yaml`, `Specs//a.yaml`, `Specs/x/../a.yaml`). The work is lexical: a `..` after a
/// folder takes the folder away, as shells and Git show paths; a symbolic link is not followed.
public enum FilePath {
    /// `path` with `.` components, repeated and trailing slashes taken out and each `folder/..` pair removed:
    /// `./Specs//x/../a.yaml` is `Specs/a.yaml`. An empty result is `.`; leading `..` components stay.
    public static func tidy(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` after `folder`, tidied: `path` itself when it is absolute.
    public static func joined(_ folder: String, _ path: String) -> String {
        path.hasPrefix("/") ? tidy(path) : tidy(folder + "/" + path)
    }

    /// The folder that holds `path`, tidied: `.` for a bare file name.
    public static func folder(of path: String) -> String {
        let tidied = tidy(path)
        // A path that ends in a folder given as `.` or `..` is held by the folder above it.
        if tidied == "." || tidied == ".." || tidied.hasSuffix("/..") { return tidied + "/.." == "./.." ? ".." : tidied + "/.." }
        guard let slash = tidied.lastIndex(of: "/") else { return "." }
        return slash == tidied.startIndex ? "/" : String(tidied[..<slash])
    }

    /// `path` as an absolute path, read from `directory` (absolute) when it is relative; tidied.
    public static func absolute(_ path: String, from directory: String) -> String {
        joined(directory, path)
    }

    /// A relative `path` as directly as the working directory reaches it (`../Drafts/a.yaml` from `Drafts` is
    /// `a.yaml`); an absolute one tidied, as it was given.
    public static func shortest(_ path: String, workingDirectory: String) -> String {
        guard !path.hasPrefix("/") else { return tidy(path) }
        let tidied = tidy(path)
        guard tidied.hasPrefix("..") else { return tidied }
        return relative(tidied, to: ".", workingDirectory: workingDirectory)
    }

    /// `path` relative to `directory`, both read from `workingDirectory` (absolute) when relative: `../a.yaml` for
    /// a file in the folder above, `.` for the directory itself.
    public static func relative(_ path: String, to directory: String, workingDirectory: String) -> String {
        let target = absolute(path, from: workingDirectory).split(separator: "/")
        let base = absolute(directory, from: workingDirectory).split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
