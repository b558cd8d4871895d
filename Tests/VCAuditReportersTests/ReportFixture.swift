import VCAuditReporters
import VCAuditRules
import VCAuditSpec

/// The check results the golden files render.
///
/// `result` has four spec files: two with findings of every severity, one
/// clean and one that fails to load. It has notes, findings on one and on both
/// devices, findings with and without a scenario, two findings with the same
/// key (fingerprints must tell them apart), input errors in a spec and in the
/// configuration file, and skipped files given by absolute path under the
/// root. Its text has what every format must escape: quotes, `<&>`, `%`, `,`,
/// `:`, a line break, `|`, `_`, non-ASCII and a control character in
/// messages, and a skipped file whose name has a space, a comma and a colon.
/// Everything is listed out of order, so the reporters' sorting is exercised
/// too.
enum ReportFixture {
    /// The options golden files are rendered with: no colour, a fixed version and root.
    static let options = ReportOptions(color: false, toolVersion: "1.2.3", informationURI: "https://vcaudit.example/docs",
                                       rootDirectory: "/work/app")

    static let browse = "Specs/Browse.yaml"
    static let checkout = "Specs/Checkout.yaml"
    static let onboarding = "Specs/Onboarding.yaml"
    static let broken = "Specs/Broken.yaml"

    static func at(_ file: String, _ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// A message with every character some format has to escape.
    static let escapingMessage = "expected 'receipt' to be presented by 'checkout', but it was pushed onto \"checkout_nav\" "
        + "<stack: cart | receipt> & 100% visible, not modal:\nfix the step's transition or the expectation (reçu → café)"

    static var result: CheckResult {
        CheckResult(
            files: [checkout, browse, onboarding, broken],
            findings: [
                Finding(
                    ruleID: "missing_did_move_to_parent", severity: .warning,
                    message: "addChild('summary') on 'checkout' has no didMove(toParent:) by the end of the transition; "
                        + "call didMove(toParent: checkout) after adding the child's view",
                    location: at(checkout, 33, 9),
                    notes: [.init(location: at(checkout, 30, 7), message: "transition 'embedSummary' starts here")],
                    scenario: "Pay: 100%, \"fast\"", devices: [.iphone, .ipad], controllers: ["summary", "checkout"]),
                Finding(
                    ruleID: "pop_root", severity: .info,
                    message: "pop on 'browseNav' with only its root 'list' in the stack does nothing; remove the pop",
                    location: at(browse, 41, 9),
                    scenario: "Back twice", devices: [.iphone], controllers: ["browseNav"]),
                Finding(
                    ruleID: "push_duplicate_instance", severity: .error,
                    message: "pushing 'detail' onto 'browseNav', whose stack already contains it: UIKit raises "
                        + "NSInvalidArgumentException (\"Pushing the same view controller instance more than once is not supported\"); "
                        + "push a new instance or pop back to 'detail'",
                    location: at(browse, 14, 9),
                    notes: [
                        .init(location: at(browse, 31, 7), message: "transition 'showDetail' expands into this push"),
                        .init(location: at(browse, 52, 11), message: "scenario 'Browse' step 3 runs 'showDetail'"),
                    ],
                    scenario: "Browse", devices: [.ipad, .iphone], controllers: ["detail", "browseNav"]),
                Finding(
                    ruleID: "expectation_failed", severity: .error,
                    message: escapingMessage,
                    location: at(checkout, 48, 13),
                    notes: [
                        .init(location: at(checkout, 20, 7), message: "transition 'showReceipt' pushes instead of presenting"),
                        .init(location: at(checkout, 46, 11), message: "step 'Pay\u{7}now' ran it"),
                    ],
                    scenario: "Pay: 100%, \"fast\"", devices: [.iphone], controllers: ["receipt", "checkout"]),
                Finding(
                    ruleID: "popover_missing_anchor", severity: .error,
                    message: "'share' is presented as a popover with neither barButtonItem nor sourceView: UIKit raises "
                        + "NSGenericException on ipad, and iphone adapts it to a sheet; set popover.sourceView or popover.barButtonItem",
                    location: at(browse, 22, 5),
                    notes: [.init(location: at(browse, 60, 11), message: "scenario 'Share & <Export>' step 1 presents 'share'")],
                    scenario: "Share & <Export>", devices: [.iphone, .ipad], controllers: ["share", "root"]),
                Finding(
                    ruleID: "pop_root", severity: .info,
                    message: "pop on 'browseNav' with only its root 'list' in the stack does nothing; remove the pop",
                    location: at(browse, 40, 9),
                    scenario: "Back twice", devices: [.iphone], controllers: ["browseNav"]),
                Finding(
                    ruleID: "restoration_ancestor_missing_id", severity: .error,
                    message: "'payment' has restorationID 'pay' but its parent 'checkout_nav' has none, so UIKit will not restore it; "
                        + "give 'checkout_nav' a restorationID",
                    location: at(checkout, 5, 3),
                    notes: [.init(location: at(checkout, 9, 5), message: "'checkout_nav' is declared here without a restorationID")],
                    controllers: ["payment", "checkout_nav"]),
            ],
            inputErrors: [
                Diagnostic(.error, at: at(broken, 12, 1), "duplicate key 'scenarios'", length: 9,
                           notes: [.init(location: at(broken, 4, 1), message: "first defined here")]),
                Diagnostic(.error, at: at(".vcaudit.yml", 3, 5), "unknown rule id 'pop_rot' in 'disabled_rules'; did you mean 'pop_root'?", length: 7),
                Diagnostic(.error, at: at(broken, 7, 5), "unknown key 'trasitions' in controller 'home'; did you mean 'transitions'?", length: 10),
            ],
            skipped: [
                SpecLoader.Skipped(path: "/work/app/Specs/ci.yml", reason: "no top-level 'vcaudit:' key, so not a vcaudit spec"),
                SpecLoader.Skipped(path: "/work/app/Specs/Drafts/old, v1: backup.yaml", reason: "no top-level 'vcaudit:' key, so not a vcaudit spec"),
            ],
            rules: rules,
            scenarioCount: 7,
            runs: [
                ScenarioReplay(spec: checkout, scenario: "Pay: 100%, \"fast\"", device: .iphone, line: 44),
                ScenarioReplay(spec: checkout, scenario: "Pay: 100%, \"fast\"", device: .ipad, line: 44),
                ScenarioReplay(spec: browse, scenario: "Browse", device: .iphone, line: 50),
                ScenarioReplay(spec: browse, scenario: "Browse", device: .ipad, line: 50),
                ScenarioReplay(spec: browse, scenario: "Back twice", device: .iphone, line: 38),
                ScenarioReplay(spec: browse, scenario: "Share & <Export>", device: .iphone, line: 58),
                ScenarioReplay(spec: browse, scenario: "Share & <Export>", device: .ipad, line: 58),
            ]
        )
    }

    /// A run with nothing to report.
    static var clean: CheckResult {
        CheckResult(files: [onboarding, "Specs/Settings.yaml"], rules: rules, scenarioCount: 3)
    }

    static let rules: [RuleDescription] = [
        RuleDescription(
            identifier: "push_duplicate_instance", name: "Pushing a controller already in the stack",
            description: "Pushing a view controller that is already in the navigation stack, or passing duplicates to setViewControllers, makes UIKit raise.",
            category: .navigation, severity: .error,
            uikitMessage: "NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported"),
        RuleDescription(
            identifier: "popover_missing_anchor", name: "Popover without an anchor",
            description: "A popover needs a barButtonItem or a sourceView; on iPad UIKit raises when it has neither, while iPhone adapts the popover, so the crash shows only on iPad.",
            category: .presentation, severity: .error,
            uikitMessage: "NSGenericException: UIPopoverPresentationController should have a non-nil sourceView or barButtonItem set before the presentation occurs."),
        RuleDescription(
            identifier: "missing_did_move_to_parent", name: "addChild without didMove(toParent:)",
            description: "A child added with addChild must be told with didMove(toParent:) once its view is in place, by the end of the step or transition.",
            category: .containment, severity: .warning,
            uikitMessage: "After addChild(_:) and adding the child's view, call didMove(toParent:) (UIViewController containment)."),
        RuleDescription(
            identifier: "pop_root", name: "Popping the root",
            description: "pop with only the root in the stack does nothing.",
            category: .navigation, severity: .info,
            uikitMessage: "popViewController(animated:) returns nil and does nothing when the stack holds only the root view controller."),
        RuleDescription(
            identifier: "expectation_failed", name: "Expectation failed",
            description: "An expect step of a scenario does not hold.",
            category: .scenario, severity: .error,
            uikitMessage: "None: the spec's own expectation."),
        RuleDescription(
            identifier: "restoration_ancestor_missing_id", name: "Restorable controller below an ancestor without identifier",
            description: "A controller with a restoration identifier below an ancestor without one is not restored.",
            category: .restoration, severity: .error,
            uikitMessage: "State restoration skips a view controller whose parent has no restorationIdentifier."),
        RuleDescription(
            identifier: "present_while_presenting", name: "Presenting while already presenting",
            description: "Presenting from a controller that is already presenting another one.",
            category: .presentation, severity: .warning,
            uikitMessage: "Attempt to present <B> on <A> which is already presenting <C>"),
    ]
}
