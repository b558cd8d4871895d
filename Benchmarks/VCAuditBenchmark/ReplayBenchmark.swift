#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import VCAuditReplay
import VCAuditSpec

/// `vcaudit-benchmark replay`: replay throughput over a generated corpus, next to the cost of loading it,
/// at several scenario lengths to show that replay is linear in the number of steps.
///
/// The corpus is deterministic: each spec is an app with a tab bar of navigation stacks, a split view,
/// a custom container, a page controller, sheets and popovers; each scenario repeats a round of
/// user actions (select a tab, push down the stack, present and dismiss, pop to root, swap the
/// container's child with the full containment dance, turn a page, open a popover, rotate, expect)
/// that ends where it started, so a scenario of 4× the rounds is exactly 4× the work. Every replay is
/// checked to end without an exception, so a shortened scenario cannot flatter the figures.
struct ReplayBenchmark {
    var specs = 60
    var scenarios = 4
    var rounds = 20
    var scales = [1, 2, 4]
    var repeats = 3
    var seed: UInt64 = 7
    /// With `--print-spec N`: print generated app N (at the first scale) instead of measuring.
    var printedSpec: Int?
    /// `--no-jsonl` skips serializing the logs (for profiling replay alone).
    var serialize = true

    static let usage = """
        usage: vcaudit-benchmark replay [--specs N] [--scenarios N] [--rounds N] [--scales 1,2,4] [--repeat N] [--seed N]
                                        [--no-jsonl] [--print-spec N]

          Generates --specs apps (default 60), each with --scenarios scenarios (default 4) of --rounds
          rounds of user actions (default 20, about 20 steps a round), at each scale in --scales (the
          rounds multiplied), then times, taking the median of --repeat runs (default 3):
            load     SpecLoader.load of every spec's bytes (libyaml + decode + validate)
            replay   Replay.run of every scenario (decide, evolve, the event log)
            jsonl    the logs' canonical JSON Lines
          and prints events per second and nanoseconds per step and per event at each scale. Times are
          the thread's CPU seconds (steadier than wall-clock time on a busy machine).
          --no-jsonl skips the serialization; --print-spec N prints generated app N (0-based, first
          scale) as YAML instead of measuring.
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--no-jsonl" {
                serialize = false
                continue
            }
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            if flag == "--scales" {
                let parsed = value.split(separator: ",").compactMap { Int($0) }
                guard !parsed.isEmpty, parsed.count == value.split(separator: ",").count, parsed.allSatisfy({ $0 > 0 }) else {
                    throw UsageError("--scales needs positive whole numbers separated by commas")
                }
                scales = parsed
                continue
            }
            if flag == "--print-spec" {
                guard let number = Int(value), number >= 0 else { throw UsageError("--print-spec needs a whole number") }
                printedSpec = number
                continue
            }
            guard let number = Int(value), number > 0 else { throw UsageError("\(flag) needs a positive whole number") }
            switch flag {
            case "--specs": specs = number
            case "--scenarios": scenarios = number
            case "--rounds": rounds = number
            case "--repeat": repeats = number
            case "--seed": seed = UInt64(number)
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
    }

    func run() {
        if let printedSpec {
            print(ReplayCorpus.app(index: printedSpec, scenarios: scenarios, rounds: rounds * scales[0], seed: seed), terminator: "")
            return
        }
        print("replay benchmark: \(specs) specs × \(scenarios) scenarios × \(rounds) rounds at scales \(scales.map { "\($0)×" }.joined(separator: " ")), seed \(seed), median of \(repeats)")
        print("scale     steps      events     bytes   load s   replay s   jsonl s   events/s    ns/step  ns/event  replay/load   (CPU seconds)")
        var baseline: (steps: Int, replay: Double)?
        for scale in scales {
            let corpus = (0..<specs).map { ReplayCorpus.app(index: $0, scenarios: scenarios, rounds: rounds * scale, seed: seed) }
            let bytes = corpus.map { Array($0.utf8) }
            var loads: [Double] = []
            var replays: [Double] = []
            var serializations: [Double] = []
            var steps = 0
            var events = 0
            for _ in 0..<repeats {
                var loaded: [Spec] = []
                loads.append(Self.seconds {
                    loaded = bytes.enumerated().map { index, bytes in
                        guard let spec = SpecLoader.load(bytes: bytes, path: "app\(index).yaml").spec else {
                            fatalError("generated app\(index).yaml does not load")
                        }
                        return spec
                    }
                })
                // One scenario's log at a time, as `check` works: memory stays bounded by the largest log.
                var replay = 0.0
                var serialization = 0.0
                var serializedBytes = 0
                steps = 0
                events = 0
                for spec in loaded {
                    for scenario in spec.scenarios {
                        var log: EventLog?
                        replay += Self.seconds { log = Replay.run(spec, scenario: scenario).log }
                        guard let log else { continue }
                        if serialize { serialization += Self.seconds { serializedBytes &+= log.jsonLines.utf8.count } }
                        if log.events.contains(where: { $0.name == .exception }) {
                            fatalError("scenario '\(scenario.name)' of \(spec.file) ended in an exception; the benchmark would measure less work")
                        }
                        steps += scenario.steps.count
                        events += log.events.count
                    }
                }
                replays.append(replay)
                serializations.append(serialization)
                precondition(!serialize || serializedBytes > 0)
            }
            let load = Self.median(loads)
            let replay = Self.median(replays)
            let jsonl = serialize ? Self.median(serializations) : 0
            let totalBytes = bytes.reduce(0) { $0 + $1.count }
            print([
                Self.pad("\(scale)×", 5), Self.pad("\(steps)", 9), Self.pad("\(events)", 11), Self.pad("\(totalBytes / 1024) KB", 9),
                Self.fixed(load, 3, 8), Self.fixed(replay, 3, 10), Self.fixed(jsonl, 3, 9),
                Self.pad("\(Int(Double(events) / replay))", 10), Self.fixed(replay * 1e9 / Double(steps), 0, 10),
                Self.fixed(replay * 1e9 / Double(events), 0, 9), Self.fixed(replay / load, 2, 12),
            ].joined(separator: " "))
            if let baseline {
                let stepRatio = Double(steps) / Double(baseline.steps)
                let timeRatio = replay / baseline.replay
                print("         \(Self.fixed(stepRatio, 2, 0))× the steps of the first scale took \(Self.fixed(timeRatio, 2, 0))× its replay time (linear when the ratios match)")
            } else {
                baseline = (steps, replay)
            }
        }
    }

    /// The CPU seconds the calling thread spends in `body`: steadier than wall-clock time on a shared machine.
    static func seconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        body()
        return now() - start
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `value` with `decimals` digits after the point, right-aligned in `width`.
    static func fixed(_ value: Double, _ decimals: Int, _ width: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        var text = String(scaled / Int(scale))
        if decimals > 0 {
            let fraction = String(scaled % Int(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return pad(text, width)
    }
}

/// The generated apps of the replay benchmark: YAML text, deterministic for a seed.
enum ReplayCorpus {
    /// App `index`: its controllers, transitions and `scenarios` scenarios of `rounds` rounds each.
    static func app(index: Int, scenarios: Int, rounds: Int, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x1000_0001)
        let tabs = random.int(in: 2...4)
        let depth = random.int(in: 3...8)
        let sheets = random.int(in: 2...4)
        let children = random.int(in: 2...4)
        let pages = random.int(in: 2...4)
        let styles = ["pageSheet", "formSheet", "fullScreen", "overFullScreen", "automatic"]

        var out = "vcaudit: 1\napp: Bench\(index)\nios: 17\nrestoration: true\ncontrollers:\n"
        out += "  tabs: { kind: tabBar, restorationID: tabs, children: [\((0..<tabs).map { "nav\($0)" }.joined(separator: ", ")), split, box, book] }\n"
        for tab in 0..<tabs {
            out += "  nav\(tab): { kind: navigation, restorationID: nav\(tab), root: s\(tab)_0 }\n"
            for level in 0..<depth { out += "  s\(tab)_\(level): { class: Screen\(level)ViewController, restorationID: s\(tab)_\(level) }\n" }
        }
        out += "  split: { kind: split, restorationID: split, children: [listNav, placeholder] }\n"
        out += "  listNav: { kind: navigation, restorationID: listNav, root: list }\n  list: { restorationID: list }\n"
        out += "  placeholder: { restorationID: placeholder }\n  detail: { restorationID: detail }\n"
        out += "  box: { kind: container, restorationID: box, children: [c0] }\n"
        for child in 0..<children { out += "  c\(child): { class: ChildViewController }\n" }
        out += "  book: { kind: page, restorationID: book, children: [p0] }\n"
        for page in 0..<pages { out += "  p\(page): { class: PageViewController, restorationID: p\(page) }\n" }
        for sheet in 0..<sheets { out += "  sheet\(sheet): { modalPresentationStyle: \(styles[sheet % styles.count]) }\n" }
        out += "  info: { modalPresentationStyle: popover, popover: { barButtonItem: infoItem } }\n"
        out += "window: tabs\ntransitions:\n"
        for child in 0..<children {
            let next = (child + 1) % children
            out += "  swap\(child):\n    calls:\n"
            out += "      - willMove: { child: c\(child), parent: null }\n      - removeFromSuperview: c\(child)\n      - removeFromParent: c\(child)\n"
            out += "      - addChild: { parent: box, child: c\(next) }\n      - addSubview: { view: c\(next), to: box }\n"
            out += "      - didMove: { child: c\(next), parent: box }\n"
        }
        out += "  openInfo: { segue: popover, from: book, to: info }\n  closeInfo: { segue: unwind, from: info, to: book }\n"
        out += "scenarios:\n"
        for scenario in 0..<scenarios {
            out += "  - name: Session \(scenario)\n    steps:\n      - launch\n"
            var child = 0
            var page = 0
            for round in 0..<rounds {
                let tab = (round + scenario) % tabs
                let top = "s\(tab)_\(depth - 1)"
                out += "      - select: nav\(tab)\n"
                for level in 1..<depth { out += "      - push: { nav: nav\(tab), vc: s\(tab)_\(level) }\n" }
                out += "      - expect: { top: { nav: nav\(tab), vc: \(top) } }\n"
                out += "      - present: { vc: sheet\(round % sheets), from: \(top) }\n      - dismiss: sheet\(round % sheets)\n"
                out += "      - popToRoot: nav\(tab)\n"
                out += "      - select: box\n      - perform: swap\(child)\n"
                child = (child + 1) % children
                out += "      - select: book\n"
                page = (page + 1) % pages
                out += "      - setViewControllers: { of: book, vcs: [p\(page)] }\n"
                out += "      - perform: openInfo\n      - perform: closeInfo\n"
                out += "      - select: split\n      - device: ipad\n      - showDetail: { from: list, vc: \(round % 2 == 0 ? "detail" : "placeholder") }\n      - device: iphone\n"
                // Collapsing keeps a detail the app showed (pushed onto listNav) and sets the declared placeholder aside.
                out += "      - expect: { visible: [tabs, split, listNav, \(round % 2 == 0 ? "detail" : "list")] }\n"
            }
        }
        return out
    }
}
