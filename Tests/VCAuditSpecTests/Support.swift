import Testing
@testable import VCAuditSpec
import VCAuditYAML

/// The spec decoded from `text` as `spec.yaml`, or nil (recorded as an issue, with the diagnostics) when it does not load.
func loadSpec(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Spec? {
    let loaded = SpecLoader.load(bytes: Array(text.utf8), path: "spec.yaml")
    if loaded.spec == nil {
        let shown = loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
        Issue.record("the spec did not load:\n\(shown)", sourceLocation: sourceLocation)
    }
    return loaded.spec
}

/// Every diagnostic of loading `bytes` as `spec.yaml`, rendered with source lines and carets.
func renderedDiagnostics(_ bytes: [UInt8], limits: Composer.Limits = .default) -> String {
    let loaded = SpecLoader.load(bytes: bytes, path: "spec.yaml", limits: limits)
    return loaded.diagnostics.map { $0.rendered(source: loaded.source) }.joined()
}

func renderedDiagnostics(_ text: String) -> String {
    renderedDiagnostics(Array(text.utf8))
}

/// A one-line summary of a step, naming every field, for comparing decoded steps as text.
func summary(_ step: Step) -> String {
    func r(_ reference: Reference?) -> String { reference.map(\.id.name) ?? "nil" }
    func refs(_ references: [Reference]) -> String { "[" + references.map(\.id).joined(separator: ",") + "]" }
    let animatedFalse = " !animated"
    var text: String
    switch step.action {
    case .launch: text = "launch"
    case let .present(vc, from, style, anchor, animated):
        text = "present \(r(vc)) from \(r(from))"
        if let style { text += " style=\(style.value.rawValue)" }
        if let anchor { text += " anchor=\(summary(anchor))" }
        if !animated { text += animatedFalse }
    case let .dismiss(vc, animated): text = "dismiss \(r(vc))" + (animated ? "" : animatedFalse)
    case let .push(nav, vc, animated): text = "push \(r(vc)) on \(r(nav))" + (animated ? "" : animatedFalse)
    case let .pop(nav, animated): text = "pop \(r(nav))" + (animated ? "" : animatedFalse)
    case let .popToRoot(nav, animated): text = "popToRoot \(r(nav))" + (animated ? "" : animatedFalse)
    case let .popTo(nav, vc, animated): text = "popTo \(r(vc)) in \(r(nav))" + (animated ? "" : animatedFalse)
    case let .setViewControllers(of, vcs, animated): text = "setViewControllers \(r(of)) \(refs(vcs))" + (animated ? "" : animatedFalse)
    case let .select(tabs, vc): text = "select \(r(vc)) in \(r(tabs))"
    case let .show(from, vc): text = "show \(r(vc)) from \(r(from))"
    case let .showDetail(from, vc): text = "showDetail \(r(vc)) from \(r(from))"
    case let .perform(transition): text = "perform \(transition.value)"
    case let .addChild(parent, child): text = "addChild \(r(child)) to \(r(parent))"
    case let .removeFromParent(child): text = "removeFromParent \(r(child))"
    case let .willMove(child, parent): text = "willMove \(r(child)) to \(r(parent))"
    case let .didMove(child, parent): text = "didMove \(r(child)) to \(r(parent))"
    case let .addSubview(view, to): text = "addSubview \(r(view)) to \(r(to))"
    case let .removeFromSuperview(view): text = "removeFromSuperview \(r(view))"
    case let .beginAppearance(vc, appearing, animated): text = "beginAppearance \(r(vc)) appearing=\(appearing)" + (animated ? "" : animatedFalse)
    case let .endAppearance(vc): text = "endAppearance \(r(vc))"
    case let .transition(parent, from, to, animated): text = "transition in \(r(parent)) from \(r(from)) to \(r(to))" + (animated ? "" : animatedFalse)
    case let .traits(width, height): text = "traits width=\(width?.rawValue ?? "nil") height=\(height?.rawValue ?? "nil")"
    case let .device(device): text = "device \(device.rawValue)"
    case .preserve: text = "preserve"
    case .restore: text = "restore"
    case let .simultaneously(steps): text = "simultaneously {" + steps.map(summary).joined(separator: "; ") + "}"
    case let .expect(expectations): text = "expect {" + expectations.map(summary).joined(separator: "; ") + "}"
    }
    if !step.ignore.isEmpty { text += " ignoring " + step.ignore.map(\.rule.value).joined(separator: ",") }
    return text
}

func summary(_ expectation: VCAuditSpec.Expectation) -> String {
    func r(_ reference: Reference?) -> String { reference.map(\.id.name) ?? "nil" }
    switch expectation.check {
    case let .visible(vcs): return "visible [" + vcs.map(\.id).joined(separator: ",") + "]"
    case let .presented(by, vc): return "presented \(r(vc)) by \(r(by))"
    case let .top(nav, vc): return "top \(r(vc)) of \(r(nav))"
    case let .stack(nav, vcs): return "stack \(r(nav)) [" + vcs.map(\.id).joined(separator: ",") + "]"
    case let .selected(tabs, vc): return "selected \(r(vc)) in \(r(tabs))"
    case let .parent(child, parent): return "parent of \(r(child)) is \(r(parent))"
    case let .appearance(vc, state): return "appearance \(r(vc)) \(state.rawValue)"
    }
}

func summary(_ anchor: PopoverAnchor) -> String {
    var parts: [String] = []
    if let view = anchor.sourceView { parts.append("sourceView:\(view.value)") }
    if let item = anchor.barButtonItem { parts.append("barButtonItem:\(item.value)") }
    if let rect = anchor.sourceRect { parts.append("sourceRect:" + rect.map { String($0) }.joined(separator: ",")) }
    return "{" + parts.joined(separator: " ") + "}"
}
