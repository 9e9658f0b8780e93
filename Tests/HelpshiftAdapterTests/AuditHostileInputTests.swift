import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// An independent audit of the adapter and simulator against helpshift-users.txt,
/// helpshift-events.txt and vendor-notes.md, with hostile inputs: nothing may crash, and the
/// issuer and the simulated vendor must count and compare the same way.
@Suite("Helpshift audit: hostile inputs and issuer / vendor agreement")
struct AuditHostileInputTests {
    typealias F = HelpshiftFixture
    static let on = ["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}"]

    /// An identities JWT signed with the Identity System secret, with any `iat`.
    static func identitiesJWT(iat: Int64) -> String {
        HS256Signer(secret: Secret(F.identitySecret)).sign { claims in
            claims.add("identities", JSONValue.array([["identifier": "uid", "value": "u-1"]]))
            claims.add("iat", iat)
        }
    }

    static func map(_ name: String, _ data: JSONValue) throws(IdentityError) -> IdentityEvent {
        let events = try HelpshiftEventMapper.map(name: name, data: data, provider: F.reference, timestamp: Date(timeIntervalSince1970: 0))
        guard let first = events.first else { throw IdentityError(.unknown, message: "no event") }
        return first
    }

    // MARK: iat (vendor-notes: "iat is mandatory and must be less than 24 hours old")

    @Test("\"iat ... must be less than 24 hours old\": an iat of Int64.min is refused by the issuer, not an overflow crash")
    func issuerIatOverflow() throws {
        let issuer = F.issuer(F.settings(identitySystem: true))
        for iat in [Int64.min, Int64.min + 1, -HelpshiftLimits.identityTokenMaxAge] {
            let error = F.error { try issuer.verify(Self.identitiesJWT(iat: iat), for: nil) }
            #expect(error?.code == .tokenExpired)
            #expect(error?.vendorCode == "IdentityTokenInvalid")
            #expect(error?.field == "iat")
        }
    }

    @Test(
        "\"iat ... must be less than 24 hours old\": the simulated SDK refuses an iat of Int64.min with IdentityTokenInvalid, not a crash")
    func simulatorIatOverflow() async throws {
        let h = try F.harness(Self.on)
        let login = await F.asyncError { try await h.provider.login(identitiesJWT: Self.identitiesJWT(iat: .min)) }
        #expect(login?.vendorCode == "IdentityTokenInvalid")
        _ = try await h.provider.login(identitiesJWT: Self.identitiesJWT(iat: F.start))
        let add = await F.asyncError { try await h.provider.addUserIdentities(jwt: Self.identitiesJWT(iat: .min)) }
        #expect(add?.vendorCode == "HelpshiftIdentityTokenInvalid")
    }

    // MARK: user ids ("User ID is always case-sensitive (eg. '1abc' is different from '1ABC')")

    @Test("user ids are compared exactly: canonically equivalent but different ids (é vs e + U+0301) are different users")
    func userIdsComparedExactly() async throws {
        let h = try F.harness()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        _ = try await h.provider.login(UserIdentity(userId: composed))
        try await h.provider.sendMessage("mine")
        _ = h.recorder.drain()
        // "If the login API is called with different user identifier, then it first logs out the currently logged-in user".
        let second = try await h.provider.login(UserIdentity(userId: decomposed))
        #expect(h.recorder.names == [.loggedOut, .loginSucceeded])
        #expect(second.user.externalId.map { Array($0.utf8) } == Array(decomposed.utf8))
        #expect(await h.simulator.visibleConversationCount() == 0)
        #expect(await h.simulator.userCount() == 2)
        #expect(await h.simulator.user(withUserId: composed)?.userId.map { Array($0.utf8) } == Array(composed.utf8))
        // The digest covers the exact bytes, so the two ids have different tokens.
        let issuer = F.issuer(F.settings())
        #expect(
            try issuer.mint(for: UserIdentity(userId: composed)) != issuer.mint(for: UserIdentity(userId: decomposed)))
    }

    // MARK: spaces ("Leading / trailing spaces are not allowed ... will result in the creation of an anonymous user")

    @Test("a user id or email ending in a zero width space is refused by the issuer, as the vendor treats it as an outer space")
    func zeroWidthSpaceAtEnds() async throws {
        let issuer = F.issuer(F.settings())
        #expect(F.error { try issuer.issue(for: UserIdentity(userId: "u-1\u{200B}")) }?.code == .invalidIdentifier)
        #expect(F.error { try issuer.issue(for: UserIdentity(userId: "\u{200B}u-1")) }?.code == .invalidIdentifier)
        #expect(F.error { try issuer.issue(for: UserIdentity(email: "ann@example.com\u{200B}")) }?.code == .invalidEmail)
        // "If the value of "userId" is empty string, after trimming spaces, then do not include this parameter".
        #expect(F.error { try issuer.issue(for: UserIdentity(userId: "\u{200B}")) }?.code == .missingIdentifier)
        // End to end: the refusal happens before the SDK, which would silently fall back to an anonymous user.
        let h = try F.harness()
        let error = await F.asyncError { try await h.provider.login(UserIdentity(userId: "u-1\u{200B}")) }
        #expect(error?.code == .invalidIdentifier)
        #expect(h.recorder.names == [.loginFailed])
        #expect(await h.simulator.userCount() == 0)
    }

    @Test("verify: a userAuthToken that is empty after trimming spaces was not provided (AuthTokenNotProvided)")
    func blankTokenIsNotProvided() {
        let issuer = F.issuer(F.settings())
        for token in ["", "   ", "\t\n"] {
            let error = F.error { try issuer.verify(token, for: UserIdentity(userId: "u-1")) }
            #expect(error?.code == .tokenMissing)
            #expect(error?.vendorCode == HelpshiftAuthenticationFailureReason.authTokenNotProvided.rawValue)
        }
    }

    // MARK: lengths counted the same way by issuer and vendor

    @Test("userName \"Max length: 255 characters\": truncation keeps whole grapheme clusters (emoji, combining marks)")
    func nameTruncationKeepsGraphemes() throws {
        let issuer = F.issuer(F.settings())
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let emoji = try issuer.issue(for: UserIdentity(userId: "u-1", name: String(repeating: family, count: 300)))
        let emojiName = try #require(emoji.fields["userName"]?.stringValue)
        #expect(emojiName.count == HelpshiftLimits.userNameMaxLength)
        #expect(emojiName.allSatisfy { String($0) == family })
        let accented = String(repeating: "e\u{301}\u{323}", count: 400)
        let combining = try issuer.issue(for: UserIdentity(userId: "u-1", name: accented))
        let combiningName = try #require(combining.fields["userName"]?.stringValue)
        #expect(combiningName.count == HelpshiftLimits.userNameMaxLength)
        #expect(combiningName.unicodeScalars.count == 3 * HelpshiftLimits.userNameMaxLength)
    }

    @Test("userId at most 750 characters, counted the same way (grapheme clusters) by the issuer and the simulated vendor")
    func userIdLengthAgreesWithVendor() async throws {
        let flag = "\u{1F1FA}\u{1F1F8}"
        let atLimit = String(repeating: flag, count: HelpshiftLimits.userIdMaxLength)
        let h = try F.harness()
        let session = try await h.provider.login(UserIdentity(userId: atLimit))
        #expect(session.user.externalId == atLimit)
        let over = await F.asyncError { try await h.provider.login(UserIdentity(userId: atLimit + flag)) }
        #expect(over?.code == .valueTooLong)
        // The same over-long id sent raw reaches the vendor, which refuses it too (anonymous user).
        let raw = await F.asyncError { try await h.provider.login(credential: Credential(fields: ["userId": .string(atLimit + flag)])) }
        #expect(raw?.code == .valueTooLong)
        #expect(await h.provider.currentUser()?.isAnonymous == true)
        let huge = F.error { try h.issuer.issue(for: UserIdentity(userId: String(repeating: "x", count: 2_000_000))) }
        #expect(huge?.code == .valueTooLong)
    }

    @Test("\"Value length for multiline CUF - Max 100000 chars\": a value broken by \\r or U+2028 is multiline for the vendor too")
    func multilineAgreesWithVendor() async throws {
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        for separator in ["\r", "\u{2028}", "\r\n"] {
            let value = String(repeating: "a", count: 200) + separator + String(repeating: "b", count: 200)
            try await h.provider.updateAppAttributes(["notes": .string(value)])
            #expect(await h.simulator.appAttributes()["notes"] == .string(value))
        }
    }

    // MARK: event data ("malformed data gives a clear error")

    @Test("attachment size and unread count are non-negative numbers: a negative one is invalid_value_type naming the field")
    func negativeNumbers() {
        let size = F.error { try Self.map("agentMessageReceived", ["attachments": [["url": "u", "size": -1]]]) }
        #expect(size?.code == .invalidValueType)
        #expect(size?.field == "data.attachments[0].size")
        let count = F.error { try Self.map("receivedUnreadMessageCount", ["count": -3, "fromCache": false]) }
        #expect(count?.code == .invalidValueType)
        #expect(count?.field == "data.count")
        #expect(throws: Never.self) { try Self.map("agentMessageReceived", ["attachments": [["size": 0]]]) }
    }

    @Test("hostile event data never crashes: wrong types, nested arrays, non-finite and huge numbers")
    func hostileEventData() throws {
        let hostile: [(String, JSONValue)] = [
            ("agentMessageReceived", ["attachments": [[["url": "nested"]]]]),
            ("agentMessageReceived", ["attachments": [["size": .double(.nan)]]]),
            ("agentMessageReceived", ["attachments": [["size": .double(.infinity)]]]),
            ("agentMessageReceived", ["attachments": [["size": .double(1e300)]]]),
            ("agentMessageReceived", ["attachments": [["size": .double(-.infinity)]]]),
            ("agentMessageReceived", ["createdTs": .double(.nan)]),
            ("agentMessageReceived", ["attachments": ["url": "x"]]),
            ("receivedUnreadMessageCount", ["count": .double(.nan)]),
            ("receivedUnreadMessageCount", ["count": "99999999999999999999999"]),
            ("receivedUnreadMessageCount", ["count": [1]]),
            ("csatSubmit", ["rating": ["nested": [1, [2]]]]),
            ("widgetToggle", ["visible": "maybe"]),
            ("userClickOnAction", ["actionType": .int(.min)]),
            ("HelpshiftIdentitiesDataInvalid", ["uid": [["deep"]]]),
            ("conversationStatus", .array([.array([.null])])),
        ]
        for (name, data) in hostile {
            let error = F.error { try Self.map(name, data) }
            #expect(error?.code == .invalidValueType, "\(name) \(data)")
            #expect(error?.field?.hasPrefix("data") == true, "\(name) \(data)")
        }
        // Huge strings pass through typed, untouched.
        let body = String(repeating: "\u{1F600}", count: 100_000)
        #expect(try Self.map("messageAdd", ["type": "text", "body": .string(body)]).payload == .message(.init(type: "text", body: body)))
    }
}
