// swift-tools-version: 6.2
import PackageDescription

/// libFuzzer targets for IdentityBridge's parsers, kept in their own package (like the benchmark's
/// jwt-kit dependency, out of the consumers' graph). Build and run them with `.ci/fuzz.sh`:
///
///     swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
///     .build/debug/FuzzJSON Corpus/FuzzJSON -max_total_time=30
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "IdentityBridgeFuzz",
    platforms: [.macOS(.v15)],
    // The Linux default hash path (SystemLibcrypto) without TokenService: no fuzz target reaches the token service,
    // and SwiftPM then resolves 5 packages instead of 31.
    dependencies: [.package(name: "IdentityBridge", path: "..", traits: ["SystemLibcrypto"])],
    targets: [
        // The libFuzzer driver and the invariant check every target shares.
        .target(
            name: "FuzzSupport", dependencies: [.product(name: "IdentityBridge", package: "IdentityBridge")], swiftSettings: swiftSettings),
        fuzzTarget("FuzzJSON"),
        fuzzTarget("FuzzJWT"),
        fuzzTarget("FuzzBase64URL"),
        fuzzTarget("FuzzConfiguration", products: ["IdentityBridge", "IdentityBridgeStandard"]),
        fuzzTarget("FuzzScenario", products: ["IdentityBridge", "IdentityBridgeTesting"]),
    ]
)

/// One fuzz executable: `Sources/<name>/`, its seed corpus in `Corpus/<name>/`.
func fuzzTarget(_ name: String, products: [String] = ["IdentityBridge"]) -> Target {
    .executableTarget(
        name: name, dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "IdentityBridge") },
        swiftSettings: swiftSettings)
}
