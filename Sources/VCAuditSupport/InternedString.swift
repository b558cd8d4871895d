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

    /// The process's interned strings.
    private static let table = InternTable<String>()

    /// The number of `string`, given it the first time it is interned.
    public init(_ string: String) {
        number = Self.table.number(of: string)
    }

    /// The interned string numbered `number` (a number the table gave).
    private init(numbered number: UInt32) {
        self.number = number
    }

    /// The interned `strings`, in order; the same as interning each in turn.
    ///
    /// Takes the table's lock once for them all: a spec's declared controller ids are interned together on every
    /// load, and locking (and the table's exclusivity check) per id cost more than the lookup itself.
    public static func interning(_ strings: [String]) -> [InternedString] {
        table.numbers(of: strings).map { InternedString(numbered: $0) }
    }

    /// The string it names.
    public var string: String { Self.table.value(numbered: number) }

    public var description: String { string }
}

/// Values kept once per process and named by their numbers (from 0, in the order they were first interned): numbers
/// to values and back, behind a lock (values are interned while decoding or replaying and read back while writing,
/// from any thread).
///
/// The table only grows, with the distinct values a process interns; a value interned again gets its first number.
/// Its methods are inlinable, so that a table of another module's values is specialized for them (a generic call
/// hashes and compares through witness tables).
public final class InternTable<Value: Hashable & Sendable>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var values: [Value] = []
    @usableFromInline var numbers: [Value: UInt32] = [:]

    public init() {}

    /// The number of `value`, given it the first time it is interned.
    @inlinable
    public func number(of value: Value) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let number = numbers[value] { return number }
        let number = UInt32(values.count)
        values.append(value)
        numbers[value] = number
        return number
    }

    /// The numbers of `batch`, in order, each value given one the first time it is interned (as `number(of:)`
    /// called on each in turn).
    ///
    /// One lock for the batch; the table is moved into locals for the loop, because each access to a class's
    /// stored property is checked for exclusivity, per value otherwise.
    @inlinable
    public func numbers(of batch: [Value]) -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        var values = self.values
        var numbers = self.numbers
        // Unique locals: appending to them does not copy the storage.
        self.values = []
        self.numbers = [:]
        var result: [UInt32] = []
        result.reserveCapacity(batch.count)
        for value in batch {
            if let number = numbers[value] {
                result.append(number)
                continue
            }
            let number = UInt32(values.count)
            values.append(value)
            numbers[value] = number
            result.append(number)
        }
        self.values = values
        self.numbers = numbers
        return result
    }

    /// The value numbered `number` (a number this table gave).
    @inlinable
    public func value(numbered number: UInt32) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return values[Int(number)]
    }

    /// What `body` reads of the value numbered `number`, without copying the whole value out of the table.
    @inlinable
    public func read<Result>(numbered number: UInt32, _ body: (borrowing Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return values.withUnsafeBufferPointer { body($0[Int(number)]) }
    }
}
