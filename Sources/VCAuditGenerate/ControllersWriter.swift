import VCAuditReplay
import VCAuditSpec

/// The `Controllers` class of a generated suite: the app's controllers built as the spec declares them, and the transitions.
extension SuiteWriter {
    func writeControllers(into w: inout SwiftSourceWriter) {
        w.line("// MARK: - Controllers")
        w.blank()
        w.docComment([
            "The app's view controllers as the spec declares them: each made the way the app makes it (from its storyboard, "
                + "else with its initializer), with the declared containment and presentation settings. Each transition of "
                + "the spec is a method that makes the same UIKit calls as the app's code.",
        ])
        w.line("@MainActor")
        w.block("final class Controllers: VCAuditControllers") { w in
            for controller in spec.controllers {
                var doc: [String] = []
                if let note = comments.trailing(controller.mark.line) { doc.append(note) }
                switch plan.segueInstances[controller.id] {
                case .storyboard(let destination)? where destination == controller.id:
                    doc.append("A storyboard segue makes a new one each time it shows it: the segue's method keeps the new one here.")
                case .storyboard(let destination)?:
                    doc.append("A storyboard segue to \(destination) makes a new one with it each time it shows it: the segue's "
                        + "method takes it from there.")
                case .code(let destination)? where destination == controller.id:
                    doc.append("A segue makes a new one each time it runs: its method makes it as `init()` does and keeps it here.")
                case .code(let destination)?:
                    doc.append("A segue to \(destination) makes a new one with it each time it runs: its method keeps it here.")
                case nil:
                    break
                }
                if let name = controller.className, SpecNames.genericClasses.contains(name) {
                    doc.append("\(name) is generic (SwiftUI): a plain \(controller.kind.uikitClass) stands for it.")
                }
                if !doc.isEmpty { w.docComment(doc) }
                let keyword = plan.segueInstances[controller.id] == nil ? "let" : "var"
                w.line("\(keyword) \(names.property(controller.id)): \(names.typeName(controller.id))")
            }
            w.blank()
            w.block("init()") { w in writeInitializer(into: &w) }
            w.blank()
            w.docComment(["Every controller with its id in the spec, in declaration order."])
            w.block("var all: [(id: String, controller: UIViewController)]") { w in
                w.line("[")
                w.indented { w in
                    for controller in spec.controllers {
                        w.line("(\(SwiftLiteral.string(controller.id.name)), \(names.property(controller.id))),")
                    }
                }
                w.line("]")
            }
            if !spec.transitions.isEmpty {
                w.blank()
                w.line("// MARK: Transitions")
                for transition in spec.transitions {
                    w.blank()
                    writeTransition(transition, into: &w)
                }
            }
        }
    }

    // MARK: Making the controllers

    func writeInitializer(into w: inout SwiftSourceWriter) {
        for line in makingLines(spec.controllers) { w.line(line) }
        let containment = containmentLines()
        if !containment.isEmpty {
            w.blank()
            w.comment(["The containment the spec declares."])
            for line in containment { w.line(line) }
        }
        let settings = settingLines()
        if !settings.isEmpty {
            w.blank()
            w.comment(["The presentation settings and restoration identifiers the spec declares."])
            for line in settings { w.line(line) }
        }
    }

    /// `controllers` made as the app makes them, each assigned to its property, after the storyboards they come from.
    func makingLines(_ controllers: [Controller]) -> [String] {
        var lines: [String] = []
        let storyboards = Set(controllers.filter { names.isFromStoryboard($0.id) }.compactMap(\.storyboard))
        for storyboard in names.storyboards where storyboards.contains(storyboard.name) {
            lines.append("let \(storyboard.variable) = UIStoryboard(name: \(SwiftLiteral.string(storyboard.name)), bundle: nil)")
        }
        let made = Set(controllers.map(\.id))
        for controller in buildOrder(controllers) {
            lines.append("\(names.property(controller.id)) = \(makeExpression(controller, among: made))")
        }
        return lines
    }

    /// What a segue's method does before its UIKit calls: makes the segue's destination and what it contains anew,
    /// with the declared containment and settings, as `init()` makes them (a segue makes a new destination each time
    /// it runs). The destination's declared presentation style is left out when the segue sets its own.
    func remakingLines(_ segue: Segue) -> [String] {
        let tree = Set(TestPlan.declaredTree(of: segue.to.id, in: spec))
        let controllers = spec.controllers.filter { tree.contains($0.id) }
        let styled = UIKitCalls.presentationStyle(of: segue) == nil ? nil : segue.to.id
        return makingLines(controllers) + containmentLines(controllers) + settingLines(controllers, styledBySegue: styled)
    }

    /// A navigation controller made in code with one child is made with `init(rootViewController:)`.
    func isBuiltWithRoot(_ controller: Controller) -> Bool {
        controller.kind == .navigation && controller.children.count == 1 && !names.isFromStoryboard(controller.id)
    }

    /// `controllers` in declaration order, except that a navigation controller made with its root comes after the root,
    /// and a controller the storyboard makes with its container after the container.
    func buildOrder(_ controllers: [Controller]) -> [Controller] {
        var order: [Controller] = []
        var placed: Set<ControllerID> = []
        let made = Set(controllers.map(\.id))
        func place(_ controller: Controller, depth: Int) {
            guard !placed.contains(controller.id), depth <= spec.controllers.count else { return }
            if isBuiltWithRoot(controller), let root = spec.controller(controller.children[0].id) {
                place(root, depth: depth + 1)
            }
            if let child = names.storyboardChild(controller.id), made.contains(child.container),
               let container = spec.controller(child.container) {
                place(container, depth: depth + 1)
            }
            guard placed.insert(controller.id).inserted else { return }
            order.append(controller)
        }
        for controller in controllers { place(controller, depth: 0) }
        return order
    }

    /// How the app makes the controller: `instantiateViewController(withIdentifier:)`, or
    /// `instantiateInitialViewController()` for a storyboard's initial one, taken from the container the storyboard
    /// made it with when that is `among` those made (`SpecNames.storyboardChild(_:)`), else its UIKit or app
    /// initializer.
    func makeExpression(_ controller: Controller, among made: Set<ControllerID>) -> String {
        if let child = names.storyboardChild(controller.id), made.contains(child.container),
           let taken = names.storyboardChildExpression(controller.id, ref: names.property) {
            return taken
        }
        let type = names.typeName(controller.id)
        if let storyboard = controller.storyboard, let identifier = controller.storyboardID {
            let call = "\(names.storyboardVariable(storyboard)).instantiateViewController(withIdentifier: \(SwiftLiteral.string(identifier)))"
            return type == "UIViewController" ? call : "\(call) as! \(type)"
        }
        if let storyboard = controller.storyboard, controller.storyboardInitial {
            let call = "\(names.storyboardVariable(storyboard)).instantiateInitialViewController()"
            return type == "UIViewController" ? call + "!" : "\(call) as! \(type)"
        }
        if isBuiltWithRoot(controller) {
            return "\(type)(rootViewController: \(names.property(controller.children[0].id)))"
        }
        switch type {
        case "UIAlertController":
            return "UIAlertController(title: nil, message: nil, preferredStyle: .alert)"
        case "UIActivityViewController":
            return "UIActivityViewController(activityItems: [], applicationActivities: nil)"
        case "UIPageViewController":
            if controller.transitionStyle == .scroll { return "UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)" }
            return "UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, "
                + "options: [.spineLocation: UIPageViewController.SpineLocation.\(controller.spine.rawValue).rawValue])"
        default:
            return "\(type)()"
        }
    }

    /// The containment the spec declares for `controllers`, but what their storyboard made them with.
    func containmentLines(_ controllers: [Controller]? = nil) -> [String] {
        var lines: [String] = []
        for controller in controllers ?? spec.controllers where !controller.children.isEmpty {
            let me = names.property(controller.id)
            let children = controller.children.map { names.property($0.id) }
            let list = "[" + children.joined(separator: ", ") + "]"
            func isMadeWith(_ child: ControllerID) -> Bool { names.storyboardChild(child)?.container == controller.id }
            let storyboardMadeAll = controller.children.allSatisfy { isMadeWith($0.id) }
            switch controller.kind {
            case .navigation:
                if !isBuiltWithRoot(controller), !storyboardMadeAll { lines.append("\(me).setViewControllers(\(list), animated: false)") }
            case .tabBar:
                if !storyboardMadeAll { lines.append("\(me).setViewControllers(\(list), animated: false)") }
                lines.append("\(me).selectedViewController = \(names.property(controller.selected?.id ?? controller.children[0].id))")
            case .split:
                if !storyboardMadeAll { lines.append("\(me).viewControllers = \(list)") }
            case .page:
                if controller.children.count == controller.spine.pageCount {
                    lines.append("\(me).setViewControllers(\(list), direction: .forward, animated: false)")
                } else {
                    lines.append("// \(controller.id) declares \(controller.children.count) pages; its spine shows \(controller.spine.pageCount): "
                        + "UIKit would raise, so they are not set.")
                }
            case .container:
                for (reference, child) in zip(controller.children, children) where !isMadeWith(reference.id) {
                    lines.append("\(me).addChild(\(child))")
                    lines.append("\(me).view.addSubview(\(child).view)")
                    lines.append("\(child).didMove(toParent: \(me))")
                }
            case .content:
                continue
            }
        }
        return lines
    }

    /// Presentation settings of `controllers` (all by default), but the style of `styledBySegue`, which a segue sets
    /// itself; restoration identifiers for those made in code (a storyboard sets its own).
    func settingLines(_ controllers: [Controller]? = nil, styledBySegue: ControllerID? = nil) -> [String] {
        var lines: [String] = []
        for controller in controllers ?? spec.controllers {
            let me = names.property(controller.id)
            if let style = controller.modalPresentationStyle?.value, controller.id != styledBySegue {
                lines.append("\(me).modalPresentationStyle = .\(style.rawValue)")
            }
            if controller.modalInPresentation {
                lines.append(spec.ios >= 13 ? "\(me).isModalInPresentation = true"
                    : "if #available(iOS 13.0, *) { \(me).isModalInPresentation = true }")
            }
            // UINavigationController defines the presentation context itself; other controllers do not.
            if controller.definesPresentationContext != (controller.kind == .navigation) {
                lines.append("\(me).definesPresentationContext = \(controller.definesPresentationContext)")
            }
            if controller.navigationBarHidden, !names.isFromStoryboard(controller.id) {
                lines.append("\(me).isNavigationBarHidden = true")
            }
            if let identifier = controller.restorationID?.value, !names.isFromStoryboard(controller.id) {
                lines.append("\(me).restorationIdentifier = \(SwiftLiteral.string(identifier))")
            }
        }
        return lines
    }

    // MARK: Transitions

    func writeTransition(_ transition: Transition, into w: inout SwiftSourceWriter) {
        var doc = ["\(transition.name) (\(place(SourceLocation(file: spec.file, mark: transition.mark)))): \(transitionKind(transition))."]
        var notes = comments.above(transition.mark.line)
        if let trailing = comments.trailing(transition.mark.line) { notes.append(trailing) }
        if !notes.isEmpty { doc += [""] + notes }
        w.docComment(doc)
        let takesAnimated = plan.animatedTransitions.contains(transition.name)
        let context = UIKitCalls.Context(ref: selfRef, animation: takesAnimated ? .parameter : .none, inControllers: true)
        let method = names.transition(transition.name)
        w.block("func \(method)(\(takesAnimated ? "animated: Bool = false" : ""))") { w in
            if case .segue(let segue) = transition.body, UIKitCalls.makesDestinationInCode(transition, segue, names: names) {
                for line in remakingLines(segue) { w.line(line) }
            }
            for line in calls.lines(transition, context: context) { w.line(line) }
        }
    }

    func transitionKind(_ transition: Transition) -> String {
        switch transition.body {
        case .segue(let segue):
            let throughStoryboard = names.isFromStoryboard(segue.from.id) && segue.kind != .embed
            var how = switch (throughStoryboard, UIKitCalls.identifier(transition, segue)) {
            case (true, let identifier?): "performed through the storyboard (segue identifier \"\(identifier)\")"
            case (true, nil): "made with the UIKit calls it stands for (it has no identifier to perform it by)"
            case (false, _): "made with the UIKit calls it stands for"
            }
            if UIKitCalls.makesDestinationInCode(transition, segue, names: names) {
                how += ", making \(segue.to.id) anew each time, as the segue does"
            }
            return "the `\(segue.kind.rawValue)` segue from \(segue.from.id) to \(segue.to.id), \(how)"
        case .calls(let calls):
            return calls.count == 1 ? "one call of the app's code" : "\(calls.count) calls of the app's code, in one run-loop turn"
        }
    }
}
