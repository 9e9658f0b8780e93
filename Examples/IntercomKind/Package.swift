// swift-tools-version: 6.2
import PackageDescription

/// The settings the main package's targets use: Swift 6 language mode with strict concurrency.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// A fifth vendor, Intercom's identity verification, as a third party would add it: a separate package
// that depends on IdentityBridge (by relative path here; by URL in a real package) and uses only its
// public API. No fork, no `@testable import`, no `@_spi`.
let package = Package(
    name: "IntercomKind",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "IntercomKind", targets: ["IntercomKind"]),
        .library(name: "IntercomSimulator", targets: ["IntercomSimulator"]),
        .executable(name: "intercom-server", targets: ["intercom-server"]),
        // The configuration checker with the standard kinds plus `intercom`. By its name,
        // `swift package identity-config validate` builds and runs it instead of IdentityBridge's checker.
        .executable(name: "identity-config-checker", targets: ["identity-config-checker"]),
        // IdentityBridge's build plugin knows the built-in kinds only: this one runs the checker above.
        .plugin(name: "IntercomConfigPlugin", targets: ["IntercomConfigPlugin"]),
    ],
    dependencies: [
        .package(name: "IdentityBridge", path: "../.."),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // The kind: plugin, settings, issuer, verifier, errors, events, session provider.
        .target(
            name: "IntercomKind",
            dependencies: [
                .product(name: "IdentityBridge", package: "IdentityBridge"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // A model of Intercom's identity verification written from the vendor's rules, not from the kind
        // (a test kit: nothing the server links depends on it).
        .target(
            name: "IntercomSimulator",
            dependencies: [
                "IntercomKind",
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeTesting", package: "IdentityBridge"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The token service of `identityctl serve` with the standard kinds plus `intercom`.
        .executableTarget(
            name: "intercom-server",
            dependencies: [
                "IntercomKind",
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
                .product(name: "IdentityBridgeServer", package: "IdentityBridge"),
            ],
            swiftSettings: swiftSettings
        ),
        // `IdentityConfigCommandLine` with this package's registry: the tool of the plugin below and of
        // `swift package identity-config validate` here.
        .executableTarget(
            name: "identity-config-checker",
            dependencies: [
                "IntercomKind",
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
                .product(name: "IdentityConfigGenerator", package: "IdentityBridge"),
            ],
            swiftSettings: swiftSettings
        ),
        .plugin(name: "IntercomConfigPlugin", capability: .buildTool(), dependencies: ["identity-config-checker"]),
        // A backend target whose identity.yaml has an `intercom` instance: checked at build time by
        // IntercomConfigPlugin, which generates its typed instance names.
        .target(
            name: "IntercomConfigDemo",
            dependencies: [.product(name: "IdentityBridge", package: "IdentityBridge")],
            exclude: ["identity.yaml"],
            swiftSettings: swiftSettings,
            plugins: ["IntercomConfigPlugin"]
        ),
        .testTarget(
            name: "IntercomKindTests",
            dependencies: [
                "IntercomKind", "IntercomSimulator", "IntercomConfigDemo",
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityConfigGenerator", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
                .product(name: "IdentityBridgeTesting", package: "IdentityBridge"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
    ]
)
