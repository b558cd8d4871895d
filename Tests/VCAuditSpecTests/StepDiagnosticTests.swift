import Testing
@testable import VCAuditSpec

@Suite("Scenario steps, transitions, scenarios and suppressions")
struct StepDiagnosticTests {
    @Test("malformed steps")
    func stepErrors() {
        let spec = """
            vcaudit: 1
            controllers:
              nav:
                kind: navigation
                root: home
              home:
              detail:
            scenarios:
              - name: Steps
                steps:
                  - lanch
                  - push
                  - push: detail
                  - pop: nav
                    popToRoot: nav
                  - simultaneously: [launch]
                  - expect: {}
                  - traits: {}
                  - beginAppearance: { vc: home }
                  - select: home
                  - 42
                  - dismiss:

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:11:9: error: unknown step 'lanch'; did you mean 'launch'?
                  - lanch
                    ^~~~~
            spec.yaml:12:9: error: the 'push' step needs arguments; write 'push: {nav: <navigation>, vc: <controller>}'
                  - push
                    ^~~~
            spec.yaml:13:15: error: the 'push' step takes arguments, found 'detail'; write 'push: {nav: <navigation>, vc: <controller>}'
                  - push: detail
                          ^~~~~~
            spec.yaml:15:9: error: a step is a one-key mapping, but this one also has 'popToRoot'; start a new '- ' item for the next step
                    popToRoot: nav
                    ^~~~~~~~~
            spec.yaml:16:25: error: 'simultaneously' needs at least two steps to race; add another step, or write the step on its own
                  - simultaneously: [launch]
                                    ^
            spec.yaml:17:17: error: the 'expect' step checks nothing; add one of: visible, presented, top, stack, selected, parent, appearance
                  - expect: {}
                            ^
            spec.yaml:18:17: error: the 'traits' step changes nothing; give 'width' and/or 'height' (compact or regular)
                  - traits: {}
                            ^
            spec.yaml:19:26: error: missing 'appearing' in the 'beginAppearance' step; write 'appearing: true' or 'appearing: false'
                  - beginAppearance: { vc: home }
                                     ^
            spec.yaml:20:17: error: 'select: home' needs a tab bar controller, but the spec declares none; declare one with 'kind: tabBar' and 'home' among its children
                  - select: home
                            ^~~~
            spec.yaml:21:9: error: unknown step '42'; use one of: launch, present, dismiss, push, pop, popToRoot, popTo, setViewControllers, select, show, showDetail, perform, addChild, removeFromParent, willMove, didMove, addSubview, removeFromSuperview, beginAppearance, endAppearance, transition, traits, device, preserve, restore, simultaneously, expect
                  - 42
                    ^~
            spec.yaml:22:17: error: the 'dismiss' step takes arguments, found null; write 'dismiss: <controller>'
                  - dismiss:
                            ^

            """)
    }

    @Test("malformed transitions and a perform loop")
    func transitionErrors() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
              detail:
            transitions:
              mixed:
                segue: show
                from: home
                to: detail
                calls:
                  - launch
              empty: {}
              badKind: { segue: present, from: home, to: detail }
              noTo: { segue: modal, from: home }
              loopA:
                calls: [perform: loopB]
              loopB:
                calls: [perform: loopA]

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:7:5: error: 'segue' is for segues, but transition 'mixed' has 'calls'; a transition is a segue or a list of calls: remove one
                segue: show
                ^~~~~
            spec.yaml:9:5: error: 'to' is for segues, but transition 'mixed' has 'calls'; a transition is a segue or a list of calls: remove one
                to: detail
                ^~
            spec.yaml:12:3: error: transition 'empty' is neither a segue nor calls; add 'segue: <kind>' with 'from' and 'to', or 'calls: [steps]'
              empty: {}
              ^~~~~
            spec.yaml:13:21: error: unknown segue kind 'present'; use one of: show, showDetail, modal, popover, embed, unwind, custom, push
              badKind: { segue: present, from: home, to: detail }
                                ^~~~~~~
            spec.yaml:14:9: error: missing 'to' in transition 'noTo'; add 'to: <controller>'
              noTo: { segue: modal, from: home }
                    ^
            spec.yaml:18:22: error: transition 'loopB' performs 'loopA', which leads back to it (loopA → loopB → loopA); break the loop
                calls: [perform: loopA]
                                 ^~~~~

            """)
    }

    @Test("'identifier' only on segues, and a string or null")
    func identifierErrors() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
              detail:
            transitions:
              named: { segue: show, from: home, to: detail, identifier: "Show Detail" }
              none: { segue: show, from: home, to: detail, identifier: null }
              listed: { segue: show, from: home, to: detail, identifier: [a] }
              code:
                identifier: x
                calls: [launch]

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:8:62: error: expected the segue's identifier in the storyboard (a string) or null (it has none) for 'identifier' of transition 'listed', found a sequence
              listed: { segue: show, from: home, to: detail, identifier: [a] }
                                                                         ^
            spec.yaml:10:5: error: 'identifier' is for segues, but transition 'code' has 'calls'; a transition is a segue or a list of calls: remove one
                identifier: x
                ^~~~~~~~~~

            """)
    }

    @Test("'event' only on calls without 'from', and only true or false")
    func eventErrors() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
              detail:
            transitions:
              onSegue: { segue: show, from: home, to: detail, event: true }
              withFrom:
                from: home
                event: true
                calls: [present: { vc: detail, from: home }]
              notBool:
                event: sometimes
                calls: [launch]
              fine:
                event: true
                calls: [launch]
              manualCalls: { manual: true, calls: [launch] }
              manualWithoutIdentifier: { segue: modal, from: home, to: detail, manual: true, identifier: null }

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:6:51: error: 'event' is for calls the system runs (a notification, a completion handler), but transition 'onSegue' is a segue, which a user performs (or the code, with 'manual: true'): remove it
              onSegue: { segue: show, from: home, to: detail, event: true }
                                                              ^~~~~
            spec.yaml:9:5: error: 'event: true' is for code paths the system runs, but transition 'withFrom' has 'from', a user action: remove one
                event: true
                ^~~~~
            spec.yaml:12:12: error: expected true or false for 'event' in transition 'notBool', found 'sometimes'
                event: sometimes
                       ^~~~~~~~~
            spec.yaml:17:18: error: 'manual' is for segues, but transition 'manualCalls' has 'calls'; a transition is a segue or a list of calls: remove one
              manualCalls: { manual: true, calls: [launch] }
                             ^~~~~~
            spec.yaml:18:94: error: transition 'manualWithoutIdentifier' is a manual segue without an identifier, which no code can perform (performSegue(withIdentifier:) needs one); give its identifier, or remove the transition
              manualWithoutIdentifier: { segue: modal, from: home, to: detail, manual: true, identifier: null }
                                                                                                         ^

            """)
    }

    @Test("malformed scenarios")
    func scenarioErrors() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
            scenarios:
              - name: Launch
                steps: [launch]
              - name: Launch
                steps: [launch]
              - steps: [launch]
              - name: No steps
              - name: Scalar steps
                steps: launch

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:7:11: error: another scenario is already named 'Launch'; scenario names identify logs and tests, so make them unique
              - name: Launch
                      ^~~~~~
            spec.yaml:5:11: note: first named here
              - name: Launch
                      ^
            spec.yaml:9:5: error: missing 'name' in a scenario; add 'name: <what the user does>' (names identify logs and generated tests)
              - steps: [launch]
                ^
            spec.yaml:10:5: error: missing 'steps' in a scenario; add 'steps: [launch, ...]'
              - name: No steps
                ^
            spec.yaml:12:12: error: expected a list of steps for 'steps' of scenario 'Scalar steps', found 'launch'; write [launch]
                steps: launch
                       ^~~~~~

            """)
    }

    @Test("malformed ignore entries")
    func ignoreErrors() {
        let spec = """
            vcaudit: 1
            controllers:
              home:
                ignore:
                  - rule: present_from_detached
                  - { reason: no rule }
                  - pop_root
              other:
                ignore: pop_root

            """
        #expect(renderedDiagnostics(spec) == """
            spec.yaml:5:9: error: 'ignore' of rule 'present_from_detached' has no reason; add 'reason: <why this is fine>' so reviewers know
                  - rule: present_from_detached
                    ^
            spec.yaml:6:9: error: missing 'rule' in an 'ignore' entry; add 'rule: <rule id>'
                  - { reason: no rule }
                    ^
            spec.yaml:7:9: error: an 'ignore' entry names a rule and a reason, found 'pop_root'; write '{rule: pop_root, reason: <why this is fine>}'
                  - pop_root
                    ^~~~~~~~
            spec.yaml:9:13: error: expected a list of {rule, reason} for 'ignore', found 'pop_root'; write 'ignore: [{rule: pop_root, reason: <why this is fine>}]'
                ignore: pop_root
                        ^~~~~~~~

            """)
    }
}
