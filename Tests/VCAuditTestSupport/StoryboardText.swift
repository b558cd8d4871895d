/// Storyboard XML for tests: one scene of objects, the way Interface Builder writes them.
public enum StoryboardText {
    /// A storyboard of one scene holding `objects` (written at the objects' indentation, 16 spaces, so that
    /// their lines start at line 6), whose initial controller is `initial` (none when nil).
    public static func document(initial: String?, launchScreen: Bool = false, _ objects: String) -> String {
        let attributes = (launchScreen ? " launchScreen=\"YES\"" : "") + (initial.map { " initialViewController=\"\($0)\"" } ?? "")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch"\(attributes)>
                <scenes>
                    <scene sceneID="s-1">
                        <objects>
            \(objects)
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
    }

    /// A storyboard whose initial controller is one plain view controller of class `name`ViewController (with
    /// `isInitial` false, a storyboard of that one scene, without an initial controller or a storyboard ID: only a
    /// segue could show it).
    public static func board(_ name: String, launchScreen: Bool = false, isInitial: Bool = true) -> String {
        document(initial: isInitial ? "vc-\(name)" : nil, launchScreen: launchScreen, """
                            <viewController id="vc-\(name)" customClass="\(name)ViewController" sceneMemberID="viewController"/>
            """)
    }
}
