import Testing
import VCAuditGenerate
import VCAuditReplay
import VCAuditRules
import VCAuditSpec

/// What the generated tests do, on small specs written for each behaviour.
@Suite("Generated tests")
struct GeneratorTests {
    static let navigation = """
        vcaudit: 1
        app: Feed
        controllers:
          feedNav: { kind: navigation, root: feed }
          feed: { class: FeedViewController, storyboard: Main, storyboardID: feed }
          post: { class: PostViewController }
          sheet: { class: SheetViewController, modalPresentationStyle: pageSheet }
        window: feedNav
        transitions:
          # FeedViewController.tableView(_:didSelectRowAt:)
          openPost:
            calls:
              - push: { nav: feedNav, vc: post }
          showPost: { segue: show, from: feed, to: post }
        scenarios:
          - name: Open a post
            steps:
              - launch
              - perform: openPost          # tap a cell
              - expect: { top: { nav: feedNav, vc: post } }
              - pop: feedNav
          - name: Double tap
            steps:
              - launch
              - simultaneously:
                  - perform: openPost
                  - perform: openPost
              - pop: feedNav
          - name: Two sheets
            steps:
              - launch
              - present: { vc: sheet, from: feed }
              - present: { vc: post, from: feed }
        """

    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("Each step makes UIKit's call without animation, then checks what vcaudit replayed")
    func stepsAndChecks() throws {
        let text = try Fixtures.generate(Self.navigation)
        let body = lines(text)
        let push = try #require(body.firstIndex(of: "app.openPost()"))
        #expect(body[push + 1] == "await host.settle()")
        #expect(body[push + 2] == "host.expectStack(of: app.feedNav, is: [app.feed, app.post], specLine: 19)")
        #expect(body.contains("feedNav.pushViewController(post, animated: animated)"), "a race performs openPost elsewhere")
        #expect(body.contains("app.feedNav.popViewController(animated: false)"))
        #expect(body.contains("host.expectTop(of: app.feedNav, is: app.post, specLine: 20)"))
        #expect(body.contains("// tap a cell"), "the spec's comment on the step is kept")
        #expect(body.contains("/// FeedViewController.tableView(_:didSelectRowAt:)"), "the transition's comment documents its method")
        #expect(text.contains("static let spec = \"Specs/test.yaml\""))
        #expect(text.components(separatedBy: "UIKit calls that take `animated:` are made with `animated: false`, whatever the spec's "
            + "`animated`").count == 2, "the file says once, at the top, why its calls differ from the spec's default animation")
        #expect(text.contains("\n// `show(_:sender:)`, `showDetailViewController(_:sender:)` and storyboard segues take no `animated:`"),
                "and which calls animate anyway")
    }

    @Test("A step UIKit crashes on is not performed: the test records the crash and stops", arguments: TestFramework.allCases)
    func crashStops(framework: TestFramework) throws {
        let text = try Fixtures.generate(Self.navigation, framework: framework)
        let test = try #require(text.range(of: framework == .xctest ? "func testDoubleTap()" : "func doubleTap()"))
        let end = try #require(text.range(of: "\n    }\n", range: test.upperBound..<text.endIndex)
            ?? text.range(of: "\n        }\n", range: test.upperBound..<text.endIndex))
        let body = String(text[test.upperBound..<end.lowerBound])
        #expect(body.contains("host.recordCrash("))
        #expect(body.contains("is pushing the same view controller instance"))
        #expect(body.contains("specLine: 13"), "the crash points at the push call inside the transition")
        #expect(!body.contains("app.openPost("), "the crashing step is not performed")
        #expect(!body.contains("popViewController"), "nothing after the crash is performed")
        #expect(body.contains("// Not run after the crash:"))
        #expect(body.contains("Step 3 (line 28): pop feedNav"))
    }

    @Test("A call UIKit refuses is performed and its effect marked as a known issue", arguments: TestFramework.allCases)
    func refusalIsKnownIssue(framework: TestFramework) throws {
        let text = try Fixtures.generate(Self.navigation, framework: framework)
        #expect(text.contains("app.feed.present(app.post, animated: false)"))
        #expect(text.contains("which is already presenting"))
        let opening = framework == .swiftTesting ? "withKnownIssue(\"UIKit drops the call at test.yaml:33: post is not presented\") {"
            : "host.expectFailure(\"UIKit drops the call at test.yaml:33: post is not presented\") {"
        let body = lines(text)
        let index = try #require(body.firstIndex(of: opening))
        #expect(body[index + 1] == "host.expectPresented(app.post, specLine: 33)")
    }

    @Test("A presentation UIKit drops after a double tap is checked on the property that holds the new instance",
          arguments: TestFramework.allCases)
    func droppedInstanceIsTheProperty(framework: TestFramework) throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              home: { class: HomeViewController, storyboard: Main, storyboardID: Home }
              sheet: { class: SheetViewController, storyboard: Main }
            window: home
            transitions:
              openSheet: { segue: modal, from: home, to: sheet }
            scenarios:
              - name: Double tap
                steps:
                  - launch
                  - simultaneously:
                      - perform: openSheet
                      - perform: openSheet
            """, framework: framework)
        // The segue's method keeps the instance it made (`sheet#2`) in `sheet`: there is no property `sheet2`.
        let reason = "UIKit drops the call at test.yaml:7: sheet#2 is not presented"
        let body = lines(text)
        let index = try #require(body.firstIndex(of: framework == .swiftTesting ? "withKnownIssue(\"\(reason)\") {"
            : "host.expectFailure(\"\(reason)\") {"))
        #expect(body[index + 1] == "host.expectPresented(app.sheet, specLine: 7)")
        #expect(!text.contains("sheet2"))
    }

    @Test("A test that crashes before any step names a controller makes them unnamed (no unused 'let')",
          arguments: TestFramework.allCases)
    func crashAtLaunch(framework: TestFramework) throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              home: { class: HomeViewController }
            scenarios:
              - name: Launch
                steps: [launch]
            """, framework: framework)
        #expect(text.contains("host.recordCrash("))
        #expect(text.contains("        _ = host.track(Controllers())\n"))
        #expect(!text.contains("let app = host.track"))
        // Where a step names one, the test keeps them as `app`.
        #expect(try Fixtures.generate(Self.navigation, framework: framework).contains("let app = host.track(Controllers())\n"))
    }

    @Test("A SwiftUI hosting controller, a generic class, is typed and made as a plain UIViewController")
    func hostingController() throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              home: { class: HomeViewController }
              hostingController: { class: UIHostingController }
            window: home
            scenarios:
              - name: Launch
                steps: [launch]
            """, framework: .xctest)
        #expect(text.contains("let hostingController: UIViewController\n"))
        #expect(text.contains("hostingController = UIViewController()\n"))
        #expect(text.contains("/// UIHostingController is generic (SwiftUI): a plain UIViewController stands for it.\n"))
        #expect(!text.contains("UIHostingController()"))
    }

    @Test("Races keep the spec's animation")
    func raceKeepsAnimation() throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              nav: { kind: navigation, root: list }
              list: {}
              loading: { modalPresentationStyle: overFullScreen }
            window: nav
            transitions:
              show: { calls: [{ present: { vc: loading, from: list } }] }
              hide: { calls: [{ dismiss: loading }] }
            scenarios:
              - name: Race
                steps:
                  - launch
                  - simultaneously: [{ perform: show }, { perform: hide }]
              - name: Calm
                steps: [launch, { perform: show }]
            """)
        #expect(text.contains("app.show(animated: true)\n"))
        #expect(text.contains("app.hide(animated: true)\n"))
        #expect(text.contains("func show(animated: Bool = false) {"))
        #expect(text.contains("list.present(loading, animated: animated)"))
        #expect(text.contains("app.show()\n"), "outside the race the step is not animated")
        #expect(text.contains("host.expectDismissed(app.loading, specLine: 9)"))
    }

    @Test("A storyboard's initial controller is made with instantiateInitialViewController()")
    func storyboardInitialController() throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              home: { class: HomeViewController }
              onboarding: { class: OnboardingViewController, storyboard: Onboarding, storyboardInitial: true }
              plain: { storyboard: Onboarding, storyboardInitial: true }
            window: home
            scenarios:
              - name: Start
                steps: [launch]
            """)
        #expect(text.contains("let onboardingStoryboard = UIStoryboard(name: \"Onboarding\", bundle: nil)"))
        #expect(text.contains("onboarding = onboardingStoryboard.instantiateInitialViewController() as! OnboardingViewController"))
        #expect(text.contains("plain = onboardingStoryboard.instantiateInitialViewController()!"))
    }

    @Test("A storyboard scene without a storyboard ID is taken from the container the storyboard made it with")
    func storyboardChildren() throws {
        // As `vcaudit import storyboard` writes an app (OpenFoodFacts): scenes without an ID, which code cannot
        // instantiate, and which made with their initializer would have none of their outlets.
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, storyboard: Main, storyboardInitial: true, children: [scannerNav, history, settingsNav] }
              scannerNav: { kind: navigation, storyboard: Main, children: [scanner, result] }
              scanner: { class: ScannerViewController, storyboard: Main }
              result: { class: ResultViewController, storyboard: Main }
              history: { class: HistoryViewController, storyboard: Main, storyboardID: History }
              settingsNav: { kind: navigation, root: settings }
              settings: { class: SettingsViewController, storyboard: Main }
              product: { kind: container, class: ProductViewController, storyboard: Main, storyboardID: Product, children: [photos, facts, photos2, nutrition] }
              photos: { class: PhotoGridViewController, storyboard: Main }
              facts: { class: FactsViewController, storyboard: Main }
              photos2: { class: PhotoGridViewController, storyboard: Main }
              nutrition: { class: NutritionViewController, storyboard: Main, storyboardID: Nutrition, source: "Main.storyboard:90:17" }
              credits: { class: CreditsViewController, storyboard: Main }
              compare: { kind: split, storyboard: Main, storyboardID: Compare, children: [left, right] }
              left: { class: CompareListViewController, storyboard: Main }
              right: { class: CompareItemViewController, storyboard: Main }
            window: tabs
            transitions:
              openProduct: { segue: show, from: scanner, to: product, identifier: OpenProduct }
              openCompare: { segue: modal, from: scanner, to: compare, identifier: OpenCompare }
              openCredits: { segue: show, from: settings, to: credits }
            scenarios:
              - name: Start
                steps: [launch, { perform: openProduct }]
            """)
        // A navigation controller's root and a tab come from their container; so does a container view's child, by
        // its type among its siblings (a second of one type is the second of its type the embed segues made).
        #expect(text.contains("scannerNav = tabs.viewControllers![0] as! UINavigationController\n"))
        #expect(text.contains("scanner = scannerNav.viewControllers[0] as! ScannerViewController\n"))
        #expect(text.contains("photos = VCAuditHost.embedded(PhotoGridViewController.self, at: 0, in: product)\n"))
        #expect(text.contains("facts = VCAuditHost.embedded(FactsViewController.self, at: 0, in: product)\n"))
        #expect(text.contains("photos2 = VCAuditHost.embedded(PhotoGridViewController.self, at: 1, in: product)\n"))
        // A split's columns, read unwrapped when the split is of iOS 14's column style; after a segue, a column a
        // collapsed split no longer holds keeps its controller.
        #expect(text.contains("left = VCAuditHost.column(0, of: compare, as: CompareListViewController.self)\n"))
        #expect(text.contains("right = VCAuditHost.column(1, of: compare, as: CompareItemViewController.self, else: right)\n"))
        // A scene with an ID that an import declared in the container: the storyboard made it there too.
        #expect(text.contains("nutrition = VCAuditHost.embedded(NutritionViewController.self, at: 0, in: product)\n"))
        // Not from a container: a scene with its own ID, one pushed later (only the root is a storyboard relationship),
        // one in a container made in code, and one only a segue shows.
        #expect(text.contains("history = mainStoryboard.instantiateViewController(withIdentifier: \"History\") as! HistoryViewController\n"))
        #expect(text.contains("result = ResultViewController()\n"))
        #expect(text.contains("settings = SettingsViewController()\n"))
        #expect(text.contains("credits = CreditsViewController()\n"))
        // What the storyboard made is not set again; what the spec adds still is. A segue's source taken from its
        // container is a storyboard's, so the test performs its segue by identifier, and what the storyboard made
        // with the new destination is taken from it.
        #expect(text.contains("scannerNav.setViewControllers([scanner, result], animated: false)\n"))
        #expect(text.contains("tabs.setViewControllers([scannerNav, history, settingsNav], animated: false)\n"))
        #expect(!text.contains("product.addChild"))
        let segue = [
            "product = VCAuditHost.performSegue(\"OpenProduct\", from: scanner, replacing: product)",
            "photos = VCAuditHost.embedded(PhotoGridViewController.self, at: 0, in: product)",
            "facts = VCAuditHost.embedded(FactsViewController.self, at: 0, in: product)",
            "photos2 = VCAuditHost.embedded(PhotoGridViewController.self, at: 1, in: product)",
            "nutrition = VCAuditHost.embedded(NutritionViewController.self, at: 0, in: product)",
            "}",
        ]
        #expect(lines(text).indices.contains { Array(lines(text).dropFirst($0).prefix(6)) == segue })
        #expect(text.contains("var photos: PhotoGridViewController"))
        #expect(text.contains("let scanner: ScannerViewController"))
    }

    @Test("A segue from a storyboard controller is performed by identifier; elsewhere it is the UIKit call")
    func segues() throws {
        let text = try Fixtures.generate(Self.navigation)
        #expect(text.contains("var post: PostViewController"))
        #expect(text.contains("post = VCAuditHost.performSegue(\"showPost\", from: feed, replacing: post)"))
        #expect(text.contains("feed = mainStoryboard.instantiateViewController(withIdentifier: \"feed\") as! FeedViewController"))
        #expect(text.contains("feedNav = UINavigationController(rootViewController: feed)"))
        // The storyboard's identifier when the spec gives one (an imported spec's names are made from identifiers).
        let named = try Fixtures.generate(Self.navigation.replacingOccurrences(
            of: "showPost: { segue: show, from: feed, to: post }", with: "showPost: { segue: show, from: feed, to: post, identifier: \"Show Post\" }"))
        #expect(named.contains("post = VCAuditHost.performSegue(\"Show Post\", from: feed, replacing: post)"))
        func comments(_ text: String) -> String { text.replacingOccurrences(of: "\n            /// ", with: " ") }
        #expect(comments(named).contains("performed through the storyboard (segue identifier \"Show Post\")"))
        // A segue with no identifier cannot be performed by one: the UIKit call it stands for.
        let none = try Fixtures.generate(Self.navigation.replacingOccurrences(
            of: "showPost: { segue: show, from: feed, to: post }", with: "showPost: { segue: show, from: feed, to: post, identifier: null }"))
        let made = ["post = PostViewController()", "feed.show(post, sender: nil)"]
        #expect(lines(none).indices.contains { Array(lines(none).dropFirst($0).prefix(2)) == made }, "a new post each time")
        #expect(!none.contains("performSegue"))
        #expect(comments(none).contains("made with the UIKit calls it stands for (it has no identifier to perform it by), making post "
            + "anew each time, as the segue does"))
        let code = try Fixtures.generate(Self.navigation.replacingOccurrences(of: ", storyboard: Main, storyboardID: feed", with: ""))
        #expect(lines(code).indices.contains { Array(lines(code).dropFirst($0).prefix(2)) == made })
        #expect(code.contains("var post: PostViewController"))
        #expect(code.contains("feed = FeedViewController()"))
    }

    @Test("A segue made with UIKit calls shows a new destination each time, with what it contains, as the segue makes one",
          arguments: TestFramework.allCases)
    func codeSegueMakesNewDestination(framework: TestFramework) throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              browseNav: { kind: navigation, root: catalog }
              catalog: { class: CatalogViewController }
              product: { class: ProductViewController }
              ordersNav: { kind: navigation, root: orders, modalPresentationStyle: formSheet }
              orders: { class: OrdersViewController }
            window: browseNav
            transitions:
              openProduct: { segue: show, from: catalog, to: product }
              openOrders: { segue: modal, from: catalog, to: ordersNav }
            scenarios:
              - name: Double tap product
                steps:
                  - launch
                  - simultaneously: [{ perform: openProduct }, { perform: openProduct }]
              - name: Orders
                steps: [launch, { perform: openOrders }]
            """, framework: framework)
        let body = lines(text)
        // Showing one instance twice raises in UIKit; the segue shows two (a nested push, which UIKit only logs).
        #expect(text.contains("var product: ProductViewController\n"))
        let product = try #require(body.firstIndex(of: "func openProduct() {"), "show(_:sender:) takes no animated:, nor does its method")
        #expect(Array(body[(product + 1)...(product + 3)]) == ["product = ProductViewController()", "catalog.show(product, sender: nil)", "}"])
        #expect(body.filter { $0 == "app.openProduct()" }.count == 2, "the race performs the segue twice")
        #expect(!text.contains("openProduct(animated:"))
        #expect(!text.contains("host.recordCrash("))
        // A new navigation controller comes with a new root, and the declared settings.
        #expect(text.contains("var ordersNav: UINavigationController\n"))
        #expect(text.contains("var orders: OrdersViewController\n"))
        let orders = try #require(body.firstIndex(of: "func openOrders() {"))
        #expect(Array(body[(orders + 1)...(orders + 5)]) == [
            "orders = OrdersViewController()",
            "ordersNav = UINavigationController(rootViewController: orders)",
            "ordersNav.modalPresentationStyle = .formSheet",
            "catalog.present(ordersNav, animated: false)",
            "}",
        ])
        #expect(text.contains("let catalog: CatalogViewController\n"), "the source is not made anew")
    }

    @Test("Containers are built as their UIKit classes with their declared children")
    func containers() throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [a, pages], selected: pages }
              a: {}
              pages: { kind: page, children: [p1] }
              p1: {}
              split: { kind: split, children: [b, c] }
              b: {}
              c: {}
              box: { kind: container, class: BoxViewController, children: [d], forwardsAppearance: false }
              d: {}
              popup: { modalPresentationStyle: popover, popover: { barButtonItem: moreItem, sourceRect: [0, 0, 10, 10] } }
            window: tabs
            scenarios:
              - name: Pop up
                steps: [launch, { present: { vc: popup, from: box } }]
            """)
        #expect(text.contains("tabs = UITabBarController()"))
        #expect(text.contains("tabs.setViewControllers([a, pages], animated: false)"))
        #expect(text.contains("tabs.selectedViewController = pages"))
        #expect(text.contains("pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)"))
        #expect(text.contains("pages.setViewControllers([p1], direction: .forward, animated: false)"))
        #expect(text.contains("split.viewControllers = [b, c]"))
        #expect(text.contains("box.addChild(d)\n"))
        #expect(text.contains("box.view.addSubview(d.view)\n"))
        #expect(text.contains("d.didMove(toParent: box)\n"))
        #expect(text.contains("popup.modalPresentationStyle = .popover"))
        #expect(text.contains("app.popup.popoverPresentationController?.sourceItem = app.box.moreItem"))
        #expect(text.contains("app.popup.popoverPresentationController?.sourceRect = CGRect(x: 0, y: 0, width: 10, height: 10)"))
        #expect(text.contains("host.expectForwardsAppearance(of: app.box, is: false, specLine: 10)"))
    }

    @Test("One test per scenario and device; a scenario's own device wins")
    func devices() throws {
        let yaml = """
            vcaudit: 1
            controllers: { root: {} }
            window: root
            scenarios:
              - name: Launch
                steps: [launch]
              - name: Launch on iPad
                device: ipad
                steps: [launch]
            """
        let single = try Fixtures.generate(yaml)
        #expect(single.contains("func launch() async throws"))
        #expect(single.contains("VCAuditHost(spec: Self.spec, device: .iphone)"))
        let matrix = try Fixtures.generate(yaml, devices: [.ipad, .iphone])
        #expect(matrix.contains("@Test(\"Launch (iPhone)\")\n"))
        #expect(matrix.contains("func launchOnIPhone() async throws"))
        #expect(matrix.contains("func launchOnIPad() async throws"))
        #expect(matrix.contains("func launchOnIPad2() async throws"), "the iPad-only scenario keeps one test")
        #expect(matrix.components(separatedBy: "@Test(").count - 1 == 3)
        let xctest = try Fixtures.generate(yaml, framework: .xctest, devices: [.iphone, .ipad])
        #expect(xctest.contains("func testLaunchOnIPhone() async throws"))
        #expect(xctest.contains("final class TestTests: XCTestCase {"))
    }

    @Test("Every check names its spec line")
    func checksNameLines() throws {
        for path in Fixtures.exampleSpecPaths() {
            let (spec, source) = try Fixtures.loadExample(path)
            let text = TestGenerator(framework: .swiftTesting).testFile(for: spec, source: source).contents
            for line in text.split(separator: "\n") where line.contains("host.expect") && !line.contains("host.expectFailure") {
                #expect(line.contains("specLine: "), "\(path): \(line)")
            }
        }
    }

    @Test("The app's modules are imported with @testable")
    func appModules() throws {
        let (spec, source) = try Fixtures.spec("vcaudit: 1\ncontrollers: { a: {} }\nwindow: a\n")
        let text = TestGenerator(framework: .xctest, appModules: ["Shop", "ShopUI"]).testFile(for: spec, source: source).contents
        #expect(text.contains("import XCTest\nimport UIKit\n@testable import Shop\n@testable import ShopUI\n"))
    }

    @Test("A restore ends the test; the rest is listed with the replay's verdicts")
    func restoreEnds() throws {
        let text = try Fixtures.generate("""
            vcaudit: 1
            restoration: true
            controllers:
              nav: { kind: navigation, root: list, restorationID: nav }
              list: { restorationID: list }
              detail: {}
            window: nav
            scenarios:
              - name: Relaunch
                steps:
                  - launch
                  - push: { nav: nav, vc: detail }
                  - preserve
                  - restore
                  - expect: { top: { nav: nav, vc: detail } }
            """)
        #expect(text.contains("host.expectRestorationPath(of: app.nav, is: \"nav\", specLine: 13)"))
        #expect(text.contains("host.expectRestorationPath(of: app.list, is: \"nav/list\", specLine: 13)"))
        #expect(text.contains("host.expectNotRestorable(app.detail, specLine: 13)"))
        #expect(text.contains("nav.restorationIdentifier = \"nav\""), "code-made controllers get their declared identifier")
        #expect(text.contains("Step 5 (line 15): expect detail is on top of nav: does not hold in the replay"))
        #expect(!text.contains("host.expectTop("), "nothing after the restore is checked")
    }
}

/// The seam through which the checker's findings reach generated tests.
@Suite("Findings on steps")
struct StepFindingTests {
    static let yaml = """
        vcaudit: 1
        controllers:
          box: { kind: container }
          child: {}
          orphan: { ignore: [{ rule: pop_root, reason: legacy }] }
        window: box
        transitions:
          mount:
            calls:
              - addChild: { parent: box, child: child }
              - addSubview: { view: child, to: box }
        scenarios:
          - name: Mount
            steps:
              - launch
              - perform: mount
        """

    @Test("By default, UIKit's own reactions in the replay are the findings")
    func replayOutcomes() throws {
        let (spec, _) = try Fixtures.spec(GeneratorTests.navigation)
        let scenario = try #require(spec.scenarios.first { $0.name == "Double tap" })
        let replay = Replay.run(spec, scenario: scenario)
        let findings = ReplayOutcomes().findings(spec: spec, scenario: scenario, replay: replay)
        #expect(findings.map(\.effect) == [.crash])
        #expect(findings.first?.step == 2)
        #expect(findings.first?.location.line == 13)
    }

    @Test("A checker finding lands on the step that caused it and is documented there")
    func checkerFindings() throws {
        let (spec, source) = try Fixtures.spec(Self.yaml)
        let scenario = spec.scenarios[0]
        let findings = CheckerFindings().findings(spec: spec, scenario: scenario, replay: Replay.run(spec, scenario: scenario))
        #expect(findings.first { $0.ruleID == "missing_did_move_to_parent" }?.step == 2)
        #expect(findings.first { $0.ruleID == "unused_suppression" }?.step == 0, "a declaration's finding is about the scenario")
        #expect(findings.map(\.effect) == [.finding, .finding])
        let text = TestGenerator(framework: .swiftTesting, findingSource: CheckerFindings()).testFile(for: spec, source: source).contents
        #expect(text.contains("// vcaudit [missing_did_move_to_parent] (line 10): <UIViewController: box>.addChild("))
        #expect(text.contains("/// vcaudit [unused_suppression] (line 5): This 'ignore' of 'pop_root' suppressed nothing"))
    }

    @Test("A checker finding at a crash names the crash's rule instead of repeating it")
    func checkerNamesCrash() throws {
        let (spec, source) = try Fixtures.spec(GeneratorTests.navigation)
        let scenario = try #require(spec.scenarios.first { $0.name == "Double tap" })
        let findings = CheckerFindings().findings(spec: spec, scenario: scenario, replay: Replay.run(spec, scenario: scenario))
        #expect(findings.count == 1)
        #expect(findings.first?.effect == .crash)
        #expect(findings.first?.ruleID == "push_duplicate_instance")
        let text = TestGenerator(framework: .xctest, findingSource: CheckerFindings()).testFile(for: spec, source: source).contents
        #expect(text.contains("UIKit raises an exception here [push_duplicate_instance] (line 13)"))
    }
}
