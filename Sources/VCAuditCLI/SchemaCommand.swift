import ArgumentParser
import VCAuditSpec

/// `vcaudit schema spec|config`: the JSON Schema of spec format v1 or of `.vcaudit.yml`, for editors.
public struct SchemaCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of specs or of .vcaudit.yml, for the YAML language server.",
        discussion: """
            The schemas (draft 2020-12) come from the same vocabulary the spec decoder reads, so they list \
            exactly the keys, steps and choices vcaudit accepts; Schemas/ holds them as committed files. A schema \
            checks shapes; 'vcaudit check' also checks what needs the whole spec (undeclared controllers, a \
            navigation controller without a root). Point an editor at one with the first line \
            '# yaml-language-server: $schema=URL', URL being the file in the repository (vcaudit-config.schema.json \
            for .vcaudit.yml):

            https://raw.githubusercontent.com/vcaudit/vcaudit/main/Schemas/vcaudit-spec.schema.json
            """)

    public enum Kind: String, ExpressibleByArgument, CaseIterable, Sendable {
        case spec, config
    }

    @Argument(help: "spec (spec format v1) or config (.vcaudit.yml).")
    public var kind: Kind

    public init() {}

    public func execute() -> SubcommandOutput {
        SubcommandOutput(stdout: Self.text(kind))
    }

    /// The schema's text as committed under `Schemas/`: indented, keys sorted, a final newline.
    public static func text(_ kind: Kind) -> String {
        (kind == .spec ? JSONSchemas.spec : JSONSchemas.configuration).pretty + "\n"
    }
}
