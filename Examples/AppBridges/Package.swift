// swift-tools-version: 6.2
import PackageDescription

/// The settings the main package's targets use: Swift 6 language mode with strict concurrency.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// The bridges an app team copies: for each vendor SDK, the session module's port implemented with the
// SDK's own calls, as the vendor documents them. An app depends on IdentityBridge's app half only (by
// relative path here, by URL in an app; every package trait off) and uses its public API only: no
// `@testable import`, no `package` symbols. `.ci/bridges.sh` builds it and runs its tests.
//
// The vendor SDKs are binary frameworks for iOS that CI cannot link, so each is replaced here by a
// STAND-IN: a small module with the real SDK's module name, type names and call signatures, and an
// in-memory behaviour just big enough to log a user in or refuse them. In an app, delete the stand-in
// targets and add the vendor's package instead; the bridges compile unchanged.
let package = Package(
    name: "AppBridges",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "MessagingBridge", targets: ["MessagingBridge"]),
        .library(name: "ChatBridge", targets: ["ChatBridge"]),
        .library(name: "SupportBridge", targets: ["SupportBridge"]),
        .library(name: "HelpshiftBridge", targets: ["HelpshiftBridge"]),
    ],
    dependencies: [
        .package(name: "IdentityBridge", path: "../..", traits: [])
    ],
    targets: [
        // MARK: Stand-ins for the vendor SDKs (replaced by the vendors' packages in an app).
        // Zendesk Messaging (Zendesk SDK for iOS): `Zendesk.instance?.loginUser(with:)`, `logoutUser`, events.
        .target(name: "ZendeskSDK", path: "Sources/StandIns/ZendeskSDK", swiftSettings: swiftSettings),
        // Zendesk Chat SDK v2: `Chat`, `JWTAuthenticator`, `Chat.NotificationAuthenticationFailed`.
        .target(name: "ChatProvidersSDK", path: "Sources/StandIns/ChatProvidersSDK", swiftSettings: swiftSettings),
        // Zendesk Support SDK: `Zendesk` and `Identity` (ZendeskCoreSDK); `Support`, `ZDKRequestProvider` (SupportSDK).
        .target(name: "ZendeskCoreSDK", path: "Sources/StandIns/ZendeskCoreSDK", swiftSettings: swiftSettings),
        .target(name: "SupportSDK", dependencies: ["ZendeskCoreSDK"], path: "Sources/StandIns/SupportSDK", swiftSettings: swiftSettings),
        // Helpshift SDK X: `Helpshift.install`, `login`, `login(withIdentity:)`, `logout`, `HelpshiftDelegate`.
        .target(name: "HelpshiftX", path: "Sources/StandIns/HelpshiftX", swiftSettings: swiftSettings),

        // MARK: The bridges: one type per vendor, the session module's port over the SDK's calls.
        .target(
            name: "MessagingBridge",
            dependencies: [
                "ZendeskSDK", .product(name: "IdentityBridgeModel", package: "IdentityBridge"),
                .product(name: "ZendeskMessagingSession", package: "IdentityBridge"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ChatBridge",
            dependencies: [
                "ChatProvidersSDK", .product(name: "IdentityBridgeModel", package: "IdentityBridge"),
                .product(name: "ZendeskChatSession", package: "IdentityBridge"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "SupportBridge",
            dependencies: [
                "ZendeskCoreSDK", "SupportSDK", .product(name: "IdentityBridgeModel", package: "IdentityBridge"),
                .product(name: "ZendeskSupportSession", package: "IdentityBridge"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HelpshiftBridge",
            dependencies: [
                "HelpshiftX", .product(name: "IdentityBridgeModel", package: "IdentityBridge"),
                .product(name: "HelpshiftSession", package: "IdentityBridge"),
            ],
            swiftSettings: swiftSettings
        ),

        // Per vendor: the provider over the bridge logs a user in through a credential source, the login
        // reaches the stand-in SDK, and one refusal comes back as the provider's error.
        .testTarget(
            name: "AppBridgesTests",
            dependencies: [
                "MessagingBridge", "ChatBridge", "SupportBridge", "HelpshiftBridge",
                "ZendeskSDK", "ChatProvidersSDK", "ZendeskCoreSDK", "SupportSDK", "HelpshiftX",
                .product(name: "IdentityBridgeClient", package: "IdentityBridge"),
                .product(name: "ZendeskMessagingSession", package: "IdentityBridge"),
                .product(name: "ZendeskChatSession", package: "IdentityBridge"),
                .product(name: "ZendeskSupportSession", package: "IdentityBridge"),
                .product(name: "HelpshiftSession", package: "IdentityBridge"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
