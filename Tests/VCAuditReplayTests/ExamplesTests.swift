import Foundation
import Testing
@testable import VCAuditReplay
import VCAuditSpec

/// Every spec in `Examples/` and `Specs/valid/` replays without crashing the tool, deterministically and
/// consistently, on both devices; on the device each scenario is written for, its expectations hold
/// (except the ones an example documents as the bug it shows) and the clean apps log no UIKit warning.
@Suite("Examples")
struct ExamplesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The example and valid specs, relative to the package root.
    static let specs: [String] = {
        let found = SpecLoader.discover([packageRoot + "/Examples", packageRoot + "/Specs/valid"])
        return found.files.map { String($0.dropFirst(packageRoot.count + 1)) }
    }()

    /// Failed expectations an example shows on purpose (its README explains them), by file.
    static let documentedFailures: [String: Int] = ["Examples/Notes/notes-restoration-bug.yaml": 1]

    /// Apps whose README promises no findings: UIKit logs nothing for them.
    static let cleanApps: Set<String> = [
        "Examples/Wonderland/wonderland.yaml", "Examples/ColorSwapper/color-swapper.yaml", "Examples/Notes/notes.yaml",
    ]

    @Test func theExamplesAreThere() {
        #expect(Self.specs.count >= 20, "found only \(Self.specs)")
        for clean in Self.cleanApps { #expect(Self.specs.contains(clean)) }
    }

    @Test(arguments: specs)
    func replaysOnItsOwnDevice(_ path: String) throws {
        let spec = try load(path)
        var failures = 0
        for scenario in spec.scenarios {
            let result = replay(spec, scenario, device: nil)
            failures += result.log.events.filter { $0.name == .expect && $0.passed == false }.count
            if Self.cleanApps.contains(path) {
                let logged = result.log.events.filter { $0.name == .warning || $0.name == .exception }
                #expect(logged.isEmpty, "\(path) '\(scenario.name)': \(logged.map(\.summary))")
            }
        }
        #expect(failures == Self.documentedFailures[path, default: 0], "\(path): \(failures) failed expectations")
    }

    @Test(arguments: specs)
    func replaysOnEveryDevice(_ path: String) throws {
        let spec = try load(path)
        for device in Device.allCases {
            for scenario in spec.scenarios {
                _ = replay(spec, Scenario(name: scenario.name, mark: scenario.mark, device: device, steps: scenario.steps), device: device)
            }
        }
    }

    func load(_ path: String) throws -> Spec {
        let loaded = SpecLoader.load(path: Self.packageRoot + "/" + path)
        return try #require(loaded.spec, "\(path) does not load: \(loaded.diagnostics.map(\.description))")
    }

    /// Replays with the invariants checked after every event, then the whole-log checks.
    func replay(_ spec: Spec, _ scenario: Scenario, device: Device?) -> ReplayResult {
        var watcher = InvariantWatcher()
        let result = Replay.run(spec, scenario: scenario, device: device, observer: &watcher)
        if let problem = watcher.firstProblem { Issue.record("\(spec.file) '\(scenario.name)': \(problem)") }
        checkInvariants(spec: spec, scenario: scenario, result: result)
        return result
    }
}
