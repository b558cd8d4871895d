import Foundation
import Testing
@testable import VCAuditReplay
@testable import VCAuditRules

/// Nothing UIKit would crash on or refuse passes `check` silently (DESIGN §5): every reason the reducer puts on
/// an `exception` or `warning` event is reported by some rule, at the place the event points to.
@Suite("Every exception and refusal is reported")
struct EveryOutcomeReportedTests {
    /// The app every scenario runs in (`Tests/Fixtures/every-outcome-app.yaml`, shared with the rules' coverage test).
    static let app: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/every-outcome-app.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Reasons no spec can reach: the decoder checks a step's container kind when the spec loads (`not_navigation`,
    /// `not_tab_bar`, `not_a_container`), and declining restoration is the app's choice, not a refusal.
    static let unreachable: Set<ReplayReason> = [.notNavigation, .notTabBar, .notAContainer, .restorationNotOptedIn]

    /// A scenario producing each reason.
    static let steps: [ReplayReason: String] = [
        .windowWithoutRoot: "- launch",
        .pageCountMismatch: "- setViewControllers: { of: pages, vcs: [e, b] }",
        .pageTransitionInProgress: "- launch\n- present: { vc: pages, from: a, animated: false }\n- simultaneously:\n    - setViewControllers: { of: pages, vcs: [b] }\n    - setViewControllers: { of: pages, vcs: [e] }",
        .presentSelf: "- present: { vc: sheet, from: sheet }",
        .alreadyPresented: "- launch\n- present: { vc: sheet, from: a, animated: false }\n- present: { vc: sheet, from: a }",
        .hasParent: "- present: { vc: a, from: tabs }",
        .activeController: "- launch\n- present: { vc: tabs, from: a }",
        .popoverMissingAnchor: "- device: ipad\n- launch\n- present: { vc: bare, from: a }",
        .containmentCycle: "- addChild: { parent: d, child: box }",
        .reparentedWithoutRemoval: "- addChild: { parent: manual, child: d }",
        .transitionWithoutCommonParent: "- transition: { parent: box, from: d, to: b }",
        .pushNavigationController: "- push: { nav: nav, vc: other }",
        .pushSegueWithoutNavigationController: "- launch\n- present: { vc: sheet, from: a, animated: false }\n- perform: pushFromSheet",
        .pushDuplicate: "- push: { nav: nav, vc: a }",
        .popToMissing: "- popTo: { nav: nav, vc: b }",
        .duplicateViewControllers: "- setViewControllers: { of: nav, vcs: [b, b] }",
        .selectUnknownTab: "- select: { tabs: tabs, vc: b }",
        .addSelfAsSubview: "- addSubview: { view: b, to: b }",
        .viewHierarchyCycle: "- addSubview: { view: box, to: d }",
        .presentationInProgress: "- launch\n- simultaneously:\n    - present: { vc: sheet, from: a }\n    - present: { vc: b, from: a }",
        .notInWindow: "- present: { vc: sheet, from: a }",
        .detachedPresenter: "- launch\n- addSubview: { view: b, to: a }\n- present: { vc: sheet, from: b }",
        .alreadyPresenting: "- launch\n- present: { vc: sheet, from: a, animated: false }\n- present: { vc: b, from: a }",
        .dismissInProgress: "- launch\n- simultaneously:\n    - present: { vc: sheet, from: a }\n    - dismiss: sheet",
        .unbalancedAppearance: "- endAppearance: b",
.overlappingTransition: "- launch\n- select: box\n- addChild: { parent: box, child: b }\n- simultaneously:\n    - transition: { parent: box, from: d, to: b }\n    - transition: { parent: box, from: b, to: d }",
                .interruptedAppearance: "- launch\n- simultaneously:\n    - push: { nav: nav, vc: b }\n    - pop: nav",
        .pushSplitViewController: "- push: { nav: nav, vc: split }",
        .nestedNavigationAnimation: "- launch\n- simultaneously:\n    - push: { nav: nav, vc: b }\n    - pop: nav",
        .unwindNotFound: "- perform: nowhere",
    ]

    @Test("every reason is either produced below or unreachable from a spec")
    func everyReasonIsListed() {
        let missing = ReplayReason.allCases.filter { Self.steps[$0] == nil && !Self.unreachable.contains($0) }
        #expect(missing.isEmpty, "reasons without a scenario: \(missing.map(\.rawValue))")
    }

    @Test("a rule reports the outcome, at the place the event points to; an exception as an error",
          arguments: steps.keys.map(\.rawValue).sorted())
    func reported(_ code: String) throws {
        let reason = try #require(ReplayReason(rawValue: code))
        let base = reason == .windowWithoutRoot ? Self.app.replacingOccurrences(of: "window: tabs\n", with: "") : Self.app
        var text = base + "\nscenarios:\n  - name: test\n    steps:\n"
        for line in Self.steps[reason]!.split(separator: "\n") { text += "      " + line + "\n" }
        let spec = try #require(loadSpec(text))
        let log = Replay.run(spec, scenario: spec.scenarios[0]).log
        let outcome = try #require(log.events.first { $0.reason?.rawValue == code && ($0.name == .exception || $0.name == .warning) },
                                   "the scenario does not produce \(code)")
        let findings = Checker().check(spec).findings.filter { $0.location.line == outcome.at.line && $0.location.column == outcome.at.column }
        #expect(!findings.isEmpty, "no rule reports \(code) at \(outcome.at.line):\(outcome.at.column)")
        if reason.isException {
            #expect(findings.contains { $0.severity == .error }, "\(code) crashes the app, so some rule must report an error")
        }
    }
}
