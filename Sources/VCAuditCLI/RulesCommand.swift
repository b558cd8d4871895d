import ArgumentParser
import Foundation
import VCAuditRules
import VCAuditSpec

/// `vcaudit rules [ID]`: the rule catalog, or one rule's documentation and examples.
public struct RulesCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules (id, severity, enabled, category, title), or show one rule's documentation and examples.",
        discussion: "Severities and enablement follow --config, else the nearest .vcaudit.yml."
    )

    @Argument(help: ArgumentHelp("A rule id, to show its documentation and examples.", valueName: "id"))
    public var id: String?

    @Option(help: ArgumentHelp("The configuration file (default: the nearest .vcaudit.yml).", valueName: "path"))
    public var config: String?

    /// How the catalog is printed.
    public enum Format: String, OptionWord {
        case text, markdown

        public static let kind = "format"
    }

    @Option(help: ArgumentHelp("text, or markdown: the documentation of every rule (or of ID) with its examples, as docs/rules.md is written.",
                               valueName: "format"))
    public var format = Choice(Format.text)

    public init() {}

    public mutating func validate() throws {
        if let id, RuleCatalog.rule(id) == nil {
            throw ValidationError(RuleCatalog.unknownIdentifierMessage(id, in: "the catalog"))
        }
        try format.validate()
    }

    /// The catalog or one rule's documentation, without touching the process's output.
    public func execute() -> SubcommandOutput {
        if format.word == .markdown {
            // The documentation describes the defaults, whatever a configuration changes.
            return SubcommandOutput(stdout: id.flatMap(RuleCatalog.rule).map { RulesDocument.section($0.description) } ?? RulesDocument.markdown())
        }
        let configuration: Configuration
        do {
            configuration = try ConfigurationFile.load(given: config)
        } catch {
            return SubcommandOutput(stderr: error.rendered, status: CheckOutput.badInput)
        }
        if let id, let rule = RuleCatalog.rule(id) {
            return SubcommandOutput(stdout: Self.documentation(rule.description, configuration: configuration))
        }
        return SubcommandOutput(stdout: Self.catalog(configuration: configuration))
    }

    /// The catalog as an aligned table.
    public static func catalog(configuration: Configuration) -> String {
        let rows = RuleCatalog.descriptions.map { rule in
            [rule.identifier, configuration.severity(of: rule.identifier, default: rule.severity).rawValue,
             configuration.isEnabled(rule.identifier) ? "yes" : "no", rule.category.rawValue, rule.name]
        }
        let header = ["id", "severity", "enabled", "category", "title"]
        let widths = (0..<header.count).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// One rule's documentation: title, id, severity, description, UIKit's message, examples.
    public static func documentation(_ rule: RuleDescription, configuration: Configuration) -> String {
        var out = "\(rule.name) (\(rule.identifier))\n\n"
        out += "Category: \(rule.category.rawValue)\n"
        out += "Default severity: \(rule.severity.rawValue)"
        let configured = configuration.severity(of: rule.identifier, default: rule.severity)
        if configured != rule.severity { out += " (configured: \(configured.rawValue))" }
        out += "\nEnabled: \(configuration.isEnabled(rule.identifier) ? "yes" : "no")\n\n"
        out += rule.description + "\n\n"
        out += "UIKit: \(rule.uikitMessage)\n"
        func examples(_ title: String, _ list: [RuleDescription.Example]) {
            for (index, example) in list.enumerated() {
                out += "\n\(title) \(index + 1)" + (example.device.map { " (on \($0.rawValue))" } ?? "") + ":\n\n"
                out += example.spec.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
                if !out.hasSuffix("\n") { out += "\n" }
            }
        }
        examples("Triggering example", rule.triggeringExamples)
        examples("Non-triggering example", rule.nonTriggeringExamples)
        return out
    }
}
