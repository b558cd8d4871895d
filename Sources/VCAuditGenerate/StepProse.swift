import VCAuditReplay
import VCAuditSpec

/// Steps and transitions in the spec's words, for the comments of generated tests.
struct StepProse {
    let spec: Spec
    let comments: SpecComments

    /// A step in the spec's words (`brief`: a transition by its name only).
    func describe(_ step: Step, brief: Bool = false) -> String {
        switch step.action {
        case .launch:
            return "launch: \(spec.window?.id ?? "nothing") becomes the window's root view controller"
        case let .present(vc, from, style, _, _):
            return "present \(vc.id) from \(from.id)\(style.map { " (\($0.value.rawValue))" } ?? "")"
        case let .perform(name):
            if brief { return "perform \(name.value)" }
            return "perform \(name.value)" + (spec.transition(name.value).map { " — " + summary(of: $0) } ?? "")
        case let .beginAppearance(vc, appearing, _): return "\(vc.id) begins \(appearing ? "appearing" : "disappearing")"
        case let .traits(width, height):
            let parts = [width.map { "width \($0.rawValue)" }, height.map { "height \($0.rawValue)" }].compactMap { $0 }
            return "size classes change: " + parts.joined(separator: ", ")
        case let .device(device): return "size classes change to an \(device.displayName)'s"
        case .preserve: return "preserve: the app goes to the background and UIKit saves its state"
        case .restore: return "restore: the system relaunches the app with the saved state"
        case .simultaneously(let steps):
            return "simultaneously, before the first animation ends: " + steps.map { describe($0, brief: true) }.joined(separator: "; ")
        case .expect(let expectations):
            return "expect " + expectations.map { HierarchyFact($0.check).prose() }.joined(separator: "; ")
        default:
            return StepTemplate(step).prose ?? step.name
        }
    }

    /// A transition in one phrase: the segue, or the first line of what its author wrote about it.
    func summary(of transition: Transition) -> String {
        switch transition.body {
        case .segue(let segue):
            return "the \(segue.kind.rawValue) segue from \(segue.from.id) to \(segue.to.id)"
        case .calls(let calls):
            if let note = SpecComments.firstSentence(comments.above(transition.mark.line)) ?? comments.trailing(transition.mark.line) {
                return note
            }
            return calls.map { describe($0) }.joined(separator: "; ")
        }
    }
}
