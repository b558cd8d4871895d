import Testing
@testable import VCAuditRules

/// `push_duplicate_instance` says "double tap" only for a push during the previous one (issue 14, item 9).
@Suite("Push duplicate wording")
struct PushDuplicateWordingTests {
    static func message(_ steps: String) throws -> String {
        let text = """
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: list }
              list:
              detail:
            window: nav
            scenarios:
              - name: test
                steps:
            \(steps)
            """
        let spec = try #require(loadSpec(text))
        let finding = try #require(Checker().check(spec).findings.first { $0.ruleID == "push_duplicate_instance" })
        return finding.message
    }

    @Test("two pushes in one run-loop turn are a double tap")
    func doubleTap() throws {
        let text = try Self.message("      - launch\n      - simultaneously:\n          - push: { nav: nav, vc: detail }\n          - push: { nav: nav, vc: detail }")
        #expect(text.contains("a double tap pushes twice before the first push ends"))
    }

    @Test("a push in a later step, after the first one ended, is not called a double tap")
    func separateSteps() throws {
        let text = try Self.message("      - launch\n      - push: { nav: nav, vc: detail }\n      - push: { nav: nav, vc: detail }")
        #expect(!text.contains("double tap"))
        #expect(text.contains("is still in <UINavigationController: nav>'s stack from an earlier push"))
    }
}

/// Advice follows the container: a tab bar controller's children are its tabs (issue 14, item 9).
@Suite("Containment advice by container kind")
struct ContainmentAdviceTests {
    @Test("a view added to a tab bar controller's view is not advised to use addChild")
    func tabBar() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [home] }
              home:
              badge:
            window: tabs
            scenarios:
              - name: test
                steps:
                  - launch
                  - addSubview: { view: badge, to: tabs }
            """))
        let finding = try #require(Checker().check(spec).findings.first { $0.ruleID == "view_added_without_containment" })
        #expect(!finding.message.contains("addChild(<"))
        #expect(finding.message.hasSuffix("Make <UIViewController: badge> one of <UITabBarController: tabs>'s tabs (setViewControllers), or add its view to the selected tab's view instead."))
    }
}

/// `expect: presented: {by, vc}` holds only for the presenter UIKit resolved (issue 14, item 9).
@Suite("Presented expectations are exact")
struct PresentedExpectationTests {
    @Test("a controller below the resolved presenter does not present: the expectation fails and says who does")
    func exactPresenter() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [nav] }
              nav: { kind: navigation, root: home }
              home:
              sheet:
            window: tabs
            scenarios:
              - name: test
                steps:
                  - launch
                  - present: { vc: sheet, from: home }
                  - expect: { presented: { by: home, vc: sheet } }
                  - expect: { presented: { by: tabs, vc: sheet } }
            """))
        let failures = Checker().check(spec).findings.filter { $0.ruleID == "expectation_failed" }
        #expect(failures.count == 1)
        #expect(failures.first?.location.line == 13)
        #expect(failures.first?.message.contains("'home' presents nothing ('sheet' is presented by 'tabs', which contains it)") == true,
                "\(failures.first?.message ?? "")")
    }
}
