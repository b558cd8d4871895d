import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditTestSupport

/// `.vcaudit.yml` as the commands read it: `--config`, else the nearest one above the working directory.
@Suite("Configuration file")
struct ConfigurationFileTests {
    @Test("check and rules read the same configuration, and report its errors in the same words")
    func configurationErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write(".vcaudit.yml", "disabled_rules: [pop_rot]\n")
        try folder.write("Specs/app.yaml", "vcaudit: 1\ncontrollers:\n  home:\nwindow: home\n")
        let rules = try VCAuditProcess.run(["rules"], in: folder.path + "/Specs")
        let check = try VCAuditProcess.run(["check", "app.yaml"], in: folder.path + "/Specs")
        let rendered = """
            ../.vcaudit.yml:1:18: error: unknown rule 'pop_rot' in 'disabled_rules'; did you mean 'pop_root'? ('vcaudit rules' lists every rule)
            disabled_rules: [pop_rot]
                             ^~~~~~~

            """
        #expect(rules.status == 2)
        #expect(rules.standardError == rendered)
        #expect(check.status == 2)
        #expect(check.standardError == rendered + "nothing checked; 1 input error\n")
    }
}
