/// A compact JWT split and decoded, not yet verified.
///
/// ``decode(_:maxLength:)`` checks structure only (three base64url parts, JSON objects for header
/// and claims, no duplicate keys) and throws ``IdentityError/Code/tokenMalformed`` otherwise.
/// Verify the signature with ``verifySignature(with:)`` before trusting any claim.
public struct DecodedJWT: Sendable {
    /// The decoded header.
    public let header: [String: JSONValue]
    /// The decoded claims.
    public let claims: [String: JSONValue]
    /// `base64url(header) "." base64url(payload)`, the bytes the signature covers.
    public let signingInput: [UInt8]
    /// The decoded signature bytes.
    public let signature: [UInt8]

    /// The longest token accepted by default (64 KiB); longer input is malformed.
    public static let defaultMaxLength = 65_536

    /// The header's `alg`.
    public var algorithm: String? { header["alg"]?.stringValue }
    /// The header's `kid`.
    public var keyID: String? { header["kid"]?.stringValue }

    /// Splits and decodes `token`; throws `token_missing` for empty input, `token_malformed` otherwise.
    public static func decode(_ token: String, maxLength: Int = defaultMaxLength) throws(IdentityError) -> DecodedJWT {
        let bytes = Array(token.utf8)
        guard !bytes.isEmpty else {
            throw IdentityError(.tokenMissing, field: "jwt", message: "No JWT was given.", recovery: "Pass the JWT issued by your backend.")
        }
        guard bytes.count <= maxLength else {
            throw malformed("The JWT is \(bytes.count) bytes long, over the \(maxLength)-byte limit.")
        }
        let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
        guard dots.count == 2 else {
            throw malformed("A JWT has three dot-separated parts; this one has \(dots.count + 1).")
        }
        let headerPart = bytes[..<dots[0]]
        let payloadPart = bytes[(dots[0] + 1)..<dots[1]]
        let signaturePart = bytes[(dots[1] + 1)...]
        guard let headerBytes = Base64URL.decode(headerPart), !headerPart.isEmpty else { throw malformed("The JWT header is not valid base64url.") }
        guard let payloadBytes = Base64URL.decode(payloadPart), !payloadPart.isEmpty else { throw malformed("The JWT payload is not valid base64url.") }
        guard let signature = Base64URL.decode(signaturePart) else { throw malformed("The JWT signature is not valid base64url.") }
        let header = try object(headerBytes, part: "header")
        let claims = try object(payloadBytes, part: "payload")
        return DecodedJWT(header: header, claims: claims, signingInput: Array(bytes[..<dots[1]]), signature: signature)
    }

    private static func object(_ bytes: [UInt8], part: String) throws(IdentityError) -> [String: JSONValue] {
        let value: JSONValue
        do { value = try JSONValue.parse(bytes: bytes) } catch { throw malformed("The JWT \(part) is not valid JSON: \(error).") }
        guard let object = value.objectValue else { throw malformed("The JWT \(part) is not a JSON object.") }
        return object
    }

    private static func malformed(_ message: String) -> IdentityError {
        IdentityError(.tokenMalformed, field: "jwt", message: message, recovery: "Send the compact JWT exactly as your backend issued it.")
    }

    /// Throws `algorithm_not_allowed` unless the header's `alg` is `HS256`.
    public func requireHS256(vendorCode: String? = nil) throws(IdentityError) {
        guard algorithm == "HS256" else {
            // The alg is attacker-chosen: shown JSON-escaped (no raw control characters) and shortened.
            let shown = algorithm.map { alg in
                let text = JSONValue.string(alg).jsonString
                return text.count <= 40 ? text : text.prefix(39) + "…\""
            } ?? "no alg"
            throw IdentityError(
                .algorithmNotAllowed, field: "alg", vendorCode: vendorCode,
                message: "The JWT header has \(shown); only HS256 is accepted.",
                recovery: "Sign the JWT with HMAC-SHA256 and set \"alg\": \"HS256\".")
        }
    }

    /// Whether the signature is valid under `signer`'s secret (constant-time comparison).
    public func verifySignature(with signer: HS256Signer) -> Bool {
        signer.isValidSignature(signature, for: signingInput)
    }
}
