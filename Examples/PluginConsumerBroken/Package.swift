// swift-tools-version: 6.2
import PackageDescription

// Like PluginConsumer, with a broken identity.yaml: `swift build` must fail at its line and column.
let package = Package(
    name: "PluginConsumerBroken",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "IdentityBridge", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "BrokenConsumer",
            dependencies: [.product(name: "IdentityBridge", package: "IdentityBridge")],
            exclude: ["identity.yaml"],
            plugins: [.plugin(name: "IdentityConfigPlugin", package: "IdentityBridge")]
        )
    ]
)
