// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares: Swift 6 language mode with strict concurrency and the
/// upcoming features the Swift server ecosystem turns on.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "IdentityBridge",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "IdentityBridge", targets: ["IdentityBridge"]),
        .library(name: "HelpshiftAdapter", targets: ["HelpshiftAdapter"]),
        .library(name: "ZendeskSupportAdapter", targets: ["ZendeskSupportAdapter"]),
        .library(name: "ZendeskChatAdapter", targets: ["ZendeskChatAdapter"]),
        .library(name: "ZendeskMessagingAdapter", targets: ["ZendeskMessagingAdapter"]),
        .library(name: "IdentityBridgeTesting", targets: ["IdentityBridgeTesting"]),
        .executable(name: "identityctl", targets: ["identityctl"]),
        .executable(name: "identity-bench", targets: ["identity-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
    ],
    targets: [
        // MARK: Core: protocol, models, taxonomies, registry, configuration, credential primitives.
        .target(
            name: "IdentityBridge",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .target(name: "CLibcrypto", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swiftSettings
        ),
        // The system OpenSSL libcrypto's SHA-256 for the HMAC hot path on Linux (allocation-free
        // pad-state copies; see HMACDigest.Key). Other platforms use swift-crypto's SHA256.
        .systemLibrary(
            name: "CLibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),

        // MARK: Adapters: one module per vendor surface.
        .target(name: "HelpshiftAdapter", dependencies: ["IdentityBridge"], swiftSettings: swiftSettings),
        .target(name: "ZendeskSupportAdapter", dependencies: ["IdentityBridge"], swiftSettings: swiftSettings),
        .target(name: "ZendeskChatAdapter", dependencies: ["IdentityBridge"], swiftSettings: swiftSettings),
        .target(name: "ZendeskMessagingAdapter", dependencies: ["IdentityBridge"], swiftSettings: swiftSettings),

        // MARK: Simulators and the conformance kit, shipped to users for their tests.
        .target(
            name: "IdentityBridgeTesting",
            dependencies: [
                "IdentityBridge",
                "HelpshiftAdapter",
                "ZendeskSupportAdapter",
                "ZendeskChatAdapter",
                "ZendeskMessagingAdapter",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: identityctl: the command library and its thin executable.
        .target(
            name: "IdentityBridgeCLI",
            dependencies: [
                "IdentityBridge",
                "IdentityBridgeTesting",
                "HelpshiftAdapter",
                "ZendeskSupportAdapter",
                "ZendeskChatAdapter",
                "ZendeskMessagingAdapter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "identityctl",
            dependencies: ["IdentityBridgeCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),

        // MARK: Benchmark against jwt-kit (release build).
        .executableTarget(
            name: "identity-bench",
            dependencies: [
                "IdentityBridge",
                "HelpshiftAdapter",
                "ZendeskSupportAdapter",
                "ZendeskChatAdapter",
                "ZendeskMessagingAdapter",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            path: "Benchmarks/IdentityBench",
            swiftSettings: swiftSettings
        ),

        // MARK: Tests (Swift Testing).
        .testTarget(
            name: "IdentityBridgeTests",
            dependencies: [
                "IdentityBridge",
                "IdentityBridgeTesting",
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HelpshiftAdapterTests",
            dependencies: ["HelpshiftAdapter", "IdentityBridgeTesting", .product(name: "JWTKit", package: "jwt-kit")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ZendeskSupportAdapterTests",
            dependencies: ["ZendeskSupportAdapter", "IdentityBridgeTesting", .product(name: "JWTKit", package: "jwt-kit")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ZendeskChatAdapterTests",
            dependencies: ["ZendeskChatAdapter", "IdentityBridgeTesting", .product(name: "JWTKit", package: "jwt-kit")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ZendeskMessagingAdapterTests",
            dependencies: ["ZendeskMessagingAdapter", "IdentityBridgeTesting", .product(name: "JWTKit", package: "jwt-kit")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBridgeTestingTests",
            dependencies: ["IdentityBridgeTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBenchTests",
            dependencies: ["identity-bench"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBridgeCLITests",
            dependencies: ["IdentityBridgeCLI"],
            swiftSettings: swiftSettings
        ),
    ]
)
