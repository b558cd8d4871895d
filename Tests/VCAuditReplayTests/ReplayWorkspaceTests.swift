import Foundation
import Testing
@testable import VCAuditReplay
import VCAuditSpec

/// Replays that start over in the arrays an earlier replay left (`ReplayWorkspace`) give what fresh replays give.
@Suite("Replay workspace")
struct ReplayWorkspaceTests {
    @Test(arguments: ExamplesTests.specs)
    func replaysInOneWorkspaceMatchFreshReplays(_ path: String) throws {
        let loaded = SpecLoader.load(path: ExamplesTests.packageRoot + "/" + path)
        let spec = try #require(loaded.spec)
        var workspace = ReplayWorkspace()
        // Every scenario on every device, then again in the reverse order: each replay starts where another ended.
        var runs: [(scenario: Scenario, device: Device)] = []
        for device in Device.allCases {
            for scenario in spec.scenarios { runs.append((scenario, device)) }
        }
        for (scenario, device) in runs + runs.reversed() {
            let initial = Replay.initialState(spec: spec, device: device)
            let fresh = Replay.run(spec, scenario: scenario, device: device, initialState: initial)
            var observer = NoObserver()
            let reused = Replay.run(spec, scenario: scenario, device: device, initialState: initial, observer: &observer,
                                    workspace: &workspace)
            #expect(reused.log.events == fresh.log.events, "\(path) '\(scenario.name)' on \(device)")
            #expect(reused.finalState == fresh.finalState, "\(path) '\(scenario.name)' on \(device)")
        }
    }

    @Test("restart(from:) sets every stored property of the state")
    func restartSetsEveryProperty() throws {
        let loaded = SpecLoader.load(path: ExamplesTests.packageRoot + "/Examples/Notes/notes-restoration-bug.yaml")
        let spec = try #require(loaded.spec)
        let initial = Replay.initialState(spec: spec, device: spec.device)
        // A state that differs from the initial one in every field a replay changes: launched, with instances,
        // animations or an archive as the scenarios leave them.
        let finals = spec.scenarios.map { Replay.run(spec, scenario: $0, initialState: initial).finalState }
        for final in finals {
            var state = final
            state.restart(from: initial)
            #expect(state == initial)
            var back = initial
            back.restart(from: final)
            #expect(back == final)
        }
        // The properties `restart(from:)` sets: one added to the state must be set there too.
        let properties = Mirror(reflecting: initial).children.compactMap(\.label)
        #expect(properties == ["controllers", "declared", "instances", "windowRoot", "isLaunched", "horizontalSizeClass",
                               "verticalSizeClass", "animations", "archive", "isTerminated"])
    }
}
