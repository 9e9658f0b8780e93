// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares: Swift 6 language mode with strict concurrency and the
/// upcoming features the Swift server ecosystem turns on.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The live tests' raw sockets (`sockaddr_in`, `MSG_NOSIGNAL`) are declared by both Glibc and SwiftNIO's C shim; under
/// MemberImportVisibility whichever module a compile batch loaded first owns them, so whether those files compile
/// depended on how the driver split the target into batches. That target builds without the feature.
let socketTestSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The condition of a dependency that only the token service and the command-line tools use: with the
/// `TokenService` trait off, a consumer of the core and the adapters resolves none of them.
let tokenService: TargetDependencyCondition? = .when(traits: ["TokenService"])
/// The condition of the Vapor front end's dependency: only a package that enables the `Vapor` trait resolves Vapor.
let vapor: TargetDependencyCondition? = .when(traits: ["Vapor"])
/// What a vendor's app half (`<Vendor>Session`) depends on: the model and swift-log, nothing else.
let sessionDependencies: [Target.Dependency] = ["IdentityBridgeModel", .product(name: "Logging", package: "swift-log")]

let package = Package(
    name: "IdentityBridge",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        // What a backend ships: the core and the four built-in kinds.
        .library(name: "IdentityBridge", targets: ["IdentityBridge"]),
        .library(name: "IdentityBridgeStandard", targets: ["IdentityBridgeStandard"]),
        .library(name: "HelpshiftAdapter", targets: ["HelpshiftAdapter"]),
        .library(name: "ZendeskSupportAdapter", targets: ["ZendeskSupportAdapter"]),
        .library(name: "ZendeskChatAdapter", targets: ["ZendeskChatAdapter"]),
        .library(name: "ZendeskMessagingAdapter", targets: ["ZendeskMessagingAdapter"]),
        // What a test target adds: the vendor-neutral kit, and the four vendor simulators.
        .library(name: "IdentityBridgeTesting", targets: ["IdentityBridgeTesting"]),
        .library(name: "IdentityBridgeSimulators", targets: ["IdentityBridgeSimulators"]),
        // The token service: Hummingbird 2 routes any backend can mount (`identity-server` runs them).
        .library(name: "IdentityBridgeService", targets: ["IdentityBridgeService"]),
        .library(name: "IdentityBridgeHummingbird", targets: ["IdentityBridgeHummingbird"]),
        // The same routes for Vapor 4 apps (trait `Vapor`, off by default).
        .library(name: "IdentityBridgeVapor", targets: ["IdentityBridgeVapor"]),
        .executable(name: "identityctl", targets: ["identityctl"]),
        // The app half: the model alone (protocols, identities, credentials, errors, events; no configuration, no
        // signing code, no system library), and the client that fetches, caches and refreshes each kind's credential
        // from the token service (it re-exports the model).
        .library(name: "IdentityBridgeModel", targets: ["IdentityBridgeModel"]),
        .library(name: "IdentityBridgeClient", targets: ["IdentityBridgeClient"]),
        .library(name: "HelpshiftSession", targets: ["HelpshiftSession"]),
        .library(name: "ZendeskChatSession", targets: ["ZendeskChatSession"]),
        .library(name: "ZendeskSupportSession", targets: ["ZendeskSupportSession"]),
        .library(name: "ZendeskMessagingSession", targets: ["ZendeskMessagingSession"]),
        // The token service's server: `swift run identity-server --config FILE` (no simulator, no test kit).
        .executable(name: "identity-server", targets: ["identity-server"]),
        // The serve command as a library: a package that registers its own kinds runs the same service
        // (`IdentityServer.run(_:environment:)` with its registry) as its own executable.
        .library(name: "IdentityBridgeServer", targets: ["IdentityBridgeServer"]),
        // What a backend's Package.swift applies: identity.yaml checked at build time, typed names; and the
        // `swift package identity-config validate` command.
        .plugin(name: "IdentityConfigPlugin", targets: ["IdentityConfigPlugin"]),
        .plugin(name: "IdentityConfigCommand", targets: ["IdentityConfigCommand"]),
        // The plugins' checker as a library: a package that adds provider kinds builds its own checking
        // tool with its registry (`IdentityConfigCommandLine(registry:output:errors:)`).
        .library(name: "IdentityConfigGenerator", targets: ["IdentityConfigGenerator"]),
    ],
    traits: [
        .trait(
            name: "SystemLibcrypto",
            description: "On Linux, the HMAC hot path hashes with the system OpenSSL libcrypto (Debian's libssl-dev) "
                + "instead of swift-crypto: about 2.5x faster minting. Off: swift-crypto only."),
        .trait(
            name: "TokenService",
            description: "The token service and the command-line tools (IdentityBridgeService, IdentityBridgeHummingbird, identityctl, "
                + "identity-server) with their dependencies: Hummingbird, SwiftNIO, swift-service-lifecycle, "
                + "swift-prometheus, jwt-kit, swift-argument-parser, async-http-client, swift-distributed-tracing, swift-otel. Off: a consumer of the core and the adapters "
                + "resolves none of them."),
        .trait(
            name: "Vapor",
            description: "The token service's routes for Vapor 4 apps (IdentityBridgeVapor): the same handlers, answers and "
                + "metrics as the Hummingbird routes. Enables TokenService. Off: no package resolves Vapor.",
            enabledTraits: ["TokenService"]),
        .default(enabledTraits: ["SystemLibcrypto", "TokenService"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
        // Session JWT verification in IdentityBridgeService; in tests, an independent JWT implementation.
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        // The token service's Hummingbird front end (IdentityBridgeHummingbird, `identity-server`).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // The service core's HTTP vocabulary (statuses, header fields), framework-neutral.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // The token service's client for identity providers' OpenID configurations and key sets.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // The token service's spans (IdentityBridgeService) and their OTLP/HTTP exporter (identity-server only).
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        // The Vapor front end (trait `Vapor`).
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    ],
    targets: [
        // MARK: The core, in three modules along the line between the app half and the backend half.
        // The model: protocols, identities, credentials, errors, events, clocks, `JSONValue` as a type. No `unsafe`,
        // no Yams, no system library: all that the app half (the client, SDK sessions, bridges) depends on.
        .target(name: "IdentityBridgeModel", swiftSettings: swiftSettings),
        // The signing code: JSON parsing and writing, base64url, HMAC, HS256 JWTs, claims, freshness, random bytes,
        // UTF-8 checks. Every pointer-level `unsafe` line of the package lives here, fuzzed on its own (`Fuzz/`), but
        // for one signature: `Primitives.base64URLDecode(_:into:)` (IdentityBridge) passes the benchmark's buffer
        // pointers through to this module's allocation-free decoder, so identity-bench can time it from outside.
        // Not a product: `package` access, re-exported by `IdentityBridge`.
        .target(
            name: "IdentityBridgeSigning",
            dependencies: [
                "IdentityBridgeModel",
                .product(name: "Crypto", package: "swift-crypto"),
                .target(name: "CLibcrypto", condition: .when(platforms: [.linux], traits: ["SystemLibcrypto"])),
            ],
            swiftSettings: swiftSettings
        ),
        // The configuration and the backend's frame: YAML with its alias bound, `SettingsReader`, diagnostics,
        // inputs and digests, the registry, issuers. Re-exports the model and the signing code, so a backend
        // imports `IdentityBridge` alone.
        .target(
            name: "IdentityBridge",
            dependencies: [
                "IdentityBridgeModel",
                "IdentityBridgeSigning",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // The system OpenSSL libcrypto's SHA-256 for the HMAC hot path on Linux with the
        // SystemLibcrypto trait (allocation-free pad-state copies; see HMACDigest.Key).
        .systemLibrary(
            name: "CLibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),

        // MARK: Adapters: one module per vendor surface, in two halves. `<Vendor>Session` is the app half: the session
        // provider over the SDK port, the vendor's failure reasons, events and limits, on the model and swift-log
        // only (no secret, no configuration, no system library). `<Vendor>Adapter` is the backend half: settings,
        // the issuer and verifier, the plugin; it re-exports its session module.
        .target(name: "HelpshiftAdapter", dependencies: ["IdentityBridge", "HelpshiftSession"], swiftSettings: swiftSettings),
        .target(name: "ZendeskSupportAdapter", dependencies: ["IdentityBridge", "ZendeskSupportSession"], swiftSettings: swiftSettings),
        .target(name: "ZendeskChatAdapter", dependencies: ["IdentityBridge", "ZendeskChatSession"], swiftSettings: swiftSettings),
        .target(
            name: "ZendeskMessagingAdapter", dependencies: ["IdentityBridge", "ZendeskMessagingSession"], swiftSettings: swiftSettings),
        .target(name: "HelpshiftSession", dependencies: sessionDependencies, swiftSettings: swiftSettings),
        .target(name: "ZendeskChatSession", dependencies: sessionDependencies, swiftSettings: swiftSettings),
        .target(name: "ZendeskSupportSession", dependencies: sessionDependencies, swiftSettings: swiftSettings),
        .target(name: "ZendeskMessagingSession", dependencies: sessionDependencies, swiftSettings: swiftSettings),

        // MARK: The built-in kinds in one registry: what a backend imports next to the core.
        .target(
            name: "IdentityBridgeStandard",
            dependencies: [
                "IdentityBridge", "HelpshiftAdapter", "ZendeskSupportAdapter", "ZendeskChatAdapter", "ZendeskMessagingAdapter",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Test kits (leaves: no production target depends on them).
        // The vendor-neutral kit: conformance kit, scenario runner, simulator protocols.
        // It builds on the app-side client (client_login steps, the switch's no-leak checks); the client never imports it.
        .target(
            name: "IdentityBridgeTesting",
            dependencies: ["IdentityBridge", "IdentityBridgeClient", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        // The four vendor simulators, written from the vendor documents.
        .target(
            name: "IdentityBridgeSimulators",
            dependencies: [
                "IdentityBridge",
                "IdentityBridgeTesting",
                "IdentityBridgeStandard",
                "HelpshiftAdapter",
                "ZendeskSupportAdapter",
                "ZendeskChatAdapter",
                "ZendeskMessagingAdapter",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The token service's core, framework-neutral (HTTPTypes, NIOCore, swift-log, swift-metrics, tracing): the
        // route table, the request frame, the handlers, the answers, the caller proof, the metrics, the session keys and
        // the configuration's life. No Hummingbird and no Vapor: each front end below is a thin sibling over it.
        .target(
            name: "IdentityBridgeService",
            dependencies: [
                "IdentityBridge",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: tokenService),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: tokenService),
                .product(name: "JWTKit", package: "jwt-kit", condition: tokenService),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio", condition: tokenService),
                // The identity providers' client only: AsyncHTTPClient's event loops and its errors' types.
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tokenService),
                .product(name: "NIOPosix", package: "swift-nio", condition: tokenService),
                .product(name: "Prometheus", package: "swift-prometheus", condition: tokenService),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tokenService),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: tokenService),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: tokenService),
            ],
            exclude: ["openapi.yaml"],
            swiftSettings: swiftSettings
        ),

        // MARK: The Hummingbird front end: the core's routes on a Hummingbird router, and `identity-server`'s server
        // (guarded HTTP/1 connections, the metrics listener, the service group).
        .target(
            name: "IdentityBridgeHummingbird",
            dependencies: [
                "IdentityBridge",
                "IdentityBridgeService",
                .product(name: "Hummingbird", package: "hummingbird", condition: tokenService),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: tokenService),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio", condition: tokenService),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tokenService),
                .product(name: "NIOPosix", package: "swift-nio", condition: tokenService),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tokenService),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: tokenService),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: tokenService),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The app-side credential client: the model, swift-log and swift-metrics only (no configuration, no
        // signing code, no system library, no Hummingbird, no NIO).
        .target(
            name: "IdentityBridgeClient",
            dependencies: [
                "IdentityBridgeModel", .product(name: "Logging", package: "swift-log"), .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBridgeClientTests",
            dependencies: [
                "IdentityBridgeClient", "IdentityBridgeHummingbird", "IdentityBridgeService", "IdentityBridgeStandard",
                "IdentityBridgeSimulators",
                "IdentityBridgeTestSupport",
                "HelpshiftAdapter", "ZendeskSupportAdapter", "ZendeskChatAdapter", "ZendeskMessagingAdapter",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The Vapor 4 front end (trait `Vapor`): the core's routes on Vapor's router. No Hummingbird.
        .target(
            name: "IdentityBridgeVapor",
            dependencies: [
                "IdentityBridge",
                .target(name: "IdentityBridgeService", condition: vapor),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: vapor),
                .product(name: "Vapor", package: "vapor", condition: vapor),
                .product(name: "NIOCore", package: "swift-nio", condition: vapor),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: vapor),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The commands' shared frame: how identityctl and identity-server parse, run and write (no server, no test kit).
        .target(
            name: "IdentityBridgeCommands",
            dependencies: [
                "IdentityBridge", .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tokenService),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: identity-server: the serve command in a module that imports no test kit, and its thin executable.
        .target(
            name: "IdentityBridgeServer",
            dependencies: [
                "IdentityBridge",
                "IdentityBridgeStandard",
                "IdentityBridgeService",
                "IdentityBridgeHummingbird",
                "IdentityBridgeCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tokenService),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OTel", package: "swift-otel", condition: tokenService),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tokenService),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: tokenService),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "identity-server", dependencies: ["IdentityBridgeServer"], swiftSettings: swiftSettings),

        // MARK: identityctl: the command library and its thin executable. No server: `identityctl demo` builds
        // none of Hummingbird, SwiftNIO or jwt-kit (the token service is `identity-server`).
        .target(
            name: "IdentityBridgeCLI",
            dependencies: [
                "IdentityBridge",
                "IdentityBridgeStandard",
                "IdentityBridgeTesting",
                "IdentityBridgeSimulators",
                "IdentityBridgeCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tokenService),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "identityctl",
            dependencies: ["IdentityBridgeCLI"],
            swiftSettings: swiftSettings
        ),

        // MARK: Plugins: identity.yaml checked at build time and turned into typed names (no simulator, no test kit).
        .target(
            name: "IdentityConfigGenerator",
            dependencies: ["IdentityBridge", "IdentityBridgeStandard", .product(name: "Yams", package: "Yams")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "IdentityConfigTool", dependencies: ["IdentityConfigGenerator"], swiftSettings: swiftSettings),
        .plugin(name: "IdentityConfigPlugin", capability: .buildTool(), dependencies: ["IdentityConfigTool"]),
        .plugin(
            name: "IdentityConfigCommand",
            capability: .command(
                intent: .custom(verb: "identity-config", description: "Check the identity.yaml of the package's targets and given paths.")),
            dependencies: ["IdentityConfigTool"]
        ),

        // MARK: Tests (Swift Testing).
        // The helpers the test targets share, each written once (a leaf: no production target depends on it).
        .target(
            name: "IdentityBridgeTestSupport",
            // IdentityBridgeTesting: the CLI tests' echo kind has a vendor simulator.
            dependencies: [
                "IdentityBridge", "IdentityBridgeStandard", "IdentityBridgeTesting", .product(name: "JWTKit", package: "jwt-kit"),
            ],
            path: "Tests/IdentityBridgeTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBridgeTests",
            dependencies: [
                "IdentityBridge", "IdentityBridgeTestSupport",
                "IdentityBridgeStandard",
                "IdentityBridgeSimulators",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HelpshiftAdapterTests",
            dependencies: [
                "HelpshiftAdapter", "IdentityBridgeTestSupport", "IdentityBridgeSimulators", .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ZendeskSupportAdapterTests",
            dependencies: [
                "ZendeskSupportAdapter", "IdentityBridgeTestSupport", "IdentityBridgeSimulators",
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ZendeskChatAdapterTests",
            dependencies: [
                "ZendeskChatAdapter", "IdentityBridgeTestSupport", "IdentityBridgeSimulators",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "InMemoryLogging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ZendeskMessagingAdapterTests",
            dependencies: [
                "ZendeskMessagingAdapter", "IdentityBridgeTestSupport", "IdentityBridgeSimulators",
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBridgeTestingTests",
            dependencies: ["IdentityBridgeTesting", "IdentityBridgeTestSupport", "IdentityBridgeSimulators"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBridgeHummingbirdTests",
            dependencies: [
                "IdentityBridgeHummingbird", "IdentityBridgeService", "IdentityBridgeTestSupport",
                "IdentityBridgeStandard", "HelpshiftAdapter",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: socketTestSettings
        ),
        .testTarget(
            name: "IdentityConfigGeneratorTests",
            dependencies: ["IdentityConfigGenerator", "IdentityBridge"],
            exclude: ["Golden", "Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "IdentityBridgeCLITests",
            dependencies: ["IdentityBridgeCLI", "IdentityBridgeTestSupport", "IdentityBridgeServer"],
            swiftSettings: swiftSettings
        ),
    ]
)
