import Foundation
import IdentityBridge
import IdentityBridgeHummingbird
import IdentityBridgeService
import JWTKit
import Testing

/// Issue 59: a correctly signed token whose registered claim is missing or of another type is refused naming that
/// claim (never as a bad signature); a wrong audience shows the token's own (short values only) and how to fix it;
/// a `crit` header is refused (RFC 7515 §4.1.11), naming what it lists.
@Suite struct SessionTokenClaimTests {
    static let secret = "firebase-secret-0123456789abcdef0123"
    static let issuer = SessionTokenVerifierTests.firebase

    /// A token signed with ``secret`` carrying exactly `claims` (no `exp` added), with `crit` in its header when given.
    static func token(_ claims: [String: JSONValue], crit: [String]? = nil) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: "k")
        var header = JWTHeader()
        if let crit { header.crit = crit }
        return try await keys.sign(ProviderClaims(claims: claims), kid: "k", header: header)
    }

    static var valid: [String: JSONValue] {
        ["iss": .string(issuer), "aud": "demo-project", "sub": "fb-1", "exp": .int(Int64(Date().timeIntervalSince1970) + 600)]
    }

    static func refusal(_ claims: [String: JSONValue], crit: [String]? = nil) async throws -> IdentityError {
        let verifier = try await SessionTokenVerifierTests.verifier()
        return try #require(await SessionTokenVerifierTests.refusal(verifier, try await token(claims, crit: crit)))
    }

    @Test func theValidTokenVerifies() async throws {
        let verifier = try await SessionTokenVerifierTests.verifier()
        #expect(try await verifier.verify(try await Self.token(Self.valid)).userId == "fb-1")
    }

    @Test(arguments: ["exp", "aud"])
    func aMissingRequiredClaimIsNamed(_ claim: String) async throws {
        var claims = Self.valid
        claims[claim] = nil
        let error = try await Self.refusal(claims)
        #expect(error.code == .claimMissing, "\(error)")
        #expect(error.field == claim)
        #expect(error.message == "The session token has no \(claim) claim\(claim == "exp" ? "; a session token must expire" : "").")
        #expect(!error.message.contains("signature"))
        #expect(error.recovery?.contains("identity provider") == true, "\(String(describing: error.recovery))")
    }

    @Test(arguments: [
        ("exp", JSONValue.string("tomorrow")), ("iat", .string("now")), ("nbf", .bool(true)), ("aud", .int(7)),
        ("aud", .array([])), ("sub", .int(42)), ("iss", .int(1)),
    ])
    func aMalformedRegisteredClaimIsNamed(_ claim: String, _ value: JSONValue) async throws {
        var claims = Self.valid
        claims[claim] = value
        let error = try await Self.refusal(claims)
        #expect(error.code == .claimInvalid, "\(claim): \(error)")
        #expect(error.field == claim)
        #expect(error.message.hasPrefix("The session token's \(claim) claim is JSON "), "\(error.message)")
        #expect(!error.message.contains("signature"))
    }

    @Test func aWrongAudienceShowsTheTokensOwnAndTheFix() async throws {
        var claims = Self.valid
        claims["aud"] = ["other-app", .string(String(repeating: "x", count: 500))]
        let error = try await Self.refusal(claims)
        #expect(error.code == .claimInvalid)
        #expect(error.field == "aud")
        #expect(
            error.message
                == #"The session token's aud ("other-app", (a value of 500 bytes)) includes none of the audiences of issuer "https://securetoken.google.com/demo-project" ("demo-project")."#
        )
        #expect(error.recovery?.hasPrefix(#"Request the session token for audience "demo-project""#) == true)
        #expect(error.recovery?.contains("Sign in again") == false)
    }

    @Test func aCritHeaderIsRefusedNamingWhatItLists() async throws {
        let error = try await Self.refusal(Self.valid, crit: ["exp2"])
        #expect(error.code == .tokenInvalid)
        #expect(error.field == "crit")
        #expect(
            error.message
                == #"The session token's header has crit "exp2": extensions this service does not implement, so it refuses the token (RFC 7515 §4.1.11)."#
        )
        let long = try await Self.refusal(Self.valid, crit: [String(repeating: "y", count: 300), "a", "b", "c", "d"])
        #expect(long.message.contains(#"crit (a value of 300 bytes), "a", "b", "c" and 1 more:"#), "\(long.message)")
    }
}
