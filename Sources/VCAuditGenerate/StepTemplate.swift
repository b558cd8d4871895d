import VCAuditSpec

/// A step's vocabulary entry with its written arguments, for filling the entry's `call` and `prose` templates.
///
/// The arguments are read from the labelled payload of the step's action (`push(nav:vc:animated:)`), whose labels
/// are the keys of the vocabulary (a test checks it), so a step kind with templates needs no code here.
struct StepTemplate {
    let entry: SpecVocabulary.StepKind
    /// Each argument by key: a `Reference`, a `[Reference]`, a `Bool`, or nil for a null controller.
    private let arguments: [String: Any?]

    init(_ step: Step) {
        entry = SpecVocabulary.step(step.kind)
        guard let payload = Mirror(reflecting: step.action).children.first?.value else {
            arguments = [:]
            return
        }
        let mirror = Mirror(reflecting: payload)
        if mirror.displayStyle == .tuple {
            arguments = Dictionary(uniqueKeysWithValues: mirror.children.compactMap { child in
                child.label.map { ($0, Self.unwrapped(child.value)) }
            })
        } else if let key = entry.keys.first(where: { $0.name.description != "ignore" }) {
            // A one-argument case has no tuple, so no label: the argument is the kind's one key.
            arguments = [key.name.description: Self.unwrapped(payload)]
        } else {
            arguments = [:]
        }
    }

    /// `value`, or nil when it is an optional that holds nothing.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    /// The keys the action's payload carries.
    var keys: Set<String> { Set(arguments.keys) }

    /// The controller written for `key`, if any.
    func reference(_ key: String) -> Reference? { arguments[key] as? Reference }

    /// The `true` or `false` written (or defaulted) for `key`.
    func bool(_ key: String) -> Bool? { arguments[key] as? Bool }

    /// The entry's UIKit call with every `{key}` filled: controllers by `ref`, `{animated}` by `animated`.
    func call(ref: (ControllerID) -> String, animated: (Bool) -> String) -> String? {
        entry.call.map { template in
            Self.fill(template) { key, _ in
                if key == "animated" { return animated(bool(key) ?? true) }
                return render(key, controller: ref, list: { "[" + $0.joined(separator: ", ") + "]" }, none: "nil")
            }
        }
    }

    /// The entry's prose with every `{key}` filled by controller ids.
    var prose: String? {
        entry.prose.map { template in
            Self.fill(template) { key, fallback in
                render(key, controller: { $0.name }, list: { "[" + $0.joined(separator: ", ") + "]" }, none: fallback ?? "nothing")
            }
        }
    }

    /// The name of the call's method or property (`pushViewController`, `selectedViewController`), for messages.
    var callName: String? {
        guard let call = entry.call, let dot = call.range(of: "}.") else { return nil }
        return String(call[dot.upperBound...].prefix { $0.isLetter || $0.isNumber })
    }

    private func render(_ key: String, controller: (ControllerID) -> String, list: ([String]) -> String, none: String) -> String {
        switch arguments[key] {
        case let reference as Reference: controller(reference.id)
        case let references as [Reference]: list(references.map { controller($0.id) })
        case let value as Bool: value ? "true" : "false"
        default: none
        }
    }

    /// `template` with each `{key}` or `{key|fallback}` replaced by `value(key, fallback)`.
    static func fill(_ template: String, value: (String, String?) -> String) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let placeholder = rest[rest.index(after: open)..<close]
            let parts = placeholder.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            result += value(String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The placeholders of `template`, in order.
    static func placeholders(_ template: String) -> [String] {
        var keys: [String] = []
        _ = fill(template) { key, _ in
            keys.append(key)
            return ""
        }
        return keys
    }
}
