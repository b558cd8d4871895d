import Foundation
import Testing
@testable import VCAuditReplay
import VCAuditSpec

/// Every reason code the decider can put on an `exception` or `warning` event, each produced by a
/// minimal scenario, on the event kind its `isException` promises.
@Suite("Reason codes")
struct ReasonCoverageTests {
    /// The app every scenario runs in (`Tests/Fixtures/every-outcome-app.yaml`, shared with the rules' coverage test).
    static let app: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/every-outcome-app.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// One minimal scenario per reason.
    static let cases: [(ReplayReason, String)] = [
        (.windowWithoutRoot, "- launch"),
        (.pageCountMismatch, "- setViewControllers: { of: pages, vcs: [e, b] }"),
        (.pageTransitionInProgress, "- launch\n- present: { vc: pages, from: a, animated: false }\n- simultaneously:\n    - setViewControllers: { of: pages, vcs: [b] }\n    - setViewControllers: { of: pages, vcs: [e] }"),
        (.presentSelf, "- present: { vc: sheet, from: sheet }"),
        (.alreadyPresented, "- launch\n- present: { vc: sheet, from: a, animated: false }\n- present: { vc: sheet, from: a }"),
        (.hasParent, "- present: { vc: a, from: tabs }"),
        (.activeController, "- launch\n- present: { vc: tabs, from: a }"),
        (.popoverMissingAnchor, "- device: ipad\n- launch\n- present: { vc: bare, from: a }"),
        (.containmentCycle, "- addChild: { parent: d, child: box }"),
        (.reparentedWithoutRemoval, "- addChild: { parent: manual, child: d }"),
        (.transitionWithoutCommonParent, "- transition: { parent: box, from: d, to: b }"),
        (.pushNavigationController, "- push: { nav: nav, vc: other }"),
        (.pushSegueWithoutNavigationController, "- launch\n- present: { vc: sheet, from: a, animated: false }\n- perform: pushFromSheet"),
        (.pushDuplicate, "- push: { nav: nav, vc: a }"),
        (.popToMissing, "- popTo: { nav: nav, vc: b }"),
        (.duplicateViewControllers, "- setViewControllers: { of: nav, vcs: [b, b] }"),
        (.selectUnknownTab, "- select: { tabs: tabs, vc: b }"),
        (.addSelfAsSubview, "- addSubview: { view: b, to: b }"),
        (.viewHierarchyCycle, "- addSubview: { view: box, to: d }"),
        (.presentationInProgress, "- launch\n- simultaneously:\n    - present: { vc: sheet, from: a }\n    - present: { vc: b, from: a }"),
        (.notInWindow, "- present: { vc: sheet, from: a }"),
        (.detachedPresenter, "- launch\n- addSubview: { view: b, to: a }\n- present: { vc: sheet, from: b }"),
        (.alreadyPresenting, "- launch\n- present: { vc: sheet, from: a, animated: false }\n- present: { vc: b, from: a }"),
        (.dismissInProgress, "- launch\n- simultaneously:\n    - present: { vc: sheet, from: a }\n    - dismiss: sheet"),
        (.unbalancedAppearance, "- endAppearance: b"),
        (.overlappingTransition, "- launch\n- select: box\n- addChild: { parent: box, child: b }\n- simultaneously:\n    - transition: { parent: box, from: d, to: b }\n    - transition: { parent: box, from: b, to: d }"),
        (.interruptedAppearance, "- launch\n- simultaneously:\n    - push: { nav: nav, vc: b }\n    - pop: nav"),
        (.notNavigation, "- pop: nav"),
        (.notTabBar, "- select: { tabs: tabs, vc: a }"),
        (.pushSplitViewController, "- push: { nav: nav, vc: split }"),
        (.nestedNavigationAnimation, "- launch\n- simultaneously:\n    - push: { nav: nav, vc: b }\n    - pop: nav"),
        (.notAContainer, "- setViewControllers: { of: nav, vcs: [b] }"),
        (.unwindNotFound, "- perform: nowhere"),
        (.restorationNotOptedIn, "- preserve"),
    ]

    @Test func everyReasonHasAScenario() {
        let covered = Set(Self.cases.map(\.0))
        let missing = ReplayReason.allCases.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "reasons without a scenario here: \(missing.map(\.rawValue))")
        #expect(Self.cases.count == ReplayReason.allCases.count, "a reason is listed twice")
    }

    @Test(arguments: cases.map { $0.0.rawValue })
    func eachReasonIsEmitted(_ code: String) throws {
        let (reason, steps) = try #require(Self.cases.first { $0.0.rawValue == code })
        // The only case that needs another app: one without a window root.
        let base = reason == .windowWithoutRoot ? Self.app.replacingOccurrences(of: "window: tabs\n", with: "") : Self.app
        // The decoder refuses containers of the wrong kind in YAML; specs built in code reach these reasons.
        let retargets: [ReplayReason: [ControllerID: ControllerID]] = [.notNavigation: ["nav": "a"], .notTabBar: ["tabs": "nav"], .notAContainer: ["nav": "box"]]
        guard let loaded = loadSpec(specText(base, steps: steps)) else { return }
        let spec = retargets[reason].map { retargetingContainers(loaded, $0) } ?? loaded
        guard let scenario = spec.scenarios.first else { return }
        let result = Replay.run(spec, scenario: scenario)
        let matching = result.log.events.filter { $0.reason == reason && ($0.name == .exception || $0.name == .warning || reason == .restorationNotOptedIn) }
        #expect(!matching.isEmpty, "no event with reason \(code):\n\(eventLines(result.log))")
        if reason == .restorationNotOptedIn {
            #expect(matching.map(\.name) == [.shouldSaveApplicationState])
        } else {
            #expect(matching.allSatisfy { $0.name == (reason.isException ? .exception : .warning) })
            #expect(matching.allSatisfy { $0.message?.isEmpty == false }, "every exception and warning carries UIKit's message")
        }
        if reason.isException {
            #expect(result.finalState.isTerminated)
            #expect(result.log.events.last?.name == .exception, "an exception ends the scenario")
        }
        checkInvariants(spec: spec, scenario: scenario, result: result)
    }

    @Test func everyReasonCodeIsSnakeCaseAndUnique() {
        let codes = ReplayReason.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in codes {
            #expect(code.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code) is not snake_case")
        }
    }
}
