import VCAuditSpec

/// The scratch space of one walk over a hierarchy's controllers: a stack of the table positions of the controllers
/// to visit and a mark per controller.
///
/// Both live in temporary buffers (on the machine stack for the hierarchies specs have), so a walk allocates only
/// the list it returns; the reducer walks the hierarchy at nearly every call. The stack holds positions, not ids, so
/// that a walk looks each controller up once, when it pushes it. A stack that outgrows its buffer
/// (only a hand-edited log, whose children lists repeat a controller, can make one) goes on in an array.
struct HierarchyWalk: ~Copyable {
    private let stack: UnsafeMutableBufferPointer<Int>
    private var depth = 0
    /// The positions pushed while the buffer is full, nil until one is: a walk's scratch is destroyed at every walk,
    /// and destroying nil does nothing, where an empty array was released (a call each).
    private var spill: [Int]?
    private let marks: UnsafeMutableBufferPointer<Bool>

    private init(stack: UnsafeMutableBufferPointer<Int>, marks: UnsafeMutableBufferPointer<Bool>) {
        self.stack = stack
        self.marks = marks
        marks.initialize(repeating: false)
    }

    /// Runs `body` with an empty stack and no controller of `table` marked, and `table` to read: its index, and its
    /// states and children lists lent in place (`ControllerTable.withContents(_:)`).
    ///
    /// The body is handed the table rather than capturing it: a closure that captured the state's table would hold
    /// a copy of it (a retain and a release of each of its arrays, on nearly every call the reducer makes). It reads
    /// the states and children through the lent pointers: `table[position:]` checks a bound for each field read, and
    /// `withChildren(at:)` is a call for each controller visited.
    static func run<Result>(over table: borrowing ControllerTable,
                            _ body: (inout HierarchyWalk, borrowing ControllerTable, ControllerTable.Contents) -> Result) -> Result {
        let count = table.count
        // A controller pushes its children, its More controller and what it presents: twice the controllers is
        // room for every tree a replay makes.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count + 4) { stack in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { marks in
                table.withContents { contents in
                    var walk = HierarchyWalk(stack: stack, marks: marks)
                    return body(&walk, table, contents)
                }
            }
        }
    }

    /// Adds the controller at `position` in the table to the stack: the next `pop` answers it.
    ///
    /// Always inlined, with the rare spill in a call of its own: a walk pushes each controller it visits, and the
    /// call cost more than writing the entry. Only a full buffer spills, so that a buffer with room means an empty
    /// spill, which is not checked here.
    @inline(__always)
    mutating func push(_ position: Int) {
        if depth < stack.count {
            stack.initializeElement(at: depth, to: position)
            depth += 1
        } else {
            pushSpilling(position)
        }
    }

    /// Adds `position` to the spill, for a stack whose buffer is full.
    @inline(never)
    private mutating func pushSpilling(_ position: Int) {
        if spill == nil { spill = [position] } else { spill!.append(position) }
    }

    /// Removes and answers the position pushed last, nil when the stack is empty.
    ///
    /// The spill, pushed after the full buffer, is popped first; it is looked at only while the buffer is full.
    @inline(__always)
    mutating func pop() -> Int? {
        if depth == stack.count, let position = spill?.popLast() { return position }
        guard depth > 0 else { return nil }
        depth -= 1
        return stack[depth]
    }

    /// Marks the controller at `position` in the table; false if it was marked already.
    @inline(__always)
    mutating func mark(_ position: Int) -> Bool {
        if marks[position] { return false }
        marks[position] = true
        return true
    }
}
