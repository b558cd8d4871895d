import VCAuditSpec

/// The Swift names of a spec's controllers, transitions and storyboards inside the generated `Controllers` class.
///
/// Controllers, transitions and storyboard variables share one scope (they are
/// members and locals of one class), claimed in declaration order, so names that
/// clash after being made Swift-safe get `2`, `3`, ... deterministically.
struct SpecNames {
    let spec: Spec
    private var properties: [ControllerID: String] = [:]
    private var transitions: [String: String] = [:]
    /// Storyboard name → the local variable holding it, in order of first use.
    private(set) var storyboards: [(name: String, variable: String)] = []

    /// Names the generated class uses itself, and those no backticks make usable (`self = ...` is not a property).
    static let reserved: Set<String> = Set(["all", "animated"]).union(SwiftName.unusableEvenEscaped)

    init(spec: Spec) {
        self.spec = spec
        var scope = NameScope(reserved: Self.reserved)
        for controller in spec.controllers {
            properties[controller.id] = scope.claim(SwiftName.lowerCamel(controller.id.name, fallback: "controller"))
        }
        for transition in spec.transitions {
            transitions[transition.name] = scope.claim(SwiftName.lowerCamel(transition.name, fallback: "transition"))
        }
        for controller in spec.controllers {
            guard let storyboard = controller.storyboard, controller.storyboardID != nil || controller.storyboardInitial,
                  !storyboards.contains(where: { $0.name == storyboard }) else { continue }
            storyboards.append((storyboard, scope.claim(SwiftName.lowerCamel(storyboard + " storyboard", fallback: "storyboard"))))
        }
    }

    /// The property holding controller `id`, ready for source (keywords backticked).
    func property(_ id: ControllerID) -> String {
        SwiftName.escaped(properties[id] ?? SwiftName.lowerCamel(id.name, fallback: "controller"))
    }

    /// The method running transition `name`.
    func transition(_ name: String) -> String {
        SwiftName.escaped(transitions[name] ?? SwiftName.lowerCamel(name, fallback: "transition"))
    }

    func storyboardVariable(_ name: String) -> String {
        storyboards.first { $0.name == name }?.variable ?? "storyboard"
    }

    /// Whether the test instantiates controller `id` from a storyboard.
    func isFromStoryboard(_ id: ControllerID) -> Bool {
        guard let controller = spec.controller(id) else { return false }
        return controller.storyboard != nil && (controller.storyboardID != nil || controller.storyboardInitial)
    }

    /// Whether controller `id` is of one of the app's own classes (not a UIKit class), so it has the app's outlets.
    func hasAppClass(_ id: ControllerID) -> Bool {
        guard let name = spec.controller(id)?.className else { return false }
        return !name.hasPrefix("UI")
    }

    /// The Swift type of controller `id`: its `class:` when that is a type name, else its kind's UIKit class.
    ///
    /// A generic class cannot be named bare: SwiftUI's `UIHostingController<Content>` (a storyboard's hosting
    /// controller, whose `rootView` the app sets in code) is typed as the kind's UIKit class.
    func typeName(_ id: ControllerID) -> String {
        guard let controller = spec.controller(id) else { return "UIViewController" }
        if let name = controller.className, Self.isTypeName(name), !Self.genericClasses.contains(name) { return name }
        return controller.kind.uikitClass
    }

    /// Classes the SDK declares generic, which a test cannot name or make without their type arguments.
    static let genericClasses: Set<String> = ["UIHostingController", "SwiftUI.UIHostingController"]

    /// `Name` or `Module.Name`: identifiers joined by dots.
    static func isTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { SwiftName.isIdentifier(String($0)) && !SwiftName.keywords.contains(String($0)) }
    }
}
