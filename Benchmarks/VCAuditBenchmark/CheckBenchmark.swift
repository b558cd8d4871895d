import CAllocationCount
import Dispatch
import Foundation
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditYAML

/// `vcaudit-benchmark check`: the whole `check` pipeline vs libyaml's bare parse of the same bytes.
///
/// Per file, as `vcaudit check` works: load (compose, decode, validate), replay
/// every scenario on the spec's device, run every rule, merge and suppress.
/// The stages are also timed apart (load; load + replay; load + replay + rules)
/// so the report says where the time goes.
struct CheckBenchmark {
    var megabytes = 16
    var iterations = 5
    var seed: UInt64 = 2024
    /// With any of these, the corpus is `replay`'s long-scenario apps instead of `load`'s: `specs` apps of
    /// `scenarios` scenarios of `rounds` rounds (about 20 steps a round).
    var specs: Int?
    var scenarios: Int?
    var rounds: Int?
    /// With `--write-corpus DIR`: write the corpus's files there instead of timing, for timing `vcaudit check DIR`.
    var corpusDirectory: String?
    /// Time only these stages (for profiling one of them); all when empty.
    var only: Set<String> = []

    static let usage = """
        usage: vcaudit-benchmark check [--megabytes N] [--iterations N] [--seed N] [--specs N --scenarios N --rounds N]
                                       [--write-corpus DIR] [--only libyaml|load|replay|check|parallel]

          Generates N MB of realistic specs in memory (default 16; the same generator as 'load'), or with
          --specs, --scenarios or --rounds the 'replay' benchmark's apps with long scenarios (default 400 specs
          × 4 scenarios × 6 rounds, about 120 steps a scenario), then times, on the same bytes, one file at a
          time as 'vcaudit check' does:
            libyaml   libyaml's bare event parse
            load      SpecLoader.load(bytes:): compose, decode, validate
            replay    load, then Replay.run of every scenario (the event logs)
            check     load, then Checker.check: replay, every rule, device merging, suppressions
            check×N   the same on one thread per core (N cores), as 'vcaudit check' runs by default: wall time
          The first iteration is a warm-up. Ratios are to libyaml. A CPU line gives the process's CPU seconds
          during check and check×N and their ratio: what the threads spent in all, whatever else the machine ran.
          Then one more check pass, untimed, counts heap allocations (on Linux) for the allocations per event: in
          all, and in Checker.check alone (replay and rules of each spec once loaded).
          With --write-corpus DIR it writes the corpus's files to DIR (which must not exist) and times nothing:
          'time vcaudit check DIR' then measures the tool.
          --only times one stage, for a profiler (perf record, valgrind --tool=callgrind); the other columns read 0.
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--write-corpus" {
                guard let directory = rest.popFirst() else { throw UsageError("--write-corpus needs a directory") }
                corpusDirectory = directory
                continue
            }
            if flag == "--only" {
                guard let stage = rest.popFirst(), ["libyaml", "load", "replay", "check", "parallel"].contains(stage) else {
                    throw UsageError("--only needs libyaml, load, replay, check or parallel")
                }
                only.insert(stage)
                continue
            }
            guard let value = rest.popFirst(), let number = Int(value), number > 0 else {
                throw UsageError("\(flag) needs a positive whole number")
            }
            switch flag {
            case "--megabytes": megabytes = number
            case "--iterations": iterations = number
            case "--seed": seed = UInt64(number)
            case "--specs": specs = number
            case "--scenarios": scenarios = number
            case "--rounds": rounds = number
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
    }

    private func runs(_ stage: String) -> Bool { only.isEmpty || only.contains(stage) }

    func run() {
        let files: [CorpusGenerator.File]
        if specs != nil || scenarios != nil || rounds != nil {
            let (specs, scenarios, rounds) = (specs ?? 400, scenarios ?? 4, rounds ?? 6)
            files = (0..<specs).map { index in
                CorpusGenerator.File(name: "app\(index).yaml",
                                     bytes: Array(ReplayCorpus.app(index: index, scenarios: scenarios, rounds: rounds, seed: seed).utf8))
            }
        } else {
            files = CorpusGenerator(seed: seed).generate(totalBytes: megabytes << 20)
        }
        let totalBytes = files.reduce(0) { $0 + $1.bytes.count }
        if let corpusDirectory {
            write(files, to: corpusDirectory)
            return
        }
        var steps = 0
        var events = 0
        var findings = 0
        let checker = Checker()
        for file in files {
            guard let spec = SpecLoader.load(bytes: file.bytes, path: file.name).spec else {
                fatalError("the generated \(file.name) is not a valid spec")
            }
            steps += spec.scenarios.reduce(0) { $0 + $1.steps.count }
            for scenario in spec.scenarios { events += Replay.run(spec, scenario: scenario).log.events.count }
            findings += checker.check(spec).findings.count
        }
        print("corpus: \(files.count) files, \(Measurement.format(Measurement.megabytes(totalBytes), decimals: 1)) MB, "
            + "\(steps) scenario steps → \(events) events, \(findings) findings, seed \(seed); "
            + "\(SubsetCoverage.read(files.map(\.bytes))) files read without libyaml")

        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let parallelStage = "check×\(cores)"
        let stages = ["libyaml", "load", "replay", "check", parallelStage]
        var times: [String: [Double]] = Dictionary(uniqueKeysWithValues: stages.map { ($0, []) })
        // The CPU seconds of the whole process during `check` and `check×N`: what the threads spent in all.
        var cpuTimes: [String: [Double]] = ["check": [], parallelStage: []]
        for iteration in 0...iterations {
            var sink = 0
            let bare = !runs("libyaml") ? 0 : Measurement.seconds { for file in files { sink &+= LibYAMLBaseline.parse(file.bytes) } }
            let load = !runs("load") ? 0 : Measurement.seconds {
                for file in files { sink &+= SpecLoader.load(bytes: file.bytes, path: file.name).spec?.controllers.count ?? 0 }
            }
            let replay = !runs("replay") ? 0 : Measurement.seconds {
                for file in files {
                    guard let spec = SpecLoader.load(bytes: file.bytes, path: file.name).spec else { continue }
                    for scenario in spec.scenarios { sink &+= Replay.run(spec, scenario: scenario).log.events.count }
                }
            }
            let (check, checkCPU) = !runs("check") ? (0, 0) : Measurement.secondsAndCPU {
                for file in files {
                    guard let spec = SpecLoader.load(bytes: file.bytes, path: file.name).spec else { continue }
                    sink &+= checker.check(spec).findings.count &+ 1
                }
            }
            // What `vcaudit check` does by default: the files shared among one thread per core (wall time).
            let total = files.count
            let (parallel, parallelCPU) = !runs("parallel") ? (0, 0) : Measurement.secondsAndCPU {
                let next = Counter()
                DispatchQueue.concurrentPerform(iterations: cores) { _ in
                    while let index = next.claim(below: total) {
                        guard let spec = SpecLoader.load(bytes: files[index].bytes, path: files[index].name).spec else { continue }
                        _ = checker.check(spec)
                    }
                }
            }
            precondition(sink != 0 || !only.isEmpty)
            guard iteration > 0 else { continue }
            times[parallelStage]!.append(parallel)
            cpuTimes["check"]!.append(checkCPU)
            cpuTimes[parallelStage]!.append(parallelCPU)
            times["libyaml"]!.append(bare)
            times["load"]!.append(load)
            times["replay"]!.append(replay)
            times["check"]!.append(check)
        }
        print("")
        print(Measurement.table(stages: stages, times: times, iterations: iterations, megabytes: Measurement.megabytes(totalBytes)))
        if let line = Self.cpuLine(cpuTimes, parallelStage: parallelStage, cores: cores) { print(line) }
        let checkMedian = Measurement.median(times["check"]!)
        if checkMedian > 0 {
            print("")
            print("check: \(Measurement.format(Double(events) / checkMedian / 1e6, decimals: 2)) M events/s, "
                + "\(Measurement.format(checkMedian / Double(max(events, 1)) * 1e9, decimals: 0)) ns per event, "
                + "\(Measurement.format(checkMedian / Double(max(steps, 1)) * 1e9, decimals: 0)) ns per scenario step")
        }
        // Allocations: one more single-threaded check pass, counted by CAllocationCount's malloc: in all, and in
        // `Checker.check` alone (replay and rules, the spec loaded), counted around each call.
        if vcaudit_counts_allocations() != 0 {
            let before = vcaudit_allocation_count()
            var checkAllocations: UInt64 = 0
            var sink = 0
            for file in files {
                guard let spec = SpecLoader.load(bytes: file.bytes, path: file.name).spec else { continue }
                let loaded = vcaudit_allocation_count()
                sink &+= checker.check(spec).findings.count
                checkAllocations += vcaudit_allocation_count() - loaded
            }
            let allocations = vcaudit_allocation_count() - before
            precondition(sink >= 0)
            print("allocations: \(Measurement.format(Double(allocations) / Double(max(events, 1)), decimals: 2)) per event "
                + "(\(allocations) in one check pass, loading included)")
            print("allocations in replay and rules: \(Measurement.format(Double(checkAllocations) / Double(max(events, 1)), decimals: 3)) "
                + "per event (\(checkAllocations) in Checker.check of the loaded specs, "
                + "\(Measurement.format(Double(checkAllocations) / Double(max(files.count, 1)), decimals: 1)) a file)")
        } else {
            print("allocations: not counted on this platform (glibc only)")
        }
        print("peak RSS: \(Measurement.format(Measurement.megabytes(Measurement.peakResidentBytes), decimals: 1)) MB "
            + "(largest file \(Measurement.format(Measurement.megabytes(files.map(\.bytes.count).max() ?? 0), decimals: 2)) MB)")
    }
}

extension CheckBenchmark {
    /// The CPU seconds `check` and `check×N` took (min and median), and how much more CPU the parallel stage spent
    /// for the same work: the part of its wall time that more cores cannot win back (nil when neither was timed).
    static func cpuLine(_ cpuTimes: [String: [Double]], parallelStage: String, cores: Int) -> String? {
        let sequential = cpuTimes["check"]!.filter { $0 > 0 }
        let parallel = cpuTimes[parallelStage]!.filter { $0 > 0 }
        func figures(_ values: [Double]) -> String {
            "\(Measurement.format(values.min()!, decimals: 3)) / \(Measurement.format(Measurement.median(values), decimals: 3)) s"
        }
        var parts: [String] = []
        if !sequential.isEmpty { parts.append("check \(figures(sequential))") }
        if !parallel.isEmpty { parts.append("\(parallelStage) \(figures(parallel)) on \(cores) threads") }
        guard !parts.isEmpty else { return nil }
        var line = "CPU (min / median): " + parts.joined(separator: ", ")
        if !sequential.isEmpty, !parallel.isEmpty {
            line += "; \(parallelStage) spends \(Measurement.format(Measurement.median(parallel) / Measurement.median(sequential), decimals: 2))× "
                + "check's CPU for the same work"
        }
        return line
    }

    /// Writes `files` into a new directory at `path`, or says why not and exits with status 2.
    func write(_ files: [CorpusGenerator.File], to path: String) {
        let manager = FileManager.default
        do {
            guard !manager.fileExists(atPath: path) else { throw CocoaError(.fileWriteFileExists) }
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            for file in files {
                try Data(file.bytes).write(to: URL(fileURLWithPath: path).appendingPathComponent(file.name), options: .atomic)
            }
        } catch {
            print("vcaudit-benchmark check: cannot write the corpus to \(path) (it must be a new directory): \(error.localizedDescription)")
            exit(2)
        }
        let megabytes = Measurement.megabytes(files.reduce(0) { $0 + $1.bytes.count })
        print("wrote \(files.count) files, \(Measurement.format(megabytes, decimals: 1)) MB, to \(path)")
    }
}

/// Hands out indices to several threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    func claim(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
}
