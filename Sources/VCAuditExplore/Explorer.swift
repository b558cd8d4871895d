#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditSupport
import VCAuditYAML

/// Explores every user path of an app from launch, breadth first, and reports each distinct finding once with the
/// shortest sequence of user actions that reaches it (its witness).
///
/// States are told apart by the whole hierarchy state (a value), so a path that comes back to a state already
/// explored is not explored again; the order of actions is fixed (`UserAction.available`), so the same spec gives
/// the same output byte for byte. A path's findings are those `check` reports for the scenario the path makes
/// (launch, then its actions), so a witness pasted into the spec reproduces its finding.
public struct Explorer: Sendable {
    /// How far to look.
    public struct Bounds: Sendable, Equatable {
        /// The most user actions after launch in one path.
        public var depth: Int
        /// The most distinct states to explore.
        public var maxStates: Int
        /// Whether code paths (calls without `from`) are tried as events the system delivers at any moment, alone
        /// and during each user transition (`UserAction.event`, `.race`).
        public var events: Bool
        /// Whether the double tap is tried (`UserAction.doubleTap`): not when the app's controls ignore a second tap
        /// while their transition runs.
        public var doubleTaps: Bool

        public init(depth: Int = 6, maxStates: Int = 20_000, events: Bool = false, doubleTaps: Bool = true) {
            self.depth = depth
            self.maxStates = maxStates
            self.events = events
            self.doubleTaps = doubleTaps
        }
    }

    /// One finding and the path that reaches it first.
    public struct Discovery: Sendable {
        public var finding: Finding
        public var witness: [UserAction]
    }

    /// What an exploration found and how far it went.
    public struct Result: Sendable {
        public var spec: Spec
        public var device: Device
        public var discoveries: [Discovery]
        /// Distinct states reached (launch included).
        public var states: Int
        /// Paths tried (edges of the state graph).
        public var paths: Int
        /// The longest path explored.
        public var deepest: Int
        /// Whether some state at the depth bound still had actions left.
        public var depthBoundHit: Bool
        /// Whether the state bound stopped the search, and how many states were waiting then.
        public var stateBoundHit: Bool
        public var unexplored: Int
        /// Transitions no explored path performed, in declaration order.
        public var transitionsNeverPerformed: [String]
        /// Declared controllers never on screen in an explored state, in declaration order.
        public var controllersNeverOnScreen: [ControllerID]
        /// Whether code paths were tried as events (`Bounds.events`).
        public var triedEvents: Bool = false
        /// Whether the double tap was tried (`Bounds.doubleTaps`).
        public var triedDoubleTaps: Bool = true
    }

    public let bounds: Bounds
    public let checker: Checker

    /// The checker an exploration runs: the rules `configuration` enables, at its severities, with the rules that
    /// only make sense while exploring (`unreachable_controller`).
    public static func checker(_ configuration: RuleConfiguration = RuleConfiguration()) -> Checker {
        var configuration = configuration
        configuration.exploring = true
        return Checker(configuration)
    }

    public init(bounds: Bounds = Bounds(), checker: Checker = Explorer.checker()) {
        self.bounds = bounds
        self.checker = checker
    }

    /// Explores `spec` on `device`; `progress` is told the depth and state count as they grow.
    public func explore(_ spec: Spec, device: Device, progress: ((_ depth: Int, _ states: Int) -> Void)? = nil) -> Result {
        let launchMark = spec.window?.mark ?? Mark(line: 1, column: 1)
        var base = spec
        base.scenarios = []
        // Each path's scenario is this one with the path's steps after launch (`GrowingCheck.grow(_:named:)`).
        let launchScenario = Scenario(name: Self.scenarioName([]), mark: launchMark, device: device, steps: [Step(.launch, at: launchMark)])

        var catalog = MoveCatalog(spec: spec, device: device, events: bounds.events, doubleTaps: bounds.doubleTaps)
        var discoveries: [Discovery] = []
        var seenFindings: Set<ExploredFinding> = []
        // The violations paths reported so far: what each became is in `seenFindings` (or was suppressed), so a
        // path that reports only these has no finding to record.
        var seenViolations = SeenViolations()
        // By position in the spec's transitions.
        var performed = [Bool](repeating: false, count: spec.transitions.count)
        var onScreen = ScenesOnScreen()

        // Launch is checked in full (declarations and suppressions too); every path grows from its check, one
        // action at a time, so no path is replayed from launch again.
        let initialState = Replay.initialState(spec: base, device: device)
        var launchProbe = base
        launchProbe.scenarios = [launchScenario]
        var launched = GrowingCheck(checker, spec: base, device: device, initialState: initialState)
        _ = launched.grow(launchScenario.steps, scenario: launchScenario)
        let start = launched.state
        var visited = VisitedStates()
        _ = visited.insert(start)
        // The states reached, in the order they were first reached, each with the one it was reached from and the
        // action that reached it: a path is spelled out only when a finding needs it as its witness. Each waiting
        // state keeps its check until it is explored (the ones explored are let go); one at the depth bound keeps
        // none, only whether any action was left in it (when that may still matter).
        var queue: [Waiting] = [Waiting(from: -1, move: nil, depth: 0, check: WaitingCheck(launched),
                                       actionsLeft: bounds.depth <= 0 && UserAction.anyAvailable(in: start))]
        func path(to position: Int) -> [Move] {
            var path: [Move] = []
            path.reserveCapacity(queue[position].depth + 1)
            var position = position
            while let move = queue[position].move {
                path.append(move)
                position = queue[position].from
            }
            path.reverse()
            return path
        }
        func record(_ findings: [Finding], path: () -> [Move]) {
            var witness: [UserAction]?
            for finding in findings where seenFindings.insert(ExploredFinding(finding)).inserted {
                if witness == nil { witness = path().map(\.action) }
                discoveries.append(Discovery(finding: finding, witness: witness!))
            }
        }
        record(checker.check(launchProbe, devices: [device]).findings) { [] }
        onScreen.record(start)
        // The check each path but an explored state's last grows, restarted from the explored state's check
        // (`GrowingCheck.restart(from:)`): a copy of that check grown instead copied the arrays of the state it
        // changed, and freed them when the path was done, on every path (most reach a state explored before). A path
        // to a new state moves it into the queue, and the next path grows a copy.
        var scratch: GrowingCheck?
        var head = 0
        var paths = 0
        var deepest = 0
        var depthBoundHit = false
        var stateBoundHit = false
        search: while head < queue.count {
            let from = head
            let depth = queue[head].depth
            head += 1
            if depth >= bounds.depth {
                if queue[from].actionsLeft { depthBoundHit = true }
                continue
            }
            // Moved out of the queue, not copied (the queue lets it go).
            guard let explored = queue[from].check?.check.take() else { preconditionFailure("a waiting state has its check") }
            queue[from].check = nil
            // At launch, also what the app's code shows that no user action leads to (appended there only: the list
            // shares the catalog's storage, and appending to it, even nothing, copies it). A constant: `tryMove`
            // reads it on every path, and a variable it captured was checked for exclusive access at each read.
            let listed = explored.withState { catalog.moves(in: $0) }
            let moves = depth == 0 ? listed + catalog.codePresents : listed
            /// Tries the move at `offset` (moves are read in place, by position: a copy of each retained its
            /// action's strings and its steps), growing `grown`, the explored state's check, which is moved into
            /// the queue when the state reached waits to be explored.
            ///
            /// The caller counts the path and stops at the state bound. The states visited and the violations seen
            /// are passed in, not captured: the variables this function captures are checked for exclusive access
            /// at run time at each access (`swift_beginAccess`), and `visited` is read and written on every path,
            /// `seen` on each that reports a violation.
            func tryMove(at offset: Int, growing grown: inout GrowingCheck?, visited: inout VisitedStates,
                         seen: inout SeenViolations) {
                // A function, not a closure value: the closures that call it are not escaping, so nothing is
                // allocated for it on the paths that find nothing (most of them).
                func pathHere() -> [Move] { path(to: from) + [moves[offset]] }
                // Whether the state reached is new is known before the rules are told the path ends: a check that
                // will not grow again (a state explored before, a crash, the depth bound) ends in place.
                var isNew = false
                let found = grown!.grow(moves[offset].steps, named: { Self.scenarioName(pathHere()) }, goesOn: { reached in
                    isNew = visited.insert(reached)
                    return isNew && !reached.isTerminated && depth + 1 < bounds.depth
                }, skipping: { !seen.insert($0) })
                // What the action caused counts even when it leads back to a state already explored: a call UIKit
                // drops (a pop of the root) leaves the state as it was, and that is where the bug is.
                if !found.isEmpty { record(found, path: pathHere) }
                guard isNew else { return }
                // The state is read in place (the check keeps it): what is on screen, whether the app crashed, and
                // at the depth bound whether actions are left (only until a state at the bound has some).
                let atBound = depth + 1 >= bounds.depth
                let (terminated, actionsLeft) = grown!.withState { reached in
                    onScreen.record(reached)
                    return (reached.isTerminated, atBound && !depthBoundHit && UserAction.anyAvailable(in: reached))
                }
                deepest = max(deepest, depth + 1)
                progress?(depth + 1, visited.count)
                guard !terminated else { return }
                let move = moves[offset]
                if atBound {
                    queue.append(Waiting(from: from, move: move, depth: depth + 1, check: nil, actionsLeft: actionsLeft))
                } else {
                    queue.append(Waiting(from: from, move: move, depth: depth + 1, check: WaitingCheck(grown.take()!),
                                         actionsLeft: false))
                }
            }
            // Each move but the last grows `scratch` made again from the explored state's check; the last grows
            // the check itself, which nothing needs after it, once the loop has counted it.
            var last: Int?
            for offset in moves.indices {
                if visited.count >= bounds.maxStates {
                    stateBoundHit = true
                    break search
                }
                paths += 1
                let transitions = moves[offset].transitions
                if transitions.0 >= 0 { performed[transitions.0] = true }
                if transitions.1 >= 0 { performed[transitions.1] = true }
                guard offset < moves.count - 1 else {
                    last = offset
                    break
                }
                if scratch == nil { scratch = explored } else { scratch!.restart(from: explored) }
                tryMove(at: offset, growing: &scratch, visited: &visited, seen: &seenViolations)
            }
            if let last {
                var check: GrowingCheck? = consume explored
                tryMove(at: last, growing: &check, visited: &visited, seen: &seenViolations)
            }
        }
        let performedNames = Set(spec.transitions.indices.filter { performed[$0] }.map { spec.transitions[$0].name })
        var result = Result(
            spec: spec, device: device, discoveries: discoveries, states: visited.count, paths: paths, deepest: deepest,
            depthBoundHit: depthBoundHit, stateBoundHit: stateBoundHit, unexplored: queue.count - head,
            transitionsNeverPerformed: spec.transitions.map(\.name).filter { name in
                !performedNames.contains(name) && !spec.transitions.contains { other in
                    other.name != name && performedNames.contains(other.name) && Self.calls(other, name)
                }
            },
            controllersNeverOnScreen: spec.controllers.map(\.id).filter { !onScreen.scenes.contains($0) })
        result.triedEvents = bounds.events
        result.triedDoubleTaps = bounds.doubleTaps
        return result
    }

    /// A state reached and waiting to be explored: how it was first reached, and its check.
    private struct Waiting {
        /// The position in the queue of the state it was reached from (-1 for launch), and the move that reached it.
        var from: Int
        var move: Move?
        var depth: Int
        /// The check grown along its path, until the state is explored; none at the depth bound.
        var check: WaitingCheck?
        /// At the depth bound: whether actions were left in it (false when a state at the bound was already known
        /// to have some).
        var actionsLeft: Bool
    }

    /// A waiting state's check, held by reference: the queue's entries stay small, so that growing the queue moves
    /// a few words for each (a check is about six hundred bytes), and the check is moved out when its state is
    /// explored.
    private final class WaitingCheck {
        var check: GrowingCheck?

        init(_ check: GrowingCheck) { self.check = check }
    }

    /// Whether `transition`'s calls perform `name` (so performing it performs `name` too).
    static func calls(_ transition: Transition, _ name: String) -> Bool {
        guard case .calls(let steps) = transition.body else { return false }
        func performs(_ step: Step) -> Bool {
            switch step.action {
            case .perform(let other): return other.value == name
            case .simultaneously(let inner): return inner.contains(where: performs)
            default: return false
            }
        }
        return steps.contains(where: performs)
    }

    /// The scenario name of a witness: its moves' actions, joined.
    static func scenarioName(_ path: [Move]) -> String {
        path.isEmpty ? "launch" : "explore: " + path.map(\.description).joined(separator: ", ")
    }
}

/// The scenes on screen in the states an exploration reached (`Result.controllersNeverOnScreen` lists the declared
/// controllers not among them).
struct ScenesOnScreen {
    /// The scenes of the controllers whose view was in the window in some state recorded.
    private(set) var scenes: Set<ControllerID> = []
    /// By declaration position, whether the declared scene is in `scenes` (sized at the first state recorded).
    private var seen: [Bool] = []
    /// The declaration positions of the declared scenes not in `scenes` yet: only their controllers (and instances)
    /// are asked whether they are in the window, and once none is left, states are not read at all. (Going through
    /// every controller of every new state, most of them seen long before, was two thirds of the work.)
    private var unseen: [Int] = []

    /// Records the scenes on screen in `state`, a state reached for the first time (a state reached again, equal by
    /// its key, shows the same scenes).
    mutating func record(_ state: HierarchyState) {
        if seen.isEmpty {
            seen = Array(repeating: false, count: state.declared.count)
            unseen = Array(seen.indices)
        }
        guard !unseen.isEmpty else { return }
        let order = state.order
        // The declared controllers come first in the table, in declaration order: only an instance's scene is
        // looked up.
        let declaredCount = min(state.declared.count, seen.count, order.count)
        var shown = false
        for position in unseen where position < declaredCount && state.isInWindow(order[position]) {
            scenes.insert(order[position].sceneID)
            seen[position] = true
            shown = true
        }
        for index in declaredCount..<order.count {
            let id = order[index]
            let position = state.declared.position(of: id.sceneID).flatMap { $0 < seen.count ? $0 : nil }
            if let position, seen[position] { continue }
            guard state.isInWindow(id) else { continue }
            scenes.insert(id.sceneID)
            if let position {
                seen[position] = true
                shown = true
            }
        }
        if shown { unseen.removeAll { seen[$0] } }
    }
}

/// The states an exploration has reached, each kept as its key: a hierarchy state with instances named by their
/// scene, so that states that differ only in which instance of a scene is where (tap, back, tap makes `detail#2`
/// where `detail` was) are one state.
///
/// Released instances (nothing holds them, their view is nowhere) are left out, as are the instance counters.
/// A key is a flat list of numbers: the window's state, then each declared controller's place in declaration
/// order (a run of those at rest, most of them, as one number), then the few instances segues made as a sorted list
/// of records, since which number each got does not matter. Numbers name scenes and strings as this process interned them, so keys compare within one process only
/// (one exploration), which is all they are for. The keys' numbers are in a few large pages, each key within one,
/// found by a 64-bit digest of them in an open-addressing table, so adding a state allocates nothing but the
/// growth of those arrays and, now and then, a page.
struct VisitedStates {
    /// Every key's words, one after another, in pages of `pageSize` words or more (a key longer than that has a
    /// page of its own): filled up, a page is left as it is and a new one started, where one array growing by
    /// doubling copied every key it held at each growth (a move of megabytes at depth 7).
    private var pages: [[UInt32]] = []
    /// Per key: its page and where its words are in it.
    private var keys: [(page: Int, start: Int, count: Int)] = []
    /// The words a page has room for.
    private static let pageSize = 1 << 16
    /// The keys' digests, by the keys' positions.
    private var table = DigestTable(buckets: 1024)
    /// The key being looked up, built here so that its list is allocated once.
    private var scratch: [UInt32] = []
    /// Where each held instance's record is in `scratch` while a key is built (kept so that it is allocated once).
    private var records: [Range<Int>] = []

    /// How many distinct states were added.
    var count: Int { keys.count }

    /// Adds `state`'s key, and tells whether it was not there yet.
    mutating func insert(_ state: HierarchyState) -> Bool {
        let length = Self.key(of: state, into: &scratch, records: &records)
        return scratch.withUnsafeBufferPointer { buffer in
            let key = UnsafeBufferPointer(rebasing: buffer[0..<length])
            let isNew = table.insert(Self.digest(key)) { position in
                keys[position].count == length && Self.equal(key, pages[keys[position].page], from: keys[position].start)
            }
            if isNew {
                if pages.isEmpty || pages[pages.count - 1].count + length > pages[pages.count - 1].capacity {
                    pages.append([])
                    pages[pages.count - 1].reserveCapacity(max(Self.pageSize, length))
                }
                let page = pages.count - 1
                keys.append((page, pages[page].count, length))
                pages[page].append(contentsOf: key)
            }
            return isNew
        }
    }

    /// Whether `key` is the words of `words` from `start` on (`memcmp`: most paths reach a state seen before, whose
    /// key of about fifty words a loop of two words at a time compared in about 220 instructions).
    private static func equal(_ key: UnsafeBufferPointer<UInt32>, _ words: [UInt32], from start: Int) -> Bool {
        words.withUnsafeBufferPointer { words in
            memcmp(key.baseAddress.unsafelyUnwrapped, words.baseAddress.unsafelyUnwrapped + start,
                   key.count * MemoryLayout<UInt32>.stride) == 0
        }
    }

    /// Four words at a time, each pair multiplied and the two mixed in by a shift, then two and one; equal words
    /// make equal digests.
    ///
    /// A pair is read as one eight-byte number: built from two four-byte reads, a shift and an or, the pairs were
    /// half the digest's work.
    private static func digest(_ words: UnsafeBufferPointer<UInt32>) -> UInt64 {
        let count = words.count
        var digest = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        guard count > 0 else { return digest }
        let bytes = UnsafeRawPointer(words.baseAddress.unsafelyUnwrapped)
        // The words at `index` and `index + 1` as one number (every read below is of words before `count`).
        func pair(at index: Int) -> UInt64 {
            bytes.loadUnaligned(fromByteOffset: index &* 4, as: UInt64.self)
        }
        var index = 0
        while index &+ 3 < count {
            digest = ((digest ^ pair(at: index)) &* 0xBF58_476D_1CE4_E5B9) ^ (pair(at: index &+ 2) &* 0x94D0_49BB_1331_11EB)
            digest ^= digest >> 29
            index &+= 4
        }
        if index &+ 1 < count {
            digest = (digest ^ pair(at: index)) &* 0xBF58_476D_1CE4_E5B9
            digest ^= digest >> 29
            index &+= 2
        }
        if index < count {
            digest = (digest ^ UInt64(words[index])) &* 0xBF58_476D_1CE4_E5B9
            digest ^= digest >> 29
        }
        return digest
    }

    /// Writes the key of `state` at the start of `scratch` (made long enough), and returns its length.
    ///
    /// The words are written through a pointer into space sized beforehand: appending each to an array checked
    /// its uniqueness and capacity every time. The instances' records are written in the second half first, then
    /// copied in their sorted order.
    ///
    /// `ranges` is where the instances' records are while they are sorted (emptied first; the caller keeps it so
    /// that it is allocated once).
    static func key(of state: HierarchyState, into scratch: inout [UInt32], records ranges: inout [Range<Int>]) -> Int {
        // Most states hold no instance: emptying an empty list still went through the array's generic path.
        if !ranges.isEmpty { ranges.removeAll(keepingCapacity: true) }
        let declaredCount = state.declared.count
        return state.controllers.withContents { table in
            let states = table.states
            // A controller's record is at most 14 words and its children (every list is a run of the arena).
            let bound = 4 + 2 * (state.archive?.entries.count ?? 0) + 14 * states.count + table.arenaCount
            if scratch.count < 2 * bound { scratch = Array(repeating: 0, count: 2 * bound) }
            return scratch.withUnsafeMutableBufferPointer { buffer in
                var key = Writer(buffer: buffer, count: 0)
                key.append(word(state.windowRoot))
                key.append(UInt32(state.isLaunched ? 1 : 0) | UInt32(state.isTerminated ? 2 : 0)
                    | UInt32(state.horizontalSizeClass == .regular ? 4 : 0) | UInt32(state.verticalSizeClass == .regular ? 8 : 0))
                if let archive = state.archive {
                    key.append(UInt32(archive.entries.count + 1))
                    for entry in archive.entries {
                        key.append(entry.id.scene.number)
                        key.append(InternedString(entry.path).number)
                    }
                } else {
                    key.append(0)
                }
                // The declared controllers come first in the table, in declaration order (instances are only appended).
                // Those at rest are counted, and each run of them is one word before the next record.
                var atRest = 0
                for position in 0..<declaredCount {
                    if isAtRest(table, position) {
                        atRest &+= 1
                        continue
                    }
                    if atRest > 0 {
                        appendRun(of: atRest, to: &key)
                        atRest = 0
                    }
                    append(table, position, to: &key)
                }
                if atRest > 0 { appendRun(of: atRest, to: &key) }
                // The instances segues made and something still holds (none, when every one was released).
                var records = Writer(buffer: buffer, count: bound)
                for position in declaredCount..<states.count {
                    let held = states[position].parent != nil || states[position].presenting != nil
                        || states[position].superview != nil || states[position].appearance != .disappeared
                    guard held else { continue }
                    let start = records.count
                    records.append(states[position].id.scene.number)
                    append(table, position, to: &records)
                    ranges.append(start..<records.count)
                }
                // Most states hold one instance or none: sorting them was a call.
                if ranges.count > 1 { sort(&ranges, of: UnsafeBufferPointer(buffer)) }
                key.append(UInt32(ranges.count))
                for range in ranges {
                    key.append(UInt32(range.count))
                    for index in range { key.append(buffer[index]) }
                }
                return key.count
            }
        }
    }

    /// Puts `records`, ranges of `words`, in the lexicographic order of their words, by insertion.
    ///
    /// A state holds a few instances, most often two when more than one: the library's sort, through its
    /// comparison closure and the slices' iterators, was about 160 instructions for two records.
    private static func sort(_ records: inout [Range<Int>], of words: UnsafeBufferPointer<UInt32>) {
        /// Whether the words of `left` come before those of `right` (`lexicographicallyPrecedes`).
        func precedes(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
            var (index, other) = (left.lowerBound, right.lowerBound)
            while index < left.upperBound, other < right.upperBound {
                if words[index] != words[other] { return words[index] < words[other] }
                index += 1
                other += 1
            }
            return index == left.upperBound && other < right.upperBound
        }
        records.withUnsafeMutableBufferPointer { records in
            for position in records.indices.dropFirst() {
                let record = records[position]
                var slot = position
                while slot > 0, precedes(record, records[slot - 1]) {
                    records[slot] = records[slot - 1]
                    slot -= 1
                }
                records[slot] = record
            }
        }
    }

    /// Words written one after another into space known to be large enough.
    ///
    /// The count is bounded by the buffer's size, so it is advanced without an overflow check (a test and a branch
    /// for every word of every path's key).
    struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt32>
        var count: Int

        mutating func append(_ word: UInt32) {
            buffer[count] = word
            count &+= 1
        }
    }

    /// Whether the controller at `position` is at rest: no link, no view, no presentation, no children, and
    /// disappeared (most controllers of most states: a scene not shown since launch).
    ///
    /// The fields are tested one by one, read in place, and the first that is not at rest ends the test (a copy of
    /// the state taken first had every field loaded before the first test).
    @inline(__always)
    private static func isAtRest(_ table: ControllerTable.Contents, _ position: Int) -> Bool {
        let stored = table.states.baseAddress.unsafelyUnwrapped + position
        return table.childCount(at: position) == 0 && stored.pointee.appearance == .disappeared && stored.pointee.superview == nil
            && stored.pointee.parent == nil && stored.pointee.presented == nil && stored.pointee.presenting == nil
            && stored.pointee.coveredBy == nil && stored.pointee.selected == nil && stored.pointee.presentationStyle == nil
            && stored.pointee.manualAppearance == nil
    }

    /// Writes the word of `count` declared controllers in a row at rest (`isAtRest`): bit 15, which no record's first
    /// word has, and the count above it (0xFFFF: the count follows). A word for each run, not one for each of them,
    /// makes the key shorter to write, digest, compare and keep.
    @inline(__always)
    private static func appendRun(of count: Int, to words: inout Writer) {
        words.append(1 << 15 | UInt32(min(count, 0xFFFF)) << 16)
        if count >= 0xFFFF { words.append(UInt32(truncatingIfNeeded: count)) }
    }

    /// The place in the hierarchy of the controller at `position`, every id named by its scene (read through the
    /// table's pointers: `ControllerTable.withContents(_:)`).
    ///
    /// A first word says which links the controller has and holds its small fields; the scenes it links to follow,
    /// only those it has, then its children (a controller at rest is one word). Inlined into the key's loops: a call
    /// for each controller of each path's state, with the writer's count loaded and stored around each word, was
    /// about a fifth of the key.
    @inline(__always)
    private static func append(_ table: ControllerTable.Contents, _ position: Int, to words: inout Writer) {
        // Bit 0: parent; 1-2: superview (none, window, a controller's view, a presentation); 3: presented;
        // 4: presenting; 5-8: style + 1; 9: covered; 10-11: appearance; 12: selected; 13-14: manual appearance
        // (none, disappearing, appearing); 16-31: the number of children (0xFFFF: the number follows).
        let stored = table.states.baseAddress.unsafelyUnwrapped + position
        // The links are written after the first word as they are read, each field in place, and the first word is
        // written last with their bits: a copy of the state loaded every field up front and kept them on the stack
        // (111 instructions for a controller not at rest, against 69).
        let children = table.children(at: position)
        var flags = UInt32(min(children.count, 0xFFFF)) << 16 | ordinal(stored.pointee.appearance) << 10
        let first = words.count
        words.count &+= 1
        if children.count >= 0xFFFF { words.append(UInt32(truncatingIfNeeded: children.count)) }
        if let parent = stored.pointee.parent {
            flags |= 1
            words.append(parent.scene.number)
        }
        switch stored.pointee.superview {
        case nil: break
        case .window?: flags |= 1 << 1
        case .controller(let owner)?:
            flags |= 2 << 1
            words.append(owner.scene.number)
        case .presentation(let presenter)?:
            flags |= 3 << 1
            words.append(presenter.scene.number)
        }
        if let presented = stored.pointee.presented {
            flags |= 1 << 3
            words.append(presented.scene.number)
        }
        if let presenting = stored.pointee.presenting {
            flags |= 1 << 4
            words.append(presenting.scene.number)
        }
        if let style = stored.pointee.presentationStyle { flags |= (ordinal(style) + 1) << 5 }
        if let coveredBy = stored.pointee.coveredBy {
            flags |= 1 << 9
            words.append(coveredBy.scene.number)
        }
        if let selected = stored.pointee.selected {
            flags |= 1 << 12
            words.append(selected.scene.number)
        }
        if let appearing = stored.pointee.manualAppearance { flags |= (appearing ? 2 : 1) << 13 }
        for child in children { words.append(child.scene.number) }
        words.buffer[first] = flags
    }

    /// A controller's scene, or 0 for none (scenes are numbered from 1 here).
    private static func word(_ id: ControllerID?) -> UInt32 { id.map { $0.scene.number + 1 } ?? 0 }

    /// A number for each style (`allCases` would build its list on every call).
    private static func ordinal(_ style: PresentationStyle) -> UInt32 {
        switch style {
        case .fullScreen: 0
        case .pageSheet: 1
        case .formSheet: 2
        case .currentContext: 3
        case .overFullScreen: 4
        case .overCurrentContext: 5
        case .popover: 6
        case .custom: 7
        case .automatic: 8
        }
    }

    /// A number for each appearance state.
    private static func ordinal(_ appearance: AppearanceState) -> UInt32 {
        switch appearance {
        case .appearing: 0
        case .appeared: 1
        case .disappearing: 2
        case .disappeared: 3
        }
    }
}

/// The violations an exploration's paths reported, each kept once, looked up by a digest of their numbers.
///
/// Nearly every violation a path reports was reported by another path before. A `Set<Violation>` hashed the rule's
/// name with SipHash for each lookup and copied each member it compared (about 1.9 k instructions a lookup); here the
/// digest mixes the place, the controllers' keys, the step, the scenario and the call's place, and a member whose
/// digest is equal is compared in place, field by field (`Violation`'s equality), so that two violations are one
/// exactly when they are equal.
struct SeenViolations {
    /// Every violation added, in the order it was first added.
    private var violations: [Violation] = []
    /// Their digests.
    private var table = DigestTable(buckets: 64)

    /// Adds `violation`, and tells whether it was not there yet.
    mutating func insert(_ violation: Violation) -> Bool {
        let isNew = violations.withUnsafeBufferPointer { violations in
            table.insert(Self.digest(violation)) { violations[$0] == violation }
        }
        if isNew { violations.append(violation) }
        return isNew
    }

    /// A number that equal violations share: each of their numbers mixed in turn (not their strings: equal strings
    /// may differ in their bytes, and hashing them was the cost).
    private static func digest(_ violation: Violation) -> UInt64 {
        var digest: UInt64 = 0x9E37_79B9_7F4A_7C15
        func mix(_ word: UInt64) {
            digest = (digest ^ word) &* 0xBF58_476D_1CE4_E5B9
            digest ^= digest >> 29
        }
        mix(UInt64(truncatingIfNeeded: violation.location.line) << 32 | UInt64(truncatingIfNeeded: violation.location.column))
        mix(UInt64(truncatingIfNeeded: violation.step ?? -1) << 32 | UInt64(truncatingIfNeeded: violation.scenario ?? -1))
        if let call = violation.call { mix(UInt64(truncatingIfNeeded: call.line) << 32 | UInt64(truncatingIfNeeded: call.column)) }
        for controller in violation.controllers { mix(controller.key) }
        return digest
    }
}

/// A finding as `explore` counts it: its rule, the place it points at and the controller it is about (the first
/// one it names, by its scene), so the same bug reached by two paths is one finding and the same rule at two places
/// is two.
///
/// The other controllers a finding names are left out: they often depend on the path (a double tap's second
/// presentation is refused by whatever presents at that moment), and the bug, at that place and about that
/// controller, is one.
public struct ExploredFinding: Hashable, Sendable {
    public var identity: FindingIdentity
    public var location: SourceLocation

    public init(_ finding: Finding) {
        var identity = FindingIdentity(finding).acrossPaths
        identity.controllers = Array(identity.controllers.prefix(1))
        self.identity = identity
        location = finding.location
    }
}
