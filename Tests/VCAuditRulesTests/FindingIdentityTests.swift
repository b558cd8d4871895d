import Testing
import VCAuditRules
import VCAuditSpec

@Suite("Finding identity")
struct FindingIdentityTests {
    static func finding(line: Int = 3, message: String = "pushed twice", scenario: String? = "Tap twice",
                        controllers: [ControllerID] = ["nav", "detail#2"]) -> Finding {
        Finding(ruleID: "push_duplicate_instance", severity: .error, message: message,
                location: SourceLocation(file: "Specs/app.yaml", line: line, column: 7), scenario: scenario,
                controllers: controllers)
    }

    @Test("lines and messages are not part of it; rule, spec, scenario and controllers are")
    func parts() {
        let identity = FindingIdentity(Self.finding())
        #expect(identity == FindingIdentity(Self.finding(line: 40, message: "pushed twice (see line 40)")))
        #expect(identity != FindingIdentity(Self.finding(scenario: nil)))
        #expect(identity != FindingIdentity(Self.finding(controllers: ["nav"])))
        #expect(identity != FindingIdentity(Self.finding(), spec: "app.yaml"))
        #expect(identity.spec == "Specs/app.yaml")
    }

    @Test("its canonical JSON is what fingerprints hash, and a missing scenario is null")
    func canonicalJSON() {
        #expect(FindingIdentity(Self.finding()).canonicalJSON == #"["push_duplicate_instance","Specs/app.yaml",["nav","detail#2"],"Tap twice"]"#)
        #expect(FindingIdentity(Self.finding(scenario: nil)).canonicalJSON == #"["push_duplicate_instance","Specs/app.yaml",["nav","detail#2"],null]"#)
    }

    @Test("across paths, the scenario goes and instances are named by their scene")
    func acrossPaths() {
        let across = FindingIdentity(Self.finding()).acrossPaths
        #expect(across == FindingIdentity(rule: "push_duplicate_instance", spec: "Specs/app.yaml", scenario: nil,
                                          controllers: ["nav", "detail"]))
        #expect(across == FindingIdentity(Self.finding(scenario: "explore: perform showDetail", controllers: ["nav", "detail#3"])).acrossPaths)
    }

    @Test("baseline entries are described and ordered by spec, rule, scenario and controllers")
    func description() {
        let identity = FindingIdentity(Self.finding())
        #expect(identity.description == "push_duplicate_instance in Specs/app.yaml, scenario 'Tap twice' (nav, detail#2)")
        #expect(FindingIdentity(Self.finding(scenario: nil, controllers: [])).description == "push_duplicate_instance in Specs/app.yaml")
        #expect(FindingIdentity(Self.finding(scenario: nil)) < identity)
    }
}
