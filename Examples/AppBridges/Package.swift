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
// STAND-IN: a module with the real SDK's module name whose public declarations are transcribed from the
// interface the vendor ships (`Interfaces/`: an excerpt of each `.swiftinterface` or Objective-C header,
// with its repository, version and path), with an in-memory behaviour just big enough to log a user in or
// refuse them; what only tests call sits in each stand-in's `+StandIn.swift` file. `.ci/standins.py`
// checks every public declaration against the excerpt. The stand-ins compile in Swift 5 mode, as the
// vendors' binaries are built. In an app, delete the stand-in targets and add the vendors' packages
// instead; the bridges compile unchanged as far as the interface files can show.
/// The stand-ins: Swift 5 language mode with the same upcoming features, as a vendor's binary framework is built.
let standInSettings: [SwiftSetting] = swiftSettings + [.swiftLanguageMode(.v5)]

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
        // Zendesk Messaging: ZendeskSDK 3.17 (its interface as ZendeskSDKMessaging 2.39.0 ships it), with
        // ZendeskSDKMessaging 2.39.0, ZendeskSDKConversationKit 14.0.1 and ZendeskSDKHTTPClient 0.20.0.
        .target(name: "ZendeskSDKHTTPClient", path: "Sources/StandIns/ZendeskSDKHTTPClient", swiftSettings: standInSettings),
        .target(
            name: "ZendeskSDKConversationKit", dependencies: ["ZendeskSDKHTTPClient"], path: "Sources/StandIns/ZendeskSDKConversationKit",
            swiftSettings: standInSettings),
        .target(
            name: "ZendeskSDK", dependencies: ["ZendeskSDKConversationKit", "ZendeskSDKHTTPClient"], path: "Sources/StandIns/ZendeskSDK",
            swiftSettings: standInSettings),
        .target(
            name: "ZendeskSDKMessaging", dependencies: ["ZendeskSDK"], path: "Sources/StandIns/ZendeskSDKMessaging",
            swiftSettings: standInSettings),
        // Zendesk Chat SDK v2: ChatProvidersSDK 5.0.5.
        .target(name: "ChatProvidersSDK", path: "Sources/StandIns/ChatProvidersSDK", swiftSettings: standInSettings),
        // Zendesk Support SDK: ZendeskCoreSDK 5.0.5 and SupportProvidersSDK 9.0.0 (what SupportSDK 9.1.0 pins).
        .target(name: "ZendeskCoreSDK", path: "Sources/StandIns/ZendeskCoreSDK", swiftSettings: standInSettings),
        .target(
            name: "SupportProvidersSDK", dependencies: ["ZendeskCoreSDK"], path: "Sources/StandIns/SupportProvidersSDK",
            swiftSettings: standInSettings),
        // Helpshift SDK X 10.4.1 (Objective-C headers, as Swift imports them).
        .target(name: "HelpshiftX", path: "Sources/StandIns/HelpshiftX", swiftSettings: standInSettings),

        // MARK: The bridges: one type per vendor, the session module's port over the SDK's calls.
        .target(
            name: "MessagingBridge",
            dependencies: [
                "ZendeskSDK", "ZendeskSDKConversationKit", "ZendeskSDKHTTPClient", "ZendeskSDKMessaging",
                .product(name: "IdentityBridgeModel", package: "IdentityBridge"),
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
                "ZendeskCoreSDK", "SupportProvidersSDK", .product(name: "IdentityBridgeModel", package: "IdentityBridge"),
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
                "ZendeskSDK", "ZendeskSDKConversationKit", "ZendeskSDKHTTPClient", "ChatProvidersSDK", "ZendeskCoreSDK",
                "SupportProvidersSDK", "HelpshiftX",
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
