import Foundation
import Testing
@testable import VCAuditRules
import VCAuditSpec

/// The repository's `Examples/`: clean apps give no findings, buggy ones the findings their READMEs list.
@Suite("Examples", .enabled(if: RepositoryFolder.examples != nil, "Examples/ is not in this checkout"))
struct ExamplesTests {
    static var root: String? { RepositoryFolder.examples }

    /// Each example file and the rule ids of the findings its README documents (one entry per finding).
    static let expected: [(file: String, rules: [String])] = [
        ("Bugs/already-presenting.yaml", ["present_while_presenting"]),
        ("Bugs/not-in-window-hierarchy.yaml", ["present_from_detached"]),
        // One finding per scenario: "Share on iPhone" (hidden there, crashes on iPad) and "Share on iPad".
        ("Bugs/popover-without-anchor.yaml", ["popover_missing_anchor", "popover_missing_anchor"]),
        ("Bugs/double-tap-push.yaml", ["push_duplicate_instance"]),
        ("Bugs/addsubview-without-addchild.yaml", ["view_added_without_containment"]),
        ("Bugs/unbalanced-appearance-calls.yaml", ["unbalanced_appearance_transition"]),
        ("Bugs/nested-push.yaml", ["transition_in_progress"]),
        ("Bugs/present-from-detached.yaml", ["present_from_detached", "view_added_without_containment"]),
        ("Bugs/present-active-controller.yaml", ["present_active_controller"]),
        ("Bugs/dismiss-during-transition.yaml", ["transition_in_progress"]),
        ("Bugs/push-segue-without-navigation.yaml", ["push_segue_without_navigation_controller"]),
        ("ColorSwapper/color-swapper.yaml", []),
        ("ColorSwapper/color-swapper-bugs.yaml", [
            "appearance_not_forwarded", "missing_did_move_to_parent", "missing_will_move_to_parent",
            "transition_without_common_parent", "unbalanced_appearance_transition", "view_added_without_containment",
        ]),
        ("Notes/notes.yaml", []),
        ("Wonderland/wonderland.yaml", []),
        ("Notes/notes-restoration-bug.yaml", [
            "expectation_failed", "restoration_ancestor_missing_id", "restoration_ancestor_missing_id",
            "restoration_ancestor_missing_id", "restoration_id_missing", "restoration_round_trip_mismatch",
        ]),
    ]

    static func check(_ file: String, devices: [Device] = []) throws -> [Finding] {
        let loaded = SpecLoader.load(path: root! + "/" + file)
        let spec = try #require(loaded.spec, "\(file): \(loaded.diagnostics)")
        let report = Checker().check(spec, devices: devices)
        #expect(report.diagnostics.isEmpty)
        return report.findings
    }

    @Test("each example gives the findings its README documents", arguments: expected.map(\.file))
    func documented(_ file: String) throws {
        let rules = Self.expected.first { $0.file == file }!.rules
        #expect(try Self.check(file).map(\.ruleID).sorted() == rules.sorted())
    }

    /// Notes' iPhone scenarios do not say `device: iphone`, so the matrix also runs them on iPad, where their
    /// expectations (written for a collapsed split) do not hold.
    @Test("the examples give the same findings on the iPhone and iPad matrix",
          arguments: expected.map(\.file).filter { !$0.hasPrefix("Notes/") })
    func matrix(_ file: String) throws {
        let rules = Self.expected.first { $0.file == file }!.rules
        #expect(try Self.check(file, devices: [.iphone, .ipad]).map(\.ruleID).sorted() == rules.sorted())
    }

    @Test("every example folder is covered")
    func covered() throws {
        let files = SpecLoader.discover([Self.root!]).files
        let listed = Set(Self.expected.map(\.file))
        for file in files {
            #expect(listed.contains(String(file.dropFirst(Self.root!.count + 1))), "\(file) has no expected findings")
        }
    }
}
