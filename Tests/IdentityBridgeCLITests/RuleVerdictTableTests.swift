import Foundation
import HelpshiftAdapter
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTestSupport
import IdentityBridgeTesting
import Testing
import ZendeskChatAdapter
import ZendeskMessagingAdapter
import ZendeskSupportAdapter

/// Issue 15 A, "Make it impossible": every vendor rule runs through every path that can see it
/// (issuer.issue, issuer.verify, a session login against the simulator, a scenario step, the
/// `identityctl` command in-process) and each path must answer with the same uniform code and
/// vendor code. The rule set comes from the adapters' own enumerations: a case added later
/// without a row (or a justified entry in ``RuleVerdictTable/unreachable``) fails the test.
@Suite("One rule, one verdict: the rule/path table")
struct RuleVerdictTableTests {
    typealias T = RuleVerdictTable

    @Test("every vendor rule of the adapters' enumerations has a row or a justified unreachable entry")
    func everyRuleHasARow() {
        let covered = Set(T.rows.map(\.rule))
        for rule in T.ruleSet {
            let justified = T.unreachable[rule] != nil
            #expect(
                covered.contains(rule) || justified,
                "rule \(rule) has no row in RuleVerdictTable.rows and no justified entry in unreachable")
            #expect(!(covered.contains(rule) && justified), "rule \(rule) has both a row and an unreachable entry")
        }
        for rule in covered.union(T.unreachable.keys)
        where rule.hasPrefix("helpshift/") || rule.hasPrefix("zendesk-chat/") || rule.hasPrefix("zendesk-messaging/") {
            #expect(T.ruleSet.contains(rule) || T.policyRules.contains(rule), "row \(rule) names no rule of the enumerations")
        }
    }

    @Test("each row: the same uniform code and vendor code on every path that can see the rule", arguments: RuleVerdictTable.rows)
    func row(_ row: RuleVerdictTable.Row) async throws {
        let verdicts = try await T.verdicts(row)
        #expect(!verdicts.isEmpty, "\(row.rule): no path ran")
        #expect(verdicts.count >= 2 || row.singlePath != nil, "\(row.rule): only one path sees it; say why in singlePath")
        for (path, verdict) in verdicts {
            #expect(verdict.code == row.code, "\(row.rule) on \(path): code \(verdict.code ?? "accepted"), expected \(row.code)")
            #expect(
                verdict.vendorCode == row.vendorCode,
                "\(row.rule) on \(path): vendor code \(verdict.vendorCode ?? "nil"), expected \(row.vendorCode ?? "nil")")
        }
    }
}

/// The rows, the rule set and the path runners of ``RuleVerdictTableTests``.
enum RuleVerdictTable {
    static let now: Int64 = 1_767_225_600
    static let app = "t"
    static let hsSecret = "table-helpshift-secret-0123456789abcdef"
    static let hsIdentitySecret = "table-helpshift-identity-secret-0123456789"
    static let supportSecret = "table-zendesk-support-secret-0123456789ab"
    static let chatSecret = "table-zendesk-chat-secret-0123456789abcdef"
    static let messagingSecret = "table-zendesk-messaging-secret-0123456789"
    static let messagingKey = "app_table_key"

    static let yaml = """
        apps:
          t:
            providers:
              - kind: helpshift
                name: hs-identity
                secret: ${T_HS:-\(hsSecret)}
                identity_system: true
                identity_secret: ${T_HSI:-\(hsIdentitySecret)}
              - kind: helpshift
                name: hs-legacy
                identity_verification: true
                secret: ${T_HS:-\(hsSecret)}
              - kind: zendesk-support
                auth: jwt
                secret: ${T_ZS:-\(supportSecret)}
              - kind: zendesk-chat
                account_key: ${T_ZCK:-table-chat-account-key-0123456789}
                secret: ${T_ZC:-\(chatSecret)}
              - kind: zendesk-messaging
                signing_keys:
                  - key_id: \(messagingKey)
                    secret: ${T_ZM:-\(messagingSecret)}
        """

    // MARK: The rule set (source of truth: the adapters' enumerations)

    /// Every vendor rule with a vendor code in the adapters.
    static let ruleSet: Set<String> = {
        var rules: Set<String> = []
        rules.formUnion(ZendeskChatFailureReason.allCases.map { "zendesk-chat/\($0.rawValue)" })
        rules.formUnion(HelpshiftLoginFailureReason.allCases.map { "helpshift/\($0.rawValue)" })
        rules.formUnion(HelpshiftDataErrorReason.allCases.map { "helpshift/\($0.rawValue)" })
        rules.formUnion(HelpshiftAuthenticationFailureReason.allCases.map { "helpshift/\($0.rawValue)" })
        rules.formUnion(ZendeskMessagingVendorCode.identityFailures.map { "zendesk-messaging/\($0)" })
        return rules
    }()

    /// Rows for IdentityBridge's freshness policy, which no vendor enumeration names.
    static let policyRules: Set<String> = [
        "helpshift/IatInFuture", "helpshift/IatTooOld", "zendesk-chat/exp_null", "zendesk-messaging/exp_null",
    ]

    /// Rules no credential path can see, and why.
    static let unreachable: [String: String] = [
        "zendesk-chat/account_key_invalid": "the account key is the SDK's initialization setting, not part of a JWT or user",
        "helpshift/LoginInProgress": "only two concurrent SDK logins produce it; no issuer, verify or CLI path has a second login",
        "helpshift/LoginConfigInvalid": "the login config is an argument of login(identitiesJWT:config:) only, never part of a credential",
        "helpshift/LoginConfigSizeLimitExceeded": "the login config is an argument of login(identitiesJWT:config:) only",
        "helpshift/IdentityFeatureNotEnabled": "a dashboard setting: with identity_system off no identities JWT is issued or verified",
        "helpshift/NetworkError": "the SDK's transport; no credential produces it",
        "helpshift/UnknownError": "the SDK's catch-all; no credential produces it",
        "helpshift/HelpshiftCountLimitExceeded": "an attribute-update reason (updateAppAttributes), no credential path",
        "helpshift/HelpshiftInvalidValueType": "an attribute-update reason (updateAppAttributes), no credential path",
        "helpshift/HelpshiftInvalidData": "a sync-failure reason (addUserIdentities / attributes sync), no credential path",
        "helpshift/HelpshiftUnknownKey": "a master-attribute reason (updateMasterAttributes), no credential path",
        "zendesk-messaging/unauthorized": "a plain HTTP 401 without detail: the simulator always names the rule",
        "zendesk-messaging/networkError": "the SDK's transport; no credential produces it",
        "zendesk-chat/network_unavailable": "the SDK's transport; no credential produces it",
    ].filter { !$0.key.isEmpty }

    // MARK: Rows

    /// What the row feeds its paths.
    enum Input: Sendable {
        /// A neutral user: issue, `identityctl token`, a session login, a scenario `login: {user_id, ...}`.
        case user(UserIdentity)
        /// A vendor JWT: verify, `identityctl verify`, a session login with `{"jwt": ...}`, a scenario
        /// `login: {credential: {jwt: ...}}`. `bound`: a user logged in first (and `--user-id`).
        case jwt(String, bound: UserIdentity? = nil)
        /// A Helpshift login dictionary `{userId, userAuthToken}`: verify for the user, `identityctl
        /// verify --user-id`, a session login and a scenario step with the dictionary.
        case digest(userId: String, token: String)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var rule: String
        var provider: String
        var input: Input
        var code: IdentityError.Code
        var vendorCode: String?
        /// Why only one path can see the rule, when that is so.
        var singlePath: String?
        /// Paths that cannot see this input, with the reason (the others must all agree).
        var skip: [Path: String] = [:]
        var testDescription: String { "\(rule) via \(provider)" }
    }

    enum Path: String, Sendable, CaseIterable {
        case issue, verify, login, scenario, cli
    }

    struct Verdict: Sendable {
        var code: IdentityError.Code?
        var vendorCode: String?
        init(_ error: IdentityError?) {
            code = error?.code
            vendorCode = error?.vendorCode
        }
        init(code: String?, vendorCode: String?) {
            self.code = code.map(IdentityError.Code.init(rawValue:))
            self.vendorCode = vendorCode
        }
    }

    static func hsIdentity(_ claims: [String: JSONValue]) -> String { HS256Signer(secret: Secret(hsIdentitySecret)).sign(claims: claims) }
    static func chat(_ overrides: [String: JSONValue?]) -> String {
        var claims: [String: JSONValue] = [
            "name": "Ann", "email": "ann@example.com", "external_id": "u-1", "iat": .int(now), "exp": .int(now + 300),
        ]
        for (key, value) in overrides { claims[key] = value }
        return HS256Signer(secret: Secret(chatSecret)).sign(claims: claims)
    }
    static func messaging(_ overrides: [String: JSONValue?], kid: String = messagingKey, secret: String = messagingSecret) -> String {
        var claims: [String: JSONValue] = ["scope": "user", "external_id": "u-1", "exp": .int(now + 3_600)]
        for (key, value) in overrides { claims[key] = value }
        return HS256Signer(secret: Secret(secret), keyID: kid).sign(claims: claims)
    }
    static func support(_ overrides: [String: JSONValue?]) -> String {
        var claims: [String: JSONValue] = ["jti": "j-1", "iat": .int(now), "name": "Ann", "email": "ann@example.com"]
        for (key, value) in overrides { claims[key] = value }
        return HS256Signer(secret: Secret(supportSecret)).sign(claims: claims)
    }
    static let uid: JSONValue = [["identifier": "uid", "value": "u-1"]]
    static let rs256Header = Base64URL.encode(Array(#"{"alg":"RS256","typ":"JWT"}"#.utf8))

    static let supportLogin =
        "the session exchanges a fresh user token; Zendesk's JWT is minted at the exchange, so a hand-made JWT never reaches a login"

    static let rows: [Row] = {
        var rows: [Row] = []
        func add(
            _ rule: String, _ provider: String, _ input: Input, _ code: IdentityError.Code, _ vendor: String?,
            skip: [Path: String] = [:], single: String? = nil
        ) {
            rows.append(Row(rule: rule, provider: provider, input: input, code: code, vendorCode: vendor, singlePath: single, skip: skip))
        }
        // Zendesk Chat (ZendeskChatFailureReason).
        let chatAnn = UserIdentity(userId: "u-1", email: "ann@example.com", name: "Ann")
        add("zendesk-chat/token_unavailable", "zendesk-chat", .jwt(""), .tokenMissing, "invalidAccessToken")
        add("zendesk-chat/token_malformed", "zendesk-chat", .jwt("not.a.jwt"), .tokenMalformed, "invalidAccessToken")
        add(
            "zendesk-chat/algorithm_not_allowed", "zendesk-chat", .jwt(rs256Header + ".e30.c2ln"), .algorithmNotAllowed,
            "invalidAccessToken")
        add("zendesk-chat/signature_invalid", "zendesk-chat", .jwt(chat([:]) + "x"), .tokenInvalid, "invalidSharedSecret")
        add("zendesk-chat/claim_missing", "zendesk-chat", .jwt(chat(["iat": nil])), .claimMissing, "invalidAccessToken")
        add("zendesk-chat/claim_invalid", "zendesk-chat", .jwt(chat(["iat": "soon"])), .claimInvalid, "invalidAccessToken")
        add("zendesk-chat/exp_null", "zendesk-chat", .jwt(chat(["exp": .null])), .claimInvalid, "invalidAccessToken")
        add("zendesk-chat/name_invalid", "zendesk-chat", .jwt(chat(["name": nil])), .invalidName, "invalidName")
        add(
            "zendesk-chat/name_invalid", "zendesk-chat", .user(UserIdentity(userId: "u-1", email: "ann@example.com")), .invalidName,
            "invalidName")
        add("zendesk-chat/email_invalid", "zendesk-chat", .jwt(chat(["email": nil])), .invalidEmail, "invalidEmail")
        add("zendesk-chat/email_invalid", "zendesk-chat", .user(UserIdentity(userId: "u-1", name: "Ann")), .invalidEmail, "invalidEmail")
        add(
            "zendesk-chat/email_invalid", "zendesk-chat", .user(UserIdentity(userId: "u-1", email: "ann@", name: "Ann")), .invalidEmail,
            "invalidEmail")
        add(
            "zendesk-chat/external_id_invalid", "zendesk-chat", .jwt(chat(["external_id": "u 1"])), .invalidIdentifier, "invalidAccessToken"
        )
        add(
            "zendesk-chat/external_id_invalid", "zendesk-chat", .user(UserIdentity(userId: "u 1", email: "ann@example.com", name: "Ann")),
            .invalidIdentifier, "invalidAccessToken")
        let longId = String(repeating: "x", count: ZendeskChatLimits.externalIdMaxLength + 1)
        add(
            "zendesk-chat/external_id_too_long", "zendesk-chat", .jwt(chat(["external_id": .string(longId)])), .valueTooLong,
            "invalidAccessToken")
        add(
            "zendesk-chat/external_id_too_long", "zendesk-chat", .user(UserIdentity(userId: longId, email: "ann@example.com", name: "Ann")),
            .valueTooLong, "invalidAccessToken")
        add(
            "zendesk-chat/external_id_changed", "zendesk-chat", .jwt(chat(["external_id": "u-2"]), bound: chatAnn), .externalIdChanged,
            "externalUserIdHasChanged",
            skip: [
                .login: "a login naming another external_id ends the visitor's identity first (the failure table's user switch), "
                    + "so it never meets the rule; a re-authentication on the same visitor does (ZendeskChatSessionTests.externalIdChangeRefused)",
                .scenario: "a scenario's login is a session login (see .login)",
            ])
        add(
            "zendesk-chat/token_expired", "zendesk-chat", .jwt(chat(["iat": .int(now - 400), "exp": .int(now - 100)])), .tokenExpired,
            "tokenHasExpired")
        add(
            "zendesk-chat/issued_in_future", "zendesk-chat", .jwt(chat(["iat": .int(now + 600), "exp": .int(now + 900)])),
            .tokenNotYetValid,
            "invalidAccessToken")
        add(
            "zendesk-chat/lifetime_too_long", "zendesk-chat", .jwt(chat(["exp": .int(now + 421)])), .tokenLifetimeTooLong,
            "invalidAccessToken")

        // Helpshift Identity System (HelpshiftLoginFailureReason, HelpshiftDataErrorReason).
        add(
            "helpshift/IdentityTokenInvalid", "hs-identity", .jwt(hsIdentity(["identities": uid, "iat": .int(now)]) + "x"), .tokenInvalid,
            "IdentityTokenInvalid")
        add(
            "helpshift/IatTooOld", "hs-identity", .jwt(hsIdentity(["identities": uid, "iat": .int(now - 86_400)])), .tokenExpired,
            "IdentityTokenInvalid")
        add(
            "helpshift/IatInFuture", "hs-identity", .jwt(hsIdentity(["identities": uid, "iat": 5_711_817_600])), .tokenNotYetValid,
            "IdentityTokenInvalid")
        add("helpshift/IatIsMandatory", "hs-identity", .jwt(hsIdentity(["identities": uid])), .claimMissing, "IatIsMandatory")
        add(
            "helpshift/IatIsMandatory", "hs-identity", .jwt(hsIdentity(["identities": uid, "iat": .null])), .claimMissing, "IatIsMandatory")
        add(
            "helpshift/IdentitiesDataInvalid", "hs-identity",
            .jwt(
                hsIdentity([
                    "identities": [["identifier": "uid", "value": "u-1"], ["identifier": "pager_id", "value": "7"]], "iat": .int(now),
                ])),
            .invalidIdentifier, "IdentitiesDataInvalid")
        add(
            "helpshift/IdentitiesSizeLimitExceeded", "hs-identity",
            .jwt(
                hsIdentity([
                    "identities": .array((0...HelpshiftLimits.collectionMaxCount).map { _ in ["identifier": "uid", "value": "u"] }),
                    "iat": .int(now),
                ])),
            .limitExceeded, "IdentitiesSizeLimitExceeded")
        add(
            "helpshift/UidOrEmailIsMandatory", "hs-identity",
            .jwt(hsIdentity(["identities": [["identifier": "phone_number", "value": "+100"]], "iat": .int(now)])), .missingIdentifier,
            "UidOrEmailIsMandatory")
        func data(_ rule: HelpshiftDataErrorReason, _ identity: JSONValue) {
            add(
                "helpshift/\(rule.rawValue)", "hs-identity", .jwt(hsIdentity(["identities": [identity], "iat": .int(now)])), rule.code,
                rule.rawValue)
        }
        let long = { (count: Int) in JSONValue.string(String(repeating: "v", count: count)) }
        data(
            .keyLengthLimitExceeded, ["identifier": .string(String(repeating: "k", count: HelpshiftLimits.keyMaxLength + 1)), "value": "v"])
        data(.valueLengthLimitExceeded, ["identifier": "uid", "value": long(HelpshiftLimits.uidValueMaxLength + 1)])
        data(.emptyData, ["identifier": "uid", "value": " "])
        data(
            .metadataCountLimitExceeded,
            [
                "identifier": "uid", "value": "u",
                "metadata": .object(
                    Dictionary(
                        uniqueKeysWithValues: (0...HelpshiftLimits.collectionMaxCount).map { ("k\($0)", JSONValue.string("v")) })),
            ])
        data(
            .metadataKeyLengthLimitExceeded,
            ["identifier": "uid", "value": "u", "metadata": .object([String(repeating: "k", count: 256): "v"])])
        data(
            .metadataValueLengthLimitExceeded,
            ["identifier": "uid", "value": "u", "metadata": ["level": long(HelpshiftLimits.identityValueMaxLength + 1)]])
        data(.metadataEmptyKeyOrValue, ["identifier": "uid", "value": "u", "metadata": ["level": ""]])

        // Helpshift identity verification (HelpshiftAuthenticationFailureReason).
        add(
            "helpshift/HelpshiftAuthenticationFailureReasonAuthTokenNotProvided", "hs-legacy", .digest(userId: "u-1", token: ""),
            .tokenMissing,
            "HelpshiftAuthenticationFailureReasonAuthTokenNotProvided")
        add(
            "helpshift/HelpshiftAuthenticationFailureReasonInvalidAuthToken", "hs-legacy",
            .digest(userId: "u-1", token: String(repeating: "0", count: 64)),
            .tokenInvalid, "HelpshiftAuthenticationFailureReasonInvalidAuthToken")

        // Zendesk Messaging (ZendeskMessagingVendorCode.identityFailures).
        add("zendesk-messaging/invalidJWT", "zendesk-messaging", .jwt("not-a-jwt"), .tokenMalformed, "invalidJWT")
        add(
            "zendesk-messaging/unsupportedAlgorithm", "zendesk-messaging", .jwt(rs256Header + ".e30.c2ln"), .algorithmNotAllowed,
            "unsupportedAlgorithm")
        add(
            "zendesk-messaging/unknownSigningKey", "zendesk-messaging", .jwt(messaging([:], kid: "app_other")), .keyUnknown,
            "unknownSigningKey")
        add(
            "zendesk-messaging/invalidSignature", "zendesk-messaging", .jwt(messaging([:], secret: "another-secret-0123456789abcdef-xyz")),
            .tokenInvalid, "invalidSignature")
        add("zendesk-messaging/missingClaim", "zendesk-messaging", .jwt(messaging(["scope": nil])), .claimMissing, "missingClaim")
        add("zendesk-messaging/invalidClaim", "zendesk-messaging", .jwt(messaging(["scope": "app"])), .claimInvalid, "invalidClaim")
        add("zendesk-messaging/exp_null", "zendesk-messaging", .jwt(messaging(["exp": .null])), .claimInvalid, "invalidClaim")
        add(
            "zendesk-messaging/externalIdTooLong", "zendesk-messaging",
            .jwt(messaging(["external_id": .string(String(repeating: "x", count: 256))])),
            .valueTooLong, "externalIdTooLong")
        add("zendesk-messaging/expiredJWT", "zendesk-messaging", .jwt(messaging(["exp": .int(now - 1)])), .tokenExpired, "expiredJWT")
        add(
            "zendesk-messaging/lifetimeTooLong", "zendesk-messaging", .jwt(messaging(["exp": .int(.max)])), .tokenLifetimeTooLong,
            "lifetimeTooLong")
        add(
            "zendesk-messaging/issuedInFuture", "zendesk-messaging", .jwt(messaging(["iat": .int(now + 3_600)])), .tokenNotYetValid,
            "issuedInFuture")

        // Zendesk Support: Zendesk's JWT under the freshness policy (no vendor enumeration).
        let supportSkip: [Path: String] = [.login: supportLogin, .scenario: supportLogin]
        add("zendesk-support/max_token_age", "zendesk-support", .jwt(support(["iat": 0])), .tokenExpired, nil, skip: supportSkip)
        add(
            "zendesk-support/iat_in_future", "zendesk-support", .jwt(support(["iat": .int(now + 3_600)])), .tokenNotYetValid, nil,
            skip: supportSkip)
        add("zendesk-support/exp_null", "zendesk-support", .jwt(support(["exp": .null])), .claimInvalid, nil, skip: supportSkip)
        add("zendesk-support/email_missing", "zendesk-support", .user(UserIdentity(userId: "u-1", name: "Ann")), .missingIdentifier, nil)
        return rows
    }()

    // MARK: Paths

    static func configuration() throws -> (IdentityConfiguration, String) {
        let path = try temporaryFile(yaml, name: "table.yaml")
        return (try TestConfiguration.load(path: path, environment: .process), path)
    }

    /// The verdict of every path that can see `row`'s input.
    static func verdicts(_ row: Row) async throws -> [(Path, Verdict)] {
        let (configuration, path) = try configuration()
        let issuer = try configuration.makeIssuer(
            app: app, provider: row.provider, context: IssuerContext(clock: FixedClock(unixSeconds: now)))
        var result: [(Path, Verdict)] = []
        func run(_ path: Path, _ body: () async throws -> Verdict) async rethrows {
            guard row.skip[path] == nil else { return }
            result.append((path, try await body()))
        }
        switch row.input {
        case .user(let user):
            await run(.issue) { Verdict(catching { _ = try issuer.issue(for: user) }) }
            try await run(.login) { Verdict(try await login(configuration, row.provider) { try await $0.login(user) }) }
            try await run(.scenario) { try await scenario(path, row.provider, login: scenarioUser(user)) }
            await run(.cli) {
                await cli(["token", "--config", path, "--app", app, "--provider", row.provider, "--now", "\(now)"] + cliUser(user))
            }
        case .jwt(let token, let bound):
            await run(.verify) { Verdict(catching { _ = try issuer.verify(token, for: bound) }) }
            try await run(.login) {
                Verdict(
                    try await login(configuration, row.provider) { provider in
                        if let bound { _ = try await provider.login(bound) }
                        return try await provider.login(credential: .jwt(token))
                    })
            }
            try await run(.scenario) {
                let before = bound.map { "  - login: \(scenarioUser($0))\n" } ?? ""
                return try await scenario(
                    path, row.provider, before: before, login: "{ credential: { jwt: \(JSONValue.string(token).jsonString) } }")
            }
            let user = bound.map { ["--user-id", $0.userId ?? ""] } ?? []
            await run(.cli) {
                await cli(
                    ["verify", "--config", path, "--app", app, "--provider", row.provider, "--now", "\(now)"] + user + ["--", token])
            }
        case .digest(let userId, let token):
            let fields: [String: JSONValue] = ["userId": .string(userId), "userAuthToken": .string(token)]
            await run(.verify) { Verdict(catching { _ = try issuer.verify(token, for: UserIdentity(userId: userId)) }) }
            try await run(.login) {
                Verdict(try await login(configuration, row.provider) { try await $0.login(credential: Credential(fields: fields)) })
            }
            try await run(.scenario) {
                try await scenario(
                    path, row.provider, login: "{ credential: { userId: \(userId), userAuthToken: \(JSONValue.string(token).jsonString) } }"
                )
            }
            await run(.cli) {
                await cli(["verify", "--config", path, "--app", app, "--provider", row.provider, "--user-id", userId, "--", token])
            }
        }
        return result
    }

    static func catching(_ body: () throws -> Void) -> IdentityError? {
        do { try body() } catch let error as IdentityError { return error } catch { return IdentityError(.unknown, message: "\(error)") }
        return nil
    }

    /// A session login against the simulator (a fresh one per row).
    static func login(
        _ configuration: IdentityConfiguration, _ provider: String, _ body: (any IdentityProvider) async throws -> IdentitySession
    ) async throws -> IdentityError? {
        let vendors = SimulatedVendors(clock: ManualClock(unixSeconds: now))
        let built = try configuration.makeProvider(app: app, provider: provider, context: vendors.context())
        do { _ = try await body(built) } catch let error as IdentityError { return error }
        return nil
    }

    static func scenarioUser(_ user: UserIdentity) -> String {
        var parts: [String] = []
        if let id = user.userId { parts.append("user_id: \(JSONValue.string(id).jsonString)") }
        if let email = user.email { parts.append("email: \(JSONValue.string(email).jsonString)") }
        if let name = user.name { parts.append("name: \(JSONValue.string(name).jsonString)") }
        if !user.metadata.isEmpty {
            parts.append(
                "metadata: { "
                    + user.metadata.keys.sorted().map { "\($0): \(JSONValue.string(user.metadata[$0] ?? "").jsonString)" }.joined(
                        separator: ", ") + " }")
        }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    static func cliUser(_ user: UserIdentity) -> [String] {
        var arguments: [String] = []
        if let id = user.userId { arguments.append("--user-id=\(id)") }
        if let email = user.email { arguments.append("--email=\(email)") }
        if let name = user.name { arguments.append("--name=\(name)") }
        return arguments
    }

    /// The error record of the scenario's last login step (accepted: no error record).
    static func scenario(_ configPath: String, _ provider: String, before: String = "", login: String) async throws -> Verdict {
        let text = """
            name: rule table
            app: \(app)
            provider: \(provider)
            start: 2026-01-01T00:00:00Z
            steps:
            \(before)  - login: \(login)
            """
        let scenario = try ScenarioParser().parse(yaml: text, file: "table-scenario.yaml")
        let configuration = try ConfigurationLoader(registry: StandardProviders.registry).load(path: configPath)
        let result = try await ScenarioRunner(configuration: configuration).run(scenario)
        let last = scenario.steps.count
        for record in result.records {
            if case .error(let step, let code, let vendorCode, _, _) = record, step == last {
                return Verdict(code: code.rawValue, vendorCode: vendorCode)
            }
        }
        return Verdict(code: nil, vendorCode: nil)
    }

    /// `identityctl` in-process: the `error` object it prints.
    static func cli(_ arguments: [String]) async -> Verdict {
        let run = await standardCTL(arguments)
        guard let object = run.json.first else { return Verdict(code: "no output", vendorCode: nil) }
        let error = object["error"]
        return Verdict(code: error?["code"]?.stringValue, vendorCode: error?["vendor_code"]?.stringValue)
    }
}
