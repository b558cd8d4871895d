import Foundation
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditSpec

/// Event logs made up for alignment tests: each letter is one event (`viewDidAppear` of a controller named by it).
enum LogFixtures {
    static func event(_ id: String, line: Int) -> Event {
        Event(name: .viewDidAppear, vc: ControllerID(id), at: SourceLocation(file: "Specs/app.yaml", line: line, column: 9), step: line)
    }

    /// A log of `ids`, one event each, at increasing lines.
    static func log(tool: String = VCAuditVersion.tool, scenario: String = "Scenario", device: Device = .iphone, _ ids: [String]) -> EventLog {
        var builder = EventLog.Builder(header: EventLog.Header(
            tool: tool, spec: "Specs/app.yaml", specDigest: "sha256:00", scenario: scenario, device: device, ios: 17))
        for (index, id) in ids.enumerated() { builder.append(event(id, line: 10 + index)) }
        return builder.build()
    }

    /// A single-log side, as if `path` had been read.
    static func side(_ path: String, _ log: EventLog) -> DiffSide {
        DiffSide(path: path, kind: .log, runs: [ScenarioRun(spec: "app.yaml", scenario: log.header.scenario, log: log, specModel: nil, source: path)])
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "vcaudit-diff-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
