/// The test framework a generated file is written for.
public enum TestFramework: String, Sendable, Hashable, CaseIterable {
    /// `XCTestCase` subclasses with `XCTAssert…` checks.
    case xctest
    /// Swift Testing: `@Suite`, `@Test`, `#expect` and `withKnownIssue`.
    case swiftTesting = "swift-testing"

    /// The module generated files import for it.
    var module: String {
        switch self {
        case .xctest: "XCTest"
        case .swiftTesting: "Testing"
        }
    }
}
