import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditTestSupport

/// `vcaudit graph`, run in process.
@Suite("graph command")
struct GraphCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func graph(_ arguments: [String]) throws -> SubcommandOutput {
        try GraphCommand.parse(arguments).execute()
    }

    @Test("a folder draws each spec; --format dot gives Graphviz")
    func folderAndFormats() throws {
        let folder = Self.repository.appendingPathComponent("Examples/Notes").path
        let mermaid = try graph([folder])
        #expect(mermaid.status == 0)
        #expect(mermaid.stderr == "")
        #expect(mermaid.stdout.components(separatedBy: "flowchart LR\n").count == 3, "two specs, two flowcharts")
        let dot = try graph([folder, "--format", "dot"])
        #expect(dot.stdout.hasPrefix("digraph "))
        #expect(!dot.stdout.contains("classDef"))
    }

    @Test("--scenario draws what its findings name in red")
    func scenarioFindings() throws {
        let file = Self.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml").path
        let output = try graph([file, "--scenario", "Double tap on a post"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("class vc_feedNav,vc_post finding"))
        #expect(output.stdout.contains("linkStyle 1 stroke:#c0392b"))
        let clean = try graph([file])
        #expect(!clean.stdout.contains("finding"))
    }

    @Test("a storyboard, or a folder of them, is drawn as one app, as check imports it")
    func storyboards() throws {
        let boards = Self.repository.appendingPathComponent("Tests/VCAuditStoryboardTests/Storyboards")
        let main = try graph([boards.appendingPathComponent("Main.storyboard").path])
        #expect(main.status == 0, "\(main.stderr)")
        #expect(main.stdout.hasPrefix("flowchart LR\n"))
        #expect(main.stdout.contains("window((window)) --> vc_mainTabBarController\n"))
        // The folder holds an AppKit storyboard too: skipped with a note, and the others are drawn as one app.
        let folder = try graph([boards.path])
        #expect(folder.status == 0)
        #expect(folder.stderr == "\(boards.path)/AppKit.storyboard: note: skipped: an AppKit (macOS) storyboard (targetRuntime=\"MacOSX.Cocoa\"), "
            + "found in a folder; vcaudit audits UIKit view controllers\n")
        #expect(folder.stdout.components(separatedBy: "flowchart LR\n").count == 2, "one app, one flowchart")
        #expect(folder.stdout.contains("settingsMenuViewController"), "Settings.storyboard is drawn with Main")
    }

    @Test("a folder of several apps draws each, with the storyboards they share")
    func severalApps() throws {
        let folder = try TemporaryFolder()
        try folder.write("Examples/ObjC/Main.storyboard", StoryboardText.board("ObjCHome"))
        try folder.write("Examples/ObjC/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        try folder.write("Examples/Swift/Main.storyboard", StoryboardText.board("SwiftHome"))
        try folder.write("Examples/Swift/Info.plist", "<plist><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>")
        try folder.write("Framework/LockScreen.storyboard", StoryboardText.board("Lock", isInitial: false))
        let output = try graph([folder.path])
        #expect(output.status == 0, "\(output.stderr)")
        let drawn = output.stdout.components(separatedBy: "flowchart LR\n").dropFirst()
        #expect(drawn.count == 2, "\(output.stdout)")
        #expect(drawn.allSatisfy { $0.contains("lockViewController") }, "each app draws the storyboard they share")
        #expect(drawn.first?.contains("objCHomeViewController") == true && drawn.first?.contains("swiftHome") == false, "\(output.stdout)")
        #expect(drawn.last?.contains("swiftHomeViewController") == true && drawn.last?.contains("objCHome") == false, "\(output.stdout)")
    }

    @Test("bad input exits 2 with a message")
    func badInput() throws {
        let file = Self.repository.appendingPathComponent("Examples/Bugs/double-tap-push.yaml").path
        let unknown = try graph([file, "--scenario", "Nope"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("error: no spec under"))
        let missing = try graph(["no/such.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "no/such.yaml:1:1: error: no such file or folder; check the path\n")
        #expect(throws: (any Error).self) { try GraphCommand.parse(["x.yaml", "--format", "svg"]) }
    }
}
