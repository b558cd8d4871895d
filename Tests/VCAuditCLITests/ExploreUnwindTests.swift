import Foundation
import Testing
@testable import VCAuditCLI
import VCAuditTestSupport

/// `vcaudit explore` of an app's folder goes back through an unwind segue (Exit) when the app's sources in the folder
/// say which controller implements its action.
@Suite("explore through unwind segues")
struct ExploreUnwindTests {
    @Test("with the sources in the folder, explore takes Cancel (an Exit) from the editor back to the inbox that implements its action")
    func exploresThroughAnExit() throws {
        let folder = try TemporaryFolder()
        try folder.write("App/Base.lproj/Main.storyboard", StoryboardText.document(initial: "nav", """
                            <navigationController id="nav" sceneMemberID="viewController">
                                <connections><segue destination="inbox" kind="relationship" relationship="rootViewController" id="r-1"/></connections>
                            </navigationController>
                            <viewController id="inbox" customClass="InboxViewController" sceneMemberID="viewController">
                                <view key="view" id="v-1">
                                    <subviews>
                                        <button id="b-1"><connections><segue destination="archive" kind="show" id="s-1"/></connections></button>
                                        <button id="b-2"><connections><segue destination="editor" kind="presentation" modalPresentationStyle="fullScreen" id="s-2"/></connections></button>
                                    </subviews>
                                </view>
                            </viewController>
                            <viewController id="archive" customClass="ArchiveViewController" sceneMemberID="viewController">
                                <view key="view" id="v-2">
                                    <subviews>
                                        <button id="b-3"><connections><segue destination="editor" kind="presentation" modalPresentationStyle="fullScreen" id="s-3"/></connections></button>
                                    </subviews>
                                </view>
                            </viewController>
                            <viewController id="editor" customClass="EditorViewController" sceneMemberID="viewController">
                                <view key="view" id="v-3">
                                    <subviews>
                                        <button id="cancel"><connections><segue destination="exit" kind="unwind" unwindAction="cancelEditing:" id="u-1"/></connections></button>
                                    </subviews>
                                </view>
                            </viewController>
                            <exit id="exit" userLabel="Exit" sceneMemberID="exit"/>
            """))
        // Without the sources, the Exit is a note, and the full-screen editor is a dead end.
        let before = try ExploreCommand.parse([folder.path + "/App"]).execute()
        #expect(before.standardError.contains("importing the storyboards left 1 note on what their XML cannot say"), "\(before.standardError)")
        #expect(before.standardError.contains("12 states, 32 paths, depth 3, 3 distinct findings, 4 of 4 controllers on screen"), "\(before.standardError)")

        try folder.write("App/Controllers/InboxViewController.swift", """
            final class InboxViewController: UIViewController {
                // Cancel in the editor comes back here, from the inbox and from the archive above it.
                @IBAction func cancelEditing(_ segue: UIStoryboardSegue) {}
            }

            """)
        let after = try ExploreCommand.parse([folder.path + "/App"]).execute()
        #expect(!after.standardError.contains("left 1 note"), "\(after.standardError)")
        // Six more paths: Cancel from the editor each way it was shown, and what follows it; no finding about the unwind.
        #expect(after.standardError.contains("12 states, 38 paths, depth 3, 3 distinct findings, 4 of 4 controllers on screen"), "\(after.standardError)")
        #expect(!after.standardOutput.contains("unwind_destination_not_found"))
    }
}
