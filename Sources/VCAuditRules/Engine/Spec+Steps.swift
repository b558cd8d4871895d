extension Spec {
    /// Every step and transition call as written, nested ones included, with where each is written.
    ///
    /// Transition calls come first (in declaration order), then scenario steps;
    /// a step inside `simultaneously` is listed after the step that holds it.
    public var writtenSteps: [(step: Step, place: DeclarationContext.Place)] {
        var result: [(Step, DeclarationContext.Place)] = []
        func visit(_ step: Step, _ place: (Mark) -> DeclarationContext.Place) {
            result.append((step, place(step.mark)))
            if case .simultaneously(let inner) = step.action {
                for nested in inner { visit(nested, place) }
            }
        }
        for transition in transitions {
            guard case .calls(let calls) = transition.body else { continue }
            for call in calls { visit(call) { .transition(transition.name, call: $0) } }
        }
        for (scenarioIndex, scenario) in scenarios.enumerated() {
            for (offset, step) in scenario.steps.enumerated() {
                visit(step) { .scenarioStep(scenario: scenarioIndex, step: offset + 1, call: $0) }
            }
        }
        return result
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
