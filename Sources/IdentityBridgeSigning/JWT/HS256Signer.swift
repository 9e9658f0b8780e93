/// Signs compact HS256 JSON Web Tokens with one secret. The header is encoded once, at init,
/// and the HMAC key's pad states are hashed once (see ``HMACDigest/Key``).
///
/// The header is `{"alg":"HS256","typ":"JWT"}` plus `"kid"` when a key id is given.
/// ```swift
/// let signer = HS256Signer(secret: Secret("s3cret"), keyID: "app_123")
/// let token = signer.sign { $0.add("scope", "user"); $0.add("external_id", "u-1") }
/// let decoded = try signer.verify(token)   // structure + HS256 + signature in one pass
/// ```
public struct HS256Signer: Sendable {
    /// Everything a signer holds, in one immutable reference: copying a signer (picking it from a
    /// key ring, passing it around) then costs one retain instead of one per field.
    final class Storage: Sendable {
        let keyID: String?
        let key: HMACDigest.Key
        let encodedHeader: [UInt8]
        let headerMembers: [JSONMember]
        let keyTable: JSONKeyTable

        init(keyID: String?, key: HMACDigest.Key, encodedHeader: [UInt8], headerMembers: [JSONMember], keyTable: JSONKeyTable) {
            self.keyID = keyID
            self.key = key
            self.encodedHeader = encodedHeader
            self.headerMembers = headerMembers
            self.keyTable = keyTable
        }
    }

    let storage: Storage

    /// The shortest HS256 key accepted from a configuration, in bytes: RFC 7518 §3.2 requires "a key
    /// of the same size as the hash output (for instance, 256 bits for HS256) or larger".
    package static let minimumKeyLength = 32

    /// The `kid` written into the header, if any.
    public var keyID: String? { storage.keyID }
    var key: HMACDigest.Key { storage.key }
    /// `base64url(header)`.
    var encodedHeader: [UInt8] { storage.encodedHeader }
    /// The header's members, reused when a token carries exactly this header.
    var headerMembers: [JSONMember] { storage.headerMembers }
    /// The header and claim names ``verify(_:maxLength:vendorCode:)`` recognizes without decoding.
    var keyTable: JSONKeyTable { storage.keyTable }

    /// Creates a signer; `type` is the header's `typ` (omitted when `nil`).
    ///
    /// `claimNames` are the claim names the tokens this signer verifies usually carry (the
    /// registered JWT names are always included): ``verify(_:maxLength:vendorCode:)`` recognizes
    /// them in a token's claims without decoding them. They speed verification up and set no rule;
    /// names that are not plain ASCII of at most 15 bytes, or past the 32nd, are simply decoded.
    public init(secret: Secret, keyID: String? = nil, type: String? = "JWT", claimNames: [String] = []) {
        var header = JWTClaimsWriter(capacity: 64)
        var members = [JSONMember(key: "alg", value: "HS256")]
        header.add("alg", "HS256")
        if let type {
            header.add("typ", type)
            members.append(JSONMember(key: "typ", value: .string(type)))
        }
        if let keyID {
            header.add("kid", keyID)
            members.append(JSONMember(key: "kid", value: .string(keyID)))
        }
        var encoded: [UInt8] = []
        Base64URL.encode(header.finish(), into: &encoded)
        storage = Storage(
            keyID: keyID, key: HMACDigest.Key(secret: secret), encodedHeader: encoded, headerMembers: members,
            keyTable: .jwt(adding: claimNames))
    }

    /// Signs the claims written by `build` and returns the compact token.
    public func sign(_ build: (inout JWTClaimsWriter) -> Void) -> String {
        var writer = JWTClaimsWriter()
        build(&writer)
        writer.close()
        return writer.withBytes { sign(payloadBuffer: $0) }
    }

    /// Signs a claims object given as JSON values.
    public func sign(claims: [String: JSONValue]) -> String {
        var bytes: [UInt8] = []
        JSONValue.object(claims).write(into: &bytes)
        return sign(payload: bytes)
    }

    /// Signs an already serialized JSON payload.
    public func sign(payload: [UInt8]) -> String {
        payload.withUnsafeBytes { sign(payloadBuffer: $0) }
    }

    /// Writes `header.payload.signature` straight into the new String's storage: the header is
    /// copied, the payload base64url-encoded in place, the MAC computed over those bytes and
    /// appended in base64url. One allocation (the String) beyond the hash states.
    func sign(payloadBuffer payload: UnsafeRawBufferPointer) -> String {
        let headerCount = encodedHeader.count
        let signingCount = headerCount + 1 + Base64URL.encodedCount(payload.count)
        let total = signingCount + 1 + 43
        return encodedHeader.withUnsafeBufferPointer { header in
            String(unsafeUninitializedCapacity: total) { out in
                guard let base = out.baseAddress, let headerBase = header.baseAddress else { return 0 }
                base.update(from: headerBase, count: headerCount)
                base[headerCount] = UInt8(ascii: ".")
                let written = Base64URL.encode(payload, into: base + headerCount + 1)
                let signed = headerCount + 1 + written
                base[signed] = UInt8(ascii: ".")
                let macCount = key.withAuthenticationCode(for: UnsafeRawBufferPointer(start: base, count: signed)) { mac in
                    Base64URL.encode(mac, into: base + signed + 1)
                }
                return signed + 1 + macCount
            }
        }
    }

    /// Whether `signature` is the HS256 signature of `signingInput` under this signer's secret (constant time).
    package func isValidSignature<S: Collection, I: Collection>(_ signature: S, for signingInput: I) -> Bool
    where S.Element == UInt8, I.Element == UInt8 {
        key.isValid(signature, for: signingInput)
    }

    /// Whether `encoded` (base64url text, strictly canonical) is the signature of `signingInput`.
    ///
    /// The expected MAC is encoded and compared character by character in constant time; since
    /// only canonical base64url is accepted, that is equivalent to comparing the decoded bytes.
    func isValidSignature(encoded: UnsafeBufferPointer<UInt8>, for signingInput: UnsafeRawBufferPointer) -> Bool {
        guard encoded.count == 43 else { return false }
        return key.withAuthenticationCode(for: signingInput) { mac in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 43) { expected in
                guard let base = expected.baseAddress else { return false }
                let count = Base64URL.encode(mac, into: base)
                return HMACDigest.constantTimeEquals(
                    UnsafeRawBufferPointer(start: base, count: count), UnsafeRawBufferPointer(encoded))
            }
        }
    }

    /// Decodes `token`, requires `alg` HS256 and checks the signature with this signer, in one
    /// pass over the token. Throws `token_missing` / `token_malformed` for structure,
    /// `algorithm_not_allowed` for another `alg`, `token_invalid` for a wrong signature.
    /// Claims (expiry, vendor rules) are left to the caller.
    public func verify(_ token: String, maxLength: Int = DecodedJWT.defaultMaxLength, vendorCode: String? = nil) throws(IdentityError)
        -> DecodedJWT
    {
        let decoded = try DecodedJWT.decode(token, maxLength: maxLength, knownHeader: (encodedHeader, headerMembers), keyTable: keyTable)
        try decoded.requireHS256(vendorCode: vendorCode)
        guard decoded.verifySignature(with: self) else { throw Self.signatureMismatch(vendorCode) }
        return decoded
    }

    /// Decodes `token` (structure only, like ``DecodedJWT/decode(_:maxLength:)``; the signature is
    /// not checked), recognizing this signer's header and claim names without decoding them. For a
    /// verifier that checks the signature itself (``DecodedJWT/verifySignature(with:)``), for
    /// instance against several secrets during a rotation.
    public func decode(_ token: String, maxLength: Int = DecodedJWT.defaultMaxLength) throws(IdentityError) -> DecodedJWT {
        try DecodedJWT.decode(token, maxLength: maxLength, knownHeader: (encodedHeader, headerMembers), keyTable: keyTable)
    }

    static func signatureMismatch(_ vendorCode: String?) -> IdentityError {
        IdentityError(
            .tokenInvalid, field: "signature", vendorCode: vendorCode,
            message: "The JWT signature does not match the configured secret.",
            recovery: "Sign the JWT with the shared secret configured for this provider.")
    }

    /// Whether `token`'s header is exactly the header this signer writes (same `kid`), so it can
    /// pick a key without decoding the header.
    package func writesHeader(of token: String) -> Bool {
        var text = token
        let headerCount = encodedHeader.count
        return text.withUTF8 { bytes in
            bytes.count > headerCount && bytes[headerCount] == UInt8(ascii: ".")
                && DecodedJWT.equal(UnsafeBufferPointer(rebasing: bytes[..<headerCount]), encodedHeader)
        }
    }
}
