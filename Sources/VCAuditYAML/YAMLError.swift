/// Why a YAML source could not be composed into a single document.
///
/// Every case carries the 1-based mark it is about; `message` reads like a
/// compiler diagnostic and says what to do.
public struct YAMLError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// libyaml refused the bytes (syntax, encoding).
        case syntax
        /// The input is not valid UTF-8.
        case encoding
        /// The same key appears twice in one mapping.
        case duplicateKey(String, first: Mark)
        /// An alias names an anchor that was not defined before it.
        case unknownAnchor(String)
        /// Aliases would expand to more nodes than allowed (an alias bomb).
        case excessiveAliasing(limit: Int)
        /// Collections nest deeper than allowed.
        case tooDeep(limit: Int)
        /// The source holds no document.
        case empty
        /// The source holds more than one document.
        case multipleDocuments
        /// A mapping key is not a scalar.
        case complexKey
        /// The source is larger than allowed.
        case tooLarge(limit: Int)
    }

    /// Another place that explains the error: where a duplicated key was first
    /// defined, where an unclosed bracket or quote opens.
    public struct Note: Equatable, Sendable {
        public var mark: Mark
        public var message: String

        public init(mark: Mark, message: String) {
            self.mark = mark
            self.message = message
        }
    }

    public var kind: Kind
    public var mark: Mark
    public var message: String
    /// How many characters from `mark` the error covers (at least 1), for underlining.
    public var length: Int
    public var notes: [Note]

    public init(kind: Kind, mark: Mark, message: String, length: Int = 1, notes: [Note] = []) {
        self.kind = kind
        self.mark = mark
        self.message = message
        self.length = max(1, length)
        self.notes = notes
    }

    public var description: String { "\(mark): \(message)" }
}
