import Foundation
import IdentityBridge
import IdentityBridgeCLI
import IdentityBridgeSimulators
import IdentityBridgeStandard
import IdentityBridgeTesting
import Testing
import ZendeskSupportAdapter

// Cross-language interop: Python 3's stdlib (hmac, hashlib, base64, json) is an implementation
// of HS256 JWTs and HMAC digests that shares no code with IdentityBridge. What identityctl issues
// must verify there, what Python mints must verify here, and what Python tampers with must be
// refused here with the uniform code the vendor tables (the adapters' DocC pages) give.

/// A fixed instant for every command: 2026-01-01T00:00:00Z.
private let now: Int64 = 1_767_225_600

/// A name full of what JSON encoders disagree on: quotes, backslash, slash, non-ASCII, astral plane.
private let trickyName = #"Zoë "Q" O'Brien \ / 山田 😀"#
/// A user id with non-ASCII and astral characters, and one decomposed "é" (e + U+0301) that must
/// reach the wire as those two scalars, not normalized (no whitespace: Chat forbids it in external_id).
private let unicodeUserId = "ünï-用户-😀-42-e\u{301}"
private let email = "ann.o-brien+interop@example.com"

/// `identityctl token` for `provider`; returns the credential object.
private func issue(_ configuration: String, _ provider: String, userId: String = unicodeUserId, name: String? = trickyName)
    async throws -> [String: JSONValue]
{
    var arguments = ["token", "--config", configuration, "--app", "interop", "--provider", provider, "--user-id", userId, "--email", email]
    if let name { arguments += ["--name", name] }
    let run = await interopCTL(arguments + ["--now", String(now)])
    #expect(run.status == 0, "\(run.allText)")
    return try #require(run.object?["credential"]?.objectValue, "\(run.allText)")
}

/// `identityctl verify` for `provider` ten seconds after `now`.
private func verify(_ configuration: String, _ provider: String, _ token: String, extra: [String] = []) async -> CLIRun {
    await interopCTL(
        ["verify", "--config", configuration, "--app", "interop", "--provider", provider, "--now", String(now + 10)] + extra + [token])
}

/// `identityctl exchange` (Zendesk Support) ten seconds after `now`.
private func exchange(_ configuration: String, _ userToken: String) async -> CLIRun {
    await interopCTL([
        "exchange", "--config", configuration, "--app", "interop", "--provider", "zendesk-support", "--now", String(now + 10), userToken,
    ])
}

/// Python's decode-and-verify of `token` with `secret` (HKDF-derived with `info` when given).
private func pythonVerify(_ token: String, secret: String, info: String? = nil) throws -> JSONValue {
    var job: [String: JSONValue] = ["op": "decode_verify", "token": .string(token), "secret": .string(secret)]
    if let info { job["info"] = .string(info) }
    return try PythonInterop.run(.object(job))
}

/// No output of any run may contain a configured secret.
private func expectNoSecret(_ run: CLIRun, sourceLocation: SourceLocation = #_sourceLocation) {
    for secret in InteropSecrets.variables.values {
        #expect(!run.allText.contains(secret), "a secret leaked into identityctl output", sourceLocation: sourceLocation)
    }
}

@Suite("Interop (a): tokens identityctl issues verify in Python")
struct IssuedTokensVerifyInPythonTests {
    let configuration: String
    init() throws { configuration = try InteropSecrets.configuration() }

    @Test(
        "Zendesk Chat: HS256 over the shared secret, header {alg: HS256, typ: JWT}, claims name/email/external_id/iat/exp (exp = iat + token_lifetime)"
    )
    func chat() async throws {
        let credential = try await issue(configuration, "zendesk-chat")
        let jwt = try #require(credential["jwt"]?.stringValue)
        let python = try pythonVerify(jwt, secret: InteropSecrets.chat)
        #expect(python["signature_valid"] == true)
        #expect(python["signature_length"] == 32, "HMAC-SHA256 is 32 bytes")
        #expect(python["header"] == ["alg": "HS256", "typ": "JWT"])
        #expect(
            python["payload"]
                == [
                    "name": .string(trickyName), "email": .string(email), "external_id": .string(unicodeUserId), "iat": .int(now),
                    "exp": .int(now + 300),
                ])
        // Swift's String == is canonical equivalence; the wire must carry the exact scalars.
        #expect(python["payload"]?["external_id"]?.stringValue.map { Array($0.unicodeScalars) } == Array(unicodeUserId.unicodeScalars))
        #expect(try pythonVerify(jwt, secret: InteropSecrets.support)["signature_valid"] == false, "another secret does not verify it")
    }

    @Test(
        "Zendesk Messaging: header {alg: HS256, typ: JWT, kid: the active key id}, claims scope user/external_id/name/email/exp; the secret keys as UTF-8 bytes"
    )
    func messaging() async throws {
        let credential = try await issue(configuration, "zendesk-messaging")
        let jwt = try #require(credential["jwt"]?.stringValue)
        let python = try pythonVerify(jwt, secret: InteropSecrets.messaging1)
        #expect(python["signature_valid"] == true)
        #expect(python["header"] == ["alg": "HS256", "typ": "JWT", "kid": .string(InteropSecrets.messagingKeyID1)])
        #expect(
            python["payload"]
                == [
                    "scope": "user", "external_id": .string(unicodeUserId), "name": .string(trickyName), "email": .string(email),
                    "exp": .int(now + 3600),
                ])
    }

    @Test(
        "Zendesk Support: the user token is HS256 under HKDF-SHA256(secret, userTokenKeyInfo); the exchanged JWT is HS256 under the shared secret with jti/iat/name/email/external_id"
    )
    func supportExchange() async throws {
        let credential = try await issue(configuration, "zendesk-support")
        let userToken = try #require(credential["user_token"]?.stringValue)
        let token = try pythonVerify(userToken, secret: InteropSecrets.support, info: ZendeskSupportLimits.userTokenKeyInfo)
        #expect(token["signature_valid"] == true)
        #expect(token["header"] == ["alg": "HS256", "typ": .string(ZendeskSupportLimits.userTokenType)])
        #expect(
            token["payload"]
                == [
                    "uid": .string(unicodeUserId), "name": .string(trickyName), "email": .string(email), "iat": .int(now),
                    "exp": .int(now + 600),
                ])

        let run = await exchange(configuration, userToken)
        #expect(run.status == 0, "\(run.allText)")
        let jwt = try #require(run.object?["jwt"]?.stringValue)
        let python = try pythonVerify(jwt, secret: InteropSecrets.support)
        #expect(python["signature_valid"] == true)
        #expect(python["header"] == ["alg": "HS256", "typ": "JWT"])
        let payload = try #require(python["payload"]?.objectValue)
        #expect(Set(payload.keys) == ["jti", "iat", "name", "email", "external_id"])
        #expect(payload["iat"] == .int(now + 10))
        #expect(payload["name"] == .string(trickyName))
        #expect(payload["email"] == .string(email))
        #expect(payload["external_id"] == .string(unicodeUserId))
        #expect(payload["jti"]?.stringValue.flatMap(UUID.init(uuidString:)) != nil, "jti is a unique UUID")
        expectNoSecret(run)
    }

    @Test("Helpshift Identity System: the identities JWT is HS256 under identity_secret with identities [uid, email] and iat")
    func helpshiftIdentities() async throws {
        let credential = try await issue(configuration, "hs-identity")
        let jwt = try #require(credential["jwt"]?.stringValue)
        let python = try pythonVerify(jwt, secret: InteropSecrets.helpshiftIdentity)
        #expect(python["signature_valid"] == true)
        #expect(python["header"] == ["alg": "HS256", "typ": "JWT"])
        #expect(
            python["payload"]
                == [
                    "identities": [
                        ["identifier": "uid", "value": .string(unicodeUserId)], ["identifier": "email", "value": .string(email)],
                    ],
                    "iat": .int(now),
                ])
    }
}

@Suite("Interop (b): tokens Python mints verify with identityctl")
struct PythonMintedTokensVerifyTests {
    let configuration: String
    init() throws { configuration = try InteropSecrets.configuration() }

    /// The Chat claims Python signs, and the claims identityctl must read back.
    static let chatClaims: JSONValue = [
        "name": .string(trickyName), "email": .string(email), "external_id": .string(unicodeUserId), "iat": .int(now),
        "exp": .int(now + 300),
    ]

    @Test(
        "Zendesk Chat: a Python-minted JWT verifies, with \\u escapes (ensure_ascii) or raw UTF-8, and the claims read back exactly",
        arguments: [true, false])
    func chat(ensureASCII: Bool) async throws {
        let minted = try PythonInterop.run([
            "op": "sign", "header": ["alg": "HS256", "typ": "JWT"], "payload": Self.chatClaims, "secret": .string(InteropSecrets.chat),
            "ensure_ascii": .bool(ensureASCII),
        ])
        let jwt = try #require(minted["token"]?.stringValue)
        let run = await verify(configuration, "zendesk-chat", jwt)
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.object?["valid"] == true)
        #expect(run.object?["claims"] == Self.chatClaims)
    }

    @Test("Zendesk Chat: hand-written JSON with every escape form (\\\", \\\\, \\/, \\u00e9, a surrogate pair) decodes to the right name")
    func chatEscapes() async throws {
        let payload =
            #"{"name":"Ann \"The Q\" O\/Brien \\ \u00e9\ud83d\ude00\t!","email":"ann@example.com","external_id":"u-1","iat":"#
            + "\(now),\"exp\":\(now + 300)}"
        let minted = try PythonInterop.run([
            "op": "sign", "header": #"{"typ":"JWT","alg":"HS256"}"#, "payload": .string(payload), "secret": .string(InteropSecrets.chat),
        ])
        let run = await verify(configuration, "zendesk-chat", try #require(minted["token"]?.stringValue))
        // A tab is a control character: Chat's name rule refuses it (invalid_name), which proves the
        // escape was decoded. Without it the same escapes verify.
        #expect(run.status == 1, "\(run.allText)")
        #expect(run.object?["error"]?["code"] == "invalid_name")

        let clean = payload.replacingOccurrences(of: #"\t"#, with: "")
        let mintedClean = try PythonInterop.run([
            "op": "sign", "header": #"{"typ":"JWT","alg":"HS256"}"#, "payload": .string(clean), "secret": .string(InteropSecrets.chat),
        ])
        let valid = await verify(configuration, "zendesk-chat", try #require(mintedClean["token"]?.stringValue))
        #expect(valid.status == 0, "\(valid.allText)")
        #expect(valid.object?["claims"]?["name"] == .string("Ann \"The Q\" O/Brien \\ é😀!"))
    }

    @Test(
        "Zendesk Messaging: a Python-minted JWT verifies under either configured signing key (rotation), reporting the key id",
        arguments: [
            (InteropSecrets.messagingKeyID1, InteropSecrets.messaging1), (InteropSecrets.messagingKeyID2, InteropSecrets.messaging2),
        ])
    func messaging(keyID: String, secret: String) async throws {
        let claims: JSONValue = [
            "scope": "user", "external_id": .string(unicodeUserId), "name": .string(trickyName), "email_verified": true,
        ]
        let minted = try PythonInterop.run([
            "op": "sign", "header": ["alg": "HS256", "typ": "JWT", "kid": .string(keyID)], "payload": claims, "secret": .string(secret),
            "ensure_ascii": false,
        ])
        let run = await verify(configuration, "zendesk-messaging", try #require(minted["token"]?.stringValue))
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.object?["claims"] == claims)
        #expect(run.object?["key_id"] == .string(keyID))
        expectNoSecret(run)
    }

    @Test(
        "Zendesk Support: a Python-minted Zendesk JWT verifies; a Python-minted user token exchanges, and Python verifies the JWT it gets back"
    )
    func support() async throws {
        let jwtClaims: JSONValue = [
            "jti": "8d1f0c1e-python", "iat": .int(now), "name": .string(trickyName), "email": .string(email),
            "external_id": .string(unicodeUserId),
        ]
        let minted = try PythonInterop.run([
            "op": "sign", "header": ["alg": "HS256", "typ": "JWT"], "payload": jwtClaims, "secret": .string(InteropSecrets.support),
        ])
        let run = await verify(configuration, "zendesk-support", try #require(minted["token"]?.stringValue))
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.object?["claims"] == jwtClaims)

        let userToken = try PythonInterop.run([
            "op": "sign", "header": ["alg": "HS256", "typ": .string(ZendeskSupportLimits.userTokenType)],
            "payload": ["uid": "py-user", "name": "Py Thon", "email": "py@example.com", "iat": .int(now), "exp": .int(now + 60)],
            "secret": .string(InteropSecrets.support), "info": .string(ZendeskSupportLimits.userTokenKeyInfo),
        ])
        let exchanged = await exchange(configuration, try #require(userToken["token"]?.stringValue))
        #expect(exchanged.status == 0, "\(exchanged.allText)")
        let jwt = try #require(exchanged.object?["jwt"]?.stringValue)
        let python = try pythonVerify(jwt, secret: InteropSecrets.support)
        #expect(python["signature_valid"] == true)
        #expect(python["payload"]?["external_id"] == "py-user")
        #expect(python["payload"]?["name"] == "Py Thon")
    }

    @Test("Helpshift Identity System: a Python-minted identities JWT verifies")
    func helpshiftIdentities() async throws {
        let claims: JSONValue = ["identities": [["identifier": "uid", "value": .string(unicodeUserId)]], "iat": .int(now)]
        let minted = try PythonInterop.run([
            "op": "sign", "header": ["alg": "HS256", "typ": "JWT"], "payload": claims, "secret": .string(InteropSecrets.helpshiftIdentity),
        ])
        let run = await verify(configuration, "hs-identity", try #require(minted["token"]?.stringValue))
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.object?["claims"] == claims)
    }
}

/// A correctly signed Python-minted token whose claims break a vendor rule, and the uniform code
/// the vendor tables (the adapters' DocC pages) give for it.
struct RuleBreakingToken: Sendable, CustomTestStringConvertible {
    let provider: String
    let rule: String
    let header: JSONValue
    let payload: JSONValue
    let secret: String
    let code: String
    var testDescription: String { "\(provider): \(rule)" }

    static let chatHeader: JSONValue = ["alg": "HS256", "typ": "JWT"]
    static let messagingHeader: JSONValue = ["alg": "HS256", "typ": "JWT", "kid": .string(InteropSecrets.messagingKeyID1)]

    static func chat(_ rule: String, _ changes: [String: JSONValue?], _ code: String) -> RuleBreakingToken {
        var claims: [String: JSONValue] = [
            "name": "Ann", "email": "ann@example.com", "external_id": "u-1", "iat": .int(now), "exp": .int(now + 300),
        ]
        for (key, value) in changes { claims[key] = value }
        return RuleBreakingToken(
            provider: "zendesk-chat", rule: rule, header: chatHeader, payload: .object(claims), secret: InteropSecrets.chat, code: code)
    }

    static func messaging(_ rule: String, _ changes: [String: JSONValue?], header: JSONValue = messagingHeader, _ code: String)
        -> RuleBreakingToken
    {
        var claims: [String: JSONValue] = ["scope": "user", "external_id": "u-1", "exp": .int(now + 3600)]
        for (key, value) in changes { claims[key] = value }
        return RuleBreakingToken(
            provider: "zendesk-messaging", rule: rule, header: header, payload: .object(claims), secret: InteropSecrets.messaging1,
            code: code)
    }

    static let all: [RuleBreakingToken] = [
        chat("exp more than 7 minutes after iat", ["exp": .int(now + 421)], "token_lifetime_too_long"),
        chat("iat more than 2 minutes in the future", ["iat": .int(now + 10 + 121), "exp": .int(now + 10 + 200)], "token_not_yet_valid"),
        chat("exp reached", ["iat": .int(now - 300), "exp": .int(now)], "token_expired"),
        chat("external_id missing", ["external_id": nil], "claim_missing"),
        chat("external_id over 200 characters", ["external_id": .string(String(repeating: "x", count: 201))], "value_too_long"),
        chat("external_id with whitespace", ["external_id": "u 1"], "invalid_identifier"),
        chat("email invalid", ["email": "not-an-email"], "invalid_email"),
        chat("iat a string", ["iat": .string(String(now))], "claim_invalid"),
        messaging("scope not user", ["scope": "app"], "claim_invalid"),
        messaging("scope missing", ["scope": nil], "claim_missing"),
        messaging("external_id over 255 characters", ["external_id": .string(String(repeating: "x", count: 256))], "value_too_long"),
        messaging("exp passed", ["exp": .int(now)], "token_expired"),
        messaging("email_verified not a boolean", ["email_verified": "yes"], "claim_invalid"),
        messaging("kid missing", [:], header: ["alg": "HS256", "typ": "JWT"], "key_unknown"),
        messaging(
            "typ not JWT", [:], header: ["alg": "HS256", "typ": "JWS", "kid": .string(InteropSecrets.messagingKeyID1)], "token_malformed"),
    ]
}

@Suite("Interop (b2): correctly signed Python tokens that break a vendor claim rule get the documented code")
struct PythonRuleBreakingTokenTests {
    let configuration: String
    init() throws { configuration = try InteropSecrets.configuration() }

    @Test("each rule of the Chat and Messaging tables", arguments: RuleBreakingToken.all)
    func rule(token: RuleBreakingToken) async throws {
        let minted = try PythonInterop.run([
            "op": "sign", "header": token.header, "payload": token.payload, "secret": .string(token.secret),
        ])
        let jwt = try #require(minted["token"]?.stringValue)
        let run = await verify(configuration, token.provider, jwt)
        #expect(run.status == 1, "\(run.allText)")
        #expect(run.object?["valid"] == false)
        #expect(run.object?["error"]?["code"] == .string(token.code), "\(run.allText)")
    }
}

@Suite("Interop (c): Helpshift userAuthToken equals Python's hmac.new(secret, input, sha256)")
struct HelpshiftDigestInteropTests {
    let configuration: String
    init() throws { configuration = try InteropSecrets.configuration() }

    /// The digest input per `digest_input` (the adapter's documented choice for
    /// user_id_and_email: the user id immediately followed by the email).
    static func message(_ input: String, userId: String, email: String) -> String {
        switch input {
        case "email": return email
        case "user_id_and_email": return userId + email
        default: return userId  // auto with a user id, user_id
        }
    }

    @Test(
        "every digest_input x digest_encoding: identityctl's userAuthToken is Python's digest, and Python's digest verifies",
        arguments: InteropSecrets.digestInputs, InteropSecrets.digestEncodings)
    func digest(input: String, encoding: String) async throws {
        let provider = "hs-\(input)-\(encoding)"
        let userId = "用户 42 ü e\u{301}"  // inner spaces are allowed in a Helpshift userId; the decomposed é stays decomposed
        let credential = try await issue(configuration, provider, userId: userId)
        let python = try PythonInterop.run([
            "op": "hmac", "secret": .string(InteropSecrets.helpshift),
            "message": .string(Self.message(input, userId: userId, email: email)),
            "encoding": .string(encoding),
        ])
        let expected = try #require(python["digest"]?.stringValue)
        #expect(credential["userAuthToken"] == .string(expected))
        switch encoding {
        case "hex": #expect(expected.count == 64 && expected == expected.lowercased())
        case "base64": #expect(expected.count == 44 && expected.hasSuffix("="))
        default: #expect(expected.count == 43 && !expected.hasSuffix("="))
        }

        let run = await verify(configuration, provider, expected, extra: ["--user-id", userId, "--email", email])
        #expect(run.status == 0, "\(run.allText)")
        #expect(run.object?["valid"] == true)
        expectNoSecret(run)
    }
}

/// One credential surface and the uniform code each Python tampering must give.
struct TamperCase: Sendable, CustomTestStringConvertible {
    let provider: String
    /// The claim `change_claim` rewrites.
    let claim: String
    /// The secret (and HKDF info) Python re-signs with for `alg_hs512` and `set_header`.
    let secret: String
    let info: String?
    /// Whether the token is checked by `exchange` (a user token) rather than `verify`.
    let exchanges: Bool
    /// Whether the token under test is the Zendesk Support JWT that `exchange` returns.
    var exchanged = false
    /// Expected code per tamper mode.
    let expected: [String: String]
    var testDescription: String { exchanges ? "\(provider) user token" : exchanged ? "\(provider) JWT" : provider }

    static let all: [TamperCase] = [
        // ZendeskChatAdapter.md, Zendesk Chat: wrong signature -> token_invalid; alg not HS256 -> algorithm_not_allowed.
        TamperCase(
            provider: "zendesk-chat", claim: "external_id", secret: InteropSecrets.chat, info: nil, exchanges: false,
            expected: jwtExpectations),
        // MessagingAuthentication.md, Zendesk Messaging: invalidSignature -> token_invalid, unsupportedAlgorithm, unknownSigningKey -> key_unknown.
        TamperCase(
            provider: "zendesk-messaging", claim: "external_id", secret: InteropSecrets.messaging1, info: nil, exchanges: false,
            expected: jwtExpectations.merging(["unknown_kid": "key_unknown"]) { $1 }),
        // ZendeskSupportAdapter.md, Zendesk Support: "JWT: wrong secret / not HS256 -> token_invalid / algorithm_not_allowed".
        TamperCase(
            provider: "zendesk-support", claim: "external_id", secret: InteropSecrets.support, info: nil, exchanges: false,
            exchanged: true, expected: jwtExpectations),
        // ZendeskSupportAdapter.md: "user token with another key, tampered, wrong typ or alg (forged) -> token_invalid".
        TamperCase(
            provider: "zendesk-support", claim: "uid", secret: InteropSecrets.support, info: ZendeskSupportLimits.userTokenKeyInfo,
            exchanges: true,
            expected: [
                "flip_signature_byte": "token_invalid", "change_claim": "token_invalid", "alg_none": "token_invalid",
                "alg_hs512": "token_invalid", "resign": "token_invalid",
            ]),
        // HelpshiftAdapter.md, Helpshift: IdentityTokenInvalid -> token_invalid; the shared JWT rules refuse other algorithms.
        TamperCase(
            provider: "hs-identity", claim: "iat", secret: InteropSecrets.helpshiftIdentity, info: nil, exchanges: false,
            expected: jwtExpectations),
    ]

    static let jwtExpectations = [
        "flip_signature_byte": "token_invalid", "change_claim": "token_invalid", "alg_none": "algorithm_not_allowed",
        "alg_hs512": "algorithm_not_allowed", "resign": "token_invalid",
    ]
}

@Suite("Interop (d): tokens Python tampers with are refused with the uniform code")
struct PythonTamperingTests {
    let configuration: String
    init() throws { configuration = try InteropSecrets.configuration() }

    @Test("flip a signature byte, change a claim, alg none, alg HS512, re-sign with another secret, unknown kid", arguments: TamperCase.all)
    func tampered(surface: TamperCase) async throws {
        let credential = try await issue(configuration, surface.provider)
        var token = try #require((surface.exchanges || surface.exchanged ? credential["user_token"] : credential["jwt"])?.stringValue)
        if surface.exchanged { token = try #require(await exchange(configuration, token).object?["jwt"]?.stringValue) }
        // The untouched token is accepted, so each refusal below is caused by the tampering alone.
        let untouched = surface.exchanges ? await exchange(configuration, token) : await verify(configuration, surface.provider, token)
        #expect(untouched.status == 0, "\(untouched.allText)")

        for (mode, code) in surface.expected.sorted(by: { $0.key < $1.key }) {
            var job: [String: JSONValue] = ["op": "tamper", "token": .string(token), "mode": .string(mode)]
            switch mode {
            case "change_claim":
                job["claim"] = .string(surface.claim)
                job["value"] = surface.claim == "iat" ? .int(now + 1) : "attacker"
            case "alg_hs512":
                job["secret"] = .string(surface.secret)
                if let info = surface.info { job["info"] = .string(info) }
            case "resign":
                job["secret"] = "an-attacker-secret-that-is-long-enough-0123456789"
            case "unknown_kid":
                job["mode"] = "set_header"
                job["header"] = ["kid": "app_not_configured"]
                job["secret"] = .string(surface.secret)
            default: break
            }
            let forged = try #require(try PythonInterop.run(.object(job))["token"]?.stringValue)
            #expect(forged != token)
            let run = surface.exchanges ? await exchange(configuration, forged) : await verify(configuration, surface.provider, forged)
            #expect(run.status == 1, "\(surface.testDescription) \(mode): \(run.allText)")
            let error = run.object?["error"]
            if !surface.exchanges { #expect(run.object?["valid"] == false, "verify answers {\"valid\": false, \"error\"}") }
            #expect(error?["code"] == .string(code), "\(surface.testDescription) \(mode): \(run.allText)")
            #expect(Set(["code", "field", "message", "vendor_code"]).isSubset(of: keys(of: error)), "the uniform error shape")
            expectNoSecret(run)
        }
    }

    @Test("Helpshift userAuthToken: Python's digest for another user, with another secret, or with one flipped character is token_invalid")
    func helpshiftDigest() async throws {
        let provider = "hs-auto-hex"
        func digest(_ secret: String, _ message: String) throws -> String {
            try #require(
                try PythonInterop.run(["op": "hmac", "secret": .string(secret), "message": .string(message), "encoding": "hex"])["digest"]?
                    .stringValue)
        }
        let genuine = try digest(InteropSecrets.helpshift, "u-1")
        let flipped = String(genuine.dropLast()) + (genuine.hasSuffix("0") ? "1" : "0")
        let candidates = [
            ("another user", try digest(InteropSecrets.helpshift, "u-2")),
            ("another secret", try digest("an-attacker-secret-that-is-long-enough-0123456789", "u-1")),
            ("a flipped character", flipped),
        ]
        let accepted = await verify(configuration, provider, genuine, extra: ["--user-id", "u-1"])
        #expect(accepted.status == 0, "\(accepted.allText)")
        for (what, token) in candidates {
            let run = await verify(configuration, provider, token, extra: ["--user-id", "u-1"])
            #expect(run.status == 1, "\(what): \(run.allText)")
            #expect(run.object?["error"]?["code"] == "token_invalid", "\(what): \(run.allText)")
            #expect(run.object?["error"]?["vendor_code"] == "HelpshiftAuthenticationFailureReasonInvalidAuthToken")
        }
    }
}
