import Crypto
import IdentityBridge

/// A compact JWT as the simulated vendor backends read it: three dot-separated base64url parts,
/// header and claims JSON objects. Written for the simulators, independent of the adapters' JWT
/// code (it uses only the core's neutral base64url and JSON parser and swift-crypto's HMAC); each
/// simulator applies its own vendor's rules on top.
struct SimulatedJWT {
    /// The decoded header.
    let header: [String: JSONValue]
    /// The decoded claims.
    let claims: [String: JSONValue]
    /// `header "." payload` exactly as received: the bytes the signature covers.
    let signingInput: [UInt8]
    /// The decoded signature.
    let signature: [UInt8]

    /// Reads `token`; `nil` when it is not three base64url parts whose first two are JSON objects.
    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(Array(parts[0].utf8)), let payloadBytes = Base64URL.decode(Array(parts[1].utf8)),
            let signature = Base64URL.decode(Array(parts[2].utf8)),
            let header = (try? JSONValue.parse(bytes: headerBytes))?.objectValue,
            let claims = (try? JSONValue.parse(bytes: payloadBytes))?.objectValue
        else { return nil }
        self.header = header
        self.claims = claims
        self.signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        self.signature = signature
    }

    /// Whether the header's `alg` is `HS256`.
    var isHS256: Bool { header["alg"]?.stringValue == "HS256" }

    /// Whether the signature is the HMAC-SHA256 of the signing input under `secret` (constant-time comparison).
    func isSigned(with secret: [UInt8]) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: signingInput, using: SymmetricKey(data: secret))
    }
}
