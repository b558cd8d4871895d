import Foundation
import VCAuditReporters
import VCAuditRules
import VCAuditSupport

/// The baseline step of `vcaudit check`: records this run's findings when asked, then leaves out those it records.
///
/// Entries name specs from the baseline's folder, so a baseline matches however the specs were named on the command
/// line and from whichever folder the check runs.
struct CheckBaseline {
    /// How the step ended, when it did not simply hand back the stale entries.
    enum Outcome {
        /// The findings the baseline records are left out; these entries matched none of a spec this run checked.
        case applied(stale: [Baseline.Key])
        /// `--write-baseline` was refused, with this note, because some spec could not be checked.
        case notWritten(note: String)
        /// The baseline could not be written, read or parsed: the run reports this and exits 2.
        case badInput(String)
    }

    /// The baseline file.
    let path: String
    /// Whether to record this run's findings in it first (`--write-baseline`).
    let writing: Bool
    /// The configuration, when the path is its `baseline:` (a missing file is then reported where it says so).
    let configuredBy: Configuration?

    private let folder: String
    /// Read once: each finding and checked path is named from it.
    private let workingDirectory = FileManager.default.currentDirectoryPath

    init(path: String, writing: Bool, configuredBy: Configuration?) {
        self.path = path
        self.writing = writing
        self.configuredBy = configuredBy
        folder = FilePath.folder(of: path)
    }

    /// How an entry names `spec`: from the baseline's folder.
    func naming(_ spec: String) -> String { FilePath.relative(spec, to: folder, workingDirectory: workingDirectory) }

    /// Writes the baseline if asked, then removes from `result` the findings it records.
    func apply(to result: inout CheckResult) -> Outcome {
        if writing {
            // A spec that could not be checked has no findings to record: writing the file now would drop its entries
            // and bring all its findings back as new once it is fixed.
            guard result.inputErrors.isEmpty else {
                return .notWritten(note: "\(path): note: baseline not written: "
                    + "\(ReportSummary.counted(max(1, result.notReplayed.count), "spec", "specs")) "
                    + "could not be checked; fix the input errors above, then write it again")
            }
            do {
                try AtomicFile.write(Baseline(findings: result.findings, naming: naming).json, to: path)
            } catch {
                return .badInput(error.diagnostic)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, limit: InputFile.Limit.baseline, what: "the baseline")
        } catch {
            // A missing baseline the configuration gives is reported where it gives it.
            let configured = configuredBy?.diagnostic(
                about: nil, "cannot be read; fix the path, or create it with --write-baseline \(path)")
            let message = FileManager.default.fileExists(atPath: path) ? error.description
                : configured?.description ?? "\(path):1:1: error: cannot read the baseline; check the path, or create it with --write-baseline \(path)"
            return .badInput(message + "\nnothing reported: fix the baseline first; 1 input error\n")
        }
        let known: Baseline
        do {
            known = try Baseline.parse(String(decoding: bytes, as: UTF8.self), path: path)
        } catch {
            return .badInput(error.diagnostics.map { $0.rendered(source: nil) }.joined() + "nothing reported: fix the baseline first; "
                + (error.diagnostics.count == 1 ? "1 input error" : "\(error.diagnostics.count) input errors") + "\n")
        }
        // A baseline beside the specs' folder written before entries were named from its folder named them from the
        // working directory: those entries still match.
        let filtered = known.filter(result.findings, naming: naming, fallback: FilePath.tidy)
        result.hiddenByBaseline = result.findings.count - filtered.remaining.count
        result.findings = filtered.remaining
        // An entry is stale only if its spec was checked in this run: not one another shard checks, one left off the
        // command line, or one whose input errors kept it from being checked. Each is named from the working
        // directory, as the specs are.
        let checked = Set(result.checkedPaths.map(naming))
        return .applied(stale: filtered.unmatched.filter { checked.contains($0.spec) }.map { key in
            var key = key
            key.spec = FilePath.relative(FilePath.joined(folder, key.spec), to: ".", workingDirectory: workingDirectory)
            return key
        })
    }
}
