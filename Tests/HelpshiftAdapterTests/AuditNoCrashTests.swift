import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

/// Audit: "Nothing crashes on bad input": every entry point of the adapter, fed hostile values,
/// answers with a uniform error naming the field (or a documented pass-through), never a trap.
@Suite("Helpshift audit: hostile inputs at every entry point")
struct AuditNoCrashTests {
    typealias F = HelpshiftFixture
    static let on = ["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}"]
    static let huge = String(repeating: "\u{1F600}e\u{301}", count: 200_000)

    @Test("login dictionary values of the wrong JSON type are invalid_value_type naming the key")
    func loginValueTypes() async throws {
        let h = try F.harness()
        for value: JSONValue in [
            .array([.array([.null])]), .object(["k": .double(.nan)]), .int(.min), .double(.infinity), .bool(true), .null,
        ] {
            let error = await F.asyncError { try await h.provider.login(credential: Credential(fields: ["userId": value])) }
            #expect(error?.code == .invalidValueType)
            #expect(error?.field == "userId")
        }
        // Entirely empty dictionary: no identifier, the SDK keeps the anonymous user and says so.
        let empty = await F.asyncError { try await h.provider.login(credential: Credential(fields: [:])) }
        #expect(empty != nil)
    }

    @Test("huge and blank identifiers are refused by the issuer with the documented codes")
    func hugeIdentifiers() {
        let issuer = F.issuer(F.settings(identitySystem: true))
        #expect(F.error { try issuer.issue(for: UserIdentity(userId: Self.huge)) }?.code == .valueTooLong)
        // The legacy login documents no email length limit: the library's ceiling applies (issue 26); the
        // Identity System's email identity is at most 300, Helpshift's own rule.
        let legacy = F.error { try F.issuer(F.settings()).issue(for: UserIdentity(email: Self.huge + "@example.com")) }
        #expect(legacy?.code == .valueTooLong)
        #expect(legacy?.field == "email")
        #expect(
            F.error { try issuer.issue(for: UserIdentity(email: Self.huge + "@example.com")) }?.vendorCode
                == "HelpshiftValueLengthLimitExceeded")
        #expect(F.error { try issuer.issue(for: UserIdentity(userId: "", email: "  ", name: "\u{200B}")) }?.code == .missingIdentifier)
        let identity = F.error { try issuer.identityToken(for: [.init(identifier: "uid", value: Self.huge)]) }
        #expect(identity?.vendorCode == "HelpshiftValueLengthLimitExceeded")
        let key = F.error { try issuer.identityToken(for: [.init(identifier: "uid", value: "u", metadata: [Self.huge: "v"])]) }
        #expect(key?.vendorCode == "HelpshiftMetadataKeyLengthLimitExceeded")
    }

    @Test("hostile identities JWTs are refused, never trapped: wrong shapes, huge parts, bad base64")
    func hostileIdentityTokens() async throws {
        let issuer = F.issuer(F.settings(identitySystem: true))
        let signer = HS256Signer(secret: Secret(F.identitySecret))
        let tokens = [
            "", ".", "..", "...", "a.b.c", "a.b.c.d", String(repeating: "A", count: 1_000_000) + ".x.y",
            signer.sign(claims: ["identities": .object([:]), "iat": .int(F.start)]),
            signer.sign(claims: ["identities": .array([.array([.string("uid")])]), "iat": .int(F.start)]),
            signer.sign(claims: ["identities": .array([["identifier": .int(1), "value": "u"]]), "iat": .int(F.start)]),
            signer.sign(claims: [
                "identities": .array([["identifier": "uid", "value": "u", "metadata": .array([])]]), "iat": .int(F.start),
            ]),
            signer.sign(claims: [
                "identities": .array([["identifier": "uid", "value": "u", "metadata": ["k": .int(1)]]]), "iat": .int(F.start),
            ]),
            signer.sign(claims: [
                "identities": .array(Array(repeating: ["identifier": "uid", "value": "u"], count: 10_000)), "iat": .int(F.start),
            ]),
            signer.sign(claims: ["iat": .int(.max)]),
        ]
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        for token in tokens {
            let local = F.error { try issuer.verify(token, for: nil) }
            #expect(local != nil, "\(token.prefix(40))")
            #expect(local?.message.isEmpty == false)
            let added = await F.asyncError { try await h.provider.addUserIdentities(jwt: token) }
            #expect(added != nil, "\(token.prefix(40))")
        }
        #expect(await h.simulator.identities(ofUserId: "u-1") == ["uid": "u-1"])
    }

    @Test("hostile attribute dictionaries are refused with a per-key reason")
    func hostileAttributes() async throws {
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        let cases: [([String: JSONValue], String)] = [
            (["k": .array([.array([.array([.string("x")])])])], "HelpshiftInvalidValueType"),
            (["k": .object(["a": .object(["b": .string("c")])])], "HelpshiftInvalidValueType"),
            ([Self.huge: .int(1)], "HelpshiftKeyLengthLimitExceeded"),
            (["k": .string(Self.huge)], "HelpshiftValueLengthLimitExceeded"),
            (["": .int(1)], "HelpshiftEmptyData"),
            (["k": .object([Self.huge: .string("v")])], "HelpshiftKeyLengthLimitExceeded"),
        ]
        for (attributes, reason) in cases {
            let error = await F.asyncError { try await h.provider.updateAppAttributes(attributes) }
            #expect(error?.vendorCode == reason)
            #expect(error?.field?.hasPrefix("appAttributes.") == true)
        }
        for age: JSONValue in [.int(.min), .int(.max), .double(.nan), .double(30.5), .string(Self.huge)] {
            let error = await F.asyncError { try await h.provider.updateMasterAttributes(["age": age]) }
            #expect(error?.vendorCode == "HelpshiftInvalidValueType", "\(age)")
        }
    }

    @Test("hostile names and options: unknown events pass through, bad option values are refused")
    func hostileNamesAndOptions() async throws {
        let h = try F.harness()
        for name in ["", " ", "Helpshift", "HelpshiftEventName", Self.huge] {
            let events = try await h.provider.handleVendorEvent(name: name, data: .array([.array([])]))
            #expect(events.map(\.name) == [.vendorEvent])
        }
        for value: JSONValue in [.null, .int(1), .string("true"), .array([.bool(true)])] {
            let error = await F.asyncError { try await h.provider.setOption("clear_anonymous_user_on_login", to: value) }
            #expect(error?.code == .invalidValueType)
        }
        #expect(await F.asyncError { try await h.provider.setOption(Self.huge, to: .bool(true)) }?.code == .unsupportedOperation)
        try await h.provider.sendMessage(Self.huge)
        #expect(await h.simulator.visibleConversationCount() == 1)
    }
}
