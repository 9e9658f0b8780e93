import IdentityBridge
import Testing

/// `HS256KeyRing.decode(_:)`: structure-only decoding that recognizes a header one of the ring's
/// keys writes (and names that key) without trusting anything else.
@Suite("HS256KeyRing.decode")
struct HS256KeyRingDecodeTests {
    let a = HS256Signer(secret: Secret("ring-secret-A-0123456789-abcdefghijkl"), keyID: "app_A")
    let b = HS256Signer(secret: Secret("ring-secret-B-0123456789-abcdefghijkl"), keyID: "app_B")

    @Test("a token with a ring key's exact header names that key and decodes the same header and claims")
    func knownHeader() throws {
        let ring = HS256KeyRing([a, b])
        let token = b.sign {
            $0.add("sub", "u-1")
            $0.add("exp", Int64(10))
        }
        let (jwt, signer) = try ring.decode(token)
        #expect(signer?.keyID == "app_B")
        #expect(jwt.header == (try DecodedJWT.decode(token)).header)
        #expect(jwt.header == ["alg": "HS256", "typ": "JWT", "kid": "app_B"])
        #expect(jwt.claims == ["sub": "u-1", "exp": 10])
        #expect(jwt.verifySignature(with: b))
    }

    @Test("another header is decoded and names no key; the signature is not checked by decode")
    func otherHeader() throws {
        let ring = HS256KeyRing([a])
        let unknown = HS256Signer(secret: Secret("ring-secret-C-0123456789-abcdefghijkl"), keyID: "app_C")
        let token = unknown.sign { $0.add("sub", "u-2") }
        let (jwt, signer) = try ring.decode(token)
        #expect(signer == nil)
        #expect(jwt.keyID == "app_C")
        #expect(!jwt.verifySignature(with: a))
    }

    @Test("structure errors are those of DecodedJWT.decode: token_missing, token_malformed")
    func structureErrors() throws {
        let ring = HS256KeyRing([a])
        do {
            _ = try ring.decode("")
            Issue.record("empty accepted")
        } catch { #expect(error.code == .tokenMissing) }
        let header = String(a.sign { $0.add("sub", "x") }.split(separator: ".")[0])
        for bad in ["abc", header + ".!!!.sig", header + "." + "e30" + ".a.b"] {
            do {
                _ = try ring.decode(bad)
                Issue.record("\(bad) accepted")
            } catch { #expect(error.code == .tokenMalformed) }
        }
    }
}
