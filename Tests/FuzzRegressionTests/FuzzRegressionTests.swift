import Foundation
import Testing
import VCAuditFuzzTargets

/// Every input a fuzzer once crashed on, run through the code of its target (Fuzz/README.md).
///
/// `Inputs/TARGET/NAME` holds the minimised input; the test passes when the target returns. A regression crashes
/// the test process, which fails the run with the input's name in the log.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")

    /// `TARGET/NAME` of every input, sorted.
    static let cases: [String] = {
        let fm = FileManager.default
        var found: [String] = []
        for target in (try? fm.contentsOfDirectory(atPath: inputs.path)) ?? [] {
            for name in (try? fm.contentsOfDirectory(atPath: inputs.appendingPathComponent(target).path)) ?? [] {
                found.append(target + "/" + name)
            }
        }
        return found.sorted()
    }()

    @Test("every input folder names a fuzz target")
    func foldersNameTargets() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.inputs.path)
        for folder in folders {
            #expect(FuzzTarget.all.contains { $0.name == folder }, "Inputs/\(folder) is not a fuzz target")
        }
        #expect(!Self.cases.isEmpty)
    }

    @Test("the target survives the input", arguments: cases)
    func survives(_ input: String) throws {
        let target = try #require(FuzzTarget.all.first { $0.name == input.split(separator: "/")[0] })
        let bytes = try [UInt8](Data(contentsOf: Self.inputs.appendingPathComponent(input)))
        target.run(bytes)
    }
}
