import VCAuditSpec

/// Every rule vcaudit has, in catalog order (by category, then as docs/rules.md lists them).
public enum RuleCatalog {
    /// The rules.
    public static let all: [any Rule.Type] = [
        // Containment
        ViewAddedWithoutContainmentRule.self,
        MissingDidMoveToParentRule.self,
        MissingWillMoveToParentRule.self,
        ChildViewNotInParentRule.self,
        ViewLeftAfterRemovalRule.self,
        ReparentedWithoutRemovalRule.self,
        ContainmentCycleRule.self,
        TransitionWithoutCommonParentRule.self,
        AddSelfAsSubviewRule.self,
        ViewHierarchyCycleRule.self,
        // Appearance
        UnbalancedAppearanceTransitionRule.self,
        AppearanceNotForwardedRule.self,
        RedundantAppearanceForwardingRule.self,
        // Presentation
        PopoverMissingAnchorRule.self,
        PopoverConflictingAnchorRule.self,
        AdaptedPopoverWithoutDismissRule.self,
        PresentWhilePresentingRule.self,
        PresentFromDetachedRule.self,
        PresentActiveControllerRule.self,
        TransitionInProgressRule.self,
        DismissWithoutPresentationRule.self,
        ContextPresentationWithoutDefinerRule.self,
        CustomPresentationWithoutDelegateRule.self,
        // Navigation, tab bar, page
        PushDuplicateInstanceRule.self,
        PushNavigationControllerRule.self,
        PushSegueWithoutNavigationControllerRule.self,
        PushSplitViewControllerRule.self,
        PopToMissingControllerRule.self,
        PopRootRule.self,
        SelectUnknownTabRule.self,
        PageCountMismatchRule.self,
        UnwindDestinationNotFoundRule.self,
        NestedNavigationControllerRule.self,
        TabBarInNavigationRule.self,
        UnreachableControllerRule.self,
        // Window
        WindowWithoutRootRule.self,
        // Restoration
        RestorationIDMissingRule.self,
        RestorationAncestorMissingIDRule.self,
        RestorationPathCollisionRule.self,
        RestorationRoundTripMismatchRule.self,
        // Scenario
        ExpectationFailedRule.self,
        UnusedSuppressionRule.self,
    ]

    /// Every rule's documentation, in catalog order.
    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    /// Every rule id, in catalog order.
    public static let identifiers: [String] = all.map { $0.identifier }

    private static let byIdentifier: [String: any Rule.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.identifier, $0) })

    /// The rule with id `identifier`.
    public static func rule(_ identifier: String) -> (any Rule.Type)? { byIdentifier[identifier] }

    /// The default severity of each rule, by id: asked for every finding, where reading a rule's `description`
    /// copies its whole documentation.
    private static let defaultSeverities: [String: Severity] =
        Dictionary(uniqueKeysWithValues: all.map { ($0.identifier, $0.description.severity) })

    /// The default severity of the rule with id `identifier`, if there is one.
    public static func defaultSeverity(of identifier: String) -> Severity? { defaultSeverities[identifier] }

    /// The known id closest to a misspelled `identifier`, if one is close.
    public static func suggestion(for identifier: String) -> String? {
        Suggestions.closest(to: identifier, in: identifiers)
    }

    /// The rule ids for `SpecLoader.load(path:limits:rules:)`, so unknown ids in `ignore:` are reported with a spec's other errors.
    public static let vocabulary = RuleVocabulary(identifiers: Set(identifiers)) { unknownIdentifierMessage($0, in: "'ignore'") }

    /// "unknown rule 'x' in <where>; did you mean 'y'? ('vcaudit rules' lists every rule)".
    public static func unknownIdentifierMessage(_ identifier: String, in place: String, among candidates: [String] = identifiers) -> String {
        "unknown rule '\(identifier)' in \(place)\(Suggestions.didYouMean(identifier, in: candidates)) ('vcaudit rules' lists every rule)"
    }
}
