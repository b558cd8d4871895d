import VCAuditReplay
import VCAuditSpec

/// `adapted_popover_without_dismiss`: a popover that compact width turns into something the user cannot leave.
struct AdaptedPopoverWithoutDismissRule: Rule {
    static let description = RuleDescription(
        identifier: "adapted_popover_without_dismiss",
        name: "Adapted popover without dismiss",
        description: """
            In compact width a popover adapts: to full screen (`overFullScreen`) before iOS 13, to a form sheet from \
            iOS 13 on (in compact height too: a large iPhone in landscape), or to what the adaptive delegate returns \
            (`popover.adaptive`). Tapping outside no longer \
            dismisses it. If it adapts to a full-screen style, or to a sheet that cannot be swiped away \
            (`modalInPresentation`), the user is stuck unless the app gives a way out: `popover.adaptive: none`, \
            or a transition from the presented controller (or one inside it) that dismisses or unwinds it, \
            usually a Done button. Flagged on every device, since an iPad app runs in compact width in Split View \
            and Slide Over.
            """,
        category: .presentation,
        severity: .warning,
        uikitMessage: """
            Documented: an adapted popover loses tap-outside dismissal; apps add a Done button (often by wrapping \
            the content in a navigation controller in adaptivePresentationStyle(for:)/presentationController(_:viewControllerForAdaptivePresentationStyle:)).
            """,
        triggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                ios: 12
                controllers:
                  book: { class: BookViewController }
                  info:
                    class: AuthorInfoViewController
                    modalPresentationStyle: popover
                    popover: { barButtonItem: infoItem }
                window: book
                transitions:
                  showInfo:
                    calls:
                      - ↓present: { vc: info, from: book }
                scenarios:
                  - name: About the author
                    steps:
                      - launch
                      - perform: showInfo
                """),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  book: { class: BookViewController }
                  terms:
                    class: TermsViewController
                    modalPresentationStyle: popover
                    modalInPresentation: true       # must be accepted: cannot be swiped away
                    popover: { sourceView: termsButton }
                window: book
                transitions:
                  showTerms: ↓{ segue: popover, from: book, to: terms }
                scenarios:
                  - name: The terms, on iPad
                    steps:
                      - launch
                      - perform: showTerms
                """, device: .ipad),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                ios: 12
                controllers:
                  book: { class: BookViewController }
                  info:
                    class: AuthorInfoViewController
                    modalPresentationStyle: popover
                    popover: { barButtonItem: infoItem }
                window: book
                transitions:
                  showInfo:
                    calls:
                      - present: { vc: info, from: book }
                  closeInfo: { segue: unwind, from: info, to: book }    # the Done button
                scenarios:
                  - name: About the author
                    steps:
                      - launch
                      - perform: showInfo
                      - perform: closeInfo
                """),
            RuleDescription.Example("""
                vcaudit: 1
                ios: 12
                controllers:
                  book: { class: BookViewController }
                  info:
                    class: AuthorInfoViewController
                    modalPresentationStyle: popover
                    popover: { barButtonItem: infoItem, adaptive: none }
                window: book
                transitions:
                  showInfo:
                    calls:
                      - present: { vc: info, from: book }
                scenarios:
                  - name: About the author
                    steps:
                      - launch
                      - perform: showInfo
                """),
            RuleDescription.Example("""
                vcaudit: 1
                ios: 17
                controllers:
                  book: { class: BookViewController }
                  info:
                    class: AuthorInfoViewController
                    modalPresentationStyle: popover
                    popover: { barButtonItem: infoItem }
                window: book
                transitions:
                  showInfo:
                    calls:
                      - present: { vc: info, from: book }   # a sheet the user can swipe down
                scenarios:
                  - name: About the author
                    steps:
                      - launch
                      - perform: showInfo
                """),
        ])

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.present] }
        static var callbacks: ObserverCallbacks { .didApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself (`traps` is what
        /// the spec alone says, the same for every replay).
        static var keepsState: Bool { false }
        /// What compact width makes of each controller presented as a popover, worked out once for the spec.
        let traps = Traps()

        /// What compact width makes of each controller presented as a popover that the user cannot leave by tapping
        /// outside (nil: it stays a popover, or becomes a sheet that can be swiped away), by controller: it depends on
        /// the spec alone. Shared by the observer's copies, which watch one spec's replays one at a time (so no two
        /// accesses overlap, and the run time's exclusivity checks are left out).
        ///
        /// Working it out again at every popover presented passed the spec to `PresentationResolver`, a copy of it
        /// (a retain and a release of each of its fields, over 800 instructions a time in callgrind).
        final class Traps {
            @exclusivity(unchecked) private var known: [ControllerID: String?] = [:]

            /// The trap of `vc`, worked out by `make` the first time it is asked for: the spec is read only then (passed
            /// to a function, it is copied).
            func trap(of vc: ControllerID, _ make: () -> String?) -> String? {
                if let trap = known[vc] { return trap }
                let trap = make()
                known[vc] = trap
                return trap
            }
        }

        /// What compact width makes of `vc` (declared at `position` in `spec`) presented as a popover, when the user
        /// cannot leave it by tapping outside.
        static func trap(of vc: ControllerID, at position: Int, in spec: Spec) -> String? {
            let compact = PresentationResolver.adaptedStyle(.popover, for: vc, spec: spec, width: .compact)
            if compact.coversScreen { return "\(compact.shownAs)" }
            if compact == .pageSheet || compact == .formSheet, spec.controllers[position].modalInPresentation {
                return "\(compact.shownAs) that cannot be swiped away (isModalInPresentation)"
            }
            return nil
        }

        mutating func didApply(_ event: Event, state: HierarchyState) {
            // The declaration is found by position, and its one field read in place: a copy of it retained each of
            // its strings and lists, at every popover presented. Only when the trap is worked out: looked up in the
            // spec's table at every popover presented, it cost about 220 instructions each time (callgrind).
            guard event.name == .present, (event.requestedStyle ?? event.style) == .popover, let vc = event.presented,
                  let trap = traps.trap(of: vc, {
                      context.spec.controllerPosition(of: vc).flatMap { Self.trap(of: vc, at: $0, in: context.spec) }
                  }) else { return }
            let inside = Self.inside(vc, spec: context.spec, state: state)
            guard !Self.hasWayOut(inside, spec: context.spec) else { return }
            let x = context.name(vc)
            var notes: [Finding.Note] = []
            if let note = context.declarationNote(vc, "'\(vc)' declared here") { notes.append(note) }
            context.report(event, """
                \(x) is presented as a popover, which compact width (iPhone, iPad in Split View or Slide Over) adapts \
                to \(trap), where tapping outside no longer dismisses it, and no transition from \(x) dismisses or \
                unwinds it: the user cannot leave. Add a Done button (a transition that dismisses '\(vc)' or an \
                unwind segue from it), or keep the popover with 'popover: { adaptive: none }'.
                """, controllers: event.vc.map { [vc, $0] } ?? [vc], notes: notes)
        }

        /// `vc` and every controller inside it: declared and current children, recursively.
        static func inside(_ vc: ControllerID, spec: Spec, state: HierarchyState) -> Set<ControllerID> {
            var result: Set<ControllerID> = []
            var stack = [vc]
            while let current = stack.popLast() {
                guard result.insert(current).inserted else { continue }
                stack += state.children(of: current)
                stack += spec.controller(current)?.children.map(\.id) ?? []
            }
            return result
        }

        /// Whether a transition dismisses one of `inside` or unwinds from one of them.
        static func hasWayOut(_ inside: Set<ControllerID>, spec: Spec) -> Bool {
            func dismisses(_ step: Step) -> Bool {
                switch step.action {
                case let .dismiss(vc, _): inside.contains(vc.id)
                case let .simultaneously(steps): steps.contains(where: dismisses)
                default: false
                }
            }
            return spec.transitions.contains { transition in
                switch transition.body {
                case .segue(let segue): segue.kind == .unwind && inside.contains(segue.from.id)
                case .calls(let calls): calls.contains(where: dismisses)
                }
            }
        }
    }
}
