import VCAuditReplay
import VCAuditSupport

/// `push_split_view_controller`: pushing a split view controller.
struct PushSplitViewControllerRule: Rule {
    static let description = RuleDescription(
        identifier: "push_split_view_controller",
        name: "Push split view controller",
        description: """
            A split view controller must be the window's root (or presented); it cannot be pushed onto a \
            navigation controller. UIKit logs and refuses the push, so nothing happens on screen. That includes \
            a split that is a tab behind the More tab (the sixth tab on iPhone): the More navigation controller \
            cannot push it. Push the split's content instead, make the split the root, or keep it among the \
            first tabs.
            """,
        category: .navigation,
        severity: .error,
        uikitMessage: "Split View Controllers cannot be pushed to a Navigation Controller",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  mainNav: { kind: navigation, root: home }
                  home: { class: HomeViewController }
                  mailSplit: { kind: split, children: [mailboxes, message] }
                  mailboxes: { class: MailboxesViewController }
                  message: { class: MessageViewController }
                window: mainNav
                scenarios:
                  - name: Open mail
                    steps:
                      - launch
                      - ↓push: { nav: mainNav, vc: mailSplit }
                """),
            // The sixth tab on iPhone lives behind "More", whose navigation controller would have to push it.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  tabs: { kind: tabBar, children: [home, search, inbox, profile, downloads, mailSplit] }
                  home: { class: HomeViewController }
                  search: { class: SearchViewController }
                  inbox: { class: InboxViewController }
                  profile: { class: ProfileViewController }
                  downloads: { class: DownloadsViewController }
                  mailSplit: { kind: split, children: [mailboxes, message] }
                  mailboxes: { class: MailboxesViewController }
                  message: { class: MessageViewController }
                window: tabs
                scenarios:
                  - name: Open the mail tab from More
                    device: iphone
                    steps:
                      - launch
                      - ↓select: mailSplit
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  mailSplit: { kind: split, children: [mailboxes, message] }
                  mailboxes: { class: MailboxesViewController }
                  message: { class: MessageViewController }
                window: mailSplit
                scenarios:
                  - name: Mail is the root
                    steps:
                      - launch
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        // Described once per distinct push (the message is the event's alone): the same push fails in every round of
        // a scenario, and the message, with UIKit's text and two names, cost about 3,500 instructions a finding.
        UIKitOutcomeObserver(context, reasons: [.pushSplitViewController], describeEvent: { event, context in
            guard let nav = event.vc, let split = event.child else { return nil }
            // Written piece by piece into the one string it becomes (`TextWriter`): interpolated, then appended to
            // UIKit's message, the text grew and was copied again for each piece (about 6,000 instructions a finding).
            let uikitMessage = event.uikitMessage(or: "Split View Controllers cannot be pushed to a Navigation Controller")
            let (splitName, navName) = (context.name(split), context.name(nav))
            return .init(message: TextWriter.text { message in
                message.write(uikitMessage)
                message.write(" UIKit refuses to push ")
                message.write(splitName)
                message.write(" onto ")
                message.write(navName)
                message.write("""
                     and nothing changes on screen. Make the split view controller the window's root (or present it), \
                    and push its content instead.
                    """)
            }, controllers: [split, nav])
        })
    }
}
