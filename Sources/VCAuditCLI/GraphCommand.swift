import ArgumentParser
import Foundation
import VCAuditGraph
import VCAuditReplay
import VCAuditRules
import VCAuditSpec
import VCAuditStoryboard
import VCAuditSupport

/// `vcaudit graph PATH`: the declared app as a Mermaid or Graphviz graph, for a README, a PR comment or a review.
public struct GraphCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the app a spec declares: containment and transitions, as Mermaid or Graphviz.",
        discussion: """
            Containers are nested boxes holding their children (a navigation controller's root, a tab bar's \
            tabs, a split's columns, pages, embedded children); transitions are arrows labelled \
            'transition: call': solid for navigation (push, show, showDetail), dotted for presentation \
            (present, modal, popover, custom), thick for containment made by code (embed, addChild, \
            transition), dotted for unwinds. With --scenario, the controllers and transitions that \
            scenario's findings name are drawn in red.

            PATH is a spec, or a folder whose specs are drawn one after the other; a storyboard, or the \
            storyboards of a folder, are drawn as one app, imported as 'vcaudit check' reads them. GitHub renders the \
            Mermaid output in Markdown inside a ```mermaid block; render DOT with Graphviz \
            ('vcaudit graph app.yaml --format dot | dot -Tsvg > app.svg'). Exit status: 0 when drawn, 2 when \
            an input cannot be loaded or an option is wrong.
            """)

    public enum Format: String, OptionWord {
        case mermaid, dot

        public static let kind = "format"
    }

    @Argument(help: "A spec file, a storyboard, or a folder of specs or storyboards.")
    public var path: String

    @Option(help: "Highlight what this scenario's findings name (default: no findings are drawn).")
    public var scenario: String?

    @Option(help: "mermaid (the default) or dot.")
    public var format = Choice(Format.mermaid)

    public init() {}

    public func validate() throws {
        try format.validate()
    }

    /// Loads, checks the scenario when asked, and renders, without touching the process's output.
    public func execute() -> SubcommandOutput {
        // Named as `check` names it, however it was typed (`./App`, `App/`).
        let path = FilePath.shortest(self.path, workingDirectory: FileManager.default.currentDirectoryPath)
        let discovered = SpecLoader.discover([path], alongside: [".storyboard"])
        // Storyboards are one app, imported in memory as `check` imports them; a folder of several apps draws each.
        let storyboards = discovered.alongside
        var errors = discovered.missing.map { $0.rendered(source: nil) }.joined()
        var notes = ""
        var specs: [Spec] = []
        if !storyboards.isEmpty {
            var said: Set<String> = []
            for read in StoryboardImporter.read(storyboards, named: [path]).separateApps() {
                let app = CheckRunner.importApp(read, limits: .default)
                // What the apps share is said once.
                for note in app.leftOut.map({ $0.note + "\n" }) where said.insert(note).inserted { notes += note }
                for error in app.errors.map({ $0.rendered(source: nil) }) where said.insert(error).inserted { errors += error }
                if let spec = app.spec { specs.append(spec) }
            }
        }
        for file in discovered.files {
            let loaded = SpecLoader.load(path: file, storyboards: StoryboardImporter.specImport)
            guard let spec = loaded.spec else {
                errors += loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
                continue
            }
            specs.append(spec)
        }
        var out = ""
        var drawn = 0
        var scenarioFound = scenario == nil
        for spec in specs {
            var flagged: Set<ControllerID> = []
            var flaggedTransitions: Set<String> = []
            if let scenario {
                guard spec.scenarios.contains(where: { $0.name == scenario }) else { continue }
                scenarioFound = true
                for finding in Checker().check(spec).findings where finding.scenario == scenario {
                    flagged.formUnion(finding.controllers.map(\.sceneID))
                    if let transition = finding.transition { flaggedTransitions.insert(transition) }
                }
            }
            let graph = AppGraph(spec: spec, flagged: flagged, flaggedTransitions: flaggedTransitions)
            if drawn > 0 { out += "\n" }
            switch format.word {
            case .mermaid: out += MermaidGraphWriter.render(graph)
            case .dot: out += DotGraphWriter.render(graph)
            }
            drawn += 1
        }
        if let scenario, !scenarioFound {
            errors += "error: no spec under \(path) has a scenario named '\(scenario)'\n"
        }
        if drawn == 0, errors.isEmpty {
            errors += "\(path):1:1: error: no spec to draw; give a spec file or a folder with specs\n"
        }
        return SubcommandOutput(stdout: out, stderr: notes + errors, status: errors.isEmpty ? 0 : 2)
    }
}
