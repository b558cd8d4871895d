import ArgumentParser
import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditReporters
import VCAuditSpec

/// The option kinds every command shares: device lists, and words of a fixed list (formats).
@Suite("Option values")
struct OptionValuesTests {
    @Test("a device list names each device once, in the order first named, across repeated options")
    func deviceLists() throws {
        let lists = try ["ipad", " iphone , ipad", "iphone,"].map { try #require(DeviceList(argument: $0)) }
        #expect(lists.map(\.devices) == [[.ipad], [.iphone, .ipad], [.iphone]])
        #expect(try DeviceList.devices(lists) == [.ipad, .iphone])
        #expect(try DeviceList.devices([]) == [])
    }

    @Test("a name that is no device is the usage error of every command that takes --device", arguments: [
        ["check", "x.yaml", "--device", "iphone,ipd"],
        ["explore", "x.yaml", "--device", "iphone", "--device", "ipd"],
        ["generate", "tests", "x.yaml", "--framework", "xctest", "--out", "Gen", "--device", "ipd"],
    ])
    func unknownDevice(arguments: [String]) {
        #expect(message(arguments) == "unknown device 'ipd'; did you mean 'ipad'? (use iphone, ipad or iphone,ipad)")
    }

    @Test("generate writes its devices in a stable order, whatever the order given")
    func generateSortsDevices() throws {
        let command = try GenerateTestsCommand.parse(["x.yaml", "--framework", "xctest", "--out", "Gen", "--device", "ipad,iphone"])
        #expect(try command.devices() == [.iphone, .ipad])
        #expect(try GenerateTestsCommand.parse(["x.yaml", "--framework", "xctest", "--out", "Gen"]).devices() == nil)
    }

    @Test("replay and tree run on one device: a list of two is a usage error")
    func replayTakesOneDevice() throws {
        let output = try ReplayCommand.parse(["x.yaml", "--device", "iphone,ipad"]).execute()
        #expect(output == SubcommandOutput(
            stderr: "error: --device names iphone,ipad, but a replay runs on one device\nnote: the devices are iphone and ipad\n", status: 2))
    }

    @Test("every format option answers a word that is not one of its formats in the same words", arguments: [
        (["check", "x.yaml", "--format", "sarf"], "unknown format 'sarf'; did you mean 'sarif'? (use one of text, json, sarif, junit, github, markdown)"),
        (["explore", "x.yaml", "--format", "pdf"], "unknown format 'pdf'; use one of text, json, sarif, junit, github, markdown"),
        (["diff", "a", "b", "--format", "jsn"], "unknown format 'jsn'; did you mean 'json'? (use one of text, json, markdown)"),
        (["replay", "x.yaml", "--format", "json"], "unknown format 'json'; did you mean 'jsonl'? (use one of jsonl, text)"),
        (["graph", "x.yaml", "--format", "svg"], "unknown format 'svg'; use one of mermaid, dot"),
        (["rules", "--format", "Markdown"], "unknown format 'Markdown'; did you mean 'markdown'? (use one of text, markdown)"),
    ])
    func unknownFormat(arguments: [String], expected: String) {
        #expect(message(arguments) == expected)
    }

    @Test("a format option's help lists its formats and its default")
    func formatHelp() {
        #expect(Choice<ReportFormat>.allValueStrings == ["text", "json", "sarif", "junit", "github", "markdown"])
        #expect(Choice(ReportFormat.text).defaultValueDescription == "text")
        let help = VCAuditRoot.helpMessage(for: CheckCommand.self, columns: 1000)
        #expect(help.contains("(values: text, json, sarif, junit, github, markdown; default: text)"))
    }

    @Test("the report formats are the reporters")
    func reportFormatsAreTheReporters() {
        #expect(ReportFormat.allCases.map(\.rawValue) == Reporters.identifiers)
    }

    /// The usage error swift-argument-parser reports for `arguments` (without the usage lines), or "" when they parse.
    func message(_ arguments: [String]) -> String {
        do {
            _ = try VCAuditRoot.parseAsRoot(arguments)
            return ""
        } catch {
            return VCAuditRoot.message(for: error)
        }
    }
}

/// The root command's subcommands, for parsing whole command lines in process as `vcaudit` does.
struct VCAuditRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vcaudit",
        subcommands: [CheckCommand.self, ExploreCommand.self, GenerateCommand.self, DiffCommand.self, ReplayCommand.self,
                      GraphCommand.self, RulesCommand.self])
}
