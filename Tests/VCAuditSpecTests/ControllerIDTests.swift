import Testing
import VCAuditSpec

@Suite("Controller ids")
struct ControllerIDTests {
    @Test("Every name reads back exactly as it was written", arguments: [
        "detail", "detail#2", "detail#1", "detail#123456789", "x#0", "x#02", "x#a", "x#", "#", "#2", "a#b#3", "tabs#2.more",
        "é→✓", "",
    ])
    func roundTrip(name: String) {
        #expect(ControllerID(name).name == name)
        #expect(ControllerID(name) == ControllerID(name))
    }

    @Test("An instance number is a # and a decimal without a leading zero")
    func instances() {
        let detail = ControllerID("detail")
        #expect(!detail.isInstance)
        #expect(ControllerID("detail#2") == ControllerID(scene: detail, instance: 2))
        #expect(ControllerID("detail#2").sceneID == detail)
        #expect(ControllerID("detail#1").isInstance)
        #expect(ControllerID("detail#1") != detail)
        #expect(ControllerID("detail#1").sceneID == detail)
        for spelled in ["x#0", "x#02", "x#a", "x#1234567890"] {
            #expect(!ControllerID(spelled).isInstance, "\(spelled)")
            #expect(ControllerID(spelled) != ControllerID("x"), "\(spelled)")
        }
        #expect(ControllerID("a#b#3").sceneID.name == "a#b")
    }

    @Test("Ids sort by name, whatever order they were first made in")
    func ordering() {
        let made = ["zeta-\(#line)", "alpha-\(#line)", "mid-\(#line)"].map { ControllerID($0) }
        #expect(made.sorted().map(\.name) == made.map(\.name).sorted())
        #expect(!(made[0] < made[0]))
    }

    @Test("Ids made on many threads at once agree")
    func concurrentInterning() async {
        let names = (0..<200).map { "concurrent\($0 % 50)-\(#line)" }
        let made = await withTaskGroup(of: [ControllerID].self) { group in
            for _ in 0..<4 { group.addTask { names.map { ControllerID($0) } } }
            var all: [[ControllerID]] = []
            for await ids in group { all.append(ids) }
            return all
        }
        for ids in made {
            #expect(ids == made[0])
            #expect(ids.map(\.name) == names)
        }
    }
}

@Suite("UIKit names")
struct UIKitNameTests {
    @Test("A controller is named <Class: id> as UIKit names it, instances, More controllers and unknown ids too")
    func names() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, class: MainTabBarController, children: [a, b, c, d, e, f] }
              a: { class: ÉcranViewController }
              b:
              c:
              d:
              e:
              f:
            window: tabs
            """))
        #expect(spec.uikitName("tabs") == "<MainTabBarController: tabs>")
        #expect(spec.uikitName("a") == "<ÉcranViewController: a>")
        #expect(spec.uikitName("a#12") == "<ÉcranViewController: a#12>")
        #expect(spec.uikitName("b") == "<UIViewController: b>")
        #expect(spec.uikitName("tabs.more") == "<UIMoreNavigationController: tabs.more>")
        #expect(spec.uikitName("ghost") == "<UIViewController: ghost>")
        #expect(spec.uikitName(ControllerID("é→✓")) == "<UIViewController: é→✓>")
    }
}
