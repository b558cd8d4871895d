import Testing
@testable import VCAuditSpec
import VCAuditSupport
import VCAuditYAML

/// A spec that uses every key of DESIGN.md section 2.
private let everyKey = """
    vcaudit: 1
    app: Wonderland
    device: ipad
    ios: 16
    restoration: true

    controllers:
      tabs:
        kind: tabBar
        restorationID: tabs
        children: [home, charactersNav, pages]
        selected: charactersNav
      home:
        class: HomeViewController
      charactersNav:
        kind: navigation
        root: characterList
      characterList:
        class: CharacterTableViewController
        storyboard: Main
        storyboardID: characterList
        restorationID: characterList
      characterDetail:
      pages:
        kind: page
        spine: mid
        children: [pageOne, pageTwo]
      pageOne:
      pageTwo:
      info:
        class: AuthorInfoViewController
        modalPresentationStyle: popover
        popover:
          sourceView: infoButton
          sourceRect: [0, 0, 44.5, 44]
          adaptive: none
        modalInPresentation: true
      sheet:
        modalPresentationStyle: formSheet
        popover:
          barButtonItem: shareItem
          adaptive: overFullScreen
      container:
        kind: container
        forwardsAppearance: false
        definesPresentationContext: true
        transitioningDelegate: true
        modalPresentationStyle: custom
        children: [green]
        ignore:
          - { rule: appearance_not_forwarded, reason: forwards by hand }
      green:
      red:
      split:
        kind: split
        children: [primary, secondary]
      primary:
      secondary:

    window: tabs

    transitions:
      showDetail: { segue: show, from: characterList, to: characterDetail }
      showInfo:   { segue: popover, from: home, to: info, anchor: { barButtonItem: infoItem }, style: popover, animated: false }
      backHome:   { segue: unwind, from: characterDetail, to: characterList }
      embedGreen: { segue: embed, from: container, to: green }
      swap:
        calls:
          - willMove: { child: green, parent: null }
          - addChild: { parent: container, child: red }
          - transition: { parent: container, from: green, to: red, animated: false }
          - removeFromParent: green
          - didMove: { child: red, parent: container }
        ignore:
          - rule: transition_in_progress
            reason: swapped without animation

    scenarios:
      - name: Every step
        device: iphone
        ignore: [{ rule: pop_root, reason: demonstrates pop }]
        steps:
          - launch
          - select: charactersNav
          - select: { tabs: tabs, vc: home }
          - present: { vc: info, from: home, style: popover, anchor: { sourceView: button }, animated: false }
          - dismiss: info
          - dismiss: { vc: sheet, animated: false }
          - push: { nav: charactersNav, vc: characterDetail }
          - pop: charactersNav
          - popToRoot: { nav: charactersNav, animated: false }
          - popTo: { nav: charactersNav, vc: characterList }
          - setViewControllers: { of: charactersNav, vcs: [characterList, characterDetail], animated: false }
          - show: { from: characterList, vc: characterDetail }
          - showDetail: { from: primary, vc: secondary }
          - perform: showDetail
          - addChild: { parent: container, child: red }
          - removeFromParent: red
          - willMove: { child: red, parent: container }
          - didMove: { child: red, parent: null }
          - addSubview: { view: red, to: container }
          - removeFromSuperview: red
          - beginAppearance: { vc: red, appearing: true, animated: false }
          - endAppearance: red
          - transition: { parent: container, from: green, to: red }
          - traits: { width: regular, height: compact }
          - traits: { height: regular }
          - device: ipad
          - preserve
          - restore:
          - simultaneously:
              - perform: showInfo
              - dismiss: info
          - push: { nav: charactersNav, vc: characterDetail }
            ignore: [{ rule: push_duplicate_instance, reason: sibling form }]
          - pop: { nav: charactersNav, ignore: [{ rule: pop_root, reason: inline form }] }
          - expect:
              visible: [home, tabs]
              presented: { by: home, vc: null }
              top: { nav: charactersNav, vc: characterList }
              stack: { nav: charactersNav, vcs: [characterList] }
              selected: { tabs: tabs, vc: home }
              parent: { child: red, parent: null }
              appearance: { vc: home, state: appeared }
      - name: Second
        steps: [launch, { expect: { parent: { child: green, parent: container }, presented: { by: home, vc: info } } }]
    """

@Suite("Every key of the format decodes into the model")
struct SpecDecodingTests {
    @Test("top-level settings")
    func topLevel() throws {
        let spec = try #require(loadSpec(everyKey))
        #expect(spec.file == "spec.yaml")
        #expect(spec.schemaVersion == 1)
        #expect(spec.app == "Wonderland")
        #expect(spec.device == .ipad)
        #expect(spec.ios == 16)
        #expect(spec.restoration)
        #expect(spec.usesRestoration)
        #expect(spec.window?.id == "tabs")
        #expect(spec.window?.mark == Mark(line: 60, column: 9))
        #expect(spec.digest == "sha256:" + SHA256.hex(Array(everyKey.utf8)))
    }

    @Test("defaults when the optional top-level keys are absent")
    func defaults() throws {
        let spec = try #require(loadSpec("vcaudit: 1\ncontrollers:\n  home:\n"))
        #expect(spec.app == nil)
        #expect(spec.device == .iphone)
        #expect(spec.ios == 17)
        #expect(!spec.restoration)
        #expect(!spec.usesRestoration)
        #expect(spec.window == nil)
        #expect(spec.transitions.isEmpty)
        #expect(spec.scenarios.isEmpty)
        let home = try #require(spec.controller("home"))
        #expect(home.kind == .content)
        #expect(home.swiftClass == "UIViewController")
        #expect(home.forwardsAppearance)
        #expect(!home.definesPresentationContext)
        #expect(!home.transitioningDelegate)
        #expect(!home.modalInPresentation)
        #expect(home.spine == .min)
        #expect(home.children.isEmpty)
        #expect(home.mark == Mark(line: 3, column: 3))
    }

    @Test("controllers: kinds, classes, storyboard, restoration, children, selection, spine")
    func controllers() throws {
        let spec = try #require(loadSpec(everyKey))
        #expect(spec.controllers.map(\.id) == [
            "tabs", "home", "charactersNav", "characterList", "characterDetail", "pages", "pageOne", "pageTwo", "info",
            "sheet", "container", "green", "red", "split", "primary", "secondary",
        ])
        let tabs = try #require(spec.controller("tabs"))
        #expect(tabs.kind == .tabBar)
        #expect(tabs.swiftClass == "UITabBarController")
        #expect(tabs.restorationID == Located("tabs", at: Mark(line: 10, column: 20)))
        #expect(tabs.children.map(\.id) == ["home", "charactersNav", "pages"])
        #expect(tabs.children.map(\.mark) == [Mark(line: 11, column: 16), Mark(line: 11, column: 22), Mark(line: 11, column: 37)])
        #expect(tabs.selected == Reference("charactersNav", at: Mark(line: 12, column: 15)))

        let nav = try #require(spec.controller("charactersNav"))
        #expect(nav.kind == .navigation)
        #expect(nav.children == [Reference("characterList", at: Mark(line: 17, column: 11))])

        let list = try #require(spec.controller("characterList"))
        #expect(list.className == "CharacterTableViewController")
        #expect(list.swiftClass == "CharacterTableViewController")
        #expect(list.storyboard == "Main")
        #expect(list.storyboardID == "characterList")
        #expect(list.restorationID?.value == "characterList")

        let pages = try #require(spec.controller("pages"))
        #expect(pages.kind == .page)
        #expect(pages.spine == .mid)
        #expect(pages.spine.pageCount == 2)
        #expect(pages.children.map(\.id) == ["pageOne", "pageTwo"])

        let split = try #require(spec.controller("split"))
        #expect(split.kind == .split)
        #expect(split.children.map(\.id) == ["primary", "secondary"])
    }

    @Test("presentation properties and popovers")
    func presentation() throws {
        let spec = try #require(loadSpec(everyKey))
        let info = try #require(spec.controller("info"))
        #expect(info.modalPresentationStyle == Located(.popover, at: Mark(line: 32, column: 29)))
        #expect(info.modalInPresentation)
        let popover = try #require(info.popover)
        #expect(popover.anchor.sourceView == Located("infoButton", at: Mark(line: 34, column: 19)))
        #expect(popover.anchor.barButtonItem == nil)
        #expect(popover.anchor.sourceRect == [0, 0, 44.5, 44])
        #expect(popover.anchor.isAnchored)
        #expect(popover.adaptive?.value == AdaptiveStyle.none)
        #expect(popover.mark == Mark(line: 34, column: 7))

        let sheet = try #require(spec.controller("sheet"))
        #expect(sheet.modalPresentationStyle?.value == .formSheet)
        #expect(sheet.popover?.anchor.barButtonItem?.value == "shareItem")
        #expect(sheet.popover?.adaptive?.value == .style(.overFullScreen))

        let container = try #require(spec.controller("container"))
        #expect(container.kind == .container)
        #expect(!container.forwardsAppearance)
        #expect(container.definesPresentationContext)
        #expect(container.transitioningDelegate)
        #expect(container.modalPresentationStyle?.value == .custom)
        #expect(container.children.map(\.id) == ["green"])
        #expect(container.ignore.map(\.rule.value) == ["appearance_not_forwarded"])
        #expect(container.ignore.first?.reason == "forwards by hand")
        #expect(container.ignore.first?.mark == Mark(line: 51, column: 9))
    }

    @Test("transitions: every segue field, and calls")
    func transitions() throws {
        let spec = try #require(loadSpec(everyKey))
        #expect(spec.transitions.map(\.name) == ["showDetail", "showInfo", "backHome", "embedGreen", "swap"])
        guard case .segue(let show) = try #require(spec.transition("showDetail")).body else {
            Issue.record("showDetail is not a segue")
            return
        }
        #expect(show.kind == .show)
        #expect(show.from == Reference("characterList", at: Mark(line: 63, column: 36)))
        #expect(show.to.id == "characterDetail")
        #expect(show.animated)
        #expect(show.style == nil)
        #expect(show.anchor == nil)

        let info = try #require(spec.transition("showInfo"))
        #expect(info.mark == Mark(line: 64, column: 3))
        guard case .segue(let popover) = info.body else {
            Issue.record("showInfo is not a segue")
            return
        }
        #expect(popover.kind == .popover)
        #expect(popover.style?.value == .popover)
        #expect(popover.anchor.map(summary) == "{barButtonItem:infoItem}")
        #expect(!popover.animated)

        guard case .segue(let unwind) = try #require(spec.transition("backHome")).body else {
            Issue.record("backHome is not a segue")
            return
        }
        #expect(unwind.kind == .unwind)
        #expect(unwind.to.id == "characterList")
        guard case .segue(let embed) = try #require(spec.transition("embedGreen")).body else {
            Issue.record("embedGreen is not a segue")
            return
        }
        #expect(embed.kind == .embed)

        let swap = try #require(spec.transition("swap"))
        guard case .calls(let calls) = swap.body else {
            Issue.record("swap has no calls")
            return
        }
        #expect(calls.map(summary) == [
            "willMove green to nil",
            "addChild red to container",
            "transition in container from green to red !animated",
            "removeFromParent green",
            "didMove red to container",
        ])
        #expect(calls.map(\.mark.line) == [69, 70, 71, 72, 73])
        #expect(swap.ignore.map(\.rule.value) == ["transition_in_progress"])
        #expect(swap.ignore.first?.reason == "swapped without animation")
    }

    @Test("scenarios: every step kind, with its arguments and marks")
    func steps() throws {
        let spec = try #require(loadSpec(everyKey))
        #expect(spec.scenarios.map(\.name) == ["Every step", "Second"])
        let scenario = spec.scenarios[0]
        #expect(scenario.device == .iphone)
        #expect(scenario.mark == Mark(line: 79, column: 5))
        #expect(scenario.ignore.map(\.rule.value) == ["pop_root"])
        #expect(scenario.steps.map(summary) == [
            "launch",
            "select charactersNav in tabs",
            "select home in tabs",
            "present info from home style=popover anchor={sourceView:button} !animated",
            "dismiss info",
            "dismiss sheet !animated",
            "push characterDetail on charactersNav",
            "pop charactersNav",
            "popToRoot charactersNav !animated",
            "popTo characterList in charactersNav",
            "setViewControllers charactersNav [characterList,characterDetail] !animated",
            "show characterDetail from characterList",
            "showDetail secondary from primary",
            "perform showDetail",
            "addChild red to container",
            "removeFromParent red",
            "willMove red to container",
            "didMove red to nil",
            "addSubview red to container",
            "removeFromSuperview red",
            "beginAppearance red appearing=true !animated",
            "endAppearance red",
            "transition in container from green to red",
            "traits width=regular height=compact",
            "traits width=nil height=regular",
            "device ipad",
            "preserve",
            "restore",
            "simultaneously {perform showInfo; dismiss info}",
            "push characterDetail on charactersNav ignoring push_duplicate_instance",
            "pop charactersNav ignoring pop_root",
            "expect {visible [home,tabs]; presented nil by home; top characterList of charactersNav; stack charactersNav [characterList]; selected home in tabs; parent of red is nil; appearance home appeared}",
        ])
        // A step's mark is its key (or its bare word); references keep their own.
        #expect(scenario.steps[0].mark == Mark(line: 83, column: 9))
        #expect(scenario.steps[3].mark == Mark(line: 86, column: 9))
        guard case let .present(vc, from, _, _, _) = scenario.steps[3].action else {
            Issue.record("step 4 is not present")
            return
        }
        #expect(vc.mark == Mark(line: 86, column: 24))
        #expect(from.mark == Mark(line: 86, column: 36))
        guard case .expect(let checks) = scenario.steps.last?.action else {
            Issue.record("the last step is not expect")
            return
        }
        #expect(checks.map(\.key) == ["visible", "presented", "top", "stack", "selected", "parent", "appearance"])
        #expect(checks.map(\.mark.line) == Array(118...124))
        #expect(spec.scenarios[1].steps.map(summary) == ["launch", "expect {parent of green is container; presented info by home}"])
        #expect(spec.scenarios[1].device == nil)
    }

    @Test("lookups by id and name")
    func lookups() throws {
        let spec = try #require(loadSpec(everyKey))
        #expect(spec.controller("nope") == nil)
        #expect(spec.transition("nope") == nil)
        #expect(spec.controller("red")?.id == "red")
        #expect(spec.transition("swap")?.name == "swap")
    }

    @Test("a restoration id alone does not turn the restoration rules on: only 'restoration: true' does")
    func partialRestoration() throws {
        let spec = try #require(loadSpec("vcaudit: 1\ncontrollers:\n  home:\n    restorationID: home\n"))
        #expect(!spec.restoration)
        #expect(!spec.usesRestoration)
        let opted = try #require(loadSpec("vcaudit: 1\nrestoration: true\ncontrollers:\n  home:\n    restorationID: home\n"))
        #expect(opted.usesRestoration)
    }

    @Test("a bare select picks the tab bar that holds the tab, or the only tab bar")
    func selectInference() throws {
        let spec = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              first: { kind: tabBar, children: [a] }
              second: { kind: tabBar, children: [b] }
              a:
              b:
              c:
            window: first
            scenarios:
              - name: S
                steps: [launch, select: b, select: a]
            """))
        #expect(spec.scenarios[0].steps.map(summary) == ["launch", "select b in second", "select a in first"])
        let single = try #require(loadSpec("""
            vcaudit: 1
            controllers:
              tabs: { kind: tabBar, children: [a] }
              a:
              loose:
            scenarios:
              - name: S
                steps: [select: loose]
            """))
        #expect(single.scenarios[0].steps.map(summary) == ["select loose in tabs"])
    }
}
