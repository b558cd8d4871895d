import VCAuditSpec

/// `unreachable_controller`: a declared controller that no launch, container or transition can bring on screen.
struct UnreachableControllerRule: Rule {
    static let description = RuleDescription(
        identifier: "unreachable_controller",
        name: "Unreachable controller",
        description: """
            A controller is reachable when it is in the window's containment tree at launch, or when a transition \
            whose source is reachable (a segue, or calls that name their 'from:') or a code path (calls without \
            'from:') brings it in, with what it contains. A declared controller that nothing reaches is dead \
            weight in the storyboard, or shown by code the spec does not declare yet (a transition, or \
            instantiateViewController). It runs when exploring (vcaudit explore, check --explore): a spec's \
            scenarios may show controllers on their own.
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
                  ↓onboardingNav: { kind: navigation, root: welcome, storyboard: Main, storyboardID: Onboarding }
                  welcome: { class: WelcomeViewController }
                window: nav
                """),
        ],
        nonTriggeringExamples: [
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
        var reachable: Set<ControllerID> = []
        func reach(_ id: ControllerID) {
            guard reachable.insert(id).inserted, let controller = spec.controller(id) else { return }
            for child in controller.children { reach(child.id) }
        }
        reach(window)
        var changed = true
        while changed {
            changed = false
            for transition in spec.transitions {
                let before = reachable.count
                switch transition.body {
                case .segue(let segue):
                    if reachable.contains(segue.from.id), segue.kind != .unwind { reach(segue.to.id) }
                case .calls(let steps):
                    if transition.trigger.map({ reachable.contains($0.id) }) ?? true {
                        for step in steps { destinations(of: step).forEach(reach) }
                    }
                }
                if reachable.count != before { changed = true }
            }
        }
        // An unreachable container is reported with what it holds, not each of those on its own.
        var holders: [ControllerID: [ControllerID]] = [:]
        for controller in spec.controllers {
            for child in controller.children { holders[child.id, default: []].append(controller.id) }
        }
        let unreachable = spec.controllers.filter { !reachable.contains($0.id) }
        var reported: Set<ControllerID> = []
        func report(_ controller: Controller) {
            var held: [ControllerID] = []
            var stack = controller.children.map(\.id).reversed() as [ControllerID]
            reported.insert(controller.id)
            while let id = stack.popLast() {
                guard !reachable.contains(id), reported.insert(id).inserted else { continue }
                held.append(id)
                stack += (spec.controller(id)?.children.map(\.id) ?? []).reversed()
            }
            let holding = held.isEmpty ? "" : ", nor what it holds (\(held.map(\.name).joined(separator: ", ")))"
            let shownBy = controller.storyboardID.map { " (calls with 'from:', for the code that makes it from its storyboard ID '\($0)')" }
                ?? " (a segue, or calls with 'from:')"
            context.report(at: controller.mark, in: .controller, """
                \(context.name(controller.id)) is declared, but no launch, container or transition brings it on \
                screen\(holding): nothing in the app's declared paths shows it. Declare the transition that shows \
                it\(shownBy), or remove it if the app no longer uses it.
                """, controllers: [controller.id])
        }
        for controller in unreachable where !(holders[controller.id] ?? []).contains(where: { !reachable.contains($0) }) {
            report(controller)
        }
        // Containers that hold each other, and nothing else holds.
        for controller in unreachable where !reported.contains(controller.id) { report(controller) }
    }

    /// The controllers a call brings into the hierarchy.
    static func destinations(of step: Step) -> [ControllerID] {
        switch step.action {
        case let .present(vc, _, _, _, _): return [vc.id]
        case let .push(_, vc, _), let .show(_, vc), let .showDetail(_, vc), let .select(_, vc): return [vc.id]
        case let .setViewControllers(_, vcs, _): return vcs.map(\.id)
        case let .addChild(_, child): return [child.id]
        case let .addSubview(view, _): return [view.id]
        case let .transition(_, _, to, _): return [to.id]
        case let .simultaneously(steps): return steps.flatMap(destinations)
        default: return []
        }
    }
}
