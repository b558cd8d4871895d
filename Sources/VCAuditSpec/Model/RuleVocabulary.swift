/// The rule ids an `ignore:` entry may name, so that an unknown one is reported with the file's other errors.
///
/// The spec module does not know the rules: the rule checker supplies its
/// catalog (`RuleCatalog.vocabulary`) to `SpecLoader.load`, and without one
/// `ignore:` ids are left for the checker to judge after loading.
public struct RuleVocabulary: Sendable {
    /// Every rule id there is.
    public var identifiers: Set<String>
    /// The error for an id that is not one of them (with a suggestion, and where the list is).
    public var unknownIdentifierMessage: @Sendable (String) -> String

    public init(identifiers: Set<String>, unknownIdentifierMessage: @escaping @Sendable (String) -> String) {
        self.identifiers = identifiers
        self.unknownIdentifierMessage = unknownIdentifierMessage
    }
}
