import Testing
import VCAuditRules
import VCAuditSpec

@Suite("Baseline files")
struct BaselineTests {
    static func file(counts: [String]) -> String {
        let entries = counts.map { """
            {"rule": "pop_root", "spec": "a.yaml", "scenario": "S", "controllers": ["nav"], "count": \($0)}
            """ }
        return "{\"version\": 1, \"findings\": [\(entries.joined(separator: ", "))]}"
    }

    let key = Baseline.Key(rule: "pop_root", spec: "a.yaml", scenario: "S", controllers: ["nav"])

    @Test("entries with one key add up")
    func repeatedEntriesAddUp() throws {
        let baseline = try Baseline.parse(Self.file(counts: ["1", "2"]), path: "baseline.json")
        #expect(baseline.entries == [key: 3])
    }

    @Test("counts that add up past the largest integer saturate instead of crashing (found by the baseline fuzz target)")
    func hugeCountsSaturate() throws {
        let baseline = try Baseline.parse(Self.file(counts: ["9223372036854775807", "8198552921648689607", "5"]), path: "baseline.json")
        #expect(baseline.entries == [key: Int.max])
    }

    @Test("a baseline reads back as written")
    func roundTrip() throws {
        let baseline = Baseline(entries: [key: 2])
        #expect(try Baseline.parse(baseline.json, path: "baseline.json") == baseline)
    }

    @Test("a baseline that is not JSON is an error at the line and column where it stops being JSON")
    func notJSON() {
        let text = "{\n  \"findings\": [],\n  \"version\": 1,\n}\n"
        #expect(throws: DiagnosticList.self) { try Baseline.parse(text, path: "b.json") }
        do {
            _ = try Baseline.parse(text, path: "b.json")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "b.json:4:1: error: the baseline is not valid JSON (expected a string key); fix it, or write it again with --write-baseline",
            ])
        }
    }
}
