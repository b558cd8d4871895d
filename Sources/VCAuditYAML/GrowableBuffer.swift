/// A growable run of trivial values whose memory is handed over, not copied, when building ends.
///
/// `DocumentBuilder` appends records and scalar text here; `Document` then
/// owns the memory and frees it. (An `Array` would have to be copied out, since
/// its storage cannot be adopted.) The builder keeps its stack of open
/// collections in one too, which it frees itself: updating the innermost
/// collection then costs no uniqueness check, as an `Array` element's would.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A buffer that holds a copy of `elements`, with room for at least 16.
    init(copying elements: UnsafeBufferPointer<Element>) {
        self.init(capacity: elements.count)
        if let source = elements.baseAddress { base.update(from: source, count: elements.count) }
        count = elements.count
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toAtLeast: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        if count + elements.count > capacity { grow(toAtLeast: count + elements.count) }
        (base + count).update(from: elements.baseAddress!, count: elements.count)
        count += elements.count
    }

    /// Removes the last element and returns it; the buffer must not be empty.
    @inline(__always)
    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    private mutating func grow(toAtLeast needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Frees the memory; for a buffer whose contents were not handed to a `Document`.
    func deallocate() {
        base.deallocate()
    }
}

extension GrowableBuffer where Element == UInt8 {
    /// Appends `bytes`, copying a short run (most scalars) with a few word moves rather than a call to `memmove`.
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0, let source = bytes.baseAddress else { return }
        if count + length > capacity { grow(toAtLeast: count + length) }
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(base + count)
        if length >= 8 && length <= 16 {
            // The first and the last eight bytes, overlapping when fewer than 16.
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 && length < 8 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length < 4 {
            for index in 0..<length { to.storeBytes(of: source[index], toByteOffset: index, as: UInt8.self) }
        } else {
            (base + count).update(from: source, count: length)
        }
        count += length
    }
}
