import VCAuditYAML

/// Checks what only the whole spec can show: declared containment cycles,
/// controllers declared as children of two parents, the window root, and
/// transitions that perform themselves.
enum SpecValidator {
    static func validate(_ spec: Spec) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func error(_ mark: Mark, _ message: String, length: Int = 1, notes: [Diagnostic.Note] = []) {
            problems.append(Diagnostic(.error, at: SourceLocation(file: spec.file, mark: mark), message, length: length, notes: notes))
        }

        // Each controller has at most one declared parent.
        // Room for every declared controller to have a parent, so that filling it never rehashes what it holds.
        var parentOf = ParentTable(capacity: spec.controllers.count)
        // The controllers are read by index, here and below: iterating them would copy each one to read two fields.
        for index in spec.controllers.indices {
            let id = spec.controllers[index].id
            let children = spec.controllers[index].children
            // A short list is searched for repeats in place; a long one (hostile input) through a set.
            var seen: Set<ControllerID> = []
            for (position, child) in children.enumerated() {
                if child.id == id {
                    error(child.mark, "'\(id)' lists itself as a child; a controller cannot contain itself", length: child.id.name.count)
                    continue
                }
                let repeated = children.count <= 16 ? children[..<position].contains { $0.id == child.id } : !seen.insert(child.id).inserted
                if repeated {
                    error(child.mark, "'\(child.id)' is listed twice in the children of '\(id)'; UIKit requires distinct child controllers", length: child.id.name.count)
                    continue
                }
                if let existing = parentOf[child.id] {
                    error(child.mark, "'\(child.id)' is already a child of '\(existing.parent)'; a controller has one parent: declare a second controller for the second place",
                          length: child.id.name.count, notes: [Diagnostic.Note(location: SourceLocation(file: spec.file, mark: existing.mark), message: "first made a child of '\(existing.parent)' here")])
                    continue
                }
                parentOf.add(child.id, parent: id, mark: child.mark)
            }
        }

        // Declared containment cycles: follow parents upward from each controller.
        var reported: Set<ControllerID> = []
        for index in spec.controllers.indices where parentOf[spec.controllers[index].id] != nil {
            let controller = (id: spec.controllers[index].id, mark: spec.controllers[index].mark)
            // Most controllers are not on a cycle: their parents lead to a root (or to a cycle above them). Walking up
            // once, without keeping the path, says so before anything is allocated.
            var ancestor = controller.id
            var steps = 0
            var returns = false
            while let up = parentOf[ancestor], steps <= parentOf.count {
                if up.parent == controller.id { returns = true; break }
                ancestor = up.parent
                steps += 1
            }
            guard returns else { continue }
            var path: [ControllerID] = [controller.id]  // controller, its parent, its grandparent...
            var current = controller.id
            while let up = parentOf[current] {
                if up.parent == controller.id {
                    if reported.isDisjoint(with: path) {
                        // Outermost first: controller contains path.last, which contains ..., which contains controller.
                        let members = [controller.id] + path.dropFirst().reversed() + [controller.id]
                        let parent = path[1]  // path holds at least the controller and its parent
                        var notes: [Diagnostic.Note] = []
                        for (parent, child) in zip(members.dropLast(), members.dropFirst()).dropLast() {
                            if let link = parentOf[child], link.parent == parent {
                                notes.append(Diagnostic.Note(location: SourceLocation(file: spec.file, mark: link.mark), message: "'\(child)' is a child of '\(parent)' here"))
                            }
                        }
                        let mark = parentOf[controller.id]?.mark ?? controller.mark
                        error(mark, "containment cycle \(members.map(\.name).joined(separator: " → ")): '\(controller.id)' cannot be a child of its own descendant '\(parent)'; remove it from the children of '\(parent)'",
                              length: controller.id.name.unicodeScalars.count, notes: notes)
                        reported.formUnion(path)
                    }
                    break
                }
                if path.contains(up.parent) { break }
                path.append(up.parent)
                current = up.parent
            }
        }

        // The window root is no one's child (a root inside a reported cycle is already explained).
        if let window = spec.window, let parent = parentOf[window.id], !reported.contains(window.id) {
            error(window.mark, "the window's root '\(window.id)' is also a child of '\(parent.parent)'; a window's root view controller has no parent: remove it from the children of '\(parent.parent)', or choose another root",
                  length: window.id.name.count, notes: [Diagnostic.Note(location: SourceLocation(file: spec.file, mark: parent.mark), message: "'\(window.id)' is made a child of '\(parent.parent)' here")])
        }

        // Transitions that perform themselves, directly or through others, would never end.
        // Only transitions whose calls perform another can be part of a loop.
        var performs: [String: [Located<String>]] = [:]
        for index in spec.transitions.indices {
            guard case .calls(let steps) = spec.transitions[index].body else { continue }
            var names: [Located<String>] = []
            performed(in: steps, into: &names)
            if !names.isEmpty { performs[spec.transitions[index].name] = names }
        }
        guard !performs.isEmpty else { return problems }
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        func visit(_ name: String, _ trail: [String]) {
            if state[name] == 2 { return }
            state[name] = 1
            for next in performs[name] ?? [] {
                if state[next.value] == 1 {
                    let loop = (trail + [name, next.value]).drop { $0 != next.value }
                    error(next.mark, "transition '\(name)' performs '\(next.value)', which leads back to it (\(loop.joined(separator: " → "))); break the loop", length: next.value.count)
                } else {
                    visit(next.value, trail + [name])
                }
            }
            state[name] = 2
        }
        for transition in spec.transitions where performs[transition.name] != nil { visit(transition.name, []) }
        return problems
    }

    /// The transitions `steps` perform, in order, including inside `simultaneously`.
    private static func performed(in steps: [Step], into names: inout [Located<String>]) {
        for step in steps {
            switch step.action {
            case .perform(let name): names.append(name)
            case .simultaneously(let inner): performed(in: inner, into: &names)
            default: break
            }
        }
    }
}

/// Each controller's declared parent, found by the controller's id.
///
/// Open addressing on the id's `key` with one multiply per lookup: a `[ControllerID: ...]` dictionary hashed each
/// id with SipHash, about 210 instructions a lookup, and the checks above look up each declared controller about
/// three times (a callgrind of loading the `--specs 40` benchmark corpus: 257.2 M instructions with the dictionary,
/// 253.1 M with this table).
private struct ParentTable {
    private struct Entry {
        let child: ControllerID
        let parent: ControllerID
        /// Where the child is listed in its parent's `children`.
        let mark: Mark
    }

    /// The entries, each in the first free bucket from its id's (`bucket(of:mask:)`); the count is a power of two,
    /// at least twice the entries'.
    private var buckets: [Entry?]
    /// How many children have a parent.
    private(set) var count = 0

    /// A table with room for `capacity` children before it has to grow.
    init(capacity: Int) {
        var bucketCount = 16
        while bucketCount < capacity * 2 { bucketCount *= 2 }
        buckets = Array(repeating: nil, count: bucketCount)
    }

    /// The parent of `child` and where `child` is listed, if it has one.
    subscript(child: ControllerID) -> (parent: ControllerID, mark: Mark)? {
        let mask = buckets.count - 1
        var bucket = Self.bucket(of: child, mask: mask)
        while let entry = buckets[bucket] {
            if entry.child == child { return (entry.parent, entry.mark) }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Makes `parent` the parent of `child`, which has none yet, listed at `mark`.
    mutating func add(_ child: ControllerID, parent: ControllerID, mark: Mark) {
        if (count + 1) * 2 > buckets.count { grow() }
        place(Entry(child: child, parent: parent, mark: mark))
        count += 1
    }

    /// Puts `entry` in the first free bucket from its id's.
    private mutating func place(_ entry: Entry) {
        let mask = buckets.count - 1
        var bucket = Self.bucket(of: entry.child, mask: mask)
        while let placed = buckets[bucket] {
            precondition(placed.child != entry.child, "a child is given one parent")
            bucket = (bucket + 1) & mask
        }
        buckets[bucket] = entry
    }

    private mutating func grow() {
        let entries = buckets
        buckets = Array(repeating: nil, count: buckets.count * 2)
        for case let entry? in entries { place(entry) }
    }

    /// The first bucket to look in for `id`: the upper half of its key's product with a large odd constant, which
    /// every bit of the key reaches.
    private static func bucket(of id: ControllerID, mask: Int) -> Int {
        Int(truncatingIfNeeded: (id.key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
