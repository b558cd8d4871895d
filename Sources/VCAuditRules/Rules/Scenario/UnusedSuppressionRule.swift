import VCAuditSpec
import VCAuditSupport

/// `unused_suppression`: an `ignore` entry that suppressed nothing.
///
/// The checker implements it, after every scenario has run on every device:
/// an entry is used when it covers at least one violation of its rule.
struct UnusedSuppressionRule: Rule {
    static let description = RuleDescription(
        identifier: "unused_suppression",
        name: "Unused suppression",
        description: """
            An `ignore:` entry (on a step, a transition, a controller or a scenario) suppressed no finding of its \
            rule in any scenario on any device checked: the problem was fixed, or the entry is in the wrong place. \
            Remove it so that it cannot hide a future finding. Entries for rules that are disabled are not \
            reported, nor, when the check does not explore, entries for rules that run only when exploring \
            (`unreachable_controller`), nor entries an import from storyboards wrote (checking storyboards \
            directly), which the user cannot remove. An `ignore` naming a rule that does not exist is an input error (with a suggestion), not \
            this finding. An `unused_suppression` entry silences this finding for the entries of what carries it \
            and of what that encloses.
            """,
        category: .scenario,
        severity: .warning,
        uikitMessage: "None: this is about the spec's own suppressions.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  inboxNav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                  thread: { class: ThreadViewController }
                window: inboxNav
                scenarios:
                  - name: Back from a thread
                    steps:
                      - launch
                      - push: { nav: inboxNav, vc: thread }
                      - pop: { nav: inboxNav, ignore: [{ rule: ↓pop_root, reason: "Back is wired on every screen" }] }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  inboxNav: { kind: navigation, root: inbox }
                  inbox: { class: InboxViewController }
                window: inboxNav
                scenarios:
                  - name: Back on the root
                    steps:
                      - launch
                      - pop: { nav: inboxNav, ignore: [{ rule: pop_root, reason: "Back is wired on every screen" }] }
                """),
        ])

    /// The finding's message for an entry of `rule` that suppressed nothing on `devices`.
    ///
    /// Written piece by piece into the one string it becomes (`TextWriter`): interpolated, with the devices joined
    /// into a string of their own, it grew again for each piece.
    static func message(rule: String, reason: String, devices: [Device]) -> String {
        TextWriter.text { message in
            message.write("This 'ignore' of '")
            message.write(rule)
            message.write("' suppressed nothing in any scenario (devices: ")
            for (index, device) in devices.enumerated() {
                if index > 0 { message.write(", ") }
                message.write(device.rawValue)
            }
            message.write("); its reason was \"")
            message.write(reason)
            message.write("\". Remove it, or move it to where the finding is reported.")
        }
    }
}
