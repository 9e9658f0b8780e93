import Crypto

/// Signs compact HS256 JSON Web Tokens with one secret. The header is encoded once, at init.
///
/// The header is `{"alg":"HS256","typ":"JWT"}` plus `"kid"` when a key id is given.
/// ```swift
/// let signer = HS256Signer(secret: Secret("s3cret"), keyID: "app_123")
/// let token = signer.sign { $0.add("scope", "user"); $0.add("external_id", "u-1") }
/// ```
public struct HS256Signer: Sendable {
    /// The `kid` written into the header, if any.
    public let keyID: String?
    private let key: SymmetricKey
    private let encodedHeader: [UInt8]

    /// Creates a signer; `type` is the header's `typ` (omitted when `nil`).
    public init(secret: Secret, keyID: String? = nil, type: String? = "JWT") {
        self.keyID = keyID
        self.key = SymmetricKey(data: secret.revealedBytes)
        var header = JWTClaimsWriter(capacity: 64)
        header.add("alg", "HS256")
        if let type { header.add("typ", type) }
        if let keyID { header.add("kid", keyID) }
        var encoded: [UInt8] = []
        Base64URL.encode(header.finish(), into: &encoded)
        encodedHeader = encoded
    }

    /// Signs the claims written by `build` and returns the compact token.
    public func sign(_ build: (inout JWTClaimsWriter) -> Void) -> String {
        var writer = JWTClaimsWriter()
        build(&writer)
        return sign(payload: writer.finish())
    }

    /// Signs a claims object given as JSON values.
    public func sign(claims: [String: JSONValue]) -> String {
        var bytes: [UInt8] = []
        JSONValue.object(claims).write(into: &bytes)
        return sign(payload: bytes)
    }

    /// Signs an already serialized JSON payload.
    public func sign(payload: [UInt8]) -> String {
        var token = encodedHeader
        token.reserveCapacity(encodedHeader.count + payload.count * 4 / 3 + 48)
        token.append(UInt8(ascii: "."))
        Base64URL.encode(payload, into: &token)
        let mac = HMAC<SHA256>.authenticationCode(for: token, using: key)
        token.append(UInt8(ascii: "."))
        mac.withUnsafeBytes { Base64URL.encode($0, into: &token) }
        return String(decoding: token, as: UTF8.self)
    }

    /// Whether `signature` is the HS256 signature of `signingInput` under this signer's secret (constant time).
    public func isValidSignature<S: Collection, I: DataProtocol>(_ signature: S, for signingInput: I) -> Bool
    where S.Element == UInt8 {
        let mac = HMAC<SHA256>.authenticationCode(for: signingInput, using: key)
        return mac.withUnsafeBytes { HMACDigest.constantTimeEquals($0, signature) }
    }
}
