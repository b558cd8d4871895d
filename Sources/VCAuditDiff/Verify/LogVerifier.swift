import Foundation
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// Confirms that a stored event log file is exactly what this version of vcaudit produces from its spec.
///
/// A log file holds one log per scenario, each beginning with its header
/// line, as `vcaudit replay` writes them. For each log, the spec file's
/// SHA-256 must equal the log's `specDigest`; then the scenario named in the
/// header is replayed on the header's device and its canonical JSONL compared
/// byte for byte with the log's lines. The spec is decoded under the path
/// recorded in the log (not the path given on the command line), so `at`
/// locations match however the user spells the path.
public enum LogVerifier {
    /// What verification concluded.
    public enum Outcome: Sendable, Hashable {
        /// Every log is exactly the replay: the message says what was checked.
        case verified(String)
        /// A log differs from the replay (or the spec from the digest): the message says where.
        case mismatch(String)
        /// The inputs could not be read, parsed or replayed.
        case badInput(String)

        /// 0 verified, 1 mismatch, 2 bad input.
        public var exitStatus: Int32 {
            switch self {
            case .verified: 0
            case .mismatch: 1
            case .badInput: 2
            }
        }

        public var message: String {
            switch self {
            case .verified(let message), .mismatch(let message), .badInput(let message): message
            }
        }
    }

    /// Verifies the log file at `logPath` against the spec at `specPath`: every log in it, or only `scenario`'s.
    public static func verify(logPath: String, specPath: String, scenario: String? = nil) -> Outcome {
        if logPath.hasSuffix(".yaml") || logPath.hasSuffix(".yml"), specPath.hasSuffix(".jsonl") {
            return .badInput("\(logPath):1:1: error: this is a spec and \(specPath) a log: the log comes first, "
                + "'vcaudit verify \(specPath) \(logPath)'")
        }
        let logBytes: [UInt8], specBytes: [UInt8]
        do {
            logBytes = try InputFile.read(logPath, limit: InputFile.Limit.eventLog, what: "the log")
            specBytes = try InputFile.read(specPath, limit: InputFile.Limit.spec, what: "the spec")
        } catch {
            return .badInput(error.description)
        }
        return verify(log: logBytes, logPath: logPath, spec: specBytes, specPath: specPath, scenario: scenario)
    }

    /// Verifies log bytes against spec bytes (paths are for messages): every log in them, or only `scenario`'s.
    ///
    /// The outcome is the worst of the logs' (bad input, then mismatch, then
    /// verified) and its message has one line (or block) per log.
    public static func verify(log logBytes: [UInt8], logPath: String, spec specBytes: [UInt8], specPath: String,
                              scenario: String? = nil) -> Outcome {
        guard let text = String(validating: logBytes, as: UTF8.self) else {
            return .badInput("\(logPath):1:1: error: the log is not UTF-8 text")
        }
        var parts: [EventLog.FilePart]
        do {
            parts = try EventLog.parseFile(text)
        } catch {
            return .badInput("\(logPath):\(error.line):\(error.column): error: \(error.message)")
        }
        if let scenario {
            let all = parts
            parts = parts.filter { $0.log.header.scenario == scenario }
            guard !parts.isEmpty else {
                let names = Set(all.map(\.log.header.scenario)).sorted().map { "'\($0)'" }.joined(separator: ", ")
                return .badInput("\(logPath):1:1: error: the log has no scenario named '\(scenario)'; it has \(names)")
            }
        }
        let digest = "sha256:" + SHA256.hex(specBytes)
        var specs: [String: Spec] = [:]
        var outcomes: [Outcome] = []
        var reportedDigests = Set<String>()
        for part in parts {
            let header = part.log.header
            guard digest == header.specDigest else {
                if reportedDigests.insert(header.specDigest).inserted {
                    outcomes.append(.mismatch("\(logPath):\(part.firstLine):1: error: the log was replayed from a spec with digest "
                        + "\(header.specDigest), but \(specPath) has digest \(digest); the spec changed since the log was written "
                        + "(or it is another spec)"))
                }
                continue
            }
            let recordedPath = header.spec.isEmpty ? specPath : header.spec
            if specs[recordedPath] == nil {
                let loaded = SpecLoader.load(bytes: specBytes, path: recordedPath, storyboards: nil)
                guard let spec = loaded.spec else {
                    let diagnostics = SpecLoader.load(bytes: specBytes, path: specPath, storyboards: nil)
                    return .badInput(diagnostics.diagnostics.map { $0.rendered(source: diagnostics.source).trimmingTrailingNewlines }
                        .joined(separator: "\n"))
                }
                specs[recordedPath] = spec
            }
            outcomes.append(verify(part, logPath: logPath, spec: specs[recordedPath]!, specPath: specPath))
        }
        let message = outcomes.map(\.message).joined(separator: "\n")
        if outcomes.contains(where: { $0.exitStatus == 2 }) { return .badInput(message) }
        if outcomes.contains(where: { $0.exitStatus == 1 }) { return .mismatch(message) }
        return .verified(message)
    }

    /// Verifies one log of a file against a replay of its scenario.
    static func verify(_ part: EventLog.FilePart, logPath: String, spec: Spec, specPath: String) -> Outcome {
        let header = part.log.header
        guard let replayed = ScenarioRuns.log(spec, scenario: header.scenario, device: header.device) else {
            return .mismatch("\(logPath):\(part.firstLine):1: error: \(specPath) has no scenario named \"\(header.scenario)\"")
        }
        let expected = replayed.jsonLines
        guard expected != part.text else {
            return .verified("\(logPath): verified: scenario \"\(header.scenario)\" of \(specPath) on \(header.device.rawValue), "
                + "\(DiffSummary.count(part.log.events.count, "event")), identical to this replay by \(VCAuditVersion.tool)")
        }
        return .mismatch(describeFirstDifference(expected: expected, actual: part.text, logPath: logPath, header: header,
                                                 firstLine: part.firstLine))
    }

    /// `log.jsonl:14:1: error: line 14 differs from the replay` with both lines, or how the log is shorter, longer or unterminated.
    /// `firstLine` is the file line the log's header is on, so the lines named are lines of the file.
    static func describeFirstDifference(expected: String, actual: String, logPath: String, header: EventLog.Header,
                                        firstLine: Int = 1) -> String {
        let offset = firstLine - 1
        func lines(_ text: String) -> [Substring] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.hasSuffix("\n") { lines.removeLast() }
            return lines
        }
        let expectedLines = lines(expected), actualLines = lines(actual)
        var index = 0
        while index < expectedLines.count, index < actualLines.count, expectedLines[index] == actualLines[index] { index += 1 }
        let line = index + 1 + offset
        var message = "\(logPath):\(line):1: error: "
        if index < actualLines.count, index < expectedLines.count {
            message += "line \(line) differs from the replay"
            if index == 0, header.tool != VCAuditVersion.tool {
                message += " (the log was written by \(header.tool); this is \(VCAuditVersion.tool))"
            }
            message += "\n  log:    \(actualLines[index])\n  replay: \(expectedLines[index])"
        } else if index < expectedLines.count {
            message = "\(logPath):\(index + offset):1: error: the log ends at line \(index + offset); the replay continues: \(expectedLines[index])"
        } else if index < actualLines.count {
            message += "the log has more lines than the replay, from line \(line): \(actualLines[index])"
        } else {
            message = "\(logPath):\(index + offset):1: error: " + (actual.hasSuffix("\n") ? "the log has extra line breaks at the end" : "the log does not end with a newline")
        }
        return message
    }
}
