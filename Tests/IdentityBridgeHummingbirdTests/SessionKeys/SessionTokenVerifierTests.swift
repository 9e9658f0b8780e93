import Foundation
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import JWTKit
import Testing

/// Issue 48: two issuers for one app (a migration between providers), each with its own audiences,
/// algorithms and claims; the errors name the claim, the issuer and the fix.
@Suite struct SessionTokenVerifierTests {
    static let firebase = "https://securetoken.google.com/demo-project"
    static let auth0 = "https://demo.eu.auth0.com/"

    /// Two HS256 issuers (keys need no file or fetch here; the algorithm does not change the rules).
    static func verifier() async throws -> SessionTokenVerifier {
        let configuration = SessionTokenConfiguration(issuers: [
            SessionTokenIssuer(
                issuer: firebase, keys: nil, hs256Secrets: [Secret("firebase-secret-0123456789abcdef0123")], audiences: ["demo-project"]),
            SessionTokenIssuer(
                issuer: auth0, keys: nil, hs256Secrets: [Secret("auth0-secret-0123456789abcdef01234567")], audiences: ["https://api.demo"],
                claims: .init(userId: "https://demo/uid", email: "email", name: "nickname")),
        ])
        return try await SessionTokenVerifier(configuration: configuration, app: "demo")
    }

    static func token(_ secret: String, _ claims: [String: JSONValue]) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: "k")
        var all = claims
        all["exp"] = .int(Int64(Date().timeIntervalSince1970) + 600)
        return try await keys.sign(ProviderClaims(claims: all), kid: "k")
    }

    static func refusal(_ verifier: SessionTokenVerifier, _ token: String) async -> IdentityError? {
        do {
            _ = try await verifier.verify(token)
            return nil
        } catch { return error }
    }

    @Test func theTokensIssPicksTheIssuerAndItsClaims() async throws {
        let verifier = try await Self.verifier()
        let firebase = try await Self.token(
            "firebase-secret-0123456789abcdef0123",
            ["iss": .string(Self.firebase), "aud": "demo-project", "sub": "fb-1", "email": "ann@example.com", "email_verified": true])
        #expect(try await verifier.verify(firebase) == UserIdentity(userId: "fb-1", email: "ann@example.com", name: nil))
        let auth0 = try await Self.token(
            "auth0-secret-0123456789abcdef01234567",
            ["iss": .string(Self.auth0), "aud": ["https://api.demo", "other"], "https://demo/uid": "a0-9", "nickname": "ann"])
        #expect(try await verifier.verify(auth0) == UserIdentity(userId: "a0-9", email: nil, name: "ann"))
        // Each issuer verifies with its own keys only.
        let crossed = try await Self.token("firebase-secret-0123456789abcdef0123", ["iss": .string(Self.auth0), "aud": "https://api.demo"])
        #expect(await Self.refusal(verifier, crossed)?.code == .tokenInvalid)
        // Each issuer's audiences are its own.
        let audience = try await Self.token(
            "firebase-secret-0123456789abcdef0123", ["iss": .string(Self.firebase), "aud": "https://api.demo", "sub": "x"])
        #expect(await Self.refusal(verifier, audience)?.message.contains("includes none of the audiences of issuer") == true)
    }

    @Test func anUnverifiedEmailIsLeftOut() async throws {
        let verifier = try await Self.verifier()
        for verified: JSONValue in [false, "false"] {
            let token = try await Self.token(
                "firebase-secret-0123456789abcdef0123",
                [
                    "iss": .string(Self.firebase), "aud": "demo-project", "sub": "fb-1", "email": "ann@example.com",
                    "email_verified": verified,
                ])
            #expect(try await verifier.verify(token).email == nil, "\(verified)")
        }
    }

    @Test func refusalsNameTheClaimTheIssuerAndTheFix() async throws {
        let verifier = try await Self.verifier()
        let noUser = try await Self.token(
            "auth0-secret-0123456789abcdef01234567", ["iss": .string(Self.auth0), "aud": "https://api.demo", "sub": "auth0|1"])
        let missing = try #require(await Self.refusal(verifier, noUser))
        #expect(missing.code == .claimMissing)
        #expect(missing.field == "https://demo/uid")
        #expect(
            missing.message
                == "The session token of issuer \"https://demo.eu.auth0.com/\" has no \"https://demo/uid\" claim (claims.user_id), or it is empty."
        )
        let slash = try await Self.token(
            "firebase-secret-0123456789abcdef0123", ["iss": .string(Self.firebase + "/"), "aud": "demo-project", "sub": "fb-1"])
        let trailing = try #require(await Self.refusal(verifier, slash))
        #expect(trailing.field == "iss")
        #expect(
            trailing.message.contains("differs from the issuer \"https://securetoken.google.com/demo-project\" only by a trailing slash"))
        let unknown = try await Self.token(
            "firebase-secret-0123456789abcdef0123", ["iss": "https://evil.example.com", "aud": "demo-project"])
        #expect(await Self.refusal(verifier, unknown)?.message.contains("is not an issuer of app \"demo\"") == true)
    }
}
