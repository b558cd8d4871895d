import Foundation
import VCAuditReplay

/// Confirms that a stored event log is exactly what this version of vcaudit produces from its spec.
///
/// The spec file's SHA-256 must equal the log's `specDigest`; then the
/// scenario named in the log's header is replayed and its canonical JSONL
/// compared byte for byte with the log. The spec is decoded under the path
/// recorded in the log (not the path given on the command line), so `at`
/// locations match however the user spells the path.
public enum LogVerifier {
    /// What verification concluded.
    public enum Outcome: Sendable, Hashable {
        /// The log is exactly the replay: the message says what was checked.
        case verified(String)
        /// The log differs from the replay (or the spec from the digest): the message says where.
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

    /// Verifies the log at `logPath` against the spec at `specPath`.
    public static func verify(logPath: String, specPath: String, backend: any DiffBackend) -> Outcome {
        guard let logData = FileManager.default.contents(atPath: logPath) else {
            return .badInput("\(logPath):1:1: error: cannot read the log; check that it exists and is readable")
        }
        guard let specData = FileManager.default.contents(atPath: specPath) else {
            return .badInput("\(specPath):1:1: error: cannot read the spec; check that it exists and is readable")
        }
        return verify(log: [UInt8](logData), logPath: logPath, spec: [UInt8](specData), specPath: specPath, backend: backend)
    }

    /// Verifies log bytes against spec bytes (paths are for messages).
    public static func verify(log logBytes: [UInt8], logPath: String, spec specBytes: [UInt8], specPath: String,
                              backend: any DiffBackend) -> Outcome {
        guard let text = String(validating: logBytes, as: UTF8.self) else {
            return .badInput("\(logPath):1:1: error: the log is not UTF-8 text")
        }
        let stored: EventLog
        do {
            stored = try EventLog.parse(text)
        } catch {
            return .badInput("\(logPath):\(error.line):1: error: \(error.message)")
        }
        let header = stored.header
        let digest = "sha256:" + SHA256.hex(specBytes)
        guard digest == header.specDigest else {
            return .mismatch("\(logPath):1:1: error: the log was replayed from a spec with digest \(header.specDigest), "
                + "but \(specPath) has digest \(digest); the spec changed since the log was written (or it is another spec)")
        }
        let loaded = SpecLoader.load(bytes: specBytes, path: header.spec.isEmpty ? specPath : header.spec)
        guard let spec = loaded.spec else {
            let diagnostics = SpecLoader.load(bytes: specBytes, path: specPath)
            return .badInput(diagnostics.diagnostics.map { $0.rendered(source: diagnostics.source).trimmingTrailingNewlines }
                .joined(separator: "\n"))
        }
        let logs: [EventLog]
        do {
            logs = try backend.replay(spec)
        } catch {
            return .badInput("\(specPath):1:1: error: cannot replay the spec: \(error)")
        }
        let candidates = logs.filter { $0.header.scenario == header.scenario }
        guard let replayed = candidates.first(where: { $0.header.device == header.device }) ?? candidates.first else {
            return .mismatch("\(logPath):1:1: error: \(specPath) has no scenario named \"\(header.scenario)\"")
        }
        let expected = replayed.jsonLines
        guard expected != text else {
            return .verified("\(logPath): verified: scenario \"\(header.scenario)\" of \(specPath), "
                + "\(DiffSummary.count(stored.events.count, "event")), identical to this replay by \(VCAuditVersion.tool)")
        }
        return .mismatch(describeFirstDifference(expected: expected, actual: text, logPath: logPath, header: header))
    }

    /// `log.jsonl:14:1: error: line 14 differs from the replay` with both lines, or how the log is shorter, longer or unterminated.
    static func describeFirstDifference(expected: String, actual: String, logPath: String, header: EventLog.Header) -> String {
        func lines(_ text: String) -> [Substring] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.hasSuffix("\n") { lines.removeLast() }
            return lines
        }
        let expectedLines = lines(expected), actualLines = lines(actual)
        var index = 0
        while index < expectedLines.count, index < actualLines.count, expectedLines[index] == actualLines[index] { index += 1 }
        let line = index + 1
        var message = "\(logPath):\(line):1: error: "
        if index < actualLines.count, index < expectedLines.count {
            message += "line \(line) differs from the replay"
            if line == 1, header.tool != VCAuditVersion.tool {
                message += " (the log was written by \(header.tool); this is \(VCAuditVersion.tool))"
            }
            message += "\n  log:    \(actualLines[index])\n  replay: \(expectedLines[index])"
        } else if index < expectedLines.count {
            message = "\(logPath):\(index):1: error: the log ends at line \(index); the replay continues: \(expectedLines[index])"
        } else if index < actualLines.count {
            message += "the log has more lines than the replay, from line \(line): \(actualLines[index])"
        } else {
            message = "\(logPath):\(index):1: error: " + (actual.hasSuffix("\n") ? "the log has extra line breaks at the end" : "the log does not end with a newline")
        }
        return message
    }
}
