import IdentityBridge
import IdentityBridgeTestSupport
import JWTKit
import Testing

/// A Zendesk Chat-style payload for jwt-kit.
@Suite("HS256 primitives interoperate with jwt-kit")
struct JWTInteropTests {
    let secret = Secret("interop-secret-ü-at-least-32-bytes-long-0123")

    @Test("a token signed by HS256Signer verifies with jwt-kit, with Unicode and escapes in claims")
    func oursVerifyWithJWTKit() async throws {
        let signer = HS256Signer(secret: secret)
        let name = "Zoë \"Q\" \\ O'Neil\n😀"
        let token = signer.sign { claims in
            claims.add("name", name)
            claims.add("email", "zoe@example.com")
            claims.add("external_id", "u-1")
            claims.add("iat", Int64(1_767_225_600))
            claims.add("exp", Int64(1_767_225_900))
        }
        let keys = await jwtKitKeys(hs256: secret.revealedBytes)
        let payload = try await keys.verify(token, as: ChatJWTPayload.self)
        #expect(
            payload == ChatJWTPayload(name: name, email: "zoe@example.com", external_id: "u-1", iat: 1_767_225_600, exp: 1_767_225_900))
    }

    @Test("a token signed by jwt-kit decodes and verifies with DecodedJWT")
    func jwtKitVerifiesWithOurs() async throws {
        let keys = await jwtKitKeys(hs256: secret.revealedBytes)
        let token = try await keys.sign(ChatJWTPayload(name: "Ann", email: "ann@example.com", external_id: "u-2", iat: 10, exp: 20))
        let decoded = try DecodedJWT.decode(token)
        try decoded.requireHS256()
        #expect(decoded.verifySignature(with: HS256Signer(secret: secret)))
        #expect(!decoded.verifySignature(with: HS256Signer(secret: Secret("other"))))
        #expect(try decoded.requiredString("external_id") == "u-2")
        #expect(try decoded.requiredInt("exp") == 20)
    }
}
