#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to the process's standard output and error, unbuffered and whole.
public enum StandardStreams {
    /// Whether standard error is a terminal (progress and summaries are for people, not logs).
    public static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    public static func writeOutput(_ text: String) { write(text, to: 1) }

    public static func writeError(_ text: String) { write(text, to: 2) }

    private static func write(_ text: String, to descriptor: Int32) {
        guard !text.isEmpty else { return }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, pointer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, pointer, count)
        #else
        Glibc.write(descriptor, pointer, count)
        #endif
    }
}
