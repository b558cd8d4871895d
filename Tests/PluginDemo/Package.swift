// swift-tools-version:6.0
// A package that uses vcaudit's SwiftPM plugins (README "In a Swift package"); CI builds it and runs both.
import PackageDescription

let package = Package(
    name: "PluginDemo",
    dependencies: [
        // In your own package: .package(url: "https://github.com/vcaudit/vcaudit", branch: "main")
        .package(name: "vcaudit", path: "../.."),
    ],
    targets: [
        // The build-tool plugin checks the target's specs (app.yaml) every time a spec changes.
        .target(name: "Screens", exclude: ["README.md"], resources: [.copy("app.yaml")],
                plugins: [.plugin(name: "VCAuditBuildToolPlugin", package: "vcaudit")]),
    ]
)
