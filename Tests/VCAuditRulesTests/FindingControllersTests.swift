import Testing
@testable import VCAuditRules
import VCAuditSpec

/// The controllers a finding names, each once, in the order first named.
@Suite("Finding controllers")
struct FindingControllersTests {
    @Test("a list that names each controller once is kept; repeats are dropped after their first mention")
    func uniqueControllers() {
        #expect(RuleContext.unique(["a", "b", "c"]) == ["a", "b", "c"])
        #expect(RuleContext.unique(["a", "b", "a", "c", "b"]) == ["a", "b", "c"])
        #expect(RuleContext.unique(["a", "a"]) == ["a"])
        #expect(RuleContext.unique([]) == [])
    }
}
