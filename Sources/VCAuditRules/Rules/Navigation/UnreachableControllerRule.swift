import VCAuditSpec

/// `unreachable_controller`: a declared controller that no launch, container or transition can bring on screen.
struct UnreachableControllerRule: Rule {
    static let description = RuleDescription(
        identifier: "unreachable_controller",
        name: "Unreachable controller",
        description: """
            A controller is reachable when it is in the window's containment tree at launch, when a transition \
            whose source is reachable (a segue, or calls that name their 'from:') or a code path (calls without \
            'from:') brings it in, with what it contains, or when the app's code can make it from its storyboard: \
            by its storyboard ID (instantiateViewController(withIdentifier:)) or as the storyboard's initial \
            controller (instantiateInitialViewController()), with where its transitions lead. A declared controller \
            that nothing reaches is dead weight in the storyboard, or shown by code the spec does not declare yet. A \
            part of the app nothing reaches is reported once, at the controller that would bring in the rest (what \
            it holds, and where its transitions lead). It runs when exploring (vcaudit explore, check --explore): \
            a spec's scenarios may show controllers on their own; explore lists the controllers code makes that no \
            path showed, so that their code can be declared.
            """,
        category: .navigation,
        severity: .warning,
        uikitMessage: "Not a UIKit message: UIKit says nothing about a scene nothing shows.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  detail: { class: DetailViewController }
                  ↓legacyDetail: { class: LegacyDetailViewController }
                window: nav
                transitions:
                  showDetail: { segue: show, from: list, to: detail }
                """),
            // A container nothing shows is reported once, with what it holds.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  ↓onboardingNav: { kind: navigation, root: welcome, storyboard: Main }
                  welcome: { class: WelcomeViewController }
                window: nav
                """),
            // So is a controller nothing shows with where its transitions lead: declaring the code that shows it
            // reaches them all.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  ↓scanNav: { kind: navigation, root: scan }
                  scan: { class: ScanViewController }
                  label: { class: LabelViewController }
                  icons: { class: IconsViewController }
                window: nav
                transitions:
                  scanToLabel: { segue: show, from: scan, to: label }
                  labelToIcons: { segue: popover, from: label, to: icons, anchor: { sourceView: iconButton } }
                  iconsToLabel: { segue: modal, from: icons, to: label }
                """),
            // Controllers that only lead to each other: the first declared is reported.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  list: { class: ListViewController }
                  ↓first: { class: FirstViewController }
                  second: { class: SecondViewController }
                window: list
                transitions:
                  firstToSecond: { segue: modal, from: first, to: second }
                  secondToFirst: { segue: modal, from: second, to: first }
                """),
        ],
        nonTriggeringExamples: [
            // Code makes a controller with a storyboard ID, or a storyboard's initial one, and what they lead to:
            // explore lists those no path showed, so that their code can be declared.
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  onboardingNav: { kind: navigation, root: welcome, storyboard: Main, storyboardID: Onboarding }
                  welcome: { class: WelcomeViewController }
                  scanNav: { kind: navigation, root: scan, storyboard: Scan, storyboardInitial: true }
                  scan: { class: ScanViewController }
                  label: { class: LabelViewController }
                window: nav
                transitions:
                  scanToLabel: { segue: show, from: scan, to: label }
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  detail: { class: DetailViewController }
                  settingsNav: { kind: navigation, root: settings }
                  settings: { class: SettingsViewController }
                window: nav
                transitions:
                  showDetail: { segue: show, from: list, to: detail }
                  openSettings:               # AppDelegate, for a quick action: a code path
                    calls:
                      - present: { vc: settingsNav, from: nav }
                """),
        ])

    static var onlyWhenExploring: Bool { true }

    static func checkDeclarations(_ spec: Spec, _ context: DeclarationContext) {
        guard let window = spec.window?.id else { return }
        // What launch shows, and what code can make from a storyboard (by storyboard ID, or as its initial controller),
        // with what they hold and where their transitions lead. A root guessed for an app that makes its own in code
        // is a storyboard's initial controller, which code can make anyway: what nothing reaches is the same whatever
        // the root.
        let reachable = spec.reachable(from: [window] + spec.storyboardEntryPoints)
        // What each unreachable controller would bring in if it were shown: the controllers it holds, and those its
        // transitions lead to. Only the first of such a region is reported, with the rest: one transition the spec
        // declares for it (the code that shows it) makes the whole region reachable.
        let unreachable = spec.controllers.filter { !reachable.contains($0.id) }.map(\.id)
        guard !unreachable.isEmpty else { return }
        var leadsTo: [ControllerID: [ControllerID]] = [:]
        for transition in spec.transitions {
            switch transition.body {
            case .segue(let segue) where segue.kind != .unwind && !reachable.contains(segue.to.id):
                leadsTo[segue.from.id, default: []].append(segue.to.id)
            case .calls(let steps):
                guard let trigger = transition.trigger?.id else { continue }
                leadsTo[trigger, default: []] += steps.flatMap(Spec.destinations).filter { !reachable.contains($0) }
            default:
                continue
            }
        }
        var isReached: Set<ControllerID> = []  // from another unreachable controller
        for id in unreachable {
            for child in spec.controller(id)?.children ?? [] where child.id != id { isReached.insert(child.id) }
            for destination in leadsTo[id] ?? [] where destination != id { isReached.insert(destination) }
        }
        var reported: Set<ControllerID> = []
        func report(_ id: ControllerID) {
            guard let controller = spec.controller(id) else { return }
            reported.insert(id)
            // Breadth first, in declaration order: what it holds (and what that holds), then where transitions lead.
            var held: [ControllerID] = []
            var led: [ControllerID] = []
            var queue: [(id: ControllerID, isHeld: Bool)] = [(id, true)]
            var next = 0
            while next < queue.count {
                let (current, isHeld) = queue[next]
                next += 1
                for child in spec.controller(current)?.children ?? [] where !reachable.contains(child.id) && reported.insert(child.id).inserted {
                    if isHeld { held.append(child.id) } else { led.append(child.id) }
                    queue.append((child.id, isHeld))
                }
                for destination in leadsTo[current] ?? [] where reported.insert(destination).inserted {
                    led.append(destination)
                    queue.append((destination, false))
                }
            }
            let holding = held.isEmpty ? "" : ", nor what it holds (\(held.map(\.name).joined(separator: ", ")))"
            let leading = led.isEmpty ? "" : ", nor what its transitions lead to (\(led.map(\.name).joined(separator: ", ")))"
            // Made from a storyboard, it can be shown by a segue only: code has neither an identifier nor the initial
            // controller to make it by.
            let advice = controller.storyboard != nil
                ? "Code cannot make it from its storyboard either (it has no storyboard ID and is not the initial controller): "
                    + "declare the segue that shows it, or remove it if the app no longer uses it."
                : "Declare the transition that shows it (a segue, or calls with 'from:'), or remove it if the app no longer uses it."
            context.report(at: controller.mark, in: .controller, """
                \(spec.uikitName(controller.id)) is declared, but no launch, container or transition brings it on \
                screen\(holding)\(leading): nothing in the app's declared paths shows it. \(advice)
                """, controllers: [controller.id])
        }
        for id in unreachable where !isReached.contains(id) && !reported.contains(id) { report(id) }
        // Regions every controller of which another one reaches (containers that hold each other, segues in a loop).
        for id in unreachable where !reported.contains(id) { report(id) }
    }
}
