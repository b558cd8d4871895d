import VCAuditSpec

extension Spec {
    /// Calls `body` with every step and transition call as written, nested ones included, and where each is written.
    ///
    /// Transition calls come first (in declaration order), then scenario steps;
    /// a step inside `simultaneously` comes after the step that holds it.
    public func forEachWrittenStep(_ body: (Step, DeclarationContext.Place) -> Void) {
        func visit(_ step: Step, transition: String) {
            body(step, .transition(transition, call: step.mark))
            if case .simultaneously(let inner) = step.action {
                for nested in inner { visit(nested, transition: transition) }
            }
        }
        func visit(_ step: Step, scenario: Int, index: Int) {
            body(step, .scenarioStep(scenario: scenario, step: index, call: step.mark))
            if case .simultaneously(let inner) = step.action {
                for nested in inner { visit(nested, scenario: scenario, index: index) }
            }
        }
        for transition in transitions {
            guard case .calls(let calls) = transition.body else { continue }
            for call in calls { visit(call, transition: transition.name) }
        }
        for (scenarioIndex, scenario) in scenarios.enumerated() {
            for (offset, step) in scenario.steps.enumerated() { visit(step, scenario: scenarioIndex, index: offset + 1) }
        }
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
