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
