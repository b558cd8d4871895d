#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths as text, worked on without touching the file system (but in `shortest`): tidied, joined, made absolute or
/// relative.
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

    /// Whether `path` is `folder` or in it, both compared tidied: `.` holds every relative path that does not go up.
    public static func isInside(_ path: String, folder: String) -> Bool {
        let path = tidy(path), folder = tidy(folder)
        if folder == "." { return !path.hasPrefix("/") && path != ".." && !path.hasPrefix("../") }
        return path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// `path` as an absolute path, read from `directory` (absolute) when it is relative; tidied.
    public static func absolute(_ path: String, from directory: String) -> String {
        joined(directory, path)
    }

    /// A relative `path` as directly as the working directory reaches it (`../Drafts/a.yaml` from `Drafts` is
    /// `a.yaml`); an absolute one tidied, as it was given.
    ///
    /// The one place the file system is asked: a `..` after a folder is taken out only if the shorter name opens
    /// the same file, since the kernel reads `link/..` through a symbolic link (`link/../x.yaml` is not `x.yaml`
    /// when `link` points elsewhere); a path that does not name the same file keeps its `..`.
    public static func shortest(_ path: String, workingDirectory: String) -> String {
        var tidied = tidy(path)
        if !path.hasPrefix("/"), tidied.hasPrefix("..") { tidied = relative(tidied, to: ".", workingDirectory: workingDirectory) }
        guard path.split(separator: "/").contains("..") else { return tidied }
        return sameFile(path, tidied) ? tidied : withoutDots(path)
    }

    /// `path` with only `.` components and repeated and trailing slashes taken out: every `..` kept.
    static func withoutDots(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// Whether `one` and `other` resolve to the same file (both missing counts as the same: nothing is opened).
    static func sameFile(_ one: String, _ other: String) -> Bool {
        realPath(one) == realPath(other)
    }

    /// The path `realpath(3)` resolves `path` to, or nil when it names nothing.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
