import VCAuditReplay
import VCAuditSpec

/// Writes a spec's steps and segues as the UIKit calls the app makes: the one renderer of calls, for the tests'
/// steps and for the transition methods of the `Controllers` class.
struct UIKitCalls {
    let spec: Spec
    let names: SpecNames
    /// Transitions whose methods take `animated:`, because a step performs them with the spec's animation.
    let animatedTransitions: Set<String>

    /// What a call passes as `animated:`.
    enum AnimationMode {
        /// `animated: false`: each step finishes before the next.
        case none
        /// The spec's `animated:` value, written as a literal.
        case spec
        /// The spec's value inside a transition method: `animated` when the spec animates, else `false`.
        case parameter
    }

    /// How a call is written where it is written.
    struct Context {
        /// The Swift expression for a controller.
        let ref: (ControllerID) -> String
        let animation: AnimationMode
        /// Inside a `Controllers` method (no host, transitions called on `self`).
        let inControllers: Bool

        func animated(_ specValue: Bool) -> String {
            switch animation {
            case .none: "false"
            case .spec: specValue ? "true" : "false"
            case .parameter: specValue ? "animated" : "false"
            }
        }
    }

    /// The UIKit calls a step makes.
    func lines(_ step: Step, context c: Context) -> [String] {
        let r = c.ref
        switch step.action {
        case .launch:
            guard let root = spec.window?.id else { return ["// The spec sets no window root."] }
            if c.inControllers { return ["// launch: done by the test, not by the app's code."] }
            return ["host.window.rootViewController = \(r(root))", "host.window.makeKeyAndVisible()"]
        case let .present(vc, from, style, anchor, animated):
            return presentationLines(vc.id, from: from.id, style: style?.value, anchor: anchor, animated: c.animated(animated), context: c)
        case let .setViewControllers(of, vcs, animated):
            let list = "[" + vcs.map { r($0.id) }.joined(separator: ", ") + "]"
            switch spec.controller(of.id)?.kind ?? .content {
            case .navigation, .tabBar: return ["\(r(of.id)).setViewControllers(\(list), animated: \(c.animated(animated)))"]
            case .page: return ["\(r(of.id)).setViewControllers(\(list), direction: .forward, animated: \(c.animated(animated)))"]
            case .split: return ["\(r(of.id)).viewControllers = \(list)"]
            case .content, .container: return ["// \(of.id) is not a navigation, tab bar, split or page view controller: no setViewControllers to call."]
            }
        case let .perform(name):
            let method = names.transition(name.value)
            let receiver = c.inControllers ? "" : "app."
            if animatedTransitions.contains(name.value), c.animation != .none {
                return ["\(receiver)\(method)(animated: \(c.animation == .parameter ? "animated" : "true"))"]
            }
            return ["\(receiver)\(method)()"]
        case let .transition(parent, from, to, animated):
            let duration: String
            switch c.animation {
            case .none: duration = "0"
            case .spec: duration = animated ? "0.3" : "0"
            case .parameter: duration = animated ? "animated ? 0.3 : 0" : "0"
            }
            return ["\(r(parent.id)).transition(from: \(r(from.id)), to: \(r(to.id)), duration: \(duration), options: [], animations: nil)"]
        case let .traits(width, height):
            return sizeClassLines(horizontal: width, vertical: height, context: c)
        case let .device(device):
            return sizeClassLines(horizontal: device.horizontalSizeClass, vertical: .regular, context: c)
        case .preserve, .restore:
            return ["// \(step.name): the system does this, not the app's code; vcaudit replays it."]
        case .simultaneously(let steps):
            return steps.flatMap { lines($0, context: c) }
        case .expect:
            return ["// expect: checked by vcaudit's replay at this point of the transition."]
        default:
            return templateLines(step, context: c)
        }
    }

    /// The call of the step's vocabulary entry; a comment instead when a controller the call is made on is not of
    /// the one kind its key accepts (UIKit has no such call on it).
    func templateLines(_ step: Step, context c: Context) -> [String] {
        let template = StepTemplate(step)
        guard let call = template.call(ref: c.ref, animated: c.animated) else {
            return ["// \(step.name): vcaudit replays it; the app makes no UIKit call for it."]
        }
        for key in template.entry.keys where key.kinds.count == 1 {
            if let id = template.reference(key.name.description)?.id,
               let comment = requireKind(key.kinds[0], id, call: template.callName ?? step.name) {
                return comment
            }
        }
        return [call]
    }

    /// A comment instead of the call when `id` is not of `kind` (UIKit has no such call on it).
    func requireKind(_ kind: Controller.Kind, _ id: ControllerID, call: String) -> [String]? {
        guard let controller = spec.controller(id), controller.kind != kind else { return nil }
        return ["// \(id) is not a \(kind.uikitClass): it has no \(call); UIKit ignores the step."]
    }

    func sizeClassLines(horizontal: SizeClass?, vertical: SizeClass?, context c: Context) -> [String] {
        if c.inControllers { return ["// A size-class change is not a call the app makes; the test performs it where a scenario step does."] }
        var arguments: [String] = []
        if let horizontal { arguments.append("horizontal: .\(horizontal.rawValue)") }
        if let vertical { arguments.append("vertical: .\(vertical.rawValue)") }
        return ["host.overrideSizeClasses(\(arguments.joined(separator: ", ")))"]
    }

    /// `vc.modalPresentationStyle`, the popover anchor, then `from.present(vc, animated:)`.
    func presentationLines(_ vc: ControllerID, from: ControllerID, style: PresentationStyle?, anchor override: PopoverAnchor?,
                           animated: String, context c: Context) -> [String] {
        let r = c.ref
        var lines: [String] = []
        if let style { lines.append("\(r(vc)).modalPresentationStyle = .\(style.rawValue)") }
        let requested = style ?? spec.controller(vc)?.modalPresentationStyle?.value ?? .automatic
        if requested == .popover, let anchor = spec.popoverAnchor(for: vc, override: override) {
            lines += anchorLines(anchor, presented: vc, holder: from, ref: r)
        }
        lines.append("\(r(from)).present(\(r(vc)), animated: \(animated))")
        return lines
    }

    /// Sets the popover's anchor; anchor names are properties (outlets) of the controller presenting it.
    func anchorLines(_ anchor: PopoverAnchor, presented vc: ControllerID, holder: ControllerID, ref r: (ControllerID) -> String) -> [String] {
        var lines: [String] = []
        let popover = "\(r(vc)).popoverPresentationController?"
        let appClass = names.hasAppClass(holder)
        if let item = anchor.barButtonItem?.value {
            let expression = appClass ? "\(r(holder)).\(SwiftName.escaped(SwiftName.lowerCamel(item, fallback: "barButtonItem")))"
                : "\(r(holder)).navigationItem.rightBarButtonItem"
            lines.append("\(popover).\(spec.ios >= 16 ? "sourceItem" : "barButtonItem") = \(expression)")
        }
        if let view = anchor.sourceView?.value {
            let expression = appClass ? "\(r(holder)).\(SwiftName.escaped(SwiftName.lowerCamel(view, fallback: "sourceView")))" : "\(r(holder)).view"
            lines.append("\(popover).sourceView = \(expression)")
        }
        if let rect = anchor.sourceRect, rect.count == 4 {
            let values = rect.map(SwiftLiteral.number)
            lines.append("\(popover).sourceRect = CGRect(x: \(values[0]), y: \(values[1]), width: \(values[2]), height: \(values[3]))")
        }
        return lines
    }

    /// The identifier code performs `segue` by: the transition's name, unless the spec gives another, or none.
    static func identifier(_ transition: Transition, _ segue: Segue) -> String? {
        segue.identifier(inTransitionNamed: transition.name)
    }

    /// The `modalPresentationStyle` a presenting segue sets on its destination when made with UIKit calls: its
    /// `style:`, `.popover` for a popover segue; nil when it keeps the destination's own.
    static func presentationStyle(of segue: Segue) -> PresentationStyle? {
        switch segue.kind {
        case .modal, .custom: segue.style?.value
        case .popover: segue.style?.value ?? .popover
        case .show, .showDetail, .push, .embed, .unwind: nil
        }
    }

    /// Whether a test performs `segue` by its storyboard identifier: its source is made from a storyboard and the
    /// segue has an identifier. Otherwise the test makes the UIKit calls the segue stands for.
    static func isPerformedThroughStoryboard(_ transition: Transition, _ segue: Segue, names: SpecNames) -> Bool {
        names.isFromStoryboard(segue.from.id) && identifier(transition, segue) != nil
    }

    /// Whether the transition method makes `segue`'s destination anew before its UIKit calls, as the segue would:
    /// a kind that makes its destination (`TestPlan.seguesMakeDestination`), performed with the calls it stands for.
    static func makesDestinationInCode(_ transition: Transition, _ segue: Segue, names: SpecNames) -> Bool {
        TestPlan.seguesMakeDestination.contains(segue.kind) && !isPerformedThroughStoryboard(transition, segue, names: names)
    }

    /// The UIKit calls of a transition method's body: the segue's, or each call of the app's code in order.
    func lines(_ transition: Transition, context c: Context) -> [String] {
        switch transition.body {
        case .segue(let segue): lines(transition, segue, context: c)
        case .calls(let calls): calls.flatMap { lines($0, context: c) }
        }
    }

    /// A segue from a storyboard-made controller is performed by its identifier (`Segue.identifier`) and its
    /// new destination kept; otherwise, or when it has no identifier, it is the UIKit call the segue stands for.
    func lines(_ transition: Transition, _ segue: Segue, context c: Context) -> [String] {
        let r = c.ref
        let from = segue.from.id
        let to = segue.to.id
        let embed = ["\(r(from)).addChild(\(r(to)))", "\(r(from)).view.addSubview(\(r(to)).view)", "\(r(to)).didMove(toParent: \(r(from)))"]
        if Self.isPerformedThroughStoryboard(transition, segue, names: names), let name = Self.identifier(transition, segue) {
            let identifier = SwiftLiteral.string(name)
            switch segue.kind {
            case .show, .showDetail, .push, .modal, .popover, .custom:
                // What the storyboard made with the new destination is taken from it, containers first.
                let madeWith = names.storyboardChildren(madeWith: to).compactMap { id, child in
                    names.storyboardChildExpression(id, child, keepingCurrent: true, ref: r).map { "\(r(id)) = \($0)" }
                }
                return ["\(r(to)) = VCAuditHost.performSegue(\(identifier), from: \(r(from)), replacing: \(r(to)))"] + madeWith
            case .unwind:
                return ["\(r(from)).performSegue(withIdentifier: \(identifier), sender: nil)"]
            case .embed:
                return ["// UIKit performs an embed segue itself when the view loads; these are the calls it makes."] + embed
            }
        }
        let animated = c.animated(segue.animated)
        switch segue.kind {
        case .show:
            return ["\(r(from)).show(\(r(to)), sender: nil)"]
        case .showDetail:
            return ["\(r(from)).showDetailViewController(\(r(to)), sender: nil)"]
        case .push:
            // A Push segue raises without a navigation controller; the unwrap traps where UIKit would raise.
            return ["\(r(from)).navigationController!.pushViewController(\(r(to)), animated: \(animated))"]
        case .modal, .custom, .popover:
            return presentationLines(to, from: from, style: Self.presentationStyle(of: segue), anchor: segue.anchor, animated: animated,
                                     context: c)
        case .embed:
            return embed
        case .unwind:
            return [
                "if \(r(to)).presentedViewController != nil {",
                "    \(r(to)).dismiss(animated: \(animated))",
                "}",
                "\(r(to)).navigationController?.popToViewController(\(r(to)), animated: \(animated))",
            ]
        }
    }
}
