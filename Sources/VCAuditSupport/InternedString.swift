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
    /// load, and locking per id cost more than the lookup itself.
    public static func interning(_ strings: [String]) -> [InternedString] {
        table.numbers(of: strings).map { InternedString(numbered: $0) }
    }

    /// The string it names.
    public var string: String { Self.table.value(numbered: number) }

    /// What `body` reads of the string it names, lent in place from the table: no copy of it made, retained and
    /// released, as `string` makes (a writer of many names, such as a failure's message, only copies its bytes).
    package func withString<Result>(_ body: (borrowing String) -> Result) -> Result {
        Self.table.read(numbered: number, body)
    }

    public var description: String { string }
}

/// Values kept once per process and named by their numbers (from 0, in the order they were first interned): numbers
/// to values and back, from any thread (values are interned while decoding or replaying and read back while writing).
///
/// Interning takes a lock. Reading a value takes none: values sit in chunks that never move (chunk `k` holds the
/// numbers from `64 · (2^k − 1)` on, `64 · 2^k` of them), each written once, under the lock, before its number is
/// handed out; a reader holds a number the table gave, so what the lock published reaches it through whatever handed
/// it the number, and it reads a chunk and a value that no one writes again. A read under the lock, with the run
/// time's exclusivity check of the list it read, cost about 150 instructions (57 k reads in a callgrind of `check`).
///
/// The table only grows, with the distinct values a process interns; a value interned again gets its first number.
/// Its methods are inlinable, so that a table of another module's values is specialized for them (a generic call
/// hashes and compares through witness tables).
public final class InternTable<Value: Hashable & Sendable>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    /// The values' numbers, read and written under the lock, which also keeps accesses from overlapping: the run
    /// time's exclusivity checks are left out.
    @usableFromInline @exclusivity(unchecked) var numbers: [Value: UInt32] = [:]
    /// How many values the table holds, read and written under the lock.
    @usableFromInline @exclusivity(unchecked) var count = 0
    /// The chunks of values (`place(of:)`), each allocated when its first number is given: enough of them for every
    /// `UInt32`.
    @usableFromInline let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>

    /// The number of values in the first chunk (a power of two, `1 << firstChunkShift`); each next one holds twice
    /// as many as the one before.
    @inlinable static var firstChunkShift: Int { 6 }
    /// The number of chunks numbers up to `UInt32.max` need.
    @inlinable static var chunkCount: Int { UInt32.bitWidth + 1 - firstChunkShift }

    public init() {
        chunks = .allocate(capacity: Self.chunkCount)
        chunks.initialize(repeating: nil, count: Self.chunkCount)
    }

    deinit {
        for chunk in 0..<Self.chunkCount {
            guard let values = chunks[chunk] else { break }
            values.deinitialize(count: min(count - Self.firstNumber(in: chunk), Self.capacity(of: chunk)))
            values.deallocate()
        }
        chunks.deallocate()
    }

    /// The first number chunk `chunk` holds.
    @inlinable
    static func firstNumber(in chunk: Int) -> Int { ((1 << chunk) - 1) << firstChunkShift }

    /// How many values chunk `chunk` holds.
    @inlinable
    static func capacity(of chunk: Int) -> Int { 1 << (chunk + firstChunkShift) }

    /// The chunk that holds the value numbered `number`, and its offset there.
    @inlinable
    static func place(of number: UInt32) -> (chunk: Int, offset: Int) {
        // Numbered from the first chunk's size on, the values of chunk k are those whose highest bit is k + shift.
        let shifted = Int(number) + (1 << firstChunkShift)
        let chunk = Int.bitWidth - 1 - shifted.leadingZeroBitCount - firstChunkShift
        return (chunk, shifted - capacity(of: chunk))
    }

    /// The number of `value`, given it the first time it is interned.
    @inlinable
    public func number(of value: Value) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        return numberLocked(of: value)
    }

    /// The numbers of `batch`, in order, each value given one the first time it is interned (as `number(of:)`
    /// called on each in turn), under one lock.
    @inlinable
    public func numbers(of batch: [Value]) -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        return batch.map { numberLocked(of: $0) }
    }

    /// `number(of: value)`, the lock held.
    @inlinable
    func numberLocked(of value: Value) -> UInt32 {
        if let number = numbers[value] { return number }
        precondition(count <= Int(UInt32.max), "more values interned than numbers")
        let number = UInt32(count)
        let (chunk, offset) = Self.place(of: number)
        if offset == 0 { chunks[chunk] = .allocate(capacity: Self.capacity(of: chunk)) }
        (chunks[chunk].unsafelyUnwrapped + offset).initialize(to: value)
        count += 1
        numbers[value] = number
        return number
    }

    /// The value numbered `number` (a number this table gave).
    @inlinable
    public func value(numbered number: UInt32) -> Value {
        let (chunk, offset) = Self.place(of: number)
        return chunks[chunk].unsafelyUnwrapped[offset]
    }

    /// What `body` reads of the value numbered `number` (a number this table gave), without copying the whole value
    /// out of the table.
    @inlinable
    public func read<Result>(numbered number: UInt32, _ body: (borrowing Value) -> Result) -> Result {
        let (chunk, offset) = Self.place(of: number)
        return body(chunks[chunk].unsafelyUnwrapped[offset])
    }
}
