// swift-tools-version: 6.2
import PackageDescription

// A backend that depends on IdentityBridge (by relative path here) with every package trait off, and
// applies the build plugin: its identity.yaml is checked at build time and turned into typed names.
// `.ci/plugins.sh` builds it: the consumer issues a credential of each built-in kind and checks known
// HMAC and JWT vectors on the swift-crypto path (trait SystemLibcrypto off); the package's executables
// build with trait TokenService off; the build plugin fails BrokenConsumer at its identity.yaml's line and
// column; `swift package identity-config validate` checks every target at once.
let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "IdentityBridge", path: "../..", traits: [])
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
        // A broken identity.yaml: `swift build --product BrokenConsumer` must fail at its line and column.
        .executableTarget(
            name: "BrokenConsumer",
            dependencies: [.product(name: "IdentityBridge", package: "IdentityBridge")],
            exclude: ["identity.yaml"],
            plugins: [.plugin(name: "IdentityConfigPlugin", package: "IdentityBridge")]
        ),
    ]
)
