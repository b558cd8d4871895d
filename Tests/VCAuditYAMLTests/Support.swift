import Testing
@testable import VCAuditYAML

/// The error composing `bytes` throws, or nil (recorded as a test issue) when it composes.
func compositionError(_ bytes: [UInt8], limits: Composer.Limits = .default, sourceLocation: SourceLocation = #_sourceLocation) -> YAMLError? {
    do {
        let node = try Composer.compose(bytes, limits: limits)
        Issue.record("expected an error, composed \(node.kindDescription)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

func compositionError(_ text: String, limits: Composer.Limits = .default, sourceLocation: SourceLocation = #_sourceLocation) -> YAMLError? {
    compositionError(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
}

extension Node {
    /// The value at a path of mapping keys and sequence indices, for terse tests.
    subscript(path path: Any...) -> Node? {
        var node: Node? = self
        for step in path {
            if let key = step as? String {
                node = node?.mapping?.value(forKey: key)
            } else if let index = step as? Int, let items = node?.sequence.map({ Array($0.items) }), items.indices.contains(index) {
                node = items[index]
            } else {
                return nil
            }
        }
        return node
    }
}
