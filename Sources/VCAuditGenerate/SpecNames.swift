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
    /// The controllers a storyboard makes along with their container (`storyboardChild(_:)`).
    private var storyboardChildren: [ControllerID: StoryboardChild] = [:]

    /// A controller a storyboard makes along with its container: a child of it through a relationship segue (a
    /// navigation controller's root, a tab, a split's column) or an embed segue (a container view).
    struct StoryboardChild: Equatable {
        var container: ControllerID
        var containerKind: Controller.Kind
        /// Its position among the container's declared children.
        var position: Int
        /// For an embed segue's child: how many of the container's children before it are of its Swift type.
        var sameTypeBefore: Int
    }

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
        let instantiated = spec.controllers.filter { $0.storyboard != nil && ($0.storyboardID != nil || $0.storyboardInitial) }.map(\.id)
        storyboardChildren = Self.storyboardChildren(of: spec, madeWith: instantiated, typeName: typeName)
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

    /// Whether the test instantiates controller `id` from a storyboard, by itself or along with its container.
    func isFromStoryboard(_ id: ControllerID) -> Bool {
        guard let controller = spec.controller(id) else { return false }
        return controller.storyboard != nil && (controller.storyboardID != nil || controller.storyboardInitial || storyboardChildren[id] != nil)
    }

    /// How the storyboard makes controller `id` along with its container, when it does.
    ///
    /// Code can instantiate a storyboard scene only by its storyboard ID, or as the initial controller; a scene with
    /// neither that a container of the same storyboard holds (a navigation controller's root, a tab, a split's
    /// column, a container view's child) is made by the storyboard with that container, and the app gets it from
    /// there. Such a scene made with its initializer instead would have none of its outlets. So is a scene with an ID
    /// that an import declared there (it has a `source:`): a container view's child made again by its ID would be
    /// embedded twice.
    func storyboardChild(_ id: ControllerID) -> StoryboardChild? {
        storyboardChildren[id]
    }

    /// What the storyboard makes with the destination of a segue performed by its identifier, each with how
    /// (`storyboardChild(_:)`), in pre-order: containers before what they hold.
    func storyboardChildren(madeWith destination: ControllerID) -> [(id: ControllerID, child: StoryboardChild)] {
        let made = Self.storyboardChildren(of: spec, madeWith: [destination], typeName: typeName)
        return TestPlan.declaredTree(of: destination, in: spec).compactMap { id in made[id].map { (id, $0) } }
    }

    /// The expression that takes controller `id` from the container its storyboard made it with (`child`, by default
    /// `storyboardChild(id)`), with `ref` for controllers: `nav.viewControllers[0]`, `tabs.viewControllers![1]`; a
    /// split's column through `VCAuditHost.column(_:of:as:else:)`, which reads a column-style split's columns
    /// unwrapped and, with `keepingCurrent`, keeps the property's controller when a collapsed split no longer holds
    /// the column; a container view's child through `VCAuditHost.embedded(_:at:in:)`, which loads the parent's view
    /// (that performs its embed segues) and finds the child by its type.
    func storyboardChildExpression(_ id: ControllerID, _ child: StoryboardChild? = nil, keepingCurrent: Bool = false,
                                   ref: (ControllerID) -> String) -> String? {
        guard let child = child ?? storyboardChildren[id] else { return nil }
        let type = typeName(id)
        let container = ref(child.container)
        switch child.containerKind {
        case .container:
            return "VCAuditHost.embedded(\(type).self, at: \(child.sameTypeBefore), in: \(container))"
        case .split:
            return "VCAuditHost.column(\(child.position), of: \(container), as: \(type).self\(keepingCurrent ? ", else: \(ref(id))" : ""))"
        default:
            let taken = child.containerKind == .tabBar ? "\(container).viewControllers![\(child.position)]" : "\(container).viewControllers[\(child.position)]"
            return type == "UIViewController" ? taken : "\(taken) as! \(type)"
        }
    }

    /// The storyboard children (`storyboardChild(_:)`) of the controllers a storyboard makes, `roots`, and of theirs:
    /// each found through the container that declares it.
    private static func storyboardChildren(of spec: Spec, madeWith roots: [ControllerID],
                                           typeName: (ControllerID) -> String) -> [ControllerID: StoryboardChild] {
        var found: [ControllerID: StoryboardChild] = [:]
        var pending = roots
        var visited: Set<ControllerID> = []
        while let containerID = pending.popLast() {
            guard visited.insert(containerID).inserted, let container = spec.controller(containerID) else { continue }
            var types: [String] = []
            for (position, reference) in container.children.enumerated() {
                let type = typeName(reference.id)
                defer { types.append(type) }
                // A scene code cannot instantiate, or one an import declared there (with its `source:`): an import
                // writes only the containment its storyboard makes.
                guard let child = spec.controller(reference.id), child.storyboard == container.storyboard,
                      child.storyboardID == nil && !child.storyboardInitial || child.source != nil, found[child.id] == nil else { continue }
                // A storyboard's relationships: a navigation controller's root, every tab, a split's two columns; and
                // a container view's embed segue.
                let isMadeWith = switch container.kind {
                case .navigation: position == 0
                case .split: position < 2
                case .tabBar, .container: true
                case .content, .page: false
                }
                guard isMadeWith else { continue }
                found[child.id] = StoryboardChild(container: containerID, containerKind: container.kind, position: position,
                                                  sameTypeBefore: types.filter { $0 == type }.count)
                pending.append(child.id)
            }
        }
        return found
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
