import VCAuditYAML

extension Spec {
    /// Makes the spec one imported in memory from storyboards: from now on, its locations point at the storyboards.
    ///
    /// Every controller and transition an import writes has a `source:`; the `window:` line points at the window
    /// root's element (the storyboard's initial view controller).
    public mutating func locateInStoryboards() {
        firstImportedLine = 1
        importedSources = declarationSources
        if let window, let source = controller(window.id)?.source { importedSources[window.mark] = source }
    }

    /// Where each declaration with a `source:` really lives, by its marks in this spec: a controller's, a
    /// transition's and its segue's.
    var declarationSources: [Mark: SourceReference] {
        var sources: [Mark: SourceReference] = [:]
        for controller in controllers {
            if let source = controller.source { sources[controller.mark] = source }
        }
        for transition in transitions {
            guard let source = transition.source else { continue }
            sources[transition.mark] = source
            if case .segue(let segue) = transition.body { sources[segue.mark] = source }
        }
        return sources
    }

    /// Whether what is at `mark` was written by an import from storyboards, not by the user: it is on an imported line.
    public func isImported(_ mark: Mark) -> Bool {
        firstImportedLine.map { mark.line >= $0 } ?? false
    }

    /// Where `location` is in a file the user edits.
    ///
    /// A location on a line imported from storyboards, which exists in no file, is the storyboard element of the
    /// declaration at it, else of the declaration it belongs to: the nearest one at or before it, since an import
    /// writes each declaration's lines together. Other locations are returned as they are.
    public func sourceLocation(of location: SourceLocation) -> SourceLocation {
        guard location.file == file, let firstImportedLine, location.line >= firstImportedLine else { return location }
        if let source = importedSources[location.mark] { return SourceLocation(source) }
        let enclosing = importedSources.filter { $0.key <= location.mark }.max { $0.key < $1.key }
        return enclosing.map { SourceLocation($0.value) } ?? location
    }
}

extension SourceLocation {
    /// The place a `source:` names.
    public init(_ source: SourceReference) {
        self.init(file: source.file, line: source.line, column: source.column)
    }
}
