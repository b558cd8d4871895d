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
