import Dispatch
import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditReporters
import VCAuditRules

/// Checking is free of shared mutable state: the same folder checked from many threads at once gives the same bytes.
@Suite("Concurrent checks")
struct ConcurrentCheckTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").path

    /// Every format's report of one run over `Examples/`, as one string.
    static func reports() -> String {
        let result = CheckRunner(options: CheckRunner.Options(paths: [examples], devices: [.iphone, .ipad], jobs: 1)).run()
        return Reporters.identifiers.map { format in
            CheckOutput(result, options: CheckOutput.Options(format: format)).standardOutput
        }.joined(separator: "\n=====\n") + CheckOutput(result).standardError
    }

    @Test("16 checks of Examples/ on 8 threads give the bytes of one sequential check",
          .enabled(if: FileManager.default.fileExists(atPath: examples)))
    func stress() {
        let expected = Self.reports()
        let runs = 16
        // Sixteen whole checks on eight threads at once, each check itself on one thread.
        let all = CheckRunner.inParallel(count: runs, jobs: 8) { _ in Self.reports() }
        #expect(all.count == runs)
        for (index, output) in all.enumerated() {
            #expect(output == expected, "run \(index) differs from the sequential run")
        }
        #expect(expected.contains("push_duplicate_instance"))
    }
}

/// `check --jobs N` gives the bytes of a sequential run, whatever N.
@Suite("Parallel check")
struct ParallelCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every format's report and the standard error of one run over `Examples/` and `Specs/` with `jobs`.
    static func output(jobs: Int) -> String {
        let paths = ["Examples", "Specs"].map { root.appendingPathComponent($0).path }
        let result = CheckRunner(options: CheckRunner.Options(paths: paths, devices: [.iphone, .ipad], jobs: jobs)).run()
        return Reporters.identifiers.map { format in
            CheckOutput(result, options: CheckOutput.Options(format: format)).standardOutput
        }.joined(separator: "\n=====\n") + CheckOutput(result).standardError
    }

    @Test("1, 2, 3 and 8 jobs give byte-identical reports over Examples/ and Specs/ (valid and invalid)",
          .enabled(if: FileManager.default.fileExists(atPath: root.appendingPathComponent("Examples").path)))
    func sameBytes() {
        let sequential = Self.output(jobs: 1)
        #expect(sequential.contains("push_duplicate_instance"))
        #expect(sequential.contains("error: "), "the invalid specs' errors are part of the comparison")
        for jobs in [2, 3, 8] {
            #expect(Self.output(jobs: jobs) == sequential, "--jobs \(jobs) differs from --jobs 1")
        }
    }

    @Test("the shards of Examples/ and Specs/ together give exactly the files, findings and input errors of one run")
    func shardsPartition() {
        let paths = ["Examples", "Specs"].map { Self.root.appendingPathComponent($0).path }
        func run(_ shard: (Int, Int)?) -> CheckResult {
            CheckRunner(options: CheckRunner.Options(paths: paths, jobs: 2, shard: shard)).run()
        }
        let whole = run(nil)
        let shards = (1...3).map { run(($0, 3)) }
        #expect(shards.flatMap(\.files).sorted() == whole.files.sorted())
        #expect(Set(shards[0].files).isDisjoint(with: shards[1].files))
        func lines(_ findings: [Finding]) -> [String] { findings.map { "\($0.location) \($0.ruleID) \($0.message)" }.sorted() }
        #expect(lines(shards.flatMap(\.findings)) == lines(whole.findings))
        #expect(shards.flatMap(\.inputErrors).map(\.description).sorted() == whole.inputErrors.map(\.description).sorted())
        #expect(shards.flatMap(\.skipped).map(\.path).sorted() == whole.skipped.map(\.path).sorted())
    }

    @Test("--shard must be K/N with 1 ≤ K ≤ N", arguments: ["0/3", "4/3", "1", "a/b"])
    func badShard(_ shard: String) throws {
        let outcome = try VCAuditProcess.run(["check", "--shard", shard, "x.yaml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--shard takes K/N"))
    }

    @Test("options that contradict each other are a usage error, not one silently winning", arguments: [
        (["--baseline", "b.json", "--write-baseline", "c.json"], "--baseline and --write-baseline are alternatives"),
        (["--shard", "1/2", "--write-baseline", "c.json"], "--write-baseline records every finding, but --shard checks only some files"),
        (["--report", "json:r.out", "--report", "sarif:r.out"], "two --report options write r.out"),
        (["--device", ""], "--device needs a device: iphone, ipad or iphone,ipad"),
    ])
    func contradictoryOptions(_ options: [String], _ message: String) throws {
        let outcome = try VCAuditProcess.run(["check"] + options + ["x.yaml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: " + message), "\(outcome.standardError)")
    }

    @Test("--jobs must be positive")
    func badJobs() throws {
        let outcome = try VCAuditProcess.run(["check", "--jobs", "0", "x.yaml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--jobs must be 1 or more"))
    }
}
