// swift-tools-version: 6.2
import PackageDescription

// A Vapor 4 app that mounts the token service (IdentityBridge with its `Vapor` trait), and the contract suite:
// the same requests to the Hummingbird routes and to the Vapor routes, the same answers, metrics and spans.
// `.ci/vapor.sh` builds it and runs the suite; no other package in the repository resolves Vapor.
let package = Package(
    name: "VaporMount",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "IdentityBridge", path: "../..", traits: ["SystemLibcrypto", "Vapor"]),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
    ],
    targets: [
        // The README's Vapor mount, as an app: `IDENTITY_CONFIG=FILE swift run VaporMount serve --port 8080`. It depends on
        // the service core (through IdentityBridgeVapor) and Vapor only: its build compiles no Hummingbird (.ci/vapor.sh checks).
        .executableTarget(
            name: "VaporMount",
            dependencies: [
                .product(name: "IdentityBridgeVapor", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "ContractTests",
            dependencies: [
                .product(name: "IdentityBridge", package: "IdentityBridge"),
                .product(name: "IdentityBridgeVapor", package: "IdentityBridge"),
                .product(name: "IdentityBridgeService", package: "IdentityBridge"),
                .product(name: "IdentityBridgeHummingbird", package: "IdentityBridge"),
                .product(name: "IdentityBridgeStandard", package: "IdentityBridge"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
    ]
)
