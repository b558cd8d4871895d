/// Paths as CI systems want them: relative to the repository root, and as URIs.
enum ReportPath {
    /// `path` without leading `./`, and relative to `root` when it lies under it.
    static func relative(_ path: String, to root: String?) -> String {
        var path = path
        if let root, !root.isEmpty, path.hasPrefix("/") {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if path.hasPrefix(prefix) { path = String(path.dropFirst(prefix.count)) }
        }
        while path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        return path
    }

    /// Whether `path` is absolute (POSIX).
    static func isAbsolute(_ path: String) -> Bool { path.hasPrefix("/") }

    /// `path` as a URI reference: every byte but unreserved characters and `/` percent-encoded.
    ///
    /// A relative path gives a relative reference (for `uriBaseId`), an
    /// absolute one a `file://` URI.
    static func uri(_ path: String) -> String {
        var out = isAbsolute(path) ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
