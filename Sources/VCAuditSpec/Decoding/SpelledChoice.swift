import VCAuditYAML

/// An enumeration a spec spells by its raw value (`kind: navigation`, `style: formSheet`).
///
/// Each one keeps its `Spellings`, so reading a value compares bytes in a
/// `WordTable` instead of making a `String` and trying every case.
protocol SpelledChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    static var spellings: Spellings<Self> { get }
}

/// The cases of a `SpelledChoice`, found by the bytes of their raw values.
struct Spellings<Choice: SpelledChoice>: Sendable {
    private let table: WordTable
    private let cases: [Choice]

    init() {
        let cases = Array(Choice.allCases)
        table = WordTable(cases.map(\.rawValue))
        self.cases = cases
    }

    /// The case `scalar` spells, if any.
    @inline(__always)
    func value(of scalar: BorrowedNode.Scalar) -> Choice? {
        table.number(of: scalar).map { cases[$0] }
    }

    /// The position in `allCases` of the case `scalar` spells, if any.
    @inline(__always)
    func position(of scalar: BorrowedNode.Scalar) -> Int? {
        table.number(of: scalar)
    }
}

extension Controller.Kind: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension Controller.Spine: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension Controller.PageTransitionStyle: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension AppearanceState: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension Device: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension SizeClass: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension PresentationStyle: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension Segue.Kind: SpelledChoice {
    static let spellings = Spellings<Self>()
}

extension Step.Kind: SpelledChoice {
    /// A step's name is read as its kind by its key bit and a compare or two (`WordTable`), not a comparison per kind.
    static let spellings = Spellings<Self>()
}
