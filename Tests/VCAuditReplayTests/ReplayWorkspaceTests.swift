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

    @Test("a workspace handed another spec's replays does not emit the first spec's launch")
    func launchesOfAnotherSpec() throws {
        // The same controllers, so the same initial state, and another window root: the launch differs.
        func spec(window: String, file: String) throws -> Spec {
            try #require(SpecLoader.load(bytes: Array("""
                vcaudit: 1
                controllers:
                  home: {}
                  settings: {}
                window: \(window)
                scenarios:
                  - name: Launch
                    steps: [launch]
                """.utf8), path: file).spec)
        }
        var workspace = ReplayWorkspace()
        for spec in [try spec(window: "home", file: "a.yaml"), try spec(window: "settings", file: "a.yaml"), try spec(window: "home", file: "b.yaml")] {
            var observer = NoObserver()
            let reused = Replay.run(spec, scenario: spec.scenarios[0], observer: &observer, workspace: &workspace)
            #expect(reused.log.events == Replay.run(spec, scenario: spec.scenarios[0]).log.events, "\(spec.file) \(spec.window!.id)")
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
        #expect(properties == ["controllers", "declaredControllers", "instances", "windowRoot", "isLaunched", "horizontalSizeClass",
                               "verticalSizeClass", "animations", "archive", "isTerminated"])
    }
}
