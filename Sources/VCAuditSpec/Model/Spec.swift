import VCAuditYAML
import VCAuditSupport

/// A decoded, validated spec (format v1).
///
/// Every value that came from the file keeps the 1-based mark it was written
/// at, so findings and generated tests can point back at the line.
public struct Spec: Sendable {
    /// The path the spec was loaded from, as the user gave it.
    public var file: String
    /// The value of `vcaudit:` (always 1 for this tool).
    public var schemaVersion: Int
    public var app: String?
    public var device: Device
    public var ios: Int
    public var restoration: Bool
    /// Controllers in declaration order.
    public var controllers: [Controller]
    /// `window:`, the window's root view controller at launch.
    public var window: Reference?
    /// Transitions in declaration order.
    public var transitions: [Transition]
    public var scenarios: [Scenario]
    /// `sha256:<hex>` of the spec's bytes, when it was loaded from bytes.
    ///
    /// Computed on first use (replay needs it, loading does not), then kept.
    public var digest: String? {
        get { digestSource.value }
        set { digestSource = SpecDigest(value: newValue) }
    }
    private var digestSource = SpecDigest(value: nil)

    /// The position of each controller in `controllers`, by its scene, and of each transition in `transitions`, by
    /// name.
    @usableFromInline let controllerPositions: DeclaredControllerPositions
    private var transitionIndex: NameMap<Int>
    /// Each transition's name, interned, by position: what a replay's events carry (interned as a scenario first
    /// performed each, they were interned again in every scenario, a lock and a hash each time).
    @usableFromInline private(set) var internedTransitionNames: [InternedString]

    public init(
        file: String, schemaVersion: Int = 1, app: String? = nil, device: Device = .iphone, ios: Int = 17,
        restoration: Bool = false, controllers: [Controller], window: Reference?, transitions: [Transition] = [],
        scenarios: [Scenario] = []
    ) {
        self.file = file
        self.schemaVersion = schemaVersion
        self.app = app
        self.device = device
        self.ios = ios
        self.restoration = restoration
        self.controllers = controllers
        self.window = window
        self.transitions = transitions
        self.scenarios = scenarios
        controllerPositions = DeclaredControllerPositions(controllers)
        transitionIndex = NameMap(capacity: transitions.count)
        // By index: iterating the elements would copy each transition (and count references to its strings and
        // arrays) to read one field.
        for index in transitions.indices { transitionIndex.updateValue(index, forName: transitions[index].name) }
        internedTransitionNames = InternedString.interning(transitions.indices.map { transitions[$0].name })
    }

    /// Makes `digest` the SHA-256 of `bytes`, computed when first asked for.
    mutating func setDigest(of bytes: [UInt8]) {
        digestSource = SpecDigest(bytes: bytes)
    }

    /// The controller declared as `id`, or, for an instance a segue made (`id#n`, docs/uikit-semantics.md), its scene's.
    public func controller(_ id: ControllerID) -> Controller? {
        controllerPosition(of: id).map { controllers[$0] }
    }

    /// The position in `controllers` of the declaration of `id`'s scene.
    ///
    /// For reading one field of a declaration (`controllers[position].kind`): `controller(_:)` copies the whole of
    /// it, and counts references to each of its strings and lists.
    ///
    /// Inlinable, so that a replay's and the rules' lookups read the table in place: a call through a reference to
    /// the spec copied the whole spec to pass it.
    @inlinable
    public func controllerPosition(of id: ControllerID) -> Int? { controllerPositions.position(of: id) }

    /// The class UIKit names `id` by in its messages: the declared class, `UIMoreNavigationController` for a tab
    /// bar's More navigation controller (`tabs.more`), else `UIViewController`.
    public func className(of id: ControllerID) -> String {
        if let position = controllerPosition(of: id) { return controllers[position].swiftClass }
        if tabBar(namedByMore: id) != nil { return "UIMoreNavigationController" }
        return "UIViewController"
    }

    /// `<Class: id>`: how UIKit names a controller in its messages (`<Class: 0x...>`), with the spec's id for the
    /// address; messages, the printed hierarchy and rules all name controllers so.
    ///
    /// Its bytes are written straight into the string (an interpolation cost several times as much): UIKit's
    /// messages and the rules' name controllers in nearly every warning and finding.
    public func uikitName(_ id: ControllerID) -> String {
        var className = className(of: id)
        var idName = id.name
        return className.withUTF8 { className in
            idName.withUTF8 { idName in
                String(unsafeUninitializedCapacity: className.count + idName.count + 4) { name in
                    var count = 0
                    func put(_ byte: UInt8) {
                        name[count] = byte
                        count += 1
                    }
                    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
                        for byte in bytes { put(byte) }
                    }
                    put(UInt8(ascii: "<"))
                    write(className)
                    put(UInt8(ascii: ":"))
                    put(UInt8(ascii: " "))
                    write(idName)
                    put(UInt8(ascii: ">"))
                    return count
                }
            }
        }
    }

    /// The declared tab bar whose More navigation controller `id` names (`tabs` for `tabs.more`), whether or not
    /// it has enough tabs to have one (`Controller.hasMoreTab`).
    public func tabBar(namedByMore id: ControllerID) -> Controller? {
        guard let tabsID = MoreNavigation.tabBarID(id), let tabs = controller(tabsID), tabs.kind == .tabBar else { return nil }
        return tabs
    }

    /// The transition named `name`.
    public func transition(_ name: String) -> Transition? {
        transitionPosition(name).map { transitions[$0] }
    }

    /// The position in `transitions` of the transition named `name`.
    public func transitionPosition(_ name: String) -> Int? { transitionIndex[name] }

    /// The name of the transition at `position` in `transitions`, interned (once, when the spec was made).
    ///
    /// Inlinable: a replay reads it once per transition performed, and the call it made copied the whole spec to pass
    /// it.
    @inlinable
    public func internedTransitionName(at position: Int) -> InternedString { internedTransitionNames[position] }

    /// For declarations imported from the storyboards listed under `storyboards:`: their marks (in the imported
    /// text, not in this file) and where they really live. Findings and notes at those marks point there instead.
    public var importedSources: [Mark: SourceReference] = [:]

    /// The first line of the text imported from storyboards, when there is one: 1 for a spec made in memory from
    /// storyboards, the line after this file's last for a spec that lists `storyboards:` (its import is numbered
    /// on from there, so that no mark of the import is also a mark of the file the user wrote).
    public internal(set) var firstImportedLine: Int?

    /// Whether the spec's own text was made in memory from storyboards (`check` or `explore` given storyboards):
    /// its lines exist in no file, so every location in it points at the storyboard element it came from
    /// (`locateInStoryboards()`, `sourceLocation(of:)`). Its import starts at its first line.
    public var isImportedInMemory: Bool { firstImportedLine == 1 }

    /// The folders (and storyboards) given that this spec was imported in memory from, when they hold its app alone:
    /// a spec that lists them under `storyboards:` imports the same app, with what its settings and sources say (an
    /// unwind segue's destination, from the class that implements its action), which a list of its storyboard files
    /// does not read.
    public var importedFrom: [String]?

    /// What the app's sources spell, when the spec was imported in memory from a folder that holds them
    /// (`AppSourceLiterals`): `explore` presents at launch only what the code can make.
    public var sourceNames: SourceNames?

    /// The devices the app shows the storyboards this spec was imported from on, when its settings say they are not
    /// every device (an iPhone-only app; an app that starts on iPad with another storyboard): a device requested
    /// outside them is not run, and a note says why.
    public var deviceRestriction: DeviceRestriction?
    /// Whether the app these storyboards were imported from shows others of them on iPad (the one a `~ipad` key names,
    /// iPad-only twins of iPhone storyboards), which are then checked as an app of its own.
    public var startsOnPadWithAnother = false
    /// Whether the window's root of the storyboards this spec was imported from is a guess (nothing says which
    /// controller the app starts with), which what is explored from it depends on.
    public var rootIsAGuess = false

    /// Whether the restoration rules apply: only when the spec opts in with `restoration: true` (docs/uikit-semantics.md).
    ///
    /// A restoration identifier alone is not an opt-in: Interface Builder's "Use Storyboard ID" sets them in apps
    /// that never restore state.
    public var usesRestoration: Bool { restoration }
}

/// The position in a spec's `controllers` of the declaration of each scene, found by the scene's interned number:
/// what `Spec.controllerPosition(of:)` answers.
///
/// A dictionary keyed by the interned scene hashed it with SipHash, about 220 instructions a lookup (callgrind,
/// `check --specs 40`); this table mixes the scene's number with a multiply and probes the slots after it, as a
/// replay's controller table finds ids. The replay asks it for a presentation's declared style, a page controller's
/// spine and a split's declared columns, the rules for restoration identifiers and popovers.
@usableFromInline
struct DeclaredControllerPositions: Sendable {
    /// A power of two of slots, at least twice as many as the controllers, so that a probe ends soon. A slot holds the
    /// scene's number + 1 in its upper half and the position in its lower half; 0 when it holds none.
    @usableFromInline let slots: [UInt64]

    /// The positions of `controllers`: a scene declared twice has the last declaration's.
    init(_ controllers: [Controller]) {
        var count = 8
        while count < 2 * controllers.count { count <<= 1 }
        var slots = [UInt64](repeating: 0, count: count)
        // By index: iterating the controllers would copy each (and count references to its strings and lists).
        for position in controllers.indices {
            let key = Self.key(of: controllers[position].id)
            var slot = Self.slotToProbe(key, mask: count - 1)
            while slots[slot] != 0 && slots[slot] >> 32 != key { slot = (slot + 1) & (count - 1) }
            slots[slot] = key << 32 | UInt64(UInt32(position))
        }
        self.slots = slots
    }

    /// The position of the declaration of `id`'s scene, if it is declared.
    @inlinable
    func position(of id: ControllerID) -> Int? {
        let key = Self.key(of: id)
        // Through the buffer: the slot is masked to the count, and at least half the slots are empty, so the probe
        // ends within them.
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.slotToProbe(key, mask: mask)
            while true {
                let found = slots[slot]
                if found >> 32 == key { return Int(found & 0xFFFF_FFFF) }
                if found == 0 { return nil }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The key of `id`'s scene: its interned number + 1, never 0.
    @inlinable
    static func key(of id: ControllerID) -> UInt64 { UInt64(id.scene.number) + 1 }

    /// The first slot a probe for `key` reads: the high bits of a multiply, which mix every bit of the number.
    @inlinable
    static func slotToProbe(_ key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}

/// A controller id as written somewhere in the spec, with its mark.
public struct Reference: Hashable, Sendable, CustomStringConvertible {
    public var id: ControllerID
    public var mark: Mark

    public init(_ id: ControllerID, at mark: Mark) {
        self.id = id
        self.mark = mark
    }

    public var description: String { id.name }
}

/// A value as written in the spec, with the mark it was written at.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var mark: Mark

    public init(_ value: Value, at mark: Mark) {
        self.value = value
        self.mark = mark
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// The device a scenario replays on: its width size class.
public enum Device: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Compact width (every iPhone in portrait).
    case iphone
    /// Regular width.
    case ipad

    public var horizontalSizeClass: SizeClass { self == .iphone ? .compact : .regular }

    public static func < (lhs: Device, rhs: Device) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What an app's Swift and Objective-C sources spell: their string literals, and whether any makes a storyboard's
/// initial controller.
public struct SourceNames: Sendable, Equatable {
    /// The one-line string literals (a storyboard identifier, a storyboard's name).
    public var literals: Set<String>
    /// Whether some source calls `instantiateInitialViewController`.
    public var makesInitialControllers: Bool
    /// Where the code makes the window's root from a storyboard identifier, in the order found.
    public var rootAssignments: [RootAssignment] = []

    /// A line of code that sets the window's root to the controller a storyboard makes for `identifier`
    /// (`window.rootViewController = storyboard.instantiateViewController(withIdentifier: "Home")`).
    public struct RootAssignment: Sendable, Equatable {
        public var identifier: String
        public var file: String
        public var line: Int

        public init(identifier: String, file: String, line: Int) {
            self.identifier = identifier
            self.file = file
            self.line = line
        }
    }

    public init(literals: Set<String>, makesInitialControllers: Bool, rootAssignments: [RootAssignment] = []) {
        self.literals = literals
        self.makesInitialControllers = makesInitialControllers
        self.rootAssignments = rootAssignments
    }
}

/// The devices an app shows some storyboards on, when that is not every device, and why.
public struct DeviceRestriction: Sendable, Equatable {
    /// The devices the storyboards are shown on.
    public var devices: [Device]
    /// Why only those, for a note: `an iPhone app (TARGETED_DEVICE_FAMILY = 1), ...`.
    public var reason: String

    public init(devices: [Device], reason: String) {
        self.devices = devices
        self.reason = reason
    }
}

/// A UIKit size class.
public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    case compact, regular
}

/// A `UIModalPresentationStyle`, by the name Swift gives it.
public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    case fullScreen, pageSheet, formSheet, currentContext, overFullScreen, overCurrentContext, popover, custom, automatic

    /// Whether the presentation removes the presenter's view from the window when it finishes.
    public var removesPresenterView: Bool { self == .fullScreen || self == .currentContext }

    /// Whether the style presents in a context chosen by `definesPresentationContext`.
    public var isContextStyle: Bool { self == .currentContext || self == .overCurrentContext }
}

/// What an adaptive presentation delegate returns for compact width.
public enum AdaptiveStyle: Sendable, Hashable {
    /// `.none`: keep the popover a popover.
    case none
    case style(PresentationStyle)
}

/// UIKit's More navigation controller (`moreNavigationController`): a tab bar with more tabs than it shows keeps
/// the rest behind a More tab. vcaudit names it `<tab bar id>.more` in logs, trees and `expect:`.
public enum MoreNavigation {
    /// The tabs a tab bar shows in compact width; with more, the last one shown is More.
    public static let compactTabLimit = 5
    /// The tabs a tab bar shows in regular width.
    public static let regularTabLimit = 8
    static let suffix = ".more"

    /// The More navigation controller's id for the tab bar `tabs`.
    public static func id(of tabs: ControllerID) -> ControllerID { ControllerID(tabs.name + suffix) }

    /// The tab bar id `id` names the More navigation controller of, if it is spelled as one (`tabs.more`).
    public static func tabBarID(_ id: ControllerID) -> ControllerID? {
        tabBarID(id.name).map { ControllerID($0) }
    }

    /// The tab bar name `name` names the More navigation controller of, if it is spelled as one (`tabs.more`).
    public static func tabBarID(_ name: String) -> String? {
        name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : nil
    }
}

extension Controller {
    /// A tab bar with more tabs than compact width shows, so UIKit gives it a More navigation controller.
    public var hasMoreTab: Bool { Self.hasMoreTab(kind: kind, children: children.count) }

    /// `hasMoreTab` from the two fields it reads: for a caller that reads an array's declarations in place (calling
    /// the property on an element copies the whole declaration, retaining each of its fields).
    public static func hasMoreTab(kind: Kind, children: Int) -> Bool {
        kind == .tabBar && children > MoreNavigation.compactTabLimit
    }
}
