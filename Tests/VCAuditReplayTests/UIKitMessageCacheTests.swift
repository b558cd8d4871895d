import Testing
@testable import VCAuditReplay
import VCAuditSpec

/// UIKit's messages are made once per decider's parts and read back the same.
@Suite("UIKit message cache")
struct UIKitMessageCacheTests {
    static let app = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: list, class: MainNavigationController }
          list: { class: ListViewController }
          detail:
        """

    /// UIKit's messages about `spec`, as a decider of it with `cache` makes them.
    static func messages(of spec: Spec, cache: UIKitMessageCache) -> UIKitMessages {
        let header = EventLog.Header(spec: spec.file, specDigest: "", scenario: "S", device: .iphone, ios: spec.ios)
        return UIKitMessages(parts: SharedDeciderParts(spec: spec, header: header, keepsEvents: false, messageCache: cache))
    }

    @Test("a cached message is the text UIKit prints, made once per message and controllers")
    func madeOncePerKey() throws {
        let spec = try #require(loadSpec(Self.app))
        let cache = UIKitMessageCache()
        let messages = Self.messages(of: spec, cache: cache)
        let first = messages.presentationInProgress("detail", on: "nav", from: "list")
        #expect(first.text == "Attempt to present <UIViewController: detail> on <MainNavigationController: nav> (from <ListViewController: list>) while a presentation is in progress.")
        var made = 0
        let again = cache.message(.init(kind: .presentationInProgress, a: "detail", b: "nav", c: "list", d: nil)) {
            made += 1
            return "made again"
        }
        #expect(again == first && made == 0)
        // Other controllers, or another message about the same ones, are made afresh.
        #expect(messages.presentationInProgress("list", on: "nav", from: "detail").text.contains("present <ListViewController: list> on"))
        #expect(messages.notInWindow("detail", on: "nav", from: "list").text.hasSuffix("whose view is not in the window hierarchy."))
        #expect(messages.requestedParent("detail", has: nil, requested: "nav").text
            == "child view controller:<UIViewController: detail> should have parent view controller:(null) but requested parent is:<MainNavigationController: nav>")
        #expect(messages.requestedParent("detail", has: "list", requested: "nav").text.contains("parent view controller:<ListViewController: list> but"))
        // Messages that name no controller are kept too.
        #expect(messages.nestedPop() == messages.nestedPop())
        #expect(messages.nestedPop().text == "nested pop animation can result in corrupted navigation bar")
        // Another decider's cache makes the same text, interned as the same payload.
        #expect(Self.messages(of: spec, cache: UIKitMessageCache()).presentationInProgress("detail", on: "nav", from: "list") == first)
    }
}
