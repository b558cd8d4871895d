import ArgumentParser
import VCAuditReplay
import VCAuditSpec

/// `vcaudit tree SPEC`: the view-controller hierarchy at a point of a scenario, like UIKit's `_printHierarchy`.
public struct TreeCommand: DeliveringCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Print the view-controller hierarchy at a point of a scenario.",
        discussion: """
            The hierarchy is printed like UIKit's _printHierarchy: the window's root, children \
            marked '|', presented controllers marked '+', each with its appearance state and \
            whether its view is in the window; controllers outside the window's hierarchy follow.

            --at takes:
              end        after the last step (the default)
              N, step:N  after scenario step N (1-based, counting the
                         scenario's 'steps:'), its animations completed
              seq:N      right after event N of the log (its 'seq' in
                         'vcaudit replay')
              0          before the first step: as declared, not launched

            When the app crashed (UIKit raised an exception), the header says at which step, \
            whatever the point; a point after the crash prints the hierarchy at the crash. Without --scenario, every scenario \
            is printed in order. Exit status: 0 when printed, 2 when the spec cannot be loaded, \
            an option is wrong, or a scenario has no such step or event.
            """)

    @OptionGroup public var options: ScenarioOptions

    @Option(help: ArgumentHelp("Where in the scenario: end, N or step:N (after step N), seq:N (after event N).",
                               valueName: "point"))
    public var at: String = "end"

    public init() {}

    /// Replays to the point and renders, without touching the process's output.
    public func execute() -> SubcommandOutput {
        guard let point = ReplayPoint(parsing: at) else {
            return SubcommandFailure("error: '--at \(at)' is not a point; write end, N, step:N or seq:N (see 'vcaudit tree --help')\n").output
        }
        let input: ScenarioCommandInput
        switch options.input() {
        case .success(let loaded): input = loaded
        case .failure(let failure): return failure.output
        }
        var out = ""
        var errors = ""
        for (index, scenario) in input.scenarios.enumerated() {
            var capture = HierarchyCapture(point: point)
            let result = Replay.run(input.spec, scenario: scenario, device: input.device, observer: &capture)
            let title = "# \(input.spec.file) — scenario \"\(scenario.name)\" on \(result.device.rawValue), iOS \(input.spec.ios)"
            let state: HierarchyState
            let position: String
            switch point {
            case .end:
                state = result.finalState
                position = "at the end (\(scenario.steps.count) steps, \(result.log.events.count) events)"
            case .step(let n):
                guard n <= scenario.steps.count else {
                    errors += "error: scenario '\(scenario.name)' has \(scenario.steps.count) steps; there is no step \(n)\n"
                    continue
                }
                if n == 0 {
                    state = Replay.initialState(spec: input.spec, device: result.device)
                    position = "before step 1 (as declared, not launched)"
                } else if let captured = capture.state {
                    state = captured
                    let step = scenario.steps[n - 1]
                    position = "after step \(n) (\(step.name), line \(step.mark.line))"
                } else {
                    state = result.finalState
                    position = "at the crash (step \(n) never ran)"
                }
            case .event(let seq):
                guard seq <= result.log.events.count else {
                    errors += "error: the log of scenario '\(scenario.name)' has \(result.log.events.count) events; there is no event \(seq)\n"
                    continue
                }
                if seq == 0 {
                    state = Replay.initialState(spec: input.spec, device: result.device)
                    position = "before event 1 (as declared, not launched)"
                } else {
                    state = capture.state ?? result.finalState
                    position = "after event \(seq) (\(result.log.events[seq - 1].summary))"
                }
            }
            if index > 0, !out.isEmpty { out += "\n" }
            out += "\(title) — \(position)"
            if result.finalState.isTerminated {
                out += " — crashed at step \(result.log.events.last?.step ?? 0); steps after it never ran"
            }
            out += "\n"
            out += HierarchyPrinter(spec: input.spec, state: state).render()
        }
        return SubcommandOutput(stdout: out, stderr: errors, status: errors.isEmpty ? 0 : 2)
    }
}

/// A point in a replay: after a scenario step, after an event, or the end.
enum ReplayPoint: Equatable {
    case end
    /// After scenario step N (1-based; 0 is before the first step).
    case step(Int)
    /// Right after the event with `seq` N (0 is before the first event).
    case event(Int)

    init?(parsing text: String) {
        let lowered = text.lowercased()
        if lowered == "end" {
            self = .end
        } else if let n = Int(lowered), n >= 0 {
            self = .step(n)
        } else if lowered.hasPrefix("step:"), let n = Int(lowered.dropFirst(5)), n >= 0 {
            self = .step(n)
        } else if lowered.hasPrefix("seq:"), let n = Int(lowered.dropFirst(4)), n >= 0 {
            self = .event(n)
        } else {
            return nil
        }
    }
}

/// Keeps the state at a replay point as the replay passes it.
struct HierarchyCapture: ReplayObserver {
    let point: ReplayPoint
    var state: HierarchyState?

    init(point: ReplayPoint) {
        self.point = point
    }

    mutating func didApply(_ event: Event, state: HierarchyState) {
        if case .event(let seq) = point, event.seq == seq { self.state = state }
    }

    mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
        if case .step(let n) = point, index == n { self.state = state }
    }
}
