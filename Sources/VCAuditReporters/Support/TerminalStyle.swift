/// ANSI styling for the `text` format, or none.
///
/// Follows clang: bold locations, a red `error:`, a magenta `warning:`, and
/// here a cyan `note:` and a dim rule id.
struct TerminalStyle {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    /// `word:` in the colour of a diagnostic severity word (`error`, `warning`, `note`).
    func severity(_ word: String) -> String {
        switch word {
        case "error": wrap(word + ":", "1;31")
        case "warning": wrap(word + ":", "1;35")
        default: wrap(word + ":", "1;36")
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
