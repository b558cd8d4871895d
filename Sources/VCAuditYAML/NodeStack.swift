/// The children of every open collection, in document order, on one growable stack.
///
/// A mapping's keys and values alternate. When a collection closes, its
/// children are moved (not copied) into an array of exactly their count, so a
/// collection costs one allocation and no reference counting while it is built.
final class NodeStack {
    private var base: UnsafeMutablePointer<Node>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    func push(_ node: Node) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    private func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Node>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// The scalar value of the node at `index`, when it is a scalar (a mapping key).
    @inline(__always)
    func scalarValue(at index: Int) -> String? {
        if case .scalar(let scalar) = base[index] { return scalar.value }
        return nil
    }

    /// The mark of the node at `index`.
    @inline(__always)
    func mark(at index: Int) -> Mark { base[index].mark }

    /// Moves the nodes from `start` to the top into a sequence's items.
    ///
    /// (`reserveCapacity` and `append` are specialized for `Node`; the
    /// `unsafeUninitializedCapacity` initializer looks the array's type up at
    /// run time on every call.)
    func popItems(from start: Int) -> [Node] {
        let n = count - start
        var items: [Node] = []
        items.reserveCapacity(n)
        var source = base + start
        for _ in 0..<n {
            items.append(source.move())
            source += 1
        }
        count = start
        return items
    }

    /// Moves the key/value pairs from `start` to the top into a mapping's entries.
    func popEntries(from start: Int) -> [Node.Entry] {
        let pairs = (count - start) / 2
        var entries: [Node.Entry] = []
        entries.reserveCapacity(pairs)
        var source = base + start
        for _ in 0..<pairs {
            entries.append(Node.Entry(key: source.move(), value: (source + 1).move()))
            source += 2
        }
        count = start
        return entries
    }
}
