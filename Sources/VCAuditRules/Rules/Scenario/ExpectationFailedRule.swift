import VCAuditReplay
import VCAuditSpec
import VCAuditSupport

/// `expectation_failed`: an `expect` step that does not hold.
struct ExpectationFailedRule: Rule {
    static let description = RuleDescription(
        identifier: "expectation_failed",
        name: "Expectation failed",
        description: """
            An `expect:` assertion does not hold on the replayed hierarchy: a controller is not visible, not on top \
            of its stack, not selected, not presented, not where the team expected it. The scenario goes on. \
            Either the app's calls or the expectation is wrong.
            """,
        category: .scenario,
        severity: .error,
        uikitMessage: "None: this is the team's own assertion, checked against the state UIKit would be in.",
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  detail: { class: DetailViewController }
                window: nav
                scenarios:
                  - name: Open a detail
                    steps:
                      - launch
                      - expect: { ↓top: { nav: nav, vc: detail } }
                """),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  nav: { kind: navigation, root: list }
                  list: { class: ListViewController }
                  detail: { class: DetailViewController }
                window: nav
                scenarios:
                  - name: Open a detail
                    steps:
                      - launch
                      - push: { nav: nav, vc: detail }
                      - expect: { top: { nav: nav, vc: detail } }
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.expect] }
        static var callbacks: ObserverCallbacks { .didApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func didApply(_ event: Event, state: HierarchyState) {
            guard event.name == .expect, event.passed == false else { return }
            let expectation = context.expectation(for: event)
            context.report(event, Self.message(event, expectation, state: state), controllers: Self.controllers(expectation))
        }

        /// What the finding says: the expectation, what was found instead, and what to do.
        ///
        /// From the texts the event carries (a log's), or else written from `state`: a replay that keeps no log
        /// leaves them out of its events, and an `expect` changes nothing, so the state after it is the one it was
        /// checked in (`HierarchyState.writeFailure(of:separator:into:)` writes what the log would say).
        static func message(_ event: Event, _ expectation: Expectation?, state: HierarchyState) -> String {
            let expected = event.expectation
            let found = event.message
            guard expected == nil, found == nil, let expectation else {
                return message(expected: expected ?? "the expectation", found: found)
            }
            return TextWriter.text { message in
                message.write("Expected ")
                state.writeFailure(of: expectation.check, separator: ", but ", into: &message)
                message.write(advice)
            }
        }

        /// What the finding says, from the texts of the expectation and of what was found instead.
        ///
        /// Written piece by piece into the one string it becomes (`TextWriter`): an interpolation of the two (often
        /// long) texts grew its string two or three times, and appending each to a string made with room for them
        /// still checked the string at each append.
        static func message(expected: String, found: String?) -> String {
            TextWriter.text { message in
                message.write("Expected ")
                message.write(expected)
                if let found {
                    message.write(", but ")
                    message.write(found)
                }
                message.write(advice)
            }
        }

        /// What every message ends with.
        private static let advice = ". Fix the calls that lead here, or the expectation if the app is right."

        /// The controllers an expectation names, in the order it names them: one array, made with room for them.
        ///
        /// The short ones are array literals, made at their size at once: an empty array given room with
        /// `reserveCapacity` went through the array's general path to grow.
        static func controllers(_ expectation: Expectation?) -> [ControllerID] {
            guard let expectation else { return [] }
            switch expectation.check {
            case .visible(let refs):
                return refs.map(\.id)
            case let .presented(by, vc):
                if let vc { return [vc.id, by.id] }
                return [by.id]
            case let .top(nav, vc), let .selected(nav, vc):
                return [vc.id, nav.id]
            case let .stack(nav, vcs):
                var result: [ControllerID] = []
                result.reserveCapacity(vcs.count + 1)
                result.append(nav.id)
                for ref in vcs { result.append(ref.id) }
                return result
            case let .parent(child, parent):
                if let parent { return [child.id, parent.id] }
                return [child.id]
            case let .appearance(vc, _):
                return [vc.id]
            }
        }
    }
}
