/// The words of spec format v1: every key of every mapping, with what its value is, in one table.
///
/// The decoder reads its allowed keys from here (steps, controllers, transitions, scenarios, expectations), and
/// `vcaudit schema spec` renders the JSON Schema editors use from the same table, so the two cannot drift.
public enum SpecVocabulary {
    /// What a key's value is.
    public enum ValueType: Sendable, Equatable {
        case string
        /// A string, or null.
        case stringOrNull
        case bool
        case integer(ClosedRange<Int>)
        /// One of these words.
        case choice([String])
        /// A declared controller id.
        case controller
        /// A declared controller id, or null.
        case controllerOrNull
        case controllers
        /// A declared transition name.
        case transition
        /// `ignore:` entries: `{rule, reason}`.
        case suppressions
        /// `[x, y, width, height]`.
        case rect
        /// `path:line` or `path:line:column`.
        case sourceReference
        /// A list of strings (paths).
        case strings
        /// A mapping with these keys.
        case mapping([Key])
        /// `controllers:`, a mapping of controller ids to declarations.
        case controllerDeclarations
        /// `transitions:`, a mapping of transition names to declarations.
        case transitionDeclarations
        /// `scenarios:`, a list of scenarios.
        case scenarios
        /// A step, or a list of steps.
        case step
        case steps
        /// The keys of an `expect:` step.
        case expectations
        /// A controller declaration (a mapping of `controllerKeys`, or null for a plain content controller).
        case controllerDeclaration
        /// A transition declaration (a segue, or calls).
        case transitionDeclaration
        case scenario
    }

    /// One key of a mapping.
    public struct Key: Sendable, Equatable {
        public var name: StaticString
        public var type: ValueType
        public var required: Bool
        public var summary: String
        /// Other spellings the decoder accepts for this key: the word another mapping uses for the same role.
        ///
        /// Format v1 keeps `name` (documentation, messages and generated specs use it); an alias only saves a new
        /// user who writes the word they read elsewhere (`present: {by}` after `expect: presented: {by}`).
        public var aliases: [StaticString]
        /// The kinds of controller a `.controller` key accepts (a step's `nav` is a navigation controller); empty
        /// for any kind.
        public var kinds: [Controller.Kind]

        public init(_ name: StaticString, _ type: ValueType, required: Bool = false, aliases: [StaticString] = [], kinds: [Controller.Kind] = [],
                    _ summary: String) {
            self.name = name
            self.type = type
            self.required = required
            self.aliases = aliases
            self.kinds = kinds
            self.summary = summary
        }

        public static func == (a: Key, b: Key) -> Bool {
            a.name.description == b.name.description && a.type == b.type && a.required == b.required && a.summary == b.summary
                && a.aliases.map(\.description) == b.aliases.map(\.description) && a.kinds == b.kinds
        }
    }

    /// One step kind: its name, the key its one-value shorthand fills (`pop: nav` is `pop: {nav: nav}`), its keys,
    /// what a generated test writes for it and how the decoder builds it.
    public struct StepKind: Sendable {
        public var name: StaticString
        /// Written as a bare word (`- launch`), with no arguments.
        public var bare: Bool
        public var shorthand: StaticString?
        public var keys: [Key]
        public var summary: String
        /// How its arguments are written, for messages (`{nav: <navigation>, vc: <controller>}`); nil for a bare step.
        public var usage: String?
        /// The UIKit call a generated test makes, with each `{key}` standing for that argument's Swift expression
        /// (`{animated}` for the `animated:` the test passes); nil when the generator writes this kind itself.
        public var call: String?
        /// The step in words, for generated tests' comments, with each `{key}` standing for its controller (or list
        /// of controllers); `{key|words}` says `words` when the key is null. Nil when the generator says it itself.
        public var prose: String?
        /// What the step does to the screen, which tells a generated test whether to let the run loop settle.
        public var screen: ScreenEffect
        /// Builds the step's action from what is written, reporting each problem at its place (nil after one).
        let make: @Sendable (borrowing StepArguments) -> Step.Action?

        init(name: StaticString, bare: Bool, shorthand: StaticString?, keys: [Key], summary: String, usage: String? = nil,
             call: String? = nil, prose: String? = nil, screen: ScreenEffect, make: @escaping @Sendable (borrowing StepArguments) -> Step.Action?) {
            self.name = name
            self.bare = bare
            self.shorthand = shorthand
            self.keys = keys
            self.summary = summary
            self.usage = usage
            self.call = call
            self.prose = prose
            self.screen = screen
            self.make = make
        }

        /// Whether a step written as one value (`device: ipad`, `simultaneously: [...]`) rather than with keys.
        var isOneValue: Bool { !bare && keys.isEmpty }
    }

    /// What a step does to the screen.
    public enum ScreenEffect: Sendable {
        /// Nothing on screen changes by itself: containment bookkeeping, checks, the app's lifecycle.
        case none
        /// What is on screen changes, and UIKit may finish the change on a later turn of the run loop.
        case immediate
        /// A transition UIKit may animate: a generated test passes `animated: false` and says so.
        case animated
    }

    static let animated = Key("animated", .bool, "animate the transition (default true)")
    static let ignore = Key("ignore", .suppressions, "findings of these rules at this place are expected: [{rule, reason}]")
    static let styles = PresentationStyle.allCases.map(\.rawValue)

    /// The top-level keys of a spec.
    public static let topLevel: [Key] = [
        Key("vcaudit", .integer(1...1), required: true, "the spec format version: 1"),
        Key("app", .string, "the app's name, for reports"),
        Key("device", .choice(Device.allCases.map(\.rawValue)), "the device scenarios replay on (default iphone)"),
        Key("ios", .integer(9...40), "the deployment target's major version (default 17)"),
        Key("restoration", .bool, "the app opts into state restoration (default false)"),
        Key("storyboards", .strings, "storyboard files, or folders that hold them, to import first; the spec adds to them"),
        Key("controllers", .controllerDeclarations, "the app's view controllers, by id"),
        Key("window", .controller, "the window's root view controller"),
        Key("transitions", .transitionDeclarations, "what the app's code does, by name: a segue or UIKit calls"),
        Key("scenarios", .scenarios, "user action sequences to replay"),
    ]

    /// The keys of a controller declaration.
    public static let controller: [Key] = [
        Key("kind", .choice(Controller.Kind.allCases.map(\.rawValue)), "content (default), navigation, tabBar, split, page or container"),
        Key("class", .string, "the Swift class (default: the UIKit class of its kind)"),
        Key("storyboard", .string, "the storyboard it is made from"),
        Key("storyboardID", .string, "its storyboard identifier"),
        Key("storyboardInitial", .bool, "the initial view controller of its storyboard (code makes it with instantiateInitialViewController())"),
        Key("restorationID", .string, "its restoration identifier"),
        Key("children", .controllers, "the controllers it contains: stack, tabs, [primary, secondary], pages, or embedded children"),
        Key("root", .controller, "a navigation controller's root (short for children: [root])"),
        Key("selected", .controller, "a tab bar's initially selected tab"),
        Key("modalPresentationStyle", .choice(styles), "the style it is presented with"),
        Key("popover", .mapping([
            Key("sourceView", .string, "the view the popover points at"),
            Key("barButtonItem", .string, "the bar button item the popover points at"),
            Key("sourceRect", .rect, "[x, y, width, height] in the source view"),
            Key("adaptive", .choice(["none"] + styles), "what compact width shows instead (none keeps the popover)"),
        ]), "its popover presentation"),
        Key("modalInPresentation", .bool, "a sheet that cannot be swiped away"),
        Key("forwardsAppearance", .bool, "shouldAutomaticallyForwardAppearanceMethods (default true)"),
        Key("definesPresentationContext", .bool, "the context of current-context presentations below it (default true for navigation)"),
        Key("transitioningDelegate", .bool, "a custom presentation has a transitioning delegate"),
        Key("navigationBarHidden", .bool, "a navigation controller that shows no navigation bar (default false)"),
        Key("spine", .choice(Controller.Spine.allCases.map(\.rawValue)), "a page controller's spine location"),
        Key("transitionStyle", .choice(Controller.PageTransitionStyle.allCases.map(\.rawValue)),
            "a page controller's transition style: scroll (default) or pageCurl (default with a mid or max spine)"),
        ignore,
        Key("source", .sourceReference, "where it is really declared (a storyboard line)"),
    ]

    /// The keys of a popover anchor given to a step or segue.
    public static let anchor: [Key] = [
        Key("sourceView", .string, "the view the popover points at"),
        Key("barButtonItem", .string, "the bar button item the popover points at"),
        Key("sourceRect", .rect, "[x, y, width, height] in the source view"),
    ]

    /// The keys of a transition declaration: `segue` with `from` and `to`, or `calls`.
    public static let transition: [Key] = [
        Key("segue", .choice(Segue.Kind.allCases.map(\.rawValue)), "the storyboard segue's kind"),
        Key("from", .controller, "the segue's source; with calls, the controller whose control runs them (a user action for explore)"),
        Key("to", .controller, "the segue's destination"),
        Key("style", .choice(styles), "overrides the destination's modalPresentationStyle"),
        Key("anchor", .mapping(anchor), "a popover segue's anchor"),
        animated,
        Key("identifier", .stringOrNull, "the segue's identifier in the storyboard when it is not the transition's name; null when it has none"),
        Key("manual", .bool, "a manual segue (drawn from the controller, not a control): the code performs it with performSegue(withIdentifier:), so explore performs it but never double taps it (default false)"),
        Key("calls", .steps, "the UIKit calls the code makes, in one run-loop turn"),
        Key("event", .bool, "calls without from that the system may run at any moment (a notification, a completion handler, a deep link): explore tries them in every state (default false)"),
        ignore,
        Key("source", .sourceReference, "where it is really declared (a storyboard line)"),
    ]

    /// The keys of a scenario.
    public static let scenario: [Key] = [
        Key("name", .string, required: true, "the scenario's name, unique in the spec"),
        Key("device", .choice(Device.allCases.map(\.rawValue)), "the device it replays on"),
        Key("steps", .steps, required: true, "the user actions and code paths, one run-loop turn each"),
        ignore,
    ]

    /// The keys of an `ignore:` entry.
    public static let suppression: [Key] = [
        Key("rule", .string, required: true, "the rule id"),
        Key("reason", .string, required: true, "why the finding is fine here"),
    ]

    /// Every step kind, in the order docs/spec-format.md lists them: its keys, how it reads, what a generated test
    /// calls for it, and how the decoder builds it from what is written.
    public static let steps: [StepKind] = [
        StepKind(name: "launch", bare: true, shorthand: nil, keys: [ignore], summary: "window.rootViewController = window root; makeKeyAndVisible()",
                 screen: .immediate) { _ in .launch },
        StepKind(name: "present", bare: false, shorthand: nil, keys: [
            Key("vc", .controller, required: true, "the controller presented"),
            Key("from", .controller, required: true, aliases: ["by"], "the controller present is called on"),
            Key("style", .choice(styles), "overrides the controller's modalPresentationStyle"),
            Key("anchor", .mapping(anchor), "the popover's anchor"), animated, ignore,
        ], summary: "from.present(vc, animated:)", usage: "{vc: <controller>, from: <controller>}", screen: .animated) { a in
            let style = a.choice("style", PresentationStyle.self, what: "presentation style")
            let anchor = a.anchor("anchor")
            guard let vc = a.reference("vc"), let from = a.reference("from") else { return nil }
            return .present(vc: vc, from: from, style: style, anchor: anchor, animated: a.animated)
        },
        StepKind(name: "dismiss", bare: false, shorthand: "vc", keys: [
            Key("vc", .controller, required: true, "the controller dismiss is called on"), animated, ignore,
        ], summary: "vc.dismiss(animated:)", usage: "<controller>",
           call: "{vc}.dismiss(animated: {animated})", prose: "dismiss {vc}", screen: .animated) { a in
            a.reference("vc").map { .dismiss(vc: $0, animated: a.animated) }
        },
        StepKind(name: "push", bare: false, shorthand: nil, keys: [
            Key("nav", .controller, required: true, kinds: [.navigation], "the navigation controller"),
            Key("vc", .controller, required: true, "the controller pushed"), animated, ignore,
        ], summary: "nav.pushViewController(vc, animated:)", usage: "{nav: <navigation>, vc: <controller>}",
           call: "{nav}.pushViewController({vc}, animated: {animated})", prose: "push {vc} onto {nav}", screen: .animated) { a in
            guard let nav = a.reference("nav"), let vc = a.reference("vc") else { return nil }
            return .push(nav: nav, vc: vc, animated: a.animated)
        },
        StepKind(name: "pop", bare: false, shorthand: "nav", keys: [
            Key("nav", .controller, required: true, kinds: [.navigation], "the navigation controller"), animated, ignore,
        ], summary: "nav.popViewController(animated:)", usage: "<navigation>",
           call: "{nav}.popViewController(animated: {animated})", prose: "pop {nav}", screen: .animated) { a in
            a.reference("nav").map { .pop(nav: $0, animated: a.animated) }
        },
        StepKind(name: "popToRoot", bare: false, shorthand: "nav", keys: [
            Key("nav", .controller, required: true, kinds: [.navigation], "the navigation controller"), animated, ignore,
        ], summary: "nav.popToRootViewController(animated:)", usage: "<navigation>",
           call: "{nav}.popToRootViewController(animated: {animated})", prose: "pop {nav} to its root", screen: .animated) { a in
            a.reference("nav").map { .popToRoot(nav: $0, animated: a.animated) }
        },
        StepKind(name: "popTo", bare: false, shorthand: nil, keys: [
            Key("nav", .controller, required: true, kinds: [.navigation], "the navigation controller"),
            Key("vc", .controller, required: true, "the controller to pop to"), animated, ignore,
        ], summary: "nav.popToViewController(vc, animated:)", usage: "{nav: <navigation>, vc: <controller>}",
           call: "{nav}.popToViewController({vc}, animated: {animated})", prose: "pop {nav} to {vc}", screen: .animated) { a in
            guard let nav = a.reference("nav"), let vc = a.reference("vc") else { return nil }
            return .popTo(nav: nav, vc: vc, animated: a.animated)
        },
        StepKind(name: "setViewControllers", bare: false, shorthand: nil, keys: [
            Key("of", .controller, required: true, kinds: [.navigation, .tabBar, .page, .split], "the navigation, tab bar, page or split view controller"),
            Key("vcs", .controllers, required: true, "its new children"), animated, ignore,
        ], summary: "of.setViewControllers(vcs, animated:)", usage: "{of: <container>, vcs: [<controller>, ...]}",
           prose: "set the view controllers of {of} to {vcs}", screen: .animated) { a in
            guard let of = a.reference("of"), let vcs = a.references("vcs") else { return nil }
            return .setViewControllers(of: of, vcs: vcs, animated: a.animated)
        },
        StepKind(name: "select", bare: false, shorthand: "vc", keys: [
            Key("tabs", .controller, kinds: [.tabBar], "the tab bar controller (default: the one with vc as a tab)"),
            Key("vc", .controller, required: true, "the tab selected"), ignore,
        ], summary: "tabs.selectedViewController = vc", usage: "<tab>",
           call: "{tabs}.selectedViewController = {vc}", prose: "select {vc} in {tabs}", screen: .immediate) { a in
            guard let vc = a.reference("vc") else { return nil }
            let tabs = a.has("tabs") ? a.reference("tabs") : a.tabBar(holding: vc)
            return tabs.map { .select(tabs: $0, vc: vc) }
        },
        StepKind(name: "show", bare: false, shorthand: nil, keys: [
            Key("from", .controller, required: true, "the controller show is called on"),
            Key("vc", .controller, required: true, "the controller shown"), ignore,
        ], summary: "from.show(vc, sender:)", usage: "{from: <controller>, vc: <controller>}",
           call: "{from}.show({vc}, sender: nil)", prose: "show {vc} from {from}", screen: .animated) { a in
            guard let from = a.reference("from"), let vc = a.reference("vc") else { return nil }
            return .show(from: from, vc: vc)
        },
        StepKind(name: "showDetail", bare: false, shorthand: nil, keys: [
            Key("from", .controller, required: true, "the controller showDetailViewController is called on"),
            Key("vc", .controller, required: true, "the controller shown"), ignore,
        ], summary: "from.showDetailViewController(vc, sender:)", usage: "{from: <controller>, vc: <controller>}",
           call: "{from}.showDetailViewController({vc}, sender: nil)", prose: "show {vc} as the detail, from {from}", screen: .animated) { a in
            guard let from = a.reference("from"), let vc = a.reference("vc") else { return nil }
            return .showDetail(from: from, vc: vc)
        },
        StepKind(name: "perform", bare: false, shorthand: "transition", keys: [
            Key("transition", .transition, required: true, "the transition to run"), ignore,
        ], summary: "runs a declared transition", usage: "<transition>", screen: .animated) { a in
            a.transition("transition").map { .perform(transition: $0) }
        },
        StepKind(name: "addChild", bare: false, shorthand: nil, keys: [
            Key("parent", .controller, required: true, "the container"),
            Key("child", .controller, required: true, "the child added"), ignore,
        ], summary: "parent.addChild(child)", usage: "{parent: <controller>, child: <controller>}",
           call: "{parent}.addChild({child})", prose: "{parent} adds {child} as a child", screen: .none) { a in
            guard let parent = a.reference("parent"), let child = a.reference("child") else { return nil }
            return .addChild(parent: parent, child: child)
        },
        StepKind(name: "removeFromParent", bare: false, shorthand: "child", keys: [
            Key("child", .controller, required: true, "the child removed"), ignore,
        ], summary: "child.removeFromParent()", usage: "<controller>",
           call: "{child}.removeFromParent()", prose: "{child} is removed from its parent", screen: .none) { a in
            a.reference("child").map { .removeFromParent(child: $0) }
        },
        StepKind(name: "willMove", bare: false, shorthand: nil, keys: [
            Key("child", .controller, required: true, "the child"),
            Key("parent", .controllerOrNull, required: true, "the new parent, or null"), ignore,
        ], summary: "child.willMove(toParent: parent)", usage: "{child: <controller>, parent: <controller or null>}",
           call: "{child}.willMove(toParent: {parent})", prose: "{child} will move to {parent|no parent}", screen: .none) { a in
            guard let child = a.reference("child"), let parent = a.optionalReference("parent") else { return nil }
            return .willMove(child: child, parent: parent)
        },
        StepKind(name: "didMove", bare: false, shorthand: nil, keys: [
            Key("child", .controller, required: true, "the child"),
            Key("parent", .controllerOrNull, required: true, "the new parent, or null"), ignore,
        ], summary: "child.didMove(toParent: parent)", usage: "{child: <controller>, parent: <controller or null>}",
           call: "{child}.didMove(toParent: {parent})", prose: "{child} did move to {parent|no parent}", screen: .none) { a in
            guard let child = a.reference("child"), let parent = a.optionalReference("parent") else { return nil }
            return .didMove(child: child, parent: parent)
        },
        StepKind(name: "addSubview", bare: false, shorthand: nil, keys: [
            Key("view", .controller, required: true, "the controller whose view is added"),
            Key("to", .controller, required: true, "the controller whose view it is added to"), ignore,
        ], summary: "to.view.addSubview(view.view)", usage: "{view: <controller>, to: <controller>}",
           call: "{to}.view.addSubview({view}.view)", prose: "{view}'s view is added to {to}'s view", screen: .immediate) { a in
            guard let view = a.reference("view"), let to = a.reference("to") else { return nil }
            return .addSubview(view: view, to: to)
        },
        StepKind(name: "removeFromSuperview", bare: false, shorthand: "view", keys: [
            Key("view", .controller, required: true, "the controller whose view is removed"), ignore,
        ], summary: "view.view.removeFromSuperview()", usage: "<controller>",
           call: "{view}.view.removeFromSuperview()", prose: "{view}'s view is removed from its superview", screen: .immediate) { a in
            a.reference("view").map { .removeFromSuperview(view: $0) }
        },
        StepKind(name: "beginAppearance", bare: false, shorthand: nil, keys: [
            Key("vc", .controller, required: true, "the child"),
            Key("appearing", .bool, required: true, "true when it appears"), animated, ignore,
        ], summary: "vc.beginAppearanceTransition(appearing, animated:)", usage: "{vc: <controller>, appearing: true}",
           call: "{vc}.beginAppearanceTransition({appearing}, animated: {animated})", screen: .animated) { a in
            guard let vc = a.reference("vc"), let appearing = a.bool("appearing") else { return nil }
            return .beginAppearance(vc: vc, appearing: appearing, animated: a.animated)
        },
        StepKind(name: "endAppearance", bare: false, shorthand: "vc", keys: [
            Key("vc", .controller, required: true, "the child"), ignore,
        ], summary: "vc.endAppearanceTransition()", usage: "<controller>",
           call: "{vc}.endAppearanceTransition()", prose: "{vc} ends its appearance transition", screen: .immediate) { a in
            a.reference("vc").map { .endAppearance(vc: $0) }
        },
        StepKind(name: "transition", bare: false, shorthand: nil, keys: [
            Key("parent", .controller, required: true, "the container"),
            Key("from", .controller, required: true, "the child leaving"),
            Key("to", .controller, required: true, "the child entering"), animated, ignore,
        ], summary: "parent.transition(from:to:duration:options:animations:completion:)", usage: "{parent: <container>, from: <controller>, to: <controller>}",
           prose: "{parent} transitions from {from} to {to}", screen: .animated) { a in
            guard let parent = a.reference("parent"), let from = a.reference("from"), let to = a.reference("to") else { return nil }
            return .transition(parent: parent, from: from, to: to, animated: a.animated)
        },
        StepKind(name: "traits", bare: false, shorthand: nil, keys: [
            Key("width", .choice(SizeClass.allCases.map(\.rawValue)), "the horizontal size class"),
            Key("height", .choice(SizeClass.allCases.map(\.rawValue)), "the vertical size class"), ignore,
        ], summary: "a size class change (traitCollectionDidChange)", usage: "{width: compact}", screen: .immediate) { a in
            let width = a.choice("width", SizeClass.self, what: "size class")?.value
            let height = a.choice("height", SizeClass.self, what: "size class")?.value
            if width == nil, height == nil, !a.has("width"), !a.has("height") {
                a.error("the 'traits' step changes nothing; give 'width' and/or 'height' (compact or regular)")
                return nil
            }
            return .traits(width: width, height: height)
        },
        StepKind(name: "device", bare: false, shorthand: nil, keys: [], summary: "the scenario continues on iphone or ipad", usage: "ipad",
                 screen: .immediate) { a in
            a.value(Device.self, what: "device").map { .device($0.value) }
        },
        StepKind(name: "preserve", bare: true, shorthand: nil, keys: [ignore], summary: "the app goes to the background and preserves state",
                 screen: .none) { _ in .preserve },
        StepKind(name: "restore", bare: true, shorthand: nil, keys: [ignore], summary: "the app relaunches and restores state",
                 screen: .none) { _ in .restore },
        StepKind(name: "simultaneously", bare: false, shorthand: nil, keys: [], summary: "steps in one run-loop turn (a double tap)", usage: "[<step>, <step>]",
                 screen: .animated) { a in
            a.steps.map { .simultaneously($0) }
        },
        StepKind(name: "expect", bare: false, shorthand: nil, keys: [], summary: "what must hold now", usage: "{visible: [<controller>, ...]}",
                 screen: .none) { a in
            a.expectations.map { .expect($0) }
        },
    ]

    /// The step kind named `name`.
    public static func step(_ name: String) -> StepKind? { steps.first { $0.name.description == name } }

    /// The vocabulary entry of `kind` (the table lists the kinds in `Step.Kind`'s order, which a test checks).
    public static func step(_ kind: Step.Kind) -> StepKind { stepsByKind[kind]! }

    private static let stepsByKind: [Step.Kind: StepKind] = Dictionary(
        uniqueKeysWithValues: zip(Step.Kind.allCases, steps).map { ($0, $1) })

    /// One check an `expect:` step can make: its key (with what its value is) and how the decoder builds it.
    public struct ExpectationKind: Sendable {
        public var key: Key
        /// Builds the check from what is written, reporting each problem at its place (nil after one).
        let make: @Sendable (borrowing ExpectationArguments) -> Expectation.Check?

        init(_ key: Key, make: @escaping @Sendable (borrowing ExpectationArguments) -> Expectation.Check?) {
            self.key = key
            self.make = make
        }
    }

    /// Every check of an `expect:` step, in the order docs/spec-format.md lists them.
    public static let expectationKinds: [ExpectationKind] = [
        ExpectationKind(Key("visible", .controllers, "the controllers whose views are in the window, exactly (any order)")) { a in
            a.references().map { .visible($0) }
        },
        ExpectationKind(Key("presented", .mapping([
            Key("by", .controller, required: true, aliases: ["from"], "the presenter UIKit resolved"),
            Key("vc", .controllerOrNull, required: true, "the controller it presents, or null"),
        ]), "by presents vc")) { a in
            guard let by = a.reference("by"), let vc = a.optionalReference("vc") else { return nil }
            return .presented(by: by, vc: vc)
        },
        ExpectationKind(Key("top", .mapping([
            Key("nav", .controller, required: true, "the navigation controller"),
            Key("vc", .controller, required: true, "its top controller"),
        ]), "nav.topViewController is vc")) { a in
            guard let nav = a.reference("nav"), let vc = a.reference("vc") else { return nil }
            return .top(nav: nav, vc: vc)
        },
        ExpectationKind(Key("stack", .mapping([
            Key("nav", .controller, required: true, "the navigation controller"),
            Key("vcs", .controllers, required: true, "its stack, root first"),
        ]), "nav.viewControllers is vcs")) { a in
            guard let nav = a.reference("nav"), let vcs = a.references("vcs") else { return nil }
            return .stack(nav: nav, vcs: vcs)
        },
        ExpectationKind(Key("selected", .mapping([
            Key("tabs", .controller, required: true, "the tab bar controller"),
            Key("vc", .controller, required: true, "its selected tab"),
        ]), "tabs.selectedViewController is vc")) { a in
            guard let tabs = a.reference("tabs"), let vc = a.reference("vc") else { return nil }
            return .selected(tabs: tabs, vc: vc)
        },
        ExpectationKind(Key("parent", .mapping([
            Key("child", .controller, required: true, "the child"),
            Key("parent", .controllerOrNull, required: true, "its parent, or null"),
        ]), "child.parent is parent")) { a in
            guard let child = a.reference("child"), let parent = a.optionalReference("parent") else { return nil }
            return .parent(child: child, parent: parent)
        },
        ExpectationKind(Key("appearance", .mapping([
            Key("vc", .controller, required: true, "the controller"),
            Key("state", .choice(AppearanceState.allCases.map(\.rawValue)), required: true, "its last appearance callback"),
        ]), "vc's appearance state")) { a in
            guard let vc = a.reference("vc"), let state = a.choice("state", AppearanceState.self, what: "appearance state") else { return nil }
            return .appearance(vc: vc, state: state)
        },
    ]

    /// The keys of an `expect:` step, each a check.
    public static let expectations: [Key] = expectationKinds.map(\.key)
}
