/// A storyboard as vcaudit reads it: its scenes' controllers and the segues between them, each with its line.
struct Storyboard: Sendable {
    /// The path as given; locations name it.
    var path: String
    /// The storyboard's name, as `UIStoryboard(name:)` and references use it: the file name without `.storyboard`.
    var name: String
    /// The XML id of the initial controller, if the document has one.
    var initialID: String?
    /// Whether it is a launch screen (`launchScreen="YES"`), which the system shows before the app runs.
    var isLaunchScreen = false
    /// Whether it is an iPad-only storyboard (`targetRuntime="iOS.CocoaTouch.iPad"`), which an app shows on iPad in
    /// place of its iPhone storyboard (`UIMainStoryboardFile~ipad`).
    var isPadOnly = false
    var controllers: [Controller]
    /// What the reader met but does not model, as notes (`path:line: note`).
    var notes: [String]

    /// A scene's controller.
    struct Controller: Sendable {
        var xmlID: String
        /// The element name: `viewController`, `navigationController`, `viewControllerPlaceholder`...
        var tag: String
        var line: Int
        var column: Int
        var customClass: String?
        var storyboardIdentifier: String?
        var restorationIdentifier: String?
        var usesStoryboardIdentifierForRestoration: Bool
        var modalPresentationStyle: String?
        var definesPresentationContext: Bool
        /// A navigation controller with "Shows Navigation Bar" off.
        var navigationBarHidden = false
        /// A page view controller's `transitionStyle` (`scroll`, `pageCurl`) and `spineLocation` (`none`, `min`, `mid`,
        /// `max`), as Interface Builder writes them.
        var pageTransitionStyle: String?
        var spineLocation: String?
        /// The name Xcode's outline shows for the scene, when it has one: the controller's label, else its title,
        /// else its navigation item's title.
        var title: String?
        /// The title of its tab bar item, when it is a tab: what Xcode's outline calls a scene that has no title
        /// of its own ("Learn").
        var tabTitle: String?
        /// `relationship` segues in document order: (relationship, destination, line).
        var relationships: [(relationship: String, destination: String, line: Int, column: Int)]
        /// `embed` segues of container views, in document order.
        var embeds: [(destination: String, line: Int, column: Int)]
        /// Every other segue from the scene (its controls, cells, bar button items, the controller itself).
        var segues: [Segue]
        /// For `viewControllerPlaceholder`: the storyboard and identifier it refers to (nil: this file; its initial controller).
        var referencedStoryboard: String?
        var referencedIdentifier: String?

        var isPlaceholder: Bool { tag == "viewControllerPlaceholder" }
    }

    /// A segue that is a transition.
    struct Segue: Sendable {
        /// A popover's anchor, by the name code knows it by.
        struct Anchor: Sendable {
            /// The outlet property that holds it, else its label or XML id.
            var name: String
            var isOutlet: Bool
        }

        var kind: String
        var destination: String
        var identifier: String?
        var customClass: String?
        var modalPresentationStyle: String?
        /// The anchor of a popover segue: the view or bar button item it points at.
        var anchorView: Anchor?
        var anchorBarButtonItem: Anchor?
        var unwindAction: String?
        var animates: Bool
        /// The label of the control that performs it (a button's title, a cell's reuse identifier), when it hangs
        /// on one: what tells apart two segues between the same controllers.
        var controlLabel: String?
        /// Drawn from the controller, not from a control (a manual segue): only `performSegue(withIdentifier:)` in code
        /// performs it.
        var isManual = false
        var line: Int
        var column: Int
    }

    /// The controller elements vcaudit knows, with the UIKit class each stands for.
    static let controllerTags: [String: String] = [
        "viewController": "UIViewController", "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController", "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController", "splitViewController": "UISplitViewController",
        "pageViewController": "UIPageViewController", "hostingController": "UIHostingController",
        "avPlayerViewController": "AVPlayerViewController", "glkViewController": "GLKViewController",
        "viewControllerPlaceholder": "UIViewController",
    ]

    /// The runtimes of iPhone and iPad storyboards (tvOS is UIKit too, but vcaudit models iPhone and iPad only).
    static let uikitRuntimes: Set<String> = ["iOS.CocoaTouch", "iOS.CocoaTouch.iPad"]

    /// Reads a storyboard from its bytes.
    static func read(_ bytes: [UInt8], path: String) throws(StoryboardError) -> Storyboard {
        let root = try XMLTree.parse(bytes, file: path)
        guard root.name == "document", root["type"]?.contains("Storyboard") == true else {
            throw StoryboardError(file: path, line: root.line, column: root.column,
                                  message: "not a storyboard (the root element is <\(root.name)>\(root["type"].map { " of type \($0)" } ?? "")); "
                                    + "give .storyboard files written by Xcode")
        }
        let runtime = root["targetRuntime"] ?? "iOS.CocoaTouch"
        guard uikitRuntimes.contains(runtime) else {
            let platform = runtime.hasPrefix("MacOSX") ? "an AppKit (macOS)" : runtime.lowercased().contains("watch") ? "a WatchKit"
                : runtime == "AppleTV" ? "a tvOS" : "a non-UIKit"
            let what = "\(platform) storyboard (targetRuntime=\"\(runtime)\")"
            let audits = runtime == "AppleTV" ? "vcaudit models iPhone and iPad apps" : "vcaudit audits UIKit view controllers"
            throw StoryboardError(file: path, line: root.line, column: root.column,
                                  message: "\(what); \(audits): give the app's iOS storyboards",
                                  otherPlatform: StoryboardError.OtherPlatform(storyboard: what, reason: audits))
        }
        var file = path.split(separator: "/").last.map(String.init) ?? path
        if file.hasSuffix(".storyboard") { file.removeLast(".storyboard".count) }
        var storyboard = Storyboard(path: path, name: file, initialID: root["initialViewController"], controllers: [], notes: [])
        storyboard.isLaunchScreen = root["launchScreen"] == "YES"
        storyboard.isPadOnly = runtime == "iOS.CocoaTouch.iPad"
        // Each scene object's id, with the line that declares it: two with one id (a merge, a hand edit) make every
        // reference to it ambiguous, and Xcode refuses the file.
        var objectIDs: [String: Int] = [:]
        for scene in root.child(named: "scenes")?.children(named: "scene") ?? [] {
            let controllersBefore = storyboard.controllers.count
            for object in scene.child(named: "objects")?.children ?? [] {
                if let id = object["id"] {
                    if let first = objectIDs[id] {
                        throw StoryboardError(file: path, line: object.line, column: object.column, message: "another object (line \(first)) "
                            + "already has the id '\(id)' (often left by a merge); give one of them a new id, or delete the copy, in Interface Builder")
                    }
                    objectIDs[id] = object.line
                }
                if object["sceneMemberID"] == "viewController" { storyboard.controllers.append(storyboard.controller(object)) }
            }
            // A gesture recognizer is an object of the scene beside its controller, not under it: a tap on the view it
            // is attached to performs its segues, as a control's (MIT Mobile's cover image shows its media gallery).
            if storyboard.controllers.count == controllersBefore + 1 {
                var controller = storyboard.controllers[controllersBefore]
                for object in scene.child(named: "objects")?.children ?? [] where object.name.hasSuffix("GestureRecognizer") {
                    var segues: [(segue: XMLElement, control: XMLElement?)] = []
                    storyboard.collectSegues(object, control: object, into: &segues)
                    storyboard.append(segues, of: object, to: &controller)
                }
                storyboard.controllers[controllersBefore] = controller
            }
        }
        if let initial = storyboard.initialID, objectIDs[initial] == nil {
            throw StoryboardError(file: path, line: root.line, column: root.column, message: "the initial view controller '\(initial)' is not "
                + "an object of this storyboard (a dangling id, often left by a merge); choose the initial view controller again in Interface Builder")
        }
        // A segue to an id that is no scene's (a merge that dropped the scene, a hand edit) makes Xcode refuse the file.
        for controller in storyboard.controllers {
            let destinations = controller.relationships.map { ($0.destination, $0.line, $0.column) }
                + controller.embeds.map { ($0.destination, $0.line, $0.column) }
                + controller.segues.map { ($0.destination, $0.line, $0.column) }
            for (destination, line, column) in destinations where objectIDs[destination] == nil {
                throw StoryboardError(file: path, line: line, column: column, message: "the segue's destination '\(destination)' is not an "
                    + "object of this storyboard (a dangling id, often left by a merge); fix or delete the segue in Interface Builder")
            }
        }
        return storyboard
    }

    /// Reads a controller element and the segues under it.
    private mutating func controller(_ element: XMLElement) -> Controller {
        if Self.controllerTags[element.name] == nil {
            notes.append("\(path):\(element.line):\(element.column): note: <\(element.name)> is a controller vcaudit does not know; imported as a content controller")
        }
        var controller = Controller(
            xmlID: element["id"] ?? "", tag: element.name, line: element.line, column: element.column,
            customClass: element["customClass"], storyboardIdentifier: element["storyboardIdentifier"],
            restorationIdentifier: element["restorationIdentifier"],
            usesStoryboardIdentifierForRestoration: element["useStoryboardIdentifierAsRestorationIdentifier"] == "YES",
            modalPresentationStyle: element["modalPresentationStyle"],
            definesPresentationContext: element["definesPresentationContext"] == "YES",
            relationships: [], embeds: [], segues: [],
            referencedStoryboard: element["storyboardName"], referencedIdentifier: element["referencedIdentifier"])
        controller.navigationBarHidden = element["navigationBarHidden"] == "YES"
        controller.pageTransitionStyle = element["transitionStyle"]
        controller.spineLocation = element["spineLocation"]
        let navigationItem = element.children.first { $0.name == "navigationItem" && $0["key"] == "navigationItem" }
        controller.title = [element["userLabel"], element["title"], navigationItem?["title"]].lazy
            .compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) }
        let tabBarItem = element.children.first { $0.name == "tabBarItem" && $0["key"] == "tabBarItem" }
        controller.tabTitle = tabBarItem?["title"].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        // Every segue under the controller, but not those nested in a segue (peek and pop) and not the
        // `reference` entries of inferredMetricsTieBreakers (they have no kind).
        var segues: [(segue: XMLElement, control: XMLElement?)] = []
        collectSegues(element, control: nil, into: &segues)
        append(segues, of: element, to: &controller)
        return controller
    }

    /// Adds `segues` (found under `scope`, each with the control it hangs on) to `controller`: its relationships,
    /// embeds and transitions.
    private func append(_ segues: [(segue: XMLElement, control: XMLElement?)], of scope: XMLElement, to controller: inout Controller) {
        let element = scope
        for (segue, control) in segues {
            guard let kind = segue["kind"], let destination = segue["destination"] else { continue }
            switch kind {
            case "relationship":
                controller.relationships.append((segue["relationship"] ?? "", destination, segue.line, segue.column))
            case "embed":
                controller.embeds.append((destination, segue.line, segue.column))
            default:
                let anchor = segue["popoverAnchorView"].map { label(of: $0, in: element) }
                let item = segue["popoverAnchorBarButtonItem"].map { label(of: $0, in: element) }
                controller.segues.append(Segue(
                    kind: kind, destination: destination, identifier: segue["identifier"], customClass: segue["customClass"],
                    modalPresentationStyle: segue["modalPresentationStyle"], anchorView: anchor, anchorBarButtonItem: item,
                    unwindAction: segue["unwindAction"], animates: segue["animates"] != "NO",
                    controlLabel: control.flatMap { $0["userLabel"] ?? $0["title"] ?? $0["reuseIdentifier"] ?? $0["systemItem"] },
                    isManual: control == nil, line: segue.line, column: segue.column))
            }
        }
    }

    /// The segues under `element`, each with the control it hangs on (the element whose `connections` hold it; nil for
    /// the controller's own).
    private func collectSegues(_ element: XMLElement, control: XMLElement?, into result: inout [(segue: XMLElement, control: XMLElement?)]) {
        for child in element.children where child.name != "inferredMetricsTieBreakers" {
            if child.name == "segue" {
                result.append((child, control))
            } else if child.name == "connections" {
                collectSegues(child, control: control, into: &result)
            } else {
                collectSegues(child, control: child, into: &result)
            }
        }
    }

    /// The name code knows the element with XML id `id` under `scope` by: the outlet that holds it (generated
    /// tests read it as a property of the controller), else a readable label (its user label or title, else its id),
    /// marked as held by no outlet.
    private func label(of id: String, in scope: XMLElement) -> Segue.Anchor {
        var outlets: [XMLElement] = []
        scope.descendants(where: { $0.name == "outlet" && $0["destination"] == id && $0["property"] != nil }, into: &outlets)
        if let property = outlets.first?["property"] { return Segue.Anchor(name: property, isOutlet: true) }
        // The controller's own view (`key="view"`: a table view controller's table) is its `view` property.
        if scope.children.contains(where: { $0["id"] == id && $0["key"] == "view" }) { return Segue.Anchor(name: "view", isOutlet: true) }
        var found: [XMLElement] = []
        scope.descendants(where: { $0["id"] == id }, into: &found)
        return Segue.Anchor(name: found.first?["userLabel"] ?? found.first?["title"] ?? id, isOutlet: false)
    }
}
