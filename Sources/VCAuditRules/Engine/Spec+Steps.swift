import VCAuditSpec

extension Spec {
    /// Calls `body` with every step and transition call as written, nested ones included, and where each is written.
    ///
    /// Transition calls come first (in declaration order), then scenario steps;
    /// a step inside `simultaneously` comes after the step that holds it.
    public func forEachWrittenStep(_ body: (Step, DeclarationContext.Place) -> Void) {
        // The steps are read in place, through buffer pointers: iterating the arrays would copy every step.
        func visit(_ steps: [Step], transition: String) {
            steps.withUnsafeBufferPointer { steps in
                for position in steps.indices {
                    body(steps[position], .transition(transition, call: steps[position].mark))
                    if case .simultaneously(let inner) = steps[position].action { visit(inner, transition: transition) }
                }
            }
        }
        func visit(_ steps: [Step], scenario: Int, index: Int?) {
            steps.withUnsafeBufferPointer { steps in
                for position in steps.indices {
                    let index = index ?? position + 1
                    body(steps[position], .scenarioStep(scenario: scenario, step: index, call: steps[position].mark))
                    if case .simultaneously(let inner) = steps[position].action { visit(inner, scenario: scenario, index: index) }
                }
            }
        }
        // The transitions and scenarios too, by position: iterating them copied each (a retain of each of its fields)
        // for the one list it reads.
        for position in transitions.indices {
            guard case .calls(let calls) = transitions[position].body else { continue }
            visit(calls, transition: transitions[position].name)
        }
        for position in scenarios.indices { visit(scenarios[position].steps, scenario: position, index: nil) }
    }
}

extension PresentationStyle {
    /// How a message names what a presentation looks like: "a sheet", "full screen".
    var shownAs: String {
        switch self {
        case .fullScreen: "full screen"
        case .overFullScreen: "full screen (overFullScreen)"
        case .pageSheet: "a sheet"
        case .formSheet: "a form sheet"
        case .currentContext, .overCurrentContext: "the current context (\(rawValue))"
        case .popover: "a popover"
        case .custom: "a custom presentation"
        case .automatic: "the automatic style"
        }
    }

    /// Whether the presentation covers the whole screen, leaving no area to tap outside it.
    var coversScreen: Bool {
        switch self {
        case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext: true
        case .pageSheet, .formSheet, .popover, .custom, .automatic: false
        }
    }
}
