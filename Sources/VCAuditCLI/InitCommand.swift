import ArgumentParser
import Foundation
import VCAuditSupport

/// `vcaudit init`: a commented starter `.vcaudit.yml` and spec in the current folder.
public struct InitCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter .vcaudit.yml and spec (Specs/app.yaml) into the current folder.",
        discussion: """
            Both files are written atomically and never over an existing file. The spec is a small app that \
            vcaudit checks clean; edit it, or replace it with 'vcaudit import storyboard'. Then run 'vcaudit check'.
            Exit status: 0 written, 2 when a file is already there.
            """)

    @Option(help: ArgumentHelp("The folder to write into (default: the current one).", valueName: "folder"))
    public var directory: String = "."

    public init() {}

    /// The files `init` writes: path relative to the folder, and contents.
    static let files: [(path: String, text: String)] = [
        (".vcaudit.yml", """
            # yaml-language-server: $schema=https://raw.githubusercontent.com/vcaudit/vcaudit/main/Schemas/vcaudit-config.schema.json
            # vcaudit's configuration (the README's "Rules, configuration and suppressions"). Every key is optional.
            included: [Specs]                 # what 'vcaudit check' checks without paths; globs too: 'Specs/**/*.yaml'
            # excluded: [Specs/Drafts]        # never checked
            # disabled_rules: [pop_root]      # 'vcaudit rules' lists the rules (docs/rules.md documents them)
            # severities: { present_while_presenting: error }
            devices: [iphone, ipad]           # replay every scenario on both
            # strict: true                    # fail on warnings too
            # baseline: .vcaudit-baseline.json

            """),
        ("Specs/app.yaml", """
            # yaml-language-server: $schema=https://raw.githubusercontent.com/vcaudit/vcaudit/main/Schemas/vcaudit-spec.schema.json
            # A starter spec (docs/spec-format.md): a list in a navigation controller, a detail it pushes, and a
            # sheet the detail presents. Replace the ids and classes with your app's, or start from your
            # storyboards: vcaudit import storyboard path/to/UI --out Specs/app.yaml --force
            vcaudit: 1
            app: MyApp
            controllers:
              nav: { kind: navigation, root: list }
              list: { class: ListViewController }
              detail: { class: DetailViewController }
              editor: { class: EditorViewController, modalPresentationStyle: pageSheet }
            window: nav
            transitions:
              openDetail: { segue: show, from: list, to: detail }       # tapping a row
              edit: { segue: modal, from: detail, to: editor }          # the Edit button
            scenarios:
              - name: Open a row, edit it, come back
                steps:
                  - launch
                  - perform: openDetail
                  - expect: { top: { nav: nav, vc: detail } }
                  - perform: edit
                  - dismiss: editor
                  - pop: nav
                  - expect: { top: { nav: nav, vc: list } }

            """),
    ]

    /// Writes the files, returning what to print.
    public func execute() -> SubcommandOutput {
        var output = SubcommandOutput()
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let targets = Self.files.map { (path: base == "." ? $0.path : base + "/" + $0.path, text: $0.text) }
        let existing = targets.filter { FileManager.default.fileExists(atPath: $0.path) }
        guard existing.isEmpty else {
            output.stderr = existing.map { "\($0.path):1:1: error: already exists; vcaudit init never overwrites a file: move it away, or edit it\n" }.joined()
            output.status = 2
            return output
        }
        // Every file can be written, or none is: a run that stopped halfway would leave one that a second run refuses.
        let blocked = targets.compactMap { target in AtomicFile.problem(writing: target.path).map { AtomicFile.Failure(path: target.path, reason: $0) } }
        guard blocked.isEmpty else {
            output.stderr = blocked.map(\.diagnostic).joined()
            output.status = 2
            return output
        }
        for target in targets {
            do throws(AtomicFile.Failure) {
                try AtomicFile.write(target.text, to: target.path)
                output.stdout += "created \(target.path)\n"
            } catch {
                output.stderr += error.diagnostic
                output.status = 2
                return output
            }
        }
        output.stdout += "next: vcaudit check\n"
        return output
    }
}
