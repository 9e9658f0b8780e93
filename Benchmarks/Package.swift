// swift-tools-version: 6.2
import PackageDescription

// The benchmark lives in its own package so that jwt-kit and the benchmark never enter a consumer's
// dependency graph. From the repository root:
//
//     swift run --package-path Benchmarks -c release identity-bench [--quick]
//     swift run --package-path Benchmarks -c release service-bench [ITERATIONS]
//     swift run --package-path Benchmarks -c release client-bench [HITS]
//     swift run --package-path Benchmarks -c release bare-serve [--body-size N]   (Benchmarks/service-load.sh runs it)
//     Benchmarks/http-floor.sh                      (http-floor: bare NIO and bare Hummingbird HTTP servers)
/// The upcoming features every benchmark target builds with.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "IdentityBridgeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "IdentityBridge", path: ".."),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // service-bench's tracing comparison: the OTLP/HTTP tracer identity-server uses.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "identity-bench",
            dependencies: [
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "HelpshiftAdapter", package: "IdentityBridge"),
                .product(name: "ZendeskSupportAdapter", package: "IdentityBridge"),
                .product(name: "ZendeskChatAdapter", package: "IdentityBridge"),
                .product(name: "ZendeskMessagingAdapter", package: "IdentityBridge"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        // The token service's credentials route against a bare Hummingbird route, in process:
        //     swift run --package-path Benchmarks -c release service-bench [ITERATIONS]
        .executableTarget(
            name: "service-bench",
            dependencies: [
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
                .product(name: "IdentityBridgeHummingbird", package: "IdentityBridge"),
                .product(name: "IdentityBridgeService", package: "IdentityBridge"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // The app-side credential client: a cached hit, and 10,000 concurrent callers on one key:
        //     swift run --package-path Benchmarks -c release client-bench [HITS]
        .executableTarget(
            name: "client-bench",
            dependencies: [
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeClient", package: "IdentityBridge"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The baseline of Benchmarks/service-load.sh: a bare Hummingbird route at the credentials route's
        // template answering a constant body, or (with --config, --app, --provider) the route's required work only:
        //     swift run --package-path Benchmarks -c release bare-serve [--body-size N | --config FILE --app A --provider P]
        .executableTarget(
            name: "bare-serve",
            dependencies: [
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The HTTP floor under the token service: a bare NIO HTTP/1 handler and a bare Hummingbird route
        // answering the credentials route's bytes (issue 27), loaded side by side by Benchmarks/http-floor.sh:
        //     swift run --package-path Benchmarks -c release http-floor nio|hummingbird [--port N]
        .executableTarget(
            name: "http-floor",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "IdentityBenchTests", dependencies: ["identity-bench"]),
    ]
)
