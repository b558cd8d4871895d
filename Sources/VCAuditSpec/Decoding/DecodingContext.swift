/// What a mapping being decoded is, for messages: "controller 'home'", "the 'push' step".
///
/// A value rather than a string so that decoding a valid spec builds no
/// message text: the words are only put together when a message needs them.
enum DecodingContext: CustomStringConvertible, Sendable {
    /// Fixed words: "the spec", "a scenario".
    case text(StaticString)
    case controller(String)
    case transition(String)
    /// A scenario step or transition call, by name.
    case step(StaticString)
    /// One key of an `expect` step.
    case expectation(StaticString)
    /// A key inside another context: "'popover' of controller 'info'".
    indirect case field(String, of: DecodingContext)

    var description: String {
        switch self {
        case .text(let words): "\(words)"
        case .controller(let id): "controller '\(id)'"
        case .transition(let name): "transition '\(name)'"
        case .step(let name): "the '\(name)' step"
        case .expectation(let key): "'expect: \(key)'"
        case .field(let key, let parent): "'\(key)' of \(parent)"
        }
    }
}
