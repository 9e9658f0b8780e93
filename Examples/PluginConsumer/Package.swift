// swift-tools-version: 6.2
import PackageDescription

// A backend that depends on IdentityBridge (by relative path here; by URL in a real package) and
// applies the build plugin: its identity.yaml is checked at build time and turned into typed names.
let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "IdentityBridge", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "PluginConsumer",
            dependencies: [
                "TrickyNames",
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
            ],
            resources: [.copy("identity.yaml")],
            plugins: [.plugin(name: "IdentityConfigPlugin", package: "IdentityBridge")]
        ),
        // Names that are not Swift identifiers as written (keywords, digits, dashes, dots): the
        // generated constants must still compile and be reachable.
        .target(
            name: "TrickyNames",
            dependencies: [.product(name: "IdentityBridge", package: "IdentityBridge")],
            exclude: ["identity.yaml"],
            plugins: [.plugin(name: "IdentityConfigPlugin", package: "IdentityBridge")]
        ),
    ]
)
