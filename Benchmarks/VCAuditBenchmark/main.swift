let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "diff":
    DiffBenchmark.run(arguments: Array(arguments.dropFirst()))
default:
    print("usage: vcaudit-benchmark diff [--events N] [--differences N] [--seed N] [--no-parse]")
}
