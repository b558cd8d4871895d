import VCAuditExplore
import VCAuditSpec

/// `vcaudit-benchmark explore`: states explored per second on a generated app, and states against the depth.
///
/// The app is a tab bar of navigation stacks (30 controllers by default) with show segues down each stack, modal
/// sheets and popovers with their unwinds, and a few user-triggered calls (40 transitions by default): the shape
/// of a real app's storyboards.
struct ExploreBenchmark {
    var controllers = 30
    var transitions = 40
    var depths = [2, 3, 4, 5, 6]
    /// How many times each depth is explored: the fastest run is reported (one run at depth 7 is over in less than a
    /// tenth of a second, short enough for the machine's other work to move its rate by a tenth).
    var runs = 1

    static let usage = """
        usage: vcaudit-benchmark explore [--controllers N] [--transitions N] [--depths 2,3,4] [--runs N]

          Generates an app of N controllers (default 30) and M transitions (default 40), then explores it from
          launch at each depth (default 2 to 6) with no state bound, and prints the states, the paths tried, the
          distinct findings, the CPU seconds and the states per second at each depth (after one untimed
          exploration at depth 1, so that what the process does once is not counted in the first depth). With
          --runs, each depth is explored N times (default 1) and the fastest run is printed.
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
            switch argument {
            case "--controllers":
                guard let number = Int(value), number >= 8 else { throw UsageError("--controllers needs a number of at least 8") }
                controllers = number
            case "--transitions":
                guard let number = Int(value), number >= 1 else { throw UsageError("--transitions needs a positive number") }
                transitions = number
            case "--depths":
                let parsed = value.split(separator: ",").compactMap { Int($0) }
                guard !parsed.isEmpty, parsed.allSatisfy({ $0 > 0 }) else { throw UsageError("--depths takes positive numbers, as 2,3,4") }
                depths = parsed
            case "--runs":
                guard let number = Int(value), number >= 1 else { throw UsageError("--runs needs a positive number") }
                runs = number
            default:
                throw UsageError("unknown option '\(argument)'")
            }
        }
    }

    /// The generated app's spec text.
    static func generate(controllers: Int, transitions: Int) -> String {
        let tabs = 4
        let perTab = max(2, (controllers - 1 - tabs) / tabs)
        var lines = ["vcaudit: 1", "app: ExploreBench", "controllers:"]
        var tabIDs: [String] = []
        var screens: [[String]] = []
        for tab in 0..<tabs {
            tabIDs.append("nav\(tab)")
            screens.append((0..<perTab).map { "s\(tab)_\($0)" })
        }
        lines.append("  tabs: { kind: tabBar, children: [\(tabIDs.joined(separator: ", "))] }")
        for tab in 0..<tabs {
            lines.append("  nav\(tab): { kind: navigation, root: \(screens[tab][0]) }")
            for screen in screens[tab] { lines.append("  \(screen):") }
        }
        lines.append("  sheet: { modalPresentationStyle: pageSheet }")
        lines.append("  picker: { modalPresentationStyle: popover, popover: { sourceView: button } }")
        lines.append("window: tabs")
        lines.append("transitions:")
        var count = 0
        outer: for depth in 0..<(perTab - 1) {
            for tab in 0..<tabs {
                guard count < transitions else { break outer }
                lines.append("  show\(tab)_\(depth): { segue: show, from: \(screens[tab][depth]), to: \(screens[tab][depth + 1]) }")
                count += 1
            }
        }
        var extra = 0
        while count < transitions {
            let tab = extra % tabs
            let screen = screens[tab][(extra / tabs) % perTab]
            switch extra % 3 {
            case 0: lines.append("  sheet\(extra): { segue: modal, from: \(screen), to: sheet }")
            case 1: lines.append("  pick\(extra): { segue: popover, from: \(screen), to: picker }")
            default: lines.append("  close\(extra): { segue: unwind, from: sheet, to: \(screen) }")
            }
            extra += 1
            count += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func run() throws(UsageError) {
        let text = Self.generate(controllers: controllers, transitions: transitions)
        guard let spec = SpecLoader.load(bytes: Array(text.utf8), path: "ExploreBench.yaml").spec else {
            throw UsageError("the generated app does not load")
        }
        print("explore benchmark: \(spec.controllers.count) controllers, \(spec.transitions.count) transitions, on iphone")
        // One exploration untimed first: what the process does once whatever it explores (protocol conformance
        // lookups, the rules' routing plans, interning the app's names; about 7 M instructions) would otherwise be
        // counted in the first depth's time, and made `--depths 2` look slower per state than it is.
        _ = Explorer(bounds: .init(depth: 1, maxStates: .max)).explore(spec, device: .iphone)
        print("depth    states     paths  findings   CPU s    states/s")
        for depth in depths {
            var result: Explorer.Result?
            var seconds = Double.infinity
            for _ in 0..<runs {
                seconds = min(seconds, Measurement.seconds {
                    result = Explorer(bounds: .init(depth: depth, maxStates: .max)).explore(spec, device: .iphone)
                })
            }
            guard let result else { continue }
            let rate = Double(result.states) / max(seconds, 1e-9)
            print([Measurement.format(Double(depth), decimals: 0, width: 5), Measurement.format(Double(result.states), decimals: 0, width: 9),
                   Measurement.format(Double(result.paths), decimals: 0, width: 9),
                   Measurement.format(Double(result.discoveries.count), decimals: 0, width: 9),
                   Measurement.format(seconds, decimals: 3, width: 7), Measurement.format(rate, decimals: 0, width: 11)].joined(separator: " "))
        }
    }
}
