// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "vcaudit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "vcaudit", targets: ["vcaudit"]),
        // `swift package vcaudit` (a command plugin) and a build-tool plugin that checks a target's specs as it builds.
        .plugin(name: "VCAuditCommandPlugin", targets: ["VCAuditCommandPlugin"]),
        .plugin(name: "VCAuditBuildToolPlugin", targets: ["VCAuditBuildToolPlugin"]),
        .library(name: "VCAuditKit", targets: [
            "VCAuditSupport", "VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditRules",
            "VCAuditReporters", "VCAuditDiff", "VCAuditGenerate", "VCAuditStoryboard", "VCAuditGraph", "VCAuditExplore",
        ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The C boundary: libyaml from the system (pkg-config name yaml-0.1).
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // JSON reading and writing, SHA-256, atomic writes and size-limited reads of input files: the bottom module.
        .target(name: "VCAuditSupport"),
        // YAML bytes → a flat document of nodes with 1-based marks. The only module that touches C.
        .target(name: "VCAuditYAML", dependencies: ["CLibYAML"]),
        // Node tree → typed, validated spec (format v1), with compiler-style diagnostics.
        .target(name: "VCAuditSpec", dependencies: ["VCAuditSupport", "VCAuditYAML"]),
        // Spec + scenario → immutable event log (decide/evolve over value state).
        .target(name: "VCAuditReplay", dependencies: ["VCAuditSupport", "VCAuditSpec"]),
        // Event log → findings: the rule catalog.
        .target(name: "VCAuditRules", dependencies: ["VCAuditSupport", "VCAuditYAML", "VCAuditSpec", "VCAuditReplay"]),
        // Findings → text, json, sarif, junit, github, markdown.
        .target(name: "VCAuditReporters", dependencies: ["VCAuditSupport", "VCAuditSpec", "VCAuditReplay", "VCAuditRules"]),
        // Event log × event log → aligned events, first divergence, findings delta.
        .target(name: "VCAuditDiff", dependencies: ["VCAuditSupport", "VCAuditSpec", "VCAuditReplay", "VCAuditRules"]),
        // Spec + event log → XCTest / Swift Testing sources.
        .target(name: "VCAuditGenerate", dependencies: ["VCAuditSupport", "VCAuditSpec", "VCAuditReplay", "VCAuditRules"]),
        // Storyboard XML → a spec v1 (`vcaudit import storyboard`, and `check` on .storyboard files).
        .target(name: "VCAuditStoryboard", dependencies: ["VCAuditSupport", "VCAuditSpec", "VCAuditReplay"]),
        // Spec → every user path from launch, the shortest scenario to each finding (`vcaudit explore`).
        .target(name: "VCAuditExplore", dependencies: ["VCAuditSupport", "VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditRules"]),
        // Spec (+ findings) → the app as a Mermaid or Graphviz graph (`vcaudit graph`).
        .target(name: "VCAuditGraph", dependencies: ["VCAuditSpec"]),
        // The subcommands, as a library so tests can drive them in process.
        .target(name: "VCAuditCLI", dependencies: [
            "VCAuditSupport", "VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditRules",
            "VCAuditReporters", "VCAuditDiff", "VCAuditGenerate", "VCAuditStoryboard", "VCAuditGraph", "VCAuditExplore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The thin @main root.
        .executableTarget(name: "vcaudit", dependencies: [
            "VCAuditCLI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // SwiftPM plugins (Plugins/): `swift package vcaudit`, and `vcaudit check` on a target's specs when it builds.
        .plugin(name: "VCAuditCommandPlugin",
                capability: .command(intent: .custom(verb: "vcaudit", description: "Check the package's specs with vcaudit")),
                dependencies: ["vcaudit"]),
        .plugin(name: "VCAuditBuildToolPlugin", capability: .buildTool(), dependencies: ["vcaudit"]),
        // Benchmarks: `swift run -c release vcaudit-benchmark` (see Benchmarks/README.md). CAllocationCount counts the
        // benchmark's heap allocations (glibc only).
        .target(name: "CAllocationCount", path: "Benchmarks/CAllocationCount"),
        .executableTarget(
            name: "vcaudit-benchmark",
            dependencies: ["CLibYAML", "CAllocationCount", "VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditRules", "VCAuditDiff",
                           "VCAuditStoryboard", "VCAuditExplore"],
            path: "Benchmarks/VCAuditBenchmark"
        ),

        // The test targets' shared harness (golden files, temporary folders).
        .target(name: "VCAuditTestSupport", path: "Tests/VCAuditTestSupport"),
        .testTarget(name: "VCAuditSupportTests", dependencies: ["VCAuditSupport"]),
        .testTarget(name: "VCAuditYAMLTests", dependencies: ["VCAuditYAML", "VCAuditTestSupport"]),
        .testTarget(name: "VCAuditSpecTests", dependencies: ["VCAuditSupport", "VCAuditYAML", "VCAuditSpec", "VCAuditTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "VCAuditReplayTests", dependencies: ["VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditTestSupport"]),
        .testTarget(name: "VCAuditRulesTests", dependencies: ["VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditRules"]),
        .testTarget(name: "VCAuditReportersTests", dependencies: ["VCAuditSupport", "VCAuditSpec", "VCAuditRules", "VCAuditReporters", "VCAuditTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "VCAuditDiffTests", dependencies: ["VCAuditSpec", "VCAuditReplay", "VCAuditRules", "VCAuditDiff", "VCAuditTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "VCAuditGenerateTests", dependencies: ["VCAuditSpec", "VCAuditReplay", "VCAuditRules", "VCAuditGenerate",
                                                                    "VCAuditTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "VCAuditStoryboardTests", dependencies: ["VCAuditStoryboard", "VCAuditSpec", "VCAuditRules", "VCAuditTestSupport"],
                    exclude: ["Golden", "Storyboards"]),
        .testTarget(name: "VCAuditExploreTests", dependencies: ["VCAuditExplore", "VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditRules"]),
        .testTarget(name: "VCAuditGraphTests", dependencies: ["VCAuditGraph", "VCAuditSpec", "VCAuditTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "VCAuditCLITests", dependencies: ["VCAuditCLI", "vcaudit", "VCAuditTestSupport"]),
    ]
)

#if os(Linux)
// Type-checks the generated tests of the Examples (the goldens in Tests/VCAuditGenerateTests/Golden) against a
// stand-in of the UIKit API they use, so a misspelt API or a syntax error in generated code fails
// `swift build --build-tests`. Declared on Linux only: on macOS the real UIKit must not be shadowed (and macOS has
// none to check against). The goldens' tests are skipped at run time: UIKit does not run here.
package.targets += [
    .target(name: "UIKit", path: "Tests/UIKitStandIn", exclude: ["README.md"]),
    .target(name: "ExampleApps", dependencies: ["UIKit"], path: "Tests/ExampleApps"),
    .testTarget(name: "GeneratedXCTestTypeCheck", dependencies: ["UIKit", "ExampleApps"],
                path: "Tests/VCAuditGenerateTests/Golden/xctest"),
    // Importing both Testing and a module named UIKit would load Swift Testing's UIKit overlay, which Linux lacks.
    .testTarget(name: "GeneratedSwiftTestingTypeCheck", dependencies: ["UIKit", "ExampleApps"],
                path: "Tests/VCAuditGenerateTests/Golden/swift-testing",
                swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]),
]
#endif

// Fuzzing (Fuzz/README.md): `Fuzz/run.sh` sets VCAUDIT_FUZZ=1 and builds this target alone with
// `-sanitize=fuzzer,address`. It is left out of every other build: it links against libFuzzer's driver.
// The targets themselves are a library every build compiles, so `FuzzRegressionTests` runs each input a fuzzer
// once crashed on (Tests/FuzzRegressions) through the same code.
package.targets += [
    .target(name: "VCAuditFuzzTargets", dependencies: ["VCAuditYAML", "VCAuditSpec", "VCAuditReplay", "VCAuditRules", "VCAuditStoryboard"],
            path: "Fuzz/Sources/VCAuditFuzzTargets"),
    .testTarget(name: "FuzzRegressionTests", dependencies: ["VCAuditFuzzTargets"], path: "Tests/FuzzRegressionTests",
                exclude: ["Inputs"]),
]
if Context.environment["VCAUDIT_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "vcaudit-fuzz",
        dependencies: ["VCAuditFuzzTargets"],
        path: "Fuzz/Sources/vcaudit-fuzz"
    ))
}
