import Foundation

/// Searches a folder for input files the way every command does: hidden files and folders (a name starting with
/// `.`) are not searched, folders never match, and what is found comes sorted.
public enum InputFolder {
    /// The files under `folder` whose path relative to it `matches`, each as `folder/relative` (without a trailing
    /// `/` of `folder`), in sorted order.
    public static func files(under folder: String, matching matches: (String) -> Bool) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        let base = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard matches(relative), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  (walker.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory else { continue }
            found.append(base + "/" + relative)
        }
        return found.sorted()
    }
}
