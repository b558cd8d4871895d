/// Turns fuzzer bytes into a valid-shaped spec: a fixed app of every controller kind, and scenarios whose steps
/// (every step of the vocabulary, with any controllers as arguments) the bytes choose.
///
/// The spec always loads when the arguments suit the steps' kinds, so the fuzzer spends its time in the reducer
/// and the rules rather than in the decoder's error paths; kind mismatches are still produced now and then, to
/// keep the validator covered.
public struct SpecShaper {
    private var bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let contents = ["a", "b", "c", "d", "e", "f", "g"]
    static let containers = ["tabs", "nav", "nav2", "split", "pages", "box"]
    static let all = containers + contents
    static let styles = ["fullScreen", "pageSheet", "formSheet", "currentContext", "overFullScreen", "overCurrentContext",
                         "popover", "automatic"]

    private mutating func next() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    private mutating func pick(_ choices: [String]) -> String { choices[next() % choices.count] }
    private mutating func flag() -> String { next() % 2 == 0 ? "true" : "false" }
    private var exhausted: Bool { position >= bytes.count }

    /// The spec's YAML text.
    public mutating func spec() -> String {
        var text = """
            vcaudit: 1
            device: \(next() % 2 == 0 ? "iphone" : "ipad")
            ios: \([15, 16, 17, 18][next() % 4])
            restoration: \(flag())
            controllers:
              tabs: { kind: tabBar, children: [nav, split, pages, box], restorationID: tabs }
              nav: { kind: navigation, root: a, restorationID: nav }
              nav2: { kind: navigation, root: f }
              split: { kind: split, children: [b, c] }
              pages: { kind: page, children: [d] }
              box: { kind: container, children: [e], forwardsAppearance: \(flag()) }
              a: { restorationID: a }
              b: { definesPresentationContext: \(flag()) }
              c:
              d:
              e:
              f: { modalPresentationStyle: \(pick(Self.styles)) }
              g: { popover: { sourceView: anchorView } }
            window: tabs
            transitions:
              showG: { segue: show, from: a, to: g }
              modalF: { segue: modal, from: \(pick(Self.all)), to: nav2 }
              popoverG: { segue: popover, from: \(pick(Self.all)), to: g }
              detailC: { segue: showDetail, from: b, to: c }
              unwindA: { segue: unwind, from: g, to: a }
              swapBox:
                calls:
                  - addChild: { parent: box, child: \(pick(Self.contents)) }
                  - transition: { parent: box, from: e, to: \(pick(Self.contents)), animated: \(flag()) }
                  - didMove: { child: \(pick(Self.contents)), parent: box }
            scenarios:

            """
        var scenario = 0
        while !exhausted, scenario < 4 {
            scenario += 1
            text += "  - name: s\(scenario)\n    steps:\n      - launch\n"
            var count = 0
            while !exhausted, count < 40 {
                count += 1
                let byte = next()
                if byte == 255 { break }
                text += "      - " + step(byte) + "\n"
            }
        }
        if scenario == 0 { text += "  - name: s\n    steps: [launch]\n" }
        return text
    }

    private mutating func step(_ kind: Int) -> String {
        let navs = next() % 8 == 0 ? Self.all : ["nav", "nav2"]
        switch kind % 28 {
        case 0: return "launch"
        case 1: return "push: { nav: \(pick(navs)), vc: \(pick(Self.all)), animated: \(flag()) }"
        case 2: return "pop: { nav: \(pick(navs)), animated: \(flag()) }"
        case 3: return "popToRoot: \(pick(navs))"
        case 4: return "popTo: { nav: \(pick(navs)), vc: \(pick(Self.all)) }"
        case 5: return "present: { vc: \(pick(Self.all)), from: \(pick(Self.all)), style: \(pick(Self.styles)), animated: \(flag()) }"
        case 6: return "present: { vc: \(pick(Self.all)), from: \(pick(Self.all)) }"
        case 7: return "dismiss: { vc: \(pick(Self.all)), animated: \(flag()) }"
        case 8: return "select: { tabs: tabs, vc: \(pick(Self.all)) }"
        case 9: return "setViewControllers: { of: \(pick(Self.containers)), vcs: [\(pick(Self.all)), \(pick(Self.all))], animated: \(flag()) }"
        case 10: return "show: { from: \(pick(Self.all)), vc: \(pick(Self.all)) }"
        case 11: return "showDetail: { from: \(pick(Self.all)), vc: \(pick(Self.all)) }"
        case 12: return "perform: \(pick(["showG", "modalF", "popoverG", "detailC", "unwindA", "swapBox"]))"
        case 13: return "addChild: { parent: \(pick(Self.all)), child: \(pick(Self.all)) }"
        case 14: return "removeFromParent: \(pick(Self.all))"
        case 15: return "willMove: { child: \(pick(Self.all)), parent: \(next() % 3 == 0 ? "null" : pick(Self.all)) }"
        case 16: return "didMove: { child: \(pick(Self.all)), parent: \(next() % 3 == 0 ? "null" : pick(Self.all)) }"
        case 17: return "addSubview: { view: \(pick(Self.all)), to: \(pick(Self.all)) }"
        case 18: return "removeFromSuperview: \(pick(Self.all))"
        case 19: return "beginAppearance: { vc: \(pick(Self.all)), appearing: \(flag()), animated: \(flag()) }"
        case 20: return "endAppearance: \(pick(Self.all))"
        case 21: return "transition: { parent: \(pick(Self.all)), from: \(pick(Self.all)), to: \(pick(Self.all)), animated: \(flag()) }"
        case 22: return "traits: { width: \(next() % 2 == 0 ? "compact" : "regular") }"
        case 23: return "device: \(next() % 2 == 0 ? "iphone" : "ipad")"
        case 24: return next() % 2 == 0 ? "preserve" : "restore"
        case 25: return "simultaneously: [\(step(next())), \(step(next()))]"
        case 26: return "expect: { visible: [\(pick(Self.all))], top: { nav: nav, vc: \(pick(Self.all)) } }"
        default: return "expect: { presented: { by: \(pick(Self.all)), vc: \(pick(Self.all)) }, appearance: { vc: \(pick(Self.all)), state: appeared } }"
        }
    }
}
