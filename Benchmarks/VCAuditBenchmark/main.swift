#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vcaudit-benchmark`: performance figures for vcaudit, one subcommand per pipeline stage.
///
/// Run it in release: `swift run -c release vcaudit-benchmark load` (or `diff`, `replay`, `check`, `import`, `explore`).

/// A bad command line.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The benchmarks by subcommand name: a usage text and a runner taking the remaining arguments.
let benchmarks: [(name: String, usage: String, run: ([String]) throws(UsageError) -> Void)] = [
    ("load", LoadBenchmark.usage, { arguments throws(UsageError) in try LoadBenchmark(arguments: arguments).run() }),
    ("replay", ReplayBenchmark.usage, { arguments throws(UsageError) in try ReplayBenchmark(arguments: arguments).run() }),
    ("check", CheckBenchmark.usage, { arguments throws(UsageError) in try CheckBenchmark(arguments: arguments).run() }),
    ("diff", DiffBenchmark.usage, { arguments throws(UsageError) in try DiffBenchmark(arguments: arguments).run() }),
    ("import", ImportBenchmark.usage, { arguments throws(UsageError) in try ImportBenchmark(arguments: arguments).run() }),
    ("explore", ExploreBenchmark.usage, { arguments throws(UsageError) in try ExploreBenchmark(arguments: arguments).run() }),
]

@MainActor
func printUsage() {
    print("usage: vcaudit-benchmark <benchmark> [options]\n")
    for benchmark in benchmarks { print(benchmark.usage + "\n") }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, !["-h", "--help", "help"].contains(name) else {
    printUsage()
    exit(arguments.isEmpty ? 2 : 0)
}
guard let benchmark = benchmarks.first(where: { $0.name == name }) else {
    print("vcaudit-benchmark: unknown benchmark '\(name)'\n")
    printUsage()
    exit(2)
}
// `vcaudit-benchmark check --help` prints that benchmark's usage (its options would read `--help` as one of theirs).
if arguments.dropFirst().contains(where: { ["-h", "--help"].contains($0) }) {
    print(benchmark.usage)
    exit(0)
}
do {
    try benchmark.run(Array(arguments.dropFirst()))
} catch {
    print("vcaudit-benchmark \(name): \(error.message)\n\n\(benchmark.usage)")
    exit(2)
}
