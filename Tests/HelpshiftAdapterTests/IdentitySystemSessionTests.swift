import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing

@Suite("Helpshift Identity System sessions against the simulator (helpshift-events.txt, vendor-notes)")
struct IdentitySystemSessionTests {
    typealias F = HelpshiftFixture
    static let on = ["identity_system: true", "identity_secret: ${HS_IDENTITY_SECRET}"]

    func signed(_ claims: [String: JSONValue]) -> String {
        HS256Signer(secret: Secret(F.identitySecret)).sign(claims: claims)
    }

    @Test("login with the identities JWT; an empty JWT logs in the anonymous user")
    func identityLogin() async throws {
        let h = try F.harness(Self.on)
        let session = try await h.provider.login(UserIdentity(userId: "u-1", email: "ann@example.com", metadata: ["steam_id": "s-1"]))
        #expect(session.user.externalId == "u-1")
        #expect(session.user.isAuthenticated)
        #expect(await h.simulator.identities(ofUserId: "u-1") == ["uid": "u-1", "email": "ann@example.com", "steam_id": "s-1"])
        let anonymous = try await h.provider.login(credential: .jwt(""))
        #expect(anonymous.user.isAnonymous)
        #expect(h.recorder.names == [.loginSucceeded, .loggedOut, .anonymousUserCreated, .loginSucceeded])
    }

    @Test("\"Logging in again logs the current user out first\"")
    func loginAgain() async throws {
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        _ = try await h.provider.login(UserIdentity(userId: "u-2"))
        #expect(h.recorder.names == [.loginSucceeded, .loggedOut, .loginSucceeded])
    }

    /// Each failure reason of vendor-notes, produced by the simulator, mapped to its uniform code.
    @Test("every Identity System login failure reason maps to its uniform code")
    func failureReasons() async throws {
        let h = try F.harness(Self.on)
        let now = JSONValue.int(F.start)
        let cases: [(String, String, IdentityError.Code)] = [
            ("not-a-jwt", "IdentityTokenInvalid", .tokenInvalid),
            (signed(["identities": [["identifier": "uid", "value": "u"]]]), "IatIsMandatory", .claimMissing),
            // IdentitiesDataInvalid is reported per key, as verify reports it (issue 15 A6).
            (signed(["identities": [["identifier": "uid", "value": ""]], "iat": now]), "HelpshiftEmptyData", .claimInvalid),
            (signed(["identities": [["identifier": "uid", "value": "u"]], "iat": .null]), "IatIsMandatory", .claimMissing),
            // An iat in the future beyond the clock skew is no issue time: token_not_yet_valid.
            (
                signed(["identities": [["identifier": "uid", "value": "u"]], "iat": .int(F.start + 3_600)]), "IdentityTokenInvalid",
                .tokenNotYetValid
            ),
            (
                signed(["identities": .array((0...30).map { _ in ["identifier": "uid", "value": "u"] }), "iat": now]),
                "IdentitiesSizeLimitExceeded", .limitExceeded
            ),
            (
                signed(["identities": [["identifier": "phone_number", "value": "+1"]], "iat": now]), "UidOrEmailIsMandatory",
                .missingIdentifier
            ),
            // vendor-notes: iat "must be less than 24 hours old"; HelpshiftAdapter.md: IdentityTokenInvalid is token_expired when iat is 24 h old or more.
            (
                signed(["identities": [["identifier": "uid", "value": "u"]], "iat": .int(F.start - 86_400)]), "IdentityTokenInvalid",
                .tokenExpired
            ),
        ]
        for (jwt, reason, code) in cases {
            let error = await F.asyncError { try await h.provider.login(credential: .jwt(jwt)) }
            #expect(error?.vendorCode == reason, "\(reason)")
            #expect(error?.code == code, "\(reason)")
            #expect(h.recorder.events.last?.name == .loginFailed)
        }
        for reason in ["LoginInProgress", "NetworkError", "UnknownError", "LoginConfigInvalid", "LoginConfigSizeLimitExceeded"] {
            await h.simulator.injectIdentityLoginFailure(reason)
            let error = await F.asyncError { try await h.provider.login(UserIdentity(userId: "u-1")) }
            #expect(error?.vendorCode == reason)
            #expect(error?.code == HelpshiftLoginFailureReason(vendorName: reason)?.code)
        }
        await h.simulator.injectIdentityLoginFailure("SomethingElse")
        #expect(await F.asyncError { try await h.provider.login(UserIdentity(userId: "u-1")) }?.code == .unknown)
    }

    @Test("IdentitiesDataInvalid carries the per-key reasons")
    func dataInvalidKeys() async throws {
        let h = try F.harness(Self.on)
        let jwt = signed([
            "identities": [["identifier": "uid", "value": .string(String(repeating: "u", count: 751)), "metadata": ["level": ""]]],
            "iat": .int(F.start),
        ])
        let error = await F.asyncError { try await h.provider.login(credential: .jwt(jwt)) }
        #expect(error?.code == .valueTooLong)
        #expect(error?.vendorCode == "HelpshiftValueLengthLimitExceeded")
        #expect(error?.message.contains("(uid): HelpshiftValueLengthLimitExceeded") == true)
        #expect(error?.message.contains("(level): HelpshiftMetadataEmptyKeyOrValue") == true)
    }

    @Test("the simulator's login config checks: size and value types")
    func loginConfig() async throws {
        let h = try F.harness(Self.on)
        let jwt = try h.issuer.identityToken(for: [.init(identifier: "uid", value: "u")])
        let big = Dictionary(uniqueKeysWithValues: (0...30).map { ("k\($0)", JSONValue.bool(true)) })
        #expect(await h.simulator.loginWithIdentity(jwt, config: big) == .failure(reason: "LoginConfigSizeLimitExceeded", errors: [:]))
        #expect(
            await h.simulator.loginWithIdentity(jwt, config: ["k": ["nested": 1]]) == .failure(reason: "LoginConfigInvalid", errors: [:]))
        #expect(await h.simulator.loginWithIdentity(jwt, config: ["k": "v"]) == .success)
        let size = await F.asyncError { try await h.provider.login(identitiesJWT: jwt, config: big) }
        #expect(size?.code == .limitExceeded)
        #expect(size?.vendorCode == "LoginConfigSizeLimitExceeded")
        let invalid = await F.asyncError { try await h.provider.login(identitiesJWT: jwt, config: ["k": ["nested"]]) }
        #expect(invalid?.code == .configurationInvalid)
        #expect(invalid?.vendorCode == "LoginConfigInvalid")
        let session = try await h.provider.login(identitiesJWT: jwt, config: ["source": "app", "build": 42])
        #expect(session.user.externalId == "u")
    }

    @Test("feature disabled: IdentityFeatureNotEnabled on login, HelpshiftEventUserIdentityNotEnabled on identities and attributes")
    func featureDisabled() async throws {
        let h = try F.harness(Self.on, factory: HelpshiftSimulatorFactory(identityFeatureEnabled: false))
        let login = await F.asyncError { try await h.provider.login(UserIdentity(userId: "u-1")) }
        #expect(login?.code == .identityFeatureDisabled)
        #expect(login?.vendorCode == "IdentityFeatureNotEnabled")
        let attributes = await F.asyncError { try await h.provider.updateAppAttributes(["plan": "gold"]) }
        #expect(attributes?.code == .identityFeatureDisabled)
        #expect(h.recorder.names.last == .attributesRejected)
        await h.simulator.setIdentityFeatureEnabled(true)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        await h.simulator.setIdentityFeatureEnabled(false)
        let add = await F.asyncError { try await h.provider.addUserIdentities([.init(identifier: "steam_id", value: "s")]) }
        #expect(add?.vendorCode == "HelpshiftEventUserIdentityNotEnabled")
    }

    @Test("addUserIdentities adds to the logged-in user; \"addUserIdentities does nothing for an anonymous user\"")
    func addIdentities() async throws {
        let h = try F.harness(Self.on)
        try await h.provider.addUserIdentities([.init(identifier: "steam_id", value: "s-0")])
        #expect(!h.recorder.names.contains(.identitiesAdded))
        // The simulated SDK, called directly for the anonymous user, does nothing either (not even for a bad JWT).
        await h.simulator.addUserIdentities("not-a-jwt")
        #expect(h.recorder.events.isEmpty)
        #expect(await h.simulator.userCount() == 0)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.addUserIdentities([.init(identifier: "steam_id", value: "s-1", metadata: ["region": "eu"])])
        #expect(await h.simulator.identities(ofUserId: "u-1")["steam_id"] == "s-1")
        #expect(h.recorder.names.last == .identitiesAdded)
    }

    @Test("addUserIdentities failures arrive as events and are thrown: token invalid, iat, data, size, sync")
    func addIdentitiesFailures() async throws {
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(await F.asyncError { try await h.provider.addUserIdentities(jwt: "x.y.z") }?.vendorCode == "HelpshiftIdentityTokenInvalid")
        #expect(h.recorder.names.last == .authenticationFailed)
        let noIat = signed(["identities": [["identifier": "steam_id", "value": "s"]]])
        #expect(await F.asyncError { try await h.provider.addUserIdentities(jwt: noIat) }?.vendorCode == "HelpshiftIatIsMandatory")
        let empty = signed(["identities": [["identifier": "steam_id", "value": ""]], "iat": .int(F.start)])
        let data = await F.asyncError { try await h.provider.addUserIdentities(jwt: empty) }
        #expect(data?.vendorCode == "HelpshiftIdentitiesDataInvalid")
        #expect(data?.code == .claimInvalid)
        let many = signed([
            "identities": .array((0...30).map { ["identifier": "steam_id", "value": .string("s\($0)")] }), "iat": .int(F.start),
        ])
        #expect(
            await F.asyncError { try await h.provider.addUserIdentities(jwt: many) }?.vendorCode == "HelpshiftIdentitiesSizeLimitExceeded")
        await h.simulator.failNextSyncWithBackend()
        let sync = await F.asyncError { try await h.provider.addUserIdentities([.init(identifier: "steam_id", value: "s")]) }
        #expect(sync?.code == .syncFailed)
        #expect(sync?.vendorCode == "HelpshiftEventAddUserIdentitiesSyncFailed")
        let local = await F.asyncError { try await h.provider.addUserIdentities([.init(identifier: "steam_id", value: "")]) }
        #expect(local?.vendorCode == "HelpshiftEmptyData")
    }

    @Test("updateAppAttributes: String, Bool, Number, String array, String-String dictionary; limits per key")
    func appAttributes() async throws {
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.updateAppAttributes([
            "plan": "gold", "paid": true, "level": 7, "score": 1.5, "tags": ["a"], "extra": ["k": "v"],
        ])
        #expect(await h.simulator.appAttributes()["plan"] == "gold")
        #expect(h.recorder.names.last == .attributesUpdated)
        let cases: [([String: JSONValue], String)] = [
            ([String(repeating: "k", count: 256): "v"], "HelpshiftKeyLengthLimitExceeded"),
            (["k": .string(String(repeating: "v", count: 256))], "HelpshiftValueLengthLimitExceeded"),
            (["k": .array((0...30).map { .string("t\($0)") })], "HelpshiftCountLimitExceeded"),
            (["k": [1, 2]], "HelpshiftInvalidValueType"),
            (["k": ["a": 1]], "HelpshiftInvalidValueType"),
            (["k": .null], "HelpshiftInvalidValueType"),
        ]
        for (attributes, reason) in cases {
            let error = await F.asyncError { try await h.provider.updateAppAttributes(attributes) }
            #expect(error?.vendorCode == reason)
            #expect(error?.code == HelpshiftDataErrorReason(vendorName: reason)?.code)
            // The simulator, reached directly, reports the same reason as a validation event.
            await h.simulator.updateAppAttributes(attributes)
            guard case .fields(let fields) = h.recorder.events.last?.payload else {
                Issue.record("fields")
                continue
            }
            #expect(fields["vendor_event"] == "HelpshiftEventUpdateAppAttributesValidationFailed")
            #expect(fields["errors"]?.objectValue?.values.first?["reason"] == .string(reason))
        }
        let multiline = String(repeating: "line\n", count: 1000)
        try await h.provider.updateAppAttributes(["notes": .string(multiline)])
        let tooMany = Dictionary(uniqueKeysWithValues: (0...30).map { ("k\($0)", JSONValue.int(1)) })
        let limit = await F.asyncError { try await h.provider.updateAppAttributes(tooMany) }
        #expect(limit?.vendorCode == "HelpshiftEventAppAttributesLimitExceeded")
        await h.simulator.updateAppAttributes(tooMany)
        #expect(h.recorder.events.last?.error?.vendorCode == "HelpshiftEventAppAttributesLimitExceeded")
        await h.simulator.failNextSyncWithBackend()
        #expect(await F.asyncError { try await h.provider.updateAppAttributes(["plan": "silver"]) }?.code == .syncFailed)
    }

    @Test("updateMasterAttributes: only the documented keys; age 0-150; tags at most 100 characters")
    func masterAttributes() async throws {
        let h = try F.harness(Self.on)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.updateMasterAttributes([
            "first_name": "Ann", "age": 150, "accepted_t_and_c": true, "new_tags": ["vip"], "custom_user_fields": ["team": "red"],
            "lifetime_value": 12.5, "last_active_date": 1_767_225_600, "reset_tags": false,
        ])
        #expect(await h.simulator.masterAttributes()["age"] == 150)
        let cases: [([String: JSONValue], String)] = [
            (["favourite_color": "red"], "HelpshiftUnknownKey"), (["age": 151], "HelpshiftInvalidValueType"),
            (["age": -1], "HelpshiftInvalidValueType"),
            (["age": "30"], "HelpshiftInvalidValueType"),
            (["new_tags": [.string(String(repeating: "t", count: 101))]], "HelpshiftValueLengthLimitExceeded"),
            (["reset_tags": "yes"], "HelpshiftInvalidValueType"), (["custom_user_fields": ["a", "b"]], "HelpshiftInvalidValueType"),
        ]
        for (attributes, reason) in cases {
            #expect(await F.asyncError { try await h.provider.updateMasterAttributes(attributes) }?.vendorCode == reason, "\(attributes)")
            await h.simulator.updateMasterAttributes(attributes)
            guard case .fields(let fields) = h.recorder.events.last?.payload else {
                Issue.record("fields")
                continue
            }
            #expect(fields["errors"]?.objectValue?.values.first?["reason"] == .string(reason))
        }
        await h.simulator.updateMasterAttributes(Dictionary(uniqueKeysWithValues: (0...30).map { ("k\($0)", JSONValue.int(1)) }))
        #expect(h.recorder.events.last?.error?.vendorCode == "HelpshiftEventMasterAttributesLimitExceeded")
        await h.simulator.failNextSyncWithBackend()
        let sync = await F.asyncError { try await h.provider.updateMasterAttributes(["first_name": "Bo"]) }
        #expect(sync?.vendorCode == "HelpshiftEventUpdateMasterAttributesSyncFailed")
    }

    @Test("userSessionExpired is \"sent at once and again on every foreground until a fresh login\"; refreshUserCredentials before expiry")
    func sessionExpiry() async throws {
        let h = try F.harness(Self.on, factory: HelpshiftSimulatorFactory(sessionLifetime: 3600, refreshLeadTime: 300))
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        try await h.provider.enterForeground()
        #expect(!h.recorder.names.contains(.credentialsRefreshRequested))
        h.clock.advance(by: 3400)
        try await h.provider.enterForeground()
        try await h.provider.enterForeground()
        #expect(h.recorder.names.filter { $0 == .credentialsRefreshRequested }.count == 1)
        h.clock.advance(by: 200)
        await h.simulator.tick()
        await h.simulator.tick()
        #expect(h.recorder.names.filter { $0 == .sessionExpired }.count == 1)
        #expect(h.provider.isSessionExpired)
        try await h.provider.enterForeground()
        try await h.provider.enterForeground()
        #expect(h.recorder.names.filter { $0 == .sessionExpired }.count == 3)
        #expect(h.recorder.events.last?.error?.code == .sessionExpired)
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        #expect(!h.provider.isSessionExpired)
        try await h.provider.enterForeground()
        #expect(h.recorder.names.filter { $0 == .sessionExpired }.count == 3)
    }

    @Test("legacy logins have no Identity System session: no expiry events")
    func legacyNoExpiry() async throws {
        let h = try F.harness()
        _ = try await h.provider.login(UserIdentity(userId: "u-1"))
        h.clock.advance(by: 86_400 * 3)
        try await h.provider.enterForeground()
        #expect(!h.recorder.names.contains(.sessionExpired))
    }
}
