import VCAuditReplay
import VCAuditSpec

/// `restoration_round_trip_mismatch`: `restore` rebuilds a different hierarchy than `preserve` saw.
struct RestorationRoundTripMismatchRule: Rule {
    static let description = RuleDescription(
        identifier: "restoration_round_trip_mismatch",
        name: "Restoration round trip mismatch",
        description: """
            After `preserve` and `restore`, the rebuilt hierarchy differs from the one `preserve` saw: controllers \
            missing, a different navigation stack, another tab selected, a presentation gone. The user who left \
            the app in one place comes back to another. Nothing is logged. The usual causes are missing \
            restoration identifiers (see `restoration_id_missing` and `restoration_ancestor_missing_id`).
            """,
        category: .restoration,
        severity: .warning,
        uikitMessage: "Documented, silent at run time: only controllers with a complete restoration identifier path are restored.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                restoration: true
                controllers:
                  inboxNav: { kind: navigation, root: inbox }     # no restorationID: nothing is saved
                  inbox: { class: InboxViewController, restorationID: inbox }
                  thread: { class: ThreadViewController, restorationID: thread }
                window: inboxNav
                scenarios:
                  - name: Relaunch while reading a thread
                    steps:
                      - launch
                      - push: { nav: inboxNav, vc: thread }
                      - preserve
                      - ↓restore
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                restoration: true
                controllers:
                  inboxNav: { kind: navigation, restorationID: inboxNav, root: inbox }
                  inbox: { class: InboxViewController, restorationID: inbox }
                  thread: { class: ThreadViewController, restorationID: thread }
                window: inboxNav
                scenarios:
                  - name: Relaunch while reading a thread
                    steps:
                      - launch
                      - push: { nav: inboxNav, vc: thread }
                      - preserve
                      - restore
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? {
        context.replay.usesRestoration ? Observer(context: context) : nil
    }

    /// Three words wide (what it keeps is behind references), so it sits in an existential's inline buffer: a copy
    /// of the rules' observers allocates nothing for it.
    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.shouldSaveApplicationState, .relaunch] }
        static var callbacks: ObserverCallbacks { [.willApply, .stepWillBegin, .stepDidEnd] }
        /// A step's relaunch is settled at its end, and forgotten there.
        static var settlesOnlyWhatItSaw: Bool { true }
        /// What the last `preserve` saw.
        var saved: Preserved?
        /// The step's first `relaunch` event, while the step runs.
        var relaunch: Relaunch?

        /// The hierarchy a `preserve` saw, in walk order (each controller's shape at the same position as the
        /// controller), and the step that preserved.
        final class Preserved {
            let order: [ControllerID]
            let shapes: [RestorationWalk.Shape]
            let step: Int

            init(order: [ControllerID], shapes: [RestorationWalk.Shape], step: Int) {
                self.order = order
                self.shapes = shapes
                self.step = step
            }
        }

        final class Relaunch {
            let event: Event
            init(_ event: Event) { self.event = event }
        }

        /// Only a step with a relaunch has anything to settle.
        var isIdle: Bool { relaunch == nil }

        /// A `preserve`, or the step's first relaunch.
        func acts(before event: Event, state: HierarchyState) -> Bool {
            event.name == .shouldSaveApplicationState || (event.name == .relaunch && relaunch == nil)
        }

        mutating func stepWillBegin(_ step: Step, index: Int, state: HierarchyState) {
            relaunch = nil
        }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            switch event.name {
            case .shouldSaveApplicationState:
                let walk = context.replay.restorationWalk(state, at: event.seq)
                saved = Preserved(order: walk.nodes.map(\.id), shapes: walk.shapes(state), step: event.step)
            case .relaunch:
                if relaunch == nil { relaunch = Relaunch(event) }
            default:
                break
            }
        }

        mutating func stepDidEnd(_ step: Step, index: Int, state: HierarchyState) {
            guard let event = relaunch?.event else { return }
            relaunch = nil
            guard let saved, !state.isTerminated else { return }
            let table = state.controllers
            // Whether the walk after the relaunch reaches each saved controller: one it does not reach is missing, one
            // it reaches has its shape read from the state (the walk's controllers marked by table position).
            let reached = withUnsafeTemporaryAllocation(of: Bool.self, capacity: table.count) { reached in
                reached.initialize(repeating: false)
                for node in RestorationWalk(state).nodes { reached[table.position(of: node.id)!] = true }
                return saved.order.map { id in table.position(of: id).map { reached[$0] } ?? false }
            }
            /// Where the saved controller at `index` sits after the relaunch, if the walk reaches it.
            func now(_ index: Int) -> RestorationWalk.Shape? {
                guard reached[index] else { return nil }
                let id = saved.order[index]
                let controller = state[id]
                return RestorationWalk.Shape(parent: controller.parent, presenter: controller.presenting, children: state.children(of: id),
                                             selected: controller.selected)
            }
            var missing: [ControllerID] = []
            var changes: [String] = []
            // Each saved shape compared in place with the state's: making the shape now (`now`) and copying the saved
            // one retained and released the lists of children of both, for every controller of every relaunch.
            saved.shapes.withUnsafeBufferPointer { shapes in
                for (index, id) in saved.order.enumerated() {
                    guard reached[index] else {
                        missing.append(id)
                        continue
                    }
                    let position = table.position(of: id)!
                    let children = table.children(at: position)
                    if shapes[index].children != children {
                        changes.append("\(context.name(id))'s children were [\(list(Array(shapes[index].children)))], are [\(list(Array(children)))]")
                    }
                    let selected = table[position: position].selected
                    if shapes[index].selected != selected, let before = shapes[index].selected {
                        changes.append("\(context.name(id)) had \(context.name(before)) selected, has \(selected.map { context.name($0) } ?? "nothing")")
                    }
                    let presenter = table[position: position].presenting
                    if shapes[index].presenter != presenter, let before = shapes[index].presenter {
                        changes.append("\(context.name(id)) was presented by \(context.name(before)), is \(presenter.map { "presented by \(context.name($0))" } ?? "not presented")")
                    }
                }
            }
            guard !missing.isEmpty || !changes.isEmpty else { return }
            var parts: [String] = []
            if !missing.isEmpty { parts.append("\(missing.map { context.name($0) }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing") }
            parts += changes
            var notes: [Finding.Note] = []
            if context.scenario.steps.indices.contains(saved.step - 1) {
                notes.append(Finding.Note(location: SourceLocation(file: context.spec.file, mark: context.scenario.steps[saved.step - 1].mark),
                                          message: "preserved here"))
            }
            context.report(event, """
                After the relaunch the hierarchy is not what was preserved: \(parts.joined(separator: "; ")). The user \
                comes back somewhere else, and nothing is logged. Give every controller on the path a \
                restorationID (a container that is not a system one must also encode its children).
                """, controllers: missing + saved.order.indices.filter { !missing.contains(saved.order[$0]) && now($0) != saved.shapes[$0] }
                    .map { saved.order[$0] }, notes: notes)
        }

        func list(_ ids: [ControllerID]) -> String { ids.joined(separator: ", ") }
    }
}
