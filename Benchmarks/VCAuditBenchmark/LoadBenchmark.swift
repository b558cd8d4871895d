import VCAuditSpec
@_spi(Testing) import VCAuditYAML

/// `vcaudit-benchmark load`: libyaml's bare parse vs `Composer.compose`, a floor for decoding, and `SpecLoader.load`.
struct LoadBenchmark {
    var megabytes = 32
    var iterations = 7
    var seed: UInt64 = 2024
    /// Time only these stages (for profiling one of them); all four when empty.
    var only: Set<String> = []

    static let usage = """
        usage: vcaudit-benchmark load [--megabytes N] [--iterations N] [--seed N] [--only libyaml|compose|read|load]

          Generates N MB of realistic specs in memory (default 32), then times, on the same bytes:
            libyaml   libyaml's bare event parse (yaml_parser_parse loop)
            compose   Composer.compose: the flat document with marks, duplicate keys, alias and depth bounds
            read      compose, then the least a decoder does: every node read once, every scalar looked up
                      among the controller ids (TreeFloor); nothing built, nothing checked
            load      SpecLoader.load(bytes:): compose, decode and validate (the digest is computed on first use)
          Each iteration times all four in turn; the first, a warm-up, is not counted.
          --only times one stage, for a profiler (perf record, valgrind --tool=callgrind).
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--only" {
                guard let stage = rest.popFirst(), ["libyaml", "compose", "read", "load"].contains(stage) else {
                    throw UsageError("--only needs libyaml, compose, read or load")
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
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
    }

    private func runs(_ stage: String) -> Bool { only.isEmpty || only.contains(stage) }

    func run() {
        var files: [CorpusGenerator.File] = []
        let generation = Measurement.seconds {
            files = CorpusGenerator(seed: seed).generate(totalBytes: megabytes << 20)
        }
        let totalBytes = files.reduce(0) { $0 + $1.bytes.count }
        let largest = files.map(\.bytes.count).max() ?? 0
        print("corpus: \(files.count) files, \(Measurement.format(Measurement.megabytes(totalBytes), decimals: 1)) MB "
            + "(largest \(largest / 1024) KB), generated in \(Measurement.format(generation, decimals: 2)) s, seed \(seed)")

        // Every file must be a valid spec, or the figures would time error paths.
        var events = 0
        for file in files {
            let count = LibYAMLBaseline.parse(file.bytes)
            precondition(count > 0, "libyaml could not parse \(file.name)")
            events += count
            let loaded = SpecLoader.load(bytes: file.bytes, path: file.name)
            if loaded.spec == nil {
                let shown = loaded.diagnostics.prefix(3).map { $0.rendered(source: loaded.source) }.joined()
                fatalError("the generated \(file.name) is not a valid spec:\n\(shown)")
            }
        }
        print("events: \(events); every file is a valid spec; \(SubsetCoverage.read(files.map(\.bytes))) of \(files.count) read without libyaml")
        let residentAfterCorpus = Measurement.peakResidentBytes

        var times: [String: [Double]] = ["libyaml": [], "compose": [], "read": [], "load": []]
        for iteration in 0...iterations {
            var sink = 0
            let bare = !runs("libyaml") ? 0 : Measurement.seconds {
                for file in files { sink &+= LibYAMLBaseline.parse(file.bytes) }
            }
            let compose = !runs("compose") ? 0 : Measurement.seconds {
                for file in files {
                    if let mapping = (try? Composer.compose(file.bytes))?.mapping { sink &+= mapping.entries.count }
                }
            }
            let read = !runs("read") ? 0 : Measurement.seconds {
                for file in files {
                    if let root = try? Composer.compose(file.bytes) { sink &+= TreeFloor.read(root) }
                }
            }
            let load = !runs("load") ? 0 : Measurement.seconds {
                for file in files { sink &+= SpecLoader.load(bytes: file.bytes, path: file.name).spec?.controllers.count ?? 0 }
            }
            precondition(sink != 0)
            guard iteration > 0 else { continue }  // warm-up
            times["libyaml"]!.append(bare)
            times["compose"]!.append(compose)
            times["read"]!.append(read)
            times["load"]!.append(load)
        }

        print("")
        let stages = ["libyaml", "compose", "read", "load"].filter(runs)
        print(Measurement.table(stages: stages, times: times, iterations: iterations, megabytes: Measurement.megabytes(totalBytes)))
        let peak = Measurement.peakResidentBytes
        print("")
        print("peak RSS: \(Measurement.format(Measurement.megabytes(peak), decimals: 1)) MB "
            + "(\(Measurement.format(Measurement.megabytes(residentAfterCorpus), decimals: 1)) MB once the corpus was generated and checked)")
    }
}

/// How many files of a corpus `Composer` reads without libyaml (its `SubsetParser`), each checked to make the
/// document libyaml's events make: the timings of `compose`, `load` and `check` depend on it.
enum SubsetCoverage {
    static func read(_ files: [[UInt8]]) -> Int {
        var read = 0
        for bytes in files {
            switch Composer.readersAgree(on: bytes) {
            case true?: read += 1
            case false?: fatalError("the subset parser and libyaml read a generated file differently")
            case nil: break
            }
        }
        return read
    }
}
