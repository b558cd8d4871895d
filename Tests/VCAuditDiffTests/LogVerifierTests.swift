import Foundation
import Testing
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditSpec

@Suite("Verifying stored logs")
struct LogVerifierTests {
    static let spec = DiffInputTests.minimal

    /// A folder with `app.yaml` and its `Present` scenario's log as `present.jsonl`, replayed under `recordedPath`.
    static func fixture(recordedPath: String) throws -> (folder: String, log: String) {
        let folder = try LogFixtures.temporaryFolder()
        try LogFixtures.write(spec, to: folder + "/app.yaml")
        let loaded = try #require(SpecLoader.load(bytes: Array(spec.utf8), path: recordedPath).spec)
        let log = Replay.run(loaded, scenario: loaded.scenarios[1]).log.jsonLines
        try LogFixtures.write(log, to: folder + "/present.jsonl")
        return (folder, log)
    }

    @Test("a log replayed from the spec verifies, whatever path the spec is given by")
    func verified() throws {
        let (folder, _) = try Self.fixture(recordedPath: "Specs/app.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = LogVerifier.verify(logPath: folder + "/present.jsonl", specPath: folder + "/app.yaml")
        #expect(outcome.exitStatus == 0, "\(outcome.message)")
        #expect(outcome.message.contains("verified: scenario \"Present\""))
    }

    @Test("an edited event is a mismatch naming the first differing line")
    func editedEvent() throws {
        let (folder, log) = try Self.fixture(recordedPath: "Specs/app.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines = log.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: "\"home\"", with: "\"detail\"")
        try LogFixtures.write(lines.joined(separator: "\n"), to: folder + "/present.jsonl")
        let outcome = LogVerifier.verify(logPath: folder + "/present.jsonl", specPath: folder + "/app.yaml")
        #expect(outcome.exitStatus == 1)
        #expect(outcome.message.hasPrefix("\(folder)/present.jsonl:4:1: error: line 4 differs from the replay"))
    }

    @Test("a changed spec is a digest mismatch; another tool version is named on line 1; a truncated log says so")
    func mismatches() throws {
        let (folder, log) = try Self.fixture(recordedPath: "Specs/app.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try LogFixtures.write(Self.spec + "# edited\n", to: folder + "/edited.yaml")
        let digest = LogVerifier.verify(logPath: folder + "/present.jsonl", specPath: folder + "/edited.yaml")
        #expect(digest.exitStatus == 1)
        #expect(digest.message.contains("the spec changed since the log was written"))

        try LogFixtures.write(log.replacingOccurrences(of: VCAuditVersion.tool, with: "vcaudit 0.0.1"), to: folder + "/old.jsonl")
        let tool = LogVerifier.verify(logPath: folder + "/old.jsonl", specPath: folder + "/app.yaml")
        #expect(tool.exitStatus == 1)
        #expect(tool.message.contains(":1:1: error: line 1 differs from the replay (the log was written by vcaudit 0.0.1; this is \(VCAuditVersion.tool))"))

        let lines = log.split(separator: "\n").dropLast()
        try LogFixtures.write(lines.joined(separator: "\n") + "\n", to: folder + "/short.jsonl")
        let short = LogVerifier.verify(logPath: folder + "/short.jsonl", specPath: folder + "/app.yaml")
        #expect(short.exitStatus == 1)
        #expect(short.message.contains("the log ends at line \(lines.count); the replay continues"))

        try LogFixtures.write(String(log.dropLast()), to: folder + "/unterminated.jsonl")
        let unterminated = LogVerifier.verify(logPath: folder + "/unterminated.jsonl", specPath: folder + "/app.yaml")
        #expect(unterminated.message.contains("the log does not end with a newline"))
    }

    @Test("bad input: missing files, a log that does not parse")
    func badInput() throws {
        let (folder, _) = try Self.fixture(recordedPath: "Specs/app.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(LogVerifier.verify(logPath: folder + "/none.jsonl", specPath: folder + "/app.yaml").exitStatus == 2)
        #expect(LogVerifier.verify(logPath: folder + "/present.jsonl", specPath: folder + "/none.yaml").exitStatus == 2)
        // The arguments the wrong way round: said so, not "not valid JSON".
        #expect(LogVerifier.verify(logPath: folder + "/app.yaml", specPath: folder + "/present.jsonl").message
            == "\(folder)/app.yaml:1:1: error: this is a spec and \(folder)/present.jsonl a log: the log comes first, "
            + "'vcaudit verify \(folder)/present.jsonl \(folder)/app.yaml'")
        try LogFixtures.write("not json\n", to: folder + "/junk.jsonl")
        let junk = LogVerifier.verify(logPath: folder + "/junk.jsonl", specPath: folder + "/app.yaml")
        #expect(junk.exitStatus == 2)
        #expect(junk.message.hasPrefix("\(folder)/junk.jsonl:1:1: error: not valid JSON: invalid literal (expected null, or a string in double quotes)"))
        // The place the line stops being JSON: line and column, not a byte offset.
        try LogFixtures.write(#"{"log":"vcaudit","version":1,}"# + "\n", to: folder + "/comma.jsonl")
        #expect(LogVerifier.verify(logPath: folder + "/comma.jsonl", specPath: folder + "/app.yaml").message
            .hasPrefix("\(folder)/comma.jsonl:1:30: error: not valid JSON: expected a string key"))
    }
}
