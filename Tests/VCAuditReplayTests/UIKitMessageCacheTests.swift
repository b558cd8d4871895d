import Testing
@testable import VCAuditReplay
import VCAuditSpec

/// UIKit's messages that name controllers are made once per replay and read back the same.
@Suite("UIKit message cache")
struct UIKitMessageCacheTests {
    static let app = """
        vcaudit: 1
        controllers:
          nav: { kind: navigation, root: list, class: MainNavigationController }
          list: { class: ListViewController }
          detail:
        """

    @Test("a cached message is the text UIKit prints, made once per message and controllers")
    func madeOncePerKey() throws {
        let spec = try #require(loadSpec(Self.app))
        let cache = UIKitMessageCache()
        let messages = UIKitMessages(spec: spec, cache: cache)
        let first = messages.presentationInProgress("detail", on: "nav", from: "list")
        #expect(first == "Attempt to present <UIViewController: detail> on <MainNavigationController: nav> (from <ListViewController: list>) while a presentation is in progress.")
        var made = 0
        let again = cache.message(.init(kind: .presentationInProgress, a: "detail", b: "nav", c: "list", d: nil)) {
            made += 1
            return "made again"
        }
        #expect(again == first && made == 0)
        // Other controllers, or another message about the same ones, are made afresh.
        #expect(messages.presentationInProgress("list", on: "nav", from: "detail").contains("present <ListViewController: list> on"))
        #expect(messages.notInWindow("detail", on: "nav", from: "list").hasSuffix("whose view is not in the window hierarchy."))
        #expect(messages.requestedParent("detail", has: nil, requested: "nav")
            == "child view controller:<UIViewController: detail> should have parent view controller:(null) but requested parent is:<MainNavigationController: nav>")
        #expect(messages.requestedParent("detail", has: "list", requested: "nav").contains("parent view controller:<ListViewController: list> but"))
        // Without a cache (a replay run once), the same text.
        #expect(UIKitMessages(spec: spec, cache: nil).presentationInProgress("detail", on: "nav", from: "list") == first)
    }
}
