import IdentityBridge
import Testing
import ZendeskChatAdapter

@Suite("Zendesk Chat error and event mapping")
struct ZendeskChatErrorMappingTests {
    @Test("every AuthenticationError of the spec maps to a uniform code")
    func vendorErrors() {
        let expected: [String: IdentityError.Code] = [
            "invalidAccountKey": .invalidAccountKey, "invalidAccessToken": .tokenInvalid, "invalidEmail": .invalidEmail,
            "invalidName": .invalidName, "invalidSharedSecret": .tokenInvalid, "externalUserIdHasChanged": .externalIdChanged,
            "tokenHasExpired": .tokenExpired, "networkError": .networkError,
        ]
        #expect(ZendeskChatAuthenticationError.allCases.count == expected.count)
        for error in ZendeskChatAuthenticationError.allCases {
            #expect(expected[error.rawValue] == error.uniformCode, "\(error)")
            #expect(!error.vendorDescription.isEmpty)
        }
    }

    @Test("every backend check names its vendor error and uniform code")
    func failureReasons() {
        let expected: [ZendeskChatFailureReason: (String, IdentityError.Code)] = [
            .accountKeyInvalid: ("invalidAccountKey", .invalidAccountKey),
            .tokenUnavailable: ("invalidAccessToken", .tokenMissing),
            .tokenMalformed: ("invalidAccessToken", .tokenMalformed),
            .algorithmNotAllowed: ("invalidAccessToken", .algorithmNotAllowed),
            .signatureInvalid: ("invalidSharedSecret", .tokenInvalid),
            .claimMissing: ("invalidAccessToken", .claimMissing),
            .claimInvalid: ("invalidAccessToken", .claimInvalid),
            .nameInvalid: ("invalidName", .invalidName),
            .emailInvalid: ("invalidEmail", .invalidEmail),
            .externalIdInvalid: ("invalidAccessToken", .invalidIdentifier),
            .externalIdTooLong: ("invalidAccessToken", .valueTooLong),
            .externalIdChanged: ("externalUserIdHasChanged", .externalIdChanged),
            .tokenExpired: ("tokenHasExpired", .tokenExpired),
            .issuedInFuture: ("invalidAccessToken", .tokenNotYetValid),
            .lifetimeTooLong: ("invalidAccessToken", .tokenLifetimeTooLong),
            .networkUnavailable: ("networkError", .networkError),
        ]
        #expect(ZendeskChatFailureReason.allCases.count == expected.count)
        for reason in ZendeskChatFailureReason.allCases {
            #expect(reason.vendorError.rawValue == expected[reason]?.0, "\(reason)")
            #expect(reason.uniformCode == expected[reason]?.1, "\(reason)")
            let error = reason.identityError("detail")
            #expect(error.vendorCode == reason.vendorError.rawValue)
            #expect(error.recovery?.isEmpty == false)
        }
        // Every vendor error is reachable from some check.
        #expect(Set(ZendeskChatFailureReason.allCases.map(\.vendorError)) == Set(ZendeskChatAuthenticationError.allCases))
    }

    @Test("Chat.NotificationAuthenticationFailed maps to authentication_failed then fell_back_to_anonymous")
    func notification() throws {
        let reference = ProviderReference(kind: .zendeskChat)
        let events = try ZendeskChatPlugin().mapVendorEvent(
            name: "Chat.NotificationAuthenticationFailed", data: ["error": "tokenHasExpired"], provider: reference, timestamp: Date())
        #expect(events.map(\.name) == [.authenticationFailed, .fellBackToAnonymous])
        #expect(events.first?.error?.code == .tokenExpired)
        #expect(events.first?.error?.vendorCode == "tokenHasExpired")
    }

    @Test("an unknown AuthenticationError or missing error is invalid_value_type; other events pass through")
    func otherEvents() throws {
        let reference = ProviderReference(kind: .zendeskChat)
        let plugin = ZendeskChatPlugin()
        for data: JSONValue in [["error": "nope"], [:]] {
            let error = #expect(throws: IdentityError.self) {
                try plugin.mapVendorEvent(name: "Chat.NotificationAuthenticationFailed", data: data, provider: reference, timestamp: Date())
            }
            #expect(error?.code == .invalidValueType)
        }
        let passed = try plugin.mapVendorEvent(name: "chatStarted", data: ["x": 1], provider: reference, timestamp: Date())
        #expect(passed.map(\.name) == [.vendorEvent])
    }
}
