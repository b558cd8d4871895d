import Testing
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditRules
import VCAuditSpec

@Suite("Findings delta")
struct FindingsDeltaTests {
    static func finding(_ rule: String, _ file: String, line: Int, scenario: String? = "S", controllers: [ControllerID] = ["a"],
                        message: String = "something is wrong") -> Finding {
        Finding(ruleID: rule, severity: .warning, message: message, location: SourceLocation(file: file, line: line, column: 5),
                scenario: scenario, controllers: controllers)
    }

    @Test("new, fixed and unchanged, matched without line numbers or the folder compared")
    func delta() {
        let old = [
            Self.finding("r1", "old/app.yaml", line: 10),
            Self.finding("r2", "old/app.yaml", line: 20),
            Self.finding("r3", "old/app.yaml", line: 30, message: "added at old/app.yaml:30:5, see line 30"),
        ].map { FindingsDelta.Entry($0, spec: "app.yaml") }
        let new = [
            Self.finding("r1", "new/app.yaml", line: 14),
            Self.finding("r3", "new/app.yaml", line: 35, message: "added at new/app.yaml:35:5, see line 35"),
            Self.finding("r4", "new/app.yaml", line: 40),
        ].map { FindingsDelta.Entry($0, spec: "app.yaml") }
        let delta = FindingsDelta.between(old: old, new: new)
        #expect(delta.new.map(\.ruleID) == ["r4"])
        #expect(delta.fixed.map(\.ruleID) == ["r2"])
        #expect(delta.unchanged.map(\.ruleID) == ["r1", "r3"])
        #expect(delta.unchanged.map(\.location.file) == ["new/app.yaml", "new/app.yaml"])
        #expect(delta.fixed.first?.location.file == "old/app.yaml")
    }

    @Test("scenario, controllers, rule and spec each tell findings apart; lines and messages do not")
    func keyParts() {
        let base = FindingIdentity(Self.finding("r", "a.yaml", line: 1), spec: "a.yaml")
        #expect(base == FindingIdentity(Self.finding("r", "b.yaml", line: 9), spec: "a.yaml"))
        #expect(base != FindingIdentity(Self.finding("r", "a.yaml", line: 1, scenario: "T"), spec: "a.yaml"))
        #expect(base != FindingIdentity(Self.finding("r", "a.yaml", line: 1, scenario: nil), spec: "a.yaml"))
        #expect(base != FindingIdentity(Self.finding("r", "a.yaml", line: 1, controllers: ["a", "b"]), spec: "a.yaml"))
        #expect(base != FindingIdentity(Self.finding("q", "a.yaml", line: 1), spec: "a.yaml"))
        #expect(base != FindingIdentity(Self.finding("r", "a.yaml", line: 1), spec: "sub/a.yaml"))
        // The message is not part of the identity: a reworded message (or one that quotes a moved line) is the same finding.
        #expect(base == FindingIdentity(Self.finding("r", "a.yaml", line: 1, message: "another problem"), spec: "a.yaml"))
    }

    @Test("duplicates count: three in NEW against two in OLD are two unchanged and one new")
    func duplicates() {
        let one = FindingsDelta.Entry(Self.finding("r", "a.yaml", line: 1), spec: "a.yaml")
        let delta = FindingsDelta.between(old: [one, one], new: [one, one, one])
        #expect(delta.unchanged.count == 2 && delta.new.count == 1 && delta.fixed.isEmpty)
        let back = FindingsDelta.between(old: [one, one, one], new: [one])
        #expect(back.unchanged.count == 1 && back.fixed.count == 2 && back.new.isEmpty)
    }
}
