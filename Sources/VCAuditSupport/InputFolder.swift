#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Searches a folder for input files the way every command does: hidden files and folders (a name starting with
/// `.`) are not searched, folders never match, and what is found comes sorted.
///
/// The walk reads each folder with `opendir`/`readdir`, and the kind of each entry from the entry itself: an app's
/// repository holds thousands of files, and `FileManager`'s enumerator, which made a URL and a path of each and
/// went into hidden folders (`.git`) to throw their files away, cost several microseconds a file; a check of
/// DuckDuckGo's app walked its 5,000 files three times. A symbolic link is not followed into a folder (it is a file
/// here, found when its name matches, as the enumerator had it); a folder that cannot be read is skipped.
public enum InputFolder {
    /// The files under `folder` whose path relative to it `matches`, each as `folder/relative` (without a trailing
    /// `/` of `folder`), in sorted order.
    public static func files(under folder: String, matching matches: (String) -> Bool) -> [String] {
        let base = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        var found: [String] = []
        walk(base, relative: "", matching: matches, into: &found)
        return found.sorted()
    }

    /// Adds the files of the folder at `path` (`relative` to the folder searched, empty at its top) that `matches`
    /// takes, and those of its folders.
    private static func walk(_ path: String, relative: String, matching matches: (String) -> Bool, into found: inout [String]) {
        // The folder is closed before its folders are walked: one open at a time, however deep.
        var folders: [(path: String, relative: String)] = []
        guard let directory = opendir(path) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            // Hidden entries, `.` and `..` among them, are neither found nor searched.
            guard !name.hasPrefix(".") else { continue }
            let entryPath = path + "/" + name
            let entryRelative = relative.isEmpty ? name : relative + "/" + name
            if isFolder(entry.pointee.d_type, at: entryPath) {
                folders.append((entryPath, entryRelative))
            } else if matches(entryRelative) {
                found.append(entryPath)
            }
        }
        closedir(directory)
        for folder in folders {
            walk(folder.path, relative: folder.relative, matching: matches, into: &found)
        }
    }

    /// Whether `path` names a folder (a symbolic link to one included, as given on a command line).
    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether an entry of type `type` (`d_type`) at `path` is a folder, not a link to one; asked of the file system
    /// only when the entry does not say (`DT_UNKNOWN`).
    private static func isFolder(_ type: UInt8, at path: String) -> Bool {
        if type == UInt8(DT_DIR) { return true }
        guard type == UInt8(DT_UNKNOWN) else { return false }
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }
}
