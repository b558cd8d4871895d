import Foundation
import Testing
import VCAuditTestSupport
@testable import VCAuditStoryboard
import VCAuditRules
import VCAuditSpec

/// Unwind segues land on the controller whose class implements their action, read from the app's sources: the scan
/// of Swift and Objective-C, and the import's choice among the controllers that can receive the action.
@Suite("Unwind actions")
struct UnwindActionTests {
    /// The actions `files` (`(path, text)`) implement.
    static func scan(_ files: [(String, String)]) -> UnwindActions {
        var actions = UnwindActions()
        for (path, text) in files { actions.scan(Array(text.utf8), file: path) }
        return actions
    }

    /// Each selector's implementations, as `Type file:line`.
    static func listed(_ actions: UnwindActions) -> [String: [String]] {
        actions.implementations.mapValues { $0.map { "\($0.typeName) \($0.file):\($0.line)" } }
    }

    @Test("Swift: an @IBAction in a class or an extension, named as Objective-C sees it, whatever its modifiers and attributes")
    func swiftActions() {
        let actions = Self.scan([("App/Inbox.swift", """
            import UIKit

            final class InboxViewController: UIViewController {
                @IBAction func backFromEditor(_ segue: UIStoryboardSegue) {}
                @IBAction
                private func cancelAdd(segue _: UIStoryboardSegue) {}
                @IBAction func close(from segue: UIStoryboardSegue) {}
                @IBAction @objc(renamedUnwind:) func original(_ segue: UIStoryboardSegue) {}
                @IBAction func refresh() {}; @IBAction func backHome(_ segue: UIStoryboardSegue, towards: Int) {}; @IBAction func backArrow(_ handler: (Int) -> Void, towards: Int) {}
                func helper() {
                    class Local { @IBAction func notAMember(_ segue: UIStoryboardSegue) {} }
                }
            }

            extension InboxViewController {
                @MainActor @IBAction public func savedFromSettings(_ segue: UIStoryboardSegue) {}
            }
            extension Outer.Archive { @IBAction func fromArchive(_ s: UIStoryboardSegue) {} }
            struct Model { @IBAction func inAStruct(_ s: UIStoryboardSegue) {} }
            protocol Unwinding { @IBAction func inAProtocol(_ s: UIStoryboardSegue) }
            class func notAType() {}
            """)])
        #expect(Self.listed(actions) == [
            "backFromEditor:": ["InboxViewController App/Inbox.swift:4"],
            "cancelAddWithSegue:": ["InboxViewController App/Inbox.swift:5"],
            "closeFrom:": ["InboxViewController App/Inbox.swift:7"],
            "renamedUnwind:": ["InboxViewController App/Inbox.swift:8"],
            "refresh": ["InboxViewController App/Inbox.swift:9"],
            "savedFromSettings:": ["InboxViewController App/Inbox.swift:16"],
            "fromArchive:": ["Archive App/Inbox.swift:18"],
            "inAStruct:": ["Model App/Inbox.swift:19"],
        ])
        #expect(actions.superclasses == ["InboxViewController": "UIViewController"])
        // Swift adds "With" before the first label unless it or the method's last word is a preposition.
        #expect(UnwindActions.objectiveCName("selectedPrinterFromFullScreen", firstLabel: "unwindSegue") == "selectedPrinterFromFullScreenWithUnwindSegue")
        #expect(UnwindActions.objectiveCName("goBackTo", firstLabel: "list") == "goBackToList")
        #expect(UnwindActions.objectiveCName("back", firstLabel: "withSegue") == "backWithSegue")
    }

    @Test("Objective-C: - (IBAction)name: in an @implementation (or a category of it), the superclass its @interface names")
    func objectiveCActions() {
        let actions = Self.scan([
            ("App/SettingsTVC.h", "@interface SettingsTVC : BaseTVC <UITextFieldDelegate>\n@end\n@interface BaseTVC : UITableViewController\n@end\n"),
            ("App/SettingsTVC.m", """
                #import "SettingsTVC.h"
                @interface SettingsTVC ()
                @end
                @implementation SettingsTVC {
                    int count;
                }
                - (IBAction)setNames:(UIStoryboardSegue *)segue {
                    if ([segue.identifier isEqualToString:@"- (IBAction)inAString:(id)x"]) { char c = '"'; }
                }
                - (IBAction)pick:(id)sender with:(id)other {}
                - (void)notAnAction:(UIStoryboardSegue *)segue {}
                @end
                @implementation SettingsTVC (Cards)
                - (IBAction) setCard: (UIStoryboardSegue *) segue {}
                @end
                - (IBAction)outside:(UIStoryboardSegue *)segue {}
                """),
        ])
        #expect(Self.listed(actions) == [
            "setNames:": ["SettingsTVC App/SettingsTVC.m:7"],
            "pick:with:": ["SettingsTVC App/SettingsTVC.m:10"],
            "setCard:": ["SettingsTVC App/SettingsTVC.m:14"],
        ])
        #expect(actions.superclasses == ["SettingsTVC": "BaseTVC", "BaseTVC": "UITableViewController"])
    }

    @Test("comments, strings (multi-line, raw, interpolated) and what they hold are not declarations")
    func commentsAndStrings() {
        let actions = Self.scan([("App/Tricky.swift", #"""
            // class Fake: UIViewController { @IBAction func inALineComment(_ s: UIStoryboardSegue) {} }
            /* outer /* nested */ @IBAction func inANestedComment(_ s: UIStoryboardSegue) {} */
            class Real: UIViewController {
                let a = "@IBAction func inAString(_ s: UIStoryboardSegue) {}"
                let b = """
                    }
                    @IBAction func inAMultilineString(_ s: UIStoryboardSegue) {}
                    """
                let c = #"a "quote" @IBAction func inARawString(_ s: UIStoryboardSegue) {} }"#
                let d = "value: \(f("}")) @IBAction func inAnInterpolatedString(_ s: UIStoryboardSegue) {}"
                let e = "unterminated
                @IBAction func afterAll(_ s: UIStoryboardSegue) {}
            }
            """#)])
        #expect(Self.listed(actions) == ["afterAll:": ["Real App/Tricky.swift:12"]])
    }

    @Test("a subclass responds to what its superclass implements, its own implementation first; a cycle ends the walk")
    func inheritance() {
        let actions = Self.scan([
            ("A.swift", "class Base: UIViewController { @IBAction func done(_ s: UIStoryboardSegue) {} }\n"
                + "class Middle: Base {}\nclass Leaf: Middle {}\n"
                + "class Own: Base { @IBAction override func done(_ s: UIStoryboardSegue) {} }\n"
                + "class Loop1: Loop2 {}\nclass Loop2: Loop1 {}\n"
                + "extension UIViewController { @IBAction func dismissAny(_ s: UIStoryboardSegue) {} }\n"),
        ])
        // An extension of UIViewController reaches every controller, UIKit's containers among them.
        #expect(actions.implementation(of: "dismissAny:", forClass: "Leaf")?.typeName == "UIViewController")
        #expect(actions.implementation(of: "dismissAny:", forClass: "UINavigationController")?.line == 7)
        #expect(actions.implementation(of: "done:", forClass: "Leaf")?.typeName == "Base")
        #expect(actions.implementation(of: "done:", forClass: "Own")?.line == 4)
        #expect(actions.implementation(of: "done:", forClass: "Loop1") == nil)
        #expect(actions.implementation(of: "done:", forClass: "UIViewController") == nil)
        #expect(actions.implementation(of: "other:", forClass: "Base") == nil)
    }

    @Test("hostile sources are read in linear time: unterminated strings, comments and interpolations, deep braces")
    func hostileInputIsBounded() {
        let pieces = [String(repeating: "\"\\(", count: 50_000), String(repeating: "/*", count: 50_000), String(repeating: "{", count: 100_000),
                      String(repeating: "class A: B { @IBAction func f(", count: 20_000), String(repeating: "#", count: 100_000) + "\"",
                      String(repeating: "@implementation A\n- (IBAction)a:(", count: 20_000)]
        let start = ContinuousClock.now
        for (index, piece) in pieces.enumerated() {
            var actions = UnwindActions()
            actions.scan(Array(piece.utf8), file: index % 2 == 0 ? "a.swift" : "a.m")
        }
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    // MARK: The import

    /// A navigation controller whose root is an Inbox, which shows an Archive and presents an Editor; the Archive
    /// presents the Editor too. The Editor's Cancel button unwinds with `cancelAction`.
    static func mail(cancelAction: String = "cancelEditing:") -> (path: String, bytes: [UInt8]) {
        ("App/Main.storyboard", Array(StoryboardText.document(initial: "nav", """
                            <navigationController id="nav" sceneMemberID="viewController">
                                <connections><segue destination="inbox" kind="relationship" relationship="rootViewController" id="r-1"/></connections>
                            </navigationController>
                            <viewController id="inbox" customClass="InboxViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="archive" kind="show" identifier="showArchive" id="s-1"/>
                                    <segue destination="editor" kind="presentation" identifier="compose" modalPresentationStyle="fullScreen" id="s-2"/>
                                </connections>
                            </viewController>
                            <viewController id="archive" customClass="ArchiveViewController" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="editor" kind="presentation" identifier="reply" modalPresentationStyle="fullScreen" id="s-3"/>
                                </connections>
                            </viewController>
                            <viewController id="editor" customClass="EditorViewController" sceneMemberID="viewController">
                                <view key="view" id="v-1">
                                    <subviews>
                                        <button id="cancel">
                                            <connections><segue destination="exit" kind="unwind" unwindAction="\(cancelAction)" id="u-1"/></connections>
                                        </button>
                                    </subviews>
                                </view>
                            </viewController>
                            <exit id="exit" userLabel="Exit" sceneMemberID="exit"/>
            """).utf8))
    }

    @Test("one declared controller implements the action: a transition to it, with where; none: the note, as without sources")
    func oneImplementation() throws {
        let actions = Self.scan([("App/InboxViewController.swift", "class InboxViewController: UITableViewController {\n"
            + "    @IBAction func cancelEditing(_ segue: UIStoryboardSegue) {}\n}\n")])
        let result = try StoryboardImporter.importTexts([Self.mail()], unwindActions: actions)
        #expect(result.yaml.contains("""
              # unwind cancelEditing: lands on 'inboxViewController': InboxViewController implements it (App/InboxViewController.swift:2)
              editorViewControllerToInboxViewController: { segue: unwind, from: editorViewController, to: inboxViewController, identifier: null, \
            source: "App/Main.storyboard:24:46" }
            """), "\(result.yaml)")
        #expect(!result.notes.contains { $0.contains("unwind") }, "\(result.notes)")
        let loaded = SpecLoader.load(bytes: Array(result.yaml.utf8), path: "imported.yaml", rules: RuleCatalog.vocabulary)
        let spec = try #require(loaded.spec, "\(loaded.diagnostics.map(\.message))")
        #expect(Checker().check(spec).findings.isEmpty)

        // Without sources, or with sources that do not implement it, the import is what it was.
        let without = try StoryboardImporter.importTexts([Self.mail()])
        for other in [without, try StoryboardImporter.importTexts([Self.mail(cancelAction: "discard:")], unwindActions: actions)] {
            #expect(!other.yaml.contains("segue: unwind"))
            #expect(other.notes.contains { $0.hasPrefix("App/Main.storyboard:24:46: note: the unwind segue '")
                && $0.hasSuffix("' from 'editorViewController' lands on the controller that implements its action, found at run time; "
                    + "add it as a transition '{segue: unwind, from: editorViewController, to: <that controller>}'") }, "\(other.notes)")
        }
        #expect(without.yaml.contains("  # unwind cancelEditing: from editorViewController: destination found at run time (App/Main.storyboard:24:46)\n"))

        // Implemented by a class no scene declares: the note says so.
        let elsewhere = Self.scan([("App/Sheet.swift", "class SheetViewController: UIViewController {\n"
            + "    @IBAction func cancelEditing(_ segue: UIStoryboardSegue) {}\n}\n")])
        let undeclared = try StoryboardImporter.importTexts([Self.mail()], unwindActions: elsewhere)
        #expect(undeclared.notes.contains { $0.contains("found at run time: of a class no storyboard scene declares (the code makes it): "
            + "SheetViewController (App/Sheet.swift:2); add it as a transition") }, "\(undeclared.notes)")
    }

    @Test("several can receive it: the one the source is shown from; the nearest when the others are below it; else the note lists them")
    func severalImplementations() throws {
        // A base class both inherit the action from, in Objective-C: Inbox and Archive both show the Editor.
        let both = Self.scan([
            ("App/Mail.h", "@interface MailListViewController : UIViewController\n@end\n"),
            ("App/Mail.m", "@implementation MailListViewController\n- (IBAction)cancelEditing:(UIStoryboardSegue *)segue {}\n@end\n"),
            ("App/Lists.swift", "class InboxViewController: MailListViewController {}\nclass ArchiveViewController: MailListViewController {}\n"),
        ])
        let ambiguous = try StoryboardImporter.importTexts([Self.mail()], unwindActions: both)
        #expect(!ambiguous.yaml.contains("segue: unwind"))
        #expect(ambiguous.notes.contains("App/Main.storyboard:24:46: note: the unwind segue 'cancelEditing:' from 'editorViewController' lands on the "
            + "controller that implements its action, found at run time: one of 'inboxViewController' (MailListViewController, App/Mail.m:2), "
            + "'archiveViewController' (MailListViewController, App/Mail.m:2), which the storyboards do not tell apart; add it as a transition "
            + "'{segue: unwind, from: editorViewController, to: <that controller>}'"), "\(ambiguous.notes)")
        #expect(ambiguous.yaml.contains("  # unwind cancelEditing: from editorViewController: destination found at run time, one of "
            + "inboxViewController, archiveViewController (App/Main.storyboard:24:46)\n"))

        // Only the Inbox shows the Editor: the other is no ancestor of it.
        let withoutReply = String(decoding: Self.mail().bytes, as: UTF8.self)
            .replacingOccurrences(of: "<segue destination=\"editor\" kind=\"presentation\" identifier=\"reply\" modalPresentationStyle=\"fullScreen\" id=\"s-3\"/>", with: "")
        let shownFromInbox = try StoryboardImporter.importTexts([("App/Main.storyboard", Array(withoutReply.utf8))], unwindActions: both)
        #expect(shownFromInbox.yaml.contains("  # unwind cancelEditing: lands on 'inboxViewController': MailListViewController implements it (App/Mail.m:2); "
            + "of inboxViewController, archiveViewController, which can receive it, the first the way up from 'editorViewController' meets\n"
            + "  editorViewControllerToInboxViewController: { segue: unwind, from: editorViewController, to: inboxViewController,"), "\(shownFromInbox.yaml)")

        // The Archive, below the Inbox in the navigation stack, shows the Editor too: of the two above it, the walk
        // meets the Archive first whichever way it came, when the Inbox shows the Editor only through the Archive.
        let throughArchive = String(decoding: Self.mail().bytes, as: UTF8.self)
            .replacingOccurrences(of: "<segue destination=\"editor\" kind=\"presentation\" identifier=\"compose\" modalPresentationStyle=\"fullScreen\" id=\"s-2\"/>", with: "")
        let nearest = try StoryboardImporter.importTexts([("App/Main.storyboard", Array(throughArchive.utf8))], unwindActions: both)
        #expect(nearest.yaml.contains("lands on 'archiveViewController': MailListViewController implements it (App/Mail.m:2); of inboxViewController, "
            + "archiveViewController, which can receive it, the first the way up from 'editorViewController' meets"), "\(nearest.yaml)")
        #expect(nearest.notes.isEmpty, "\(nearest.notes)")
    }

    @Test("an app folder's sources are found and read: the import of the folder lands the unwind, the source's path as given")
    func folderWithSources() throws {
        let folder = try TemporaryFolder()
        let storyboard = try folder.write("App/Base.lproj/Main.storyboard", String(decoding: Self.mail().bytes, as: UTF8.self))
        try folder.write("App/Controllers/InboxViewController.swift", "// The inbox.\nclass InboxViewController: UIViewController {\n"
            + "    @IBAction func cancelEditing(_ segue: UIStoryboardSegue) {}\n}\n")
        try folder.write(".build/Stale.swift", "class ArchiveViewController: UIViewController { @IBAction func cancelEditing(_ s: UIStoryboardSegue) {} }\n")
        let app = StoryboardImporter.importReadable([storyboard], named: [folder.path]).result
        #expect(app.yaml.contains("InboxViewController implements it (\(folder.path)/App/Controllers/InboxViewController.swift:3)"), "\(app.yaml)")
        #expect(app.transitionCount == 4)
        // Named on its own, a storyboard is imported without sources.
        #expect(!StoryboardImporter.importReadable([storyboard]).result.yaml.contains("segue: unwind"))
    }
}
