import VCAuditReplay
import VCAuditRules
import VCAuditSpec

/// A source file the generator produced: its name in the output folder and its text.
public struct GeneratedFile: Sendable, Hashable {
    public var name: String
    public var contents: String
}

/// Turns specs into test sources: one file per spec with one test per scenario and device, plus the support file.
///
/// Each test builds the app's controllers the way the spec says the app makes
/// them, installs the window root, performs each step with UIKit's own calls
/// and, after each step, asserts the state vcaudit replayed. The output
/// depends only on the spec, its source text and these settings, so the same
/// spec always gives byte-identical files.
public struct TestGenerator: Sendable {
    public var framework: TestFramework
    /// Devices for scenarios that do not name their own; nil means the spec's device.
    public var devices: [Device]?
    /// Modules the tests import with `@testable` (the app's), in this order.
    public var appModules: [String]
    /// The version written in each file's header.
    public var toolVersion: String
    /// Where the steps that vcaudit flags come from.
    public var findingSource: any StepFindingSource

    public init(framework: TestFramework, devices: [Device]? = nil, appModules: [String] = [],
                toolVersion: String = VCAuditVersion.number, findingSource: any StepFindingSource = ReplayOutcomes()) {
        self.framework = framework
        self.devices = devices
        self.appModules = appModules
        self.toolVersion = toolVersion
        self.findingSource = findingSource
    }

    /// The name of the support file every output folder gets.
    public static let supportFileName = "VCAuditSupport.swift"

    /// The test file of `spec` (`<suiteName>.swift`); `source` supplies the spec's comments.
    ///
    /// `specPath` is how the file names its spec (its header, and `spec`, which failure messages start with);
    /// `vcaudit generate tests` passes the spec's path from the output folder, so that the file does not depend on
    /// the folder the command runs in. Without it, the file names the spec by `spec.file`.
    public func testFile(for spec: Spec, source: SourceText?, suiteName: String? = nil, specPath: String? = nil) -> GeneratedFile {
        let path = specPath ?? spec.file
        let name = suiteName ?? Self.suiteName(forSpecPath: path)
        let writer = SuiteWriter(spec: spec, specPath: path, comments: SpecComments(source: source), suiteName: name, settings: self)
        return GeneratedFile(name: name + ".swift", contents: writer.render())
    }

    /// How many tests `testFile(for:)` writes for `spec`: one per scenario and device.
    public func testCount(for spec: Spec) -> Int {
        spec.scenarios.reduce(0) { $0 + ScenarioRuns.devices(for: $1, in: spec, requested: devices ?? []).count }
    }

    /// The helpers the generated tests share (`VCAuditSupport.swift`).
    public func supportFile() -> GeneratedFile {
        GeneratedFile(name: Self.supportFileName, contents: SupportFile.render(framework: framework, version: toolVersion))
    }

    /// The suite (type and file) name for a spec: its file name in upper camel case, then `Tests`.
    public static func suiteName(forSpecPath path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        var stem = file
        for suffix in [".yaml", ".yml"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return SwiftName.upperCamel(stem, fallback: "Spec") + "Tests"
    }

    /// Distinct suite names for specs written to one folder, keyed by path.
    ///
    /// Names clash when two files share a name in different folders; the
    /// paths are taken in sorted order and later ones get `2`, `3`, ..., so
    /// the result does not depend on the order the specs were given in.
    public static func suiteNames(forSpecPaths paths: [String]) -> [String: String] {
        var scope = NameScope(reserved: ["VCAuditSupport", "VCAuditHost", "VCAuditGeneratedTests", "VCAuditPlatform",
                                         "VCAuditDevice", "VCAuditAppearance", "VCAuditControllers", "VCAuditHostError"])
        var result: [String: String] = [:]
        for path in Set(paths).sorted() {
            result[path] = scope.claim(suiteName(forSpecPath: path))
        }
        return result
    }
}
