import ArgumentParser
import Foundation

/// `--color auto|always|never`, shared by the commands that print text for people.
public enum ColorChoice: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, always, never

    /// Whether to colour standard output: `auto` means a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    public var enabled: Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            return isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }
}
