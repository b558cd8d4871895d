import Foundation
import Testing

/// `docs/man/vcaudit.1` is generated from the help text (tools/generate-man.sh); it must name every command and option.
@Suite("man page")
struct ManualTests {
    @Test("every command and option of the help is in docs/man/vcaudit.1 (run tools/generate-man.sh after changing them)")
    func manualIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let manual = try String(contentsOf: root.appendingPathComponent("docs/man/vcaudit.1"), encoding: .utf8)
        let dump = try VCAuditProcess.run(["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        var missing: [String] = []
        func visit(_ command: [String: Any], path: [String]) {
            let name = command["commandName"] as? String ?? ""
            if command["shouldDisplay"] as? Bool == false || name == "help" { return }
            if let abstract = command["abstract"] as? String, !abstract.isEmpty, !manual.contains(abstract) {
                missing.append("\((path + [name]).joined(separator: " ")): \(abstract)")
            }
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool != false {
                for option in argument["names"] as? [[String: Any]] ?? [] where option["kind"] as? String == "long" {
                    let flag = "Fl -\(option["name"] as? String ?? "")"
                    if !manual.contains(flag) { missing.append("\((path + [name]).joined(separator: " ")) --\(option["name"] ?? "")") }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, path: path + [name]) }
        }
        visit(try #require(json["command"] as? [String: Any]), path: [])
        #expect(missing.isEmpty, "docs/man/vcaudit.1 lacks: \(missing); run tools/generate-man.sh")
    }
}
