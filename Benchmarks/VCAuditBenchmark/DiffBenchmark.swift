import Foundation
#if canImport(Glibc)
import Glibc
#endif
import VCAuditDiff
import VCAuditReplay
import VCAuditSpec

/// `vcaudit-benchmark diff`: aligns two generated logs of a million events each with a few hundred differences.
///
/// Generates a session-like log (pushes, pops, presentations, tab switches and
/// their callbacks over a pool of controllers, so most events repeat many
/// times), derives a second log from it with inserted, deleted, moved and
/// changed events, and measures separately: serializing and parsing the JSONL
/// (`EventLog.parse`), interning, alignment (with moves), and building the
/// report (hunks and summary). Peak memory is the process high-water mark
/// around each phase, reset between phases where the OS allows it (Linux).
/// A second case, a strictly periodic log with no unique events, exercises the
/// path where patience anchoring finds nothing and Myers' cost bound matters.
struct DiffBenchmark {
    var events = 1_000_000
    var differences = 400
    var seed: UInt64 = 2024
    var parse = true

    static let usage = """
        usage: vcaudit-benchmark diff [--events N] [--differences N] [--seed N] [--no-parse]

          Generates two event logs of N events each (default 1000000) that differ in a few hundred
          places (--differences, default 400: inserted, deleted, moved and changed events), then times:
            parse     EventLog.parse of one log's JSONL (skipped with --no-parse)
            intern    turning both logs' events into integers by content
            align     the alignment with move detection (patience anchors, then Myers)
            hunks     grouping the changes into hunks with 3 lines of context
          on a session-like log and on a strictly periodic one (no event is unique).
          Times are wall-clock and thread CPU seconds; memory is the growth of the peak RSS.
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--no-parse" {
                parse = false
                continue
            }
            guard let value = rest.popFirst(), let number = Int(value), number > 0 else {
                throw UsageError("\(flag) needs a positive whole number")
            }
            switch flag {
            case "--events": events = max(number, 100)
            case "--differences": differences = number
            case "--seed": seed = UInt64(number)
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
    }

    func run() {
        print("diff benchmark: \(events) events a side, \(differences) differences, seed \(seed)")
        var rng = SplitMix64(seed: seed)
        let (oldEvents, generateTime) = Self.measure { SessionGenerator.session(count: events, using: &rng) }
        let (newEvents, editTime) = Self.measure { SessionGenerator.edit(oldEvents, differences: differences, using: &rng) }
        print(String(format: "  generate            %8.3f s  (+ edit %.3f s)", generateTime, editTime))
        let oldLog = SessionGenerator.log(oldEvents, scenario: "bench")
        let newLog = SessionGenerator.log(newEvents, scenario: "bench")

        if parse {
            let (text, serializeTime) = Self.measure { oldLog.jsonLines }
            print(String(format: "  serialize JSONL     %8.3f s  (%d MB)", serializeTime, text.utf8.count / 1_000_000))
            Memory.resetPeak()
            let before = Memory.current()
            let (parsed, parseTime) = Self.measure { try? EventLog.parse(text) }
            print(String(format: "  parse JSONL         %8.3f s  %8.3f s cpu  (%.0f events/s, peak +%d MB)", parseTime, Self.lastCPUSeconds,
                         Double(oldEvents.count) / Self.lastCPUSeconds, (Memory.peak() - before) / 1_000_000))
            precondition(parsed?.events.count == oldEvents.count, "parse lost events")
        }

        report(case: "session log", old: oldLog, new: newLog)

        // Periodic: the same 12-event cycle over and over, so no event is unique.
        var periodicRNG = SplitMix64(seed: seed &+ 1)
        let periodic = SessionGenerator.periodic(count: events)
        let periodicEdited = SessionGenerator.edit(periodic, differences: differences, using: &periodicRNG)
        report(case: "periodic log (no unique events)", old: SessionGenerator.log(periodic, scenario: "periodic"),
               new: SessionGenerator.log(periodicEdited, scenario: "periodic"))
    }

    func report(case name: String, old: EventLog, new: EventLog) {
        print("  \(name):")
        Memory.resetPeak()
        let baseline = Memory.current()
        var interner = EventInterner(expectedCount: 1 << 16)
        let ((a, b), internTime) = Self.measure { (interner.symbols(for: old.events), interner.symbols(for: new.events)) }
        let internCPU = Self.lastCPUSeconds
        let (script, alignTime) = Self.measure { EventAligner.align(symbols: a, b, symbolCount: interner.count) }
        let alignCPU = Self.lastCPUSeconds
        let (hunks, hunkTime) = Self.measure { DiffHunk.hunks(script, context: 3) }
        let hunkCPU = Self.lastCPUSeconds
        let peak = Memory.peak() - baseline
        print("    (wall-clock seconds, then CPU seconds of this thread)")
        print(String(format: "    intern            %8.3f s  %8.3f s cpu  (%d distinct contents)", internTime, internCPU, interner.count))
        print(String(format: "    align + moves     %8.3f s  %8.3f s cpu", alignTime, alignCPU))
        print(String(format: "    hunks             %8.3f s  %8.3f s cpu  (%d hunks)", hunkTime, hunkCPU, hunks.count))
        print(String(format: "    diff work total   %8.3f s  %8.3f s cpu", internTime + alignTime + hunkTime, internCPU + alignCPU + hunkCPU))
        print("    script            \(script.insertedCount) inserted, \(script.deletedCount) deleted, \(script.movedCount) moved in \(script.moves.count) moves")
        print("    peak memory       +\(peak / 1_000_000) MB over the \(baseline / 1_000_000) MB holding both logs (\(old.events.count + new.events.count) events)")
        precondition(script.apply(to: a, insertingFrom: b) == b, "the edit script does not rebuild the new log")
    }

    /// Wall-clock seconds of `body`; its thread CPU seconds are added to `cpuSeconds`.
    static func measure<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let cpuStart = threadCPUTime()
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        lastCPUSeconds = threadCPUTime() - cpuStart
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The CPU seconds of the last `measure`: on a shared machine, less noisy than wall-clock time.
    nonisolated(unsafe) static var lastCPUSeconds = 0.0

    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// The process's resident memory, from the kernel's accounting.
enum Memory {
    /// Resident set size now, in bytes (0 where unknown).
    static func current() -> Int { status("VmRSS:") }

    /// Peak resident set size since start or the last `resetPeak`, in bytes.
    static func peak() -> Int {
        #if os(Linux)
        return status("VmHWM:")
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)  // bytes on macOS
        #endif
    }

    /// Returns free heap pages to the OS and resets the peak to the current size (Linux: `/proc/self/clear_refs`); a no-op elsewhere.
    static func resetPeak() {
        #if os(Linux)
        // Give freed heap pages back first, so reusing them shows up as growth.
        if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") {
            typealias Trim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
        #endif
    }

    private static func status(_ key: String) -> Int {
        #if os(Linux)
        // /proc files report size 0, so read them with plain read(2) until the end.
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            let digits = line.dropFirst(key.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
            return digits * 1024
        }
        return 0
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }
}

/// Builds synthetic logs that look like replays of a large app.
enum SessionGenerator {
    static let file = "Specs/Benchmark.yaml"

    /// A session over 4 tabs, each a navigation controller, with 200 content controllers pushed and presented.
    static func session(count: Int, using rng: inout SplitMix64) -> [Event] {
        var events: [Event] = []
        events.reserveCapacity(count + 16)
        let tabs = (0..<4).map { "nav\($0)" }
        var stacks = tabs.map { ["root\($0)"] }
        var selected = 0
        var presented: String?
        var step = 1
        func at() -> SourceLocation { SourceLocation(file: file, line: 10 + step % 5000, column: 9) }
        func add(_ name: EventName, vc: String? = nil, nav: String? = nil, presenter: String? = nil, presented: String? = nil,
                 animated: Bool? = nil, style: PresentationStyle? = nil, parent: String? = nil) {
            func id(_ name: String?) -> ControllerID? { name.map { ControllerID($0) } }
            events.append(Event(name: name, vc: id(vc), parent: id(parent), presenter: id(presenter), presented: id(presented), nav: id(nav),
                                style: style, animated: animated, at: at(), step: step))
        }
        add(.setRootViewController, vc: "tabs")
        add(.makeKeyAndVisible)
        while events.count < count {
            step += 1
            let top = stacks[selected].last!
            if let shown = presented {
                add(.dismiss, vc: shown, animated: true)
                add(.viewWillDisappear, vc: shown, animated: true)
                add(.viewDidDisappear, vc: shown, animated: true)
                add(.dismissalDidComplete, vc: shown)
                presented = nil
                continue
            }
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let vc = "screen\(Int.random(in: 0..<200, using: &rng))"
                guard !stacks[selected].contains(vc) else { continue }
                add(.pushViewController, vc: vc, nav: tabs[selected], animated: true)
                add(.willMoveToParent, vc: vc, parent: tabs[selected])
                add(.viewWillDisappear, vc: top, animated: true)
                add(.viewWillAppear, vc: vc, animated: true)
                add(.animationDidStart, nav: tabs[selected])
                add(.animationDidComplete, nav: tabs[selected])
                add(.viewDidDisappear, vc: top, animated: true)
                add(.viewDidAppear, vc: vc, animated: true)
                add(.didMoveToParent, vc: vc, parent: tabs[selected])
                stacks[selected].append(vc)
            case 4..<7 where stacks[selected].count > 1:
                let below = stacks[selected][stacks[selected].count - 2]
                add(.popViewController, vc: top, nav: tabs[selected], animated: true)
                add(.willMoveToParent, vc: top)
                add(.viewWillDisappear, vc: top, animated: true)
                add(.viewWillAppear, vc: below, animated: true)
                add(.viewDidDisappear, vc: top, animated: true)
                add(.viewDidAppear, vc: below, animated: true)
                add(.didMoveToParent, vc: top)
                stacks[selected].removeLast()
            case 7:
                let next = Int.random(in: 0..<tabs.count, using: &rng)
                guard next != selected else { continue }
                add(.setSelectedViewController, vc: tabs[next])
                add(.viewWillDisappear, vc: stacks[selected].last!, animated: false)
                add(.viewWillAppear, vc: stacks[next].last!, animated: false)
                add(.viewDidDisappear, vc: stacks[selected].last!, animated: false)
                add(.viewDidAppear, vc: stacks[next].last!, animated: false)
                selected = next
            default:
                let vc = "modal\(Int.random(in: 0..<40, using: &rng))"
                add(.present, vc: top, presenter: top, presented: vc, animated: true, style: .pageSheet)
                add(.viewWillAppear, vc: vc, animated: true)
                add(.viewDidAppear, vc: vc, animated: true)
                add(.presentationDidComplete, vc: vc)
                presented = vc
            }
        }
        return Array(events.prefix(count))
    }

    /// `count` events cycling through the same 12, so nothing is unique.
    static func periodic(count: Int) -> [Event] {
        let cycle: [Event] = ["a", "b", "c"].flatMap { vc in
            [EventName.pushViewController, .viewWillAppear, .viewDidAppear, .popViewController].map {
                Event(name: $0, vc: vc, nav: "nav", at: SourceLocation(file: file, line: 1, column: 1))
            }
        }
        return (0..<count).map { cycle[$0 % cycle.count] }
    }

    /// `events` with `differences` edits spread over it: inserts, deletes, moves and changed events, a quarter each.
    ///
    /// Edits are placed at distinct positions of the original (at least 16 apart)
    /// and applied in one pass; a move takes 3 to 8 events out and puts them
    /// back up to 2,000 events away.
    static func edit(_ events: [Event], differences: Int, using rng: inout SplitMix64) -> [Event] {
        let at = SourceLocation(file: file, line: 1, column: 1)
        var positions = Set<Int>()
        while positions.count < min(differences, events.count / 32) {
            let candidate = Int.random(in: 16..<(events.count - 16), using: &rng) / 16 * 16
            positions.insert(candidate)
        }
        var insertions: [Int: [Event]] = [:]  // before this original index
        var skipped = Set<Int>()
        var changed: [Int: Event] = [:]
        for (index, position) in positions.sorted().enumerated() {
            switch index % 4 {
            case 0:
                insertions[position, default: []] += (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                    Event(name: .warning, vc: ControllerID("screen\(Int.random(in: 0..<200, using: &rng))"), message: "inserted", at: at)
                }
            case 1:
                for offset in 0..<Int.random(in: 1...4, using: &rng) { skipped.insert(position + offset) }
            case 2:
                let length = Int.random(in: 3...8, using: &rng)
                let target = min(events.count, max(0, position + Int.random(in: -2_000...2_000, using: &rng)))
                insertions[target, default: []] += events[position..<(position + length)]
                for offset in 0..<length { skipped.insert(position + offset) }
            default:
                var event = events[position]
                event.vc = ControllerID("changed\(Int.random(in: 0..<10, using: &rng))")
                changed[position] = event
            }
        }
        var out: [Event] = []
        out.reserveCapacity(events.count + differences * 4)
        for index in 0...events.count {
            if let inserted = insertions[index] { out += inserted }
            guard index < events.count, !skipped.contains(index) else { continue }
            out.append(changed[index] ?? events[index])
        }
        return out
    }

    static func log(_ events: [Event], scenario: String) -> EventLog {
        var builder = EventLog.Builder(header: EventLog.Header(spec: file, specDigest: "sha256:0", scenario: scenario, device: .iphone, ios: 17))
        for event in events { builder.append(event) }
        return builder.build()
    }
}

