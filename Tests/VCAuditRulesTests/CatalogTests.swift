import Foundation
import Testing
import VCAuditReplay
@testable import VCAuditRules
import VCAuditSpec
import VCAuditYAML

@Suite("Rule catalog")
struct CatalogTests {
    /// DESIGN.md section 5: the ids are a contract, with their default severities.
    static let contract: [(id: String, severity: Severity)] = [
        ("view_added_without_containment", .error), ("missing_did_move_to_parent", .warning),
        ("missing_will_move_to_parent", .warning), ("child_view_not_in_parent", .warning),
        ("view_left_after_removal", .error), ("reparented_without_removal", .error), ("containment_cycle", .error),
        ("transition_without_common_parent", .error), ("unbalanced_appearance_transition", .warning),
        ("appearance_not_forwarded", .warning), ("redundant_appearance_forwarding", .warning),
        ("popover_missing_anchor", .error), ("popover_conflicting_anchor", .warning),
        ("adapted_popover_without_dismiss", .warning), ("present_while_presenting", .warning),
        ("present_from_detached", .warning), ("present_active_controller", .error), ("transition_in_progress", .warning),
        ("dismiss_without_presentation", .warning), ("context_presentation_without_definer", .warning),
        ("custom_presentation_without_delegate", .warning), ("push_duplicate_instance", .error),
        ("push_navigation_controller", .error), ("push_segue_without_navigation_controller", .error),
        ("push_split_view_controller", .error),
        ("pop_to_missing_controller", .error), ("pop_root", .warning), ("select_unknown_tab", .error),
        ("add_self_as_subview", .error), ("view_hierarchy_cycle", .error), ("unwind_destination_not_found", .warning),
        ("nested_navigation_controller", .warning), ("tab_bar_in_navigation", .warning), ("unreachable_controller", .warning),
        ("page_count_mismatch", .error), ("window_without_root", .error), ("restoration_id_missing", .warning),
        ("restoration_ancestor_missing_id", .error), ("restoration_path_collision", .warning),
        ("restoration_round_trip_mismatch", .warning), ("expectation_failed", .error), ("unused_suppression", .warning),
    ]

    @Test("the catalog has exactly the contract's ids, each once, at its default severity")
    func contractIDs() {
        #expect(RuleCatalog.identifiers.sorted() == Self.contract.map(\.id).sorted())
        #expect(Set(RuleCatalog.identifiers).count == RuleCatalog.identifiers.count)
        for (id, severity) in Self.contract {
            #expect(RuleCatalog.rule(id)?.description.severity == severity, "\(id)")
        }
    }

    @Test("every rule is documented and has triggering and non-triggering examples", arguments: RuleCatalog.identifiers)
    func documented(_ id: String) throws {
        let description = try #require(RuleCatalog.rule(id)).description
        #expect(description.identifier.allSatisfy { $0.isLowercase || $0 == "_" })
        #expect(!description.name.isEmpty)
        #expect(description.description.count > 40)
        #expect(!description.uikitMessage.isEmpty)
        #expect(!description.triggeringExamples.isEmpty)
        #expect(!description.nonTriggeringExamples.isEmpty)
    }

    @Test("unknown ids get a did-you-mean")
    func suggestions() {
        #expect(RuleCatalog.suggestion(for: "pop_rot") == "pop_root")
        #expect(RuleCatalog.suggestion(for: "something_else_entirely") == nil)
        #expect(RuleCatalog.unknownIdentifierMessage("pop_rot", in: "'ignore'")
            == "unknown rule 'pop_rot' in 'ignore'; did you mean 'pop_root'? ('vcaudit rules' lists every rule)")
    }

    @Test("markers are stripped and located by line and column")
    func markers() {
        let example = RuleDescription.Example("a: ↓b\n  - ↓c↓d\n")
        #expect(example.source == "a: b\n  - cd\n")
        #expect(example.unmarked.markers == [Mark(line: 1, column: 4), Mark(line: 2, column: 5), Mark(line: 2, column: 6)])
    }
}

/// `docs/rules.md` is the catalog's own documentation, generated: it must match the catalog exactly.
@Suite("docs/rules.md")
struct RulesDocumentTests {
    static let file = RepositoryFolder.root.appendingPathComponent("docs/rules.md")

    @Test("docs/rules.md is what `vcaudit rules --format markdown` writes (regenerate it when a rule changes)",
          .enabled(if: FileManager.default.fileExists(atPath: file.path)))
    func current() throws {
        let committed = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(committed == RulesDocument.markdown(), "run: swift run vcaudit rules --format markdown > docs/rules.md")
    }

    @Test("every rule has a section whose anchor is its id, with a triggering and a fixed example")
    func sections() {
        let text = RulesDocument.markdown()
        for rule in RuleCatalog.descriptions {
            #expect(text.contains("\n## \(rule.identifier)\n"))
            #expect(RulesDocument.helpURI(rule.identifier).hasSuffix("docs/rules.md#\(rule.identifier)"))
        }
        #expect(text.components(separatedBy: "Triggering example").count - 1 >= RuleCatalog.all.count - 1)
    }
}

@Suite("Rule observers")
struct RuleObserverTests {
    @Test("every rule's observer names the events it reads, so each event reaches only the rules that read it",
          arguments: RuleCatalog.identifiers)
    func selective(_ id: String) throws {
        let rule = try #require(RuleCatalog.rule(id))
        // A spec with restoration on, so the restoration rules make their observers too.
        let spec = try #require(SpecLoader.load(bytes: Array("""
            vcaudit: 1
            restoration: true
            controllers:
              nav: {kind: navigation, root: list, restorationID: nav}
              list: {restorationID: list}
            window: nav
            scenarios:
              - name: launch
                steps: [launch]
            """.utf8), path: "Specs/observers.yaml").spec)
        let replay = ReplayContext(spec: spec, index: SpecIndex(spec), scenario: spec.scenarios[0], scenarioIndex: 0, device: .iphone)
        guard let observer = rule.makeObserver(RuleContext(ruleID: id, replay: replay)) else { return }
        #expect(observer is any SelectiveObserver, "\(id): a rule that is not a SelectiveObserver is sent every event")
    }
}
