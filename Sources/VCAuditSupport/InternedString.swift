import Foundation

/// A string kept once per process and named by its number: a value of four bytes that compares, hashes and copies
/// without touching the string.
///
/// Controller names, spec paths and transition names are interned where they are read (decoding, a replay's
/// start), so that the replay's events and state carry numbers, and the strings are read back only where a log,
/// a message or a report is written. The table grows with the distinct strings a process interns (a few per
/// spec), never with scenarios or events. Numbers depend on what a process interned first, so nothing may order or
/// serialize by them.
public struct InternedString: Sendable, Hashable, CustomStringConvertible {
    /// The string's number in the process's table.
    public let number: UInt32

    /// The number of `string`, given it the first time it is interned.
    public init(_ string: String) {
        number = InternedStringTable.shared.number(of: string)
    }

    /// The string it names.
    public var string: String { InternedStringTable.shared.string(numbered: number) }

    public var description: String { string }
}

/// The process's interned strings: numbers to strings and back, behind a lock (strings are interned while decoding
/// and read back while writing, both from any thread).
final class InternedStringTable: @unchecked Sendable {
    static let shared = InternedStringTable()

    private let lock = NSLock()
    private var strings: [String] = []
    private var numbers: [String: UInt32] = [:]

    func number(of string: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[string] { return number }
        let number = UInt32(strings.count)
        strings.append(string)
        numbers[string] = number
        return number
    }

    func string(numbered number: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return strings[Int(number)]
    }
}
