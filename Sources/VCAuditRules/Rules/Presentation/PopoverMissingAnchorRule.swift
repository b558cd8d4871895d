import VCAuditReplay
import VCAuditSpec

/// `popover_missing_anchor`: a popover with neither `barButtonItem` nor `sourceView`, flagged on every device.
struct PopoverMissingAnchorRule: Rule {
    static let description = RuleDescription(
        identifier: "popover_missing_anchor",
        name: "Popover missing anchor",
        description: """
            A controller is presented with the popover style (also action-sheet alerts and activity controllers) \
            without a `barButtonItem` or `sourceView`. UIKit raises NSGenericException when the popover is shown \
            as a popover: in regular width (iPad). In compact width (iPhone) it adapts to a sheet or full screen \
            and the crash stays hidden until an iPad user taps the button, so vcaudit flags it on every device.
            """,
        category: .presentation,
        severity: .error,
        uikitMessage: """
            UIPopoverPresentationController (<UIPopoverPresentationController: 0x...>) should have a non-nil \
            sourceView or barButtonItem set before the presentation occurs. (NSGenericException, iPad only)
            """,
        triggeringExamples: [
            RuleDescription.Example(Self.shareExample, device: .iphone),
            RuleDescription.Example(Self.shareExample, device: .ipad),
        ],
        nonTriggeringExamples: [
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  recipesNav: { kind: navigation, root: recipe }
                  recipe: { class: RecipeViewController }
                  share:
                    class: UIActivityViewController
                    modalPresentationStyle: popover
                    popover: { barButtonItem: shareItem }
                window: recipesNav
                transitions:
                  shareRecipe:
                    calls:
                      - present: { vc: share, from: recipe }
                scenarios:
                  - name: Share a recipe
                    steps:
                      - launch
                      - perform: shareRecipe
                """, device: .ipad),
            RuleDescription.Example("""
                vcaudit: 1
                controllers:
                  recipesNav: { kind: navigation, root: recipe }
                  recipe: { class: RecipeViewController }
                  share: { class: UIActivityViewController, modalPresentationStyle: popover }
                window: recipesNav
                transitions:
                  shareRecipe:
                    calls:
                      - present: { vc: share, from: recipe, anchor: { sourceView: shareButton } }
                scenarios:
                  - name: Share a recipe
                    steps:
                      - launch
                      - perform: shareRecipe
                """, device: .iphone),
        ])

    static let shareExample = """
        vcaudit: 1
        controllers:
          recipesNav: { kind: navigation, root: recipe }
          recipe: { class: RecipeViewController }
          share: { class: UIActivityViewController, modalPresentationStyle: popover }
        window: recipesNav
        transitions:
          shareRecipe:            # RecipeViewController.shareTapped(_:)
            calls:
              - ↓present: { vc: share, from: recipe }
        scenarios:
          - name: Share a recipe
            steps:
              - launch
              - perform: shareRecipe
        """

    static func makeObserver(_ context: RuleContext) -> (any ReplayObserver)? { Observer(context: context) }

    struct Observer: SelectiveObserver {
        let context: RuleContext
        static var observedEvents: Set<EventName> { [.exception, .present] }
        static var callbacks: ObserverCallbacks { .willApply }
        /// Every stored property is a `let`: it reports through `context`, and keeps nothing itself.
        static var keepsState: Bool { false }

        mutating func willApply(_ event: Event, state: HierarchyState) {
            switch event.name {
            case .exception where event.reason == .popoverMissingAnchor:
                guard let vc = event.vc else { return }
                report(event, presented: vc, from: event.source ?? event.presenter)
            case .present where event.anchor == "none":
                guard let vc = event.presented else { return }
                report(event, presented: vc, from: event.vc)
            default:
                break
            }
        }

        /// The same message on every device, so the device matrix merges the findings.
        func report(_ event: Event, presented vc: ControllerID, from source: ControllerID?) {
            let x = context.name(vc)
            let compact = PresentationResolver.adaptedStyle(.popover, for: vc, spec: context.spec, width: .compact)
            let devices = compact == .popover
                ? "UIKit raises NSGenericException when \(x) is presented, on iPad and, because its adaptive presentation style keeps the popover in compact width, on iPhone too."
                : "UIKit raises NSGenericException when \(x) is presented in regular width (iPad); in compact width (iPhone) it adapts to \(compact.shownAs), which hides the crash."
            var notes: [Finding.Note] = []
            if let note = context.declarationNote(vc, "'\(vc)' declared here without a popover anchor") { notes.append(note) }
            context.report(event, """
                UIPopoverPresentationController (<UIPopoverPresentationController: \(vc)>) should have a non-nil \
                sourceView or barButtonItem set before the presentation occurs. \(devices) Set the anchor before \
                presenting: 'popover: { barButtonItem: ... }' or 'sourceView' on '\(vc)', or 'anchor:' on this call.
                """, controllers: source.map { [vc, $0] } ?? [vc], notes: notes)
        }
    }
}
