#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A compact JWT split and decoded, not yet verified.
///
/// ``decode(_:maxLength:)`` checks structure only (three base64url parts, JSON objects for header
/// and claims, no duplicate keys) and throws `IdentityError/Code/tokenMalformed` otherwise.
/// Verify the signature with ``verifySignature(with:)`` before trusting any claim, or use
/// ``HS256Signer/verify(_:maxLength:vendorCode:)``, which decodes and checks the signature in one pass.
///
/// Decoding makes no copy of the token: parts are base64url-decoded into stack buffers and parsed
/// from there; the signature is checked against the token's own text.
public struct DecodedJWT: Sendable {
    /// Header members in document order (no duplicates).
    @usableFromInline let headerMembers: [JSONMember]
    /// Claims in document order (no duplicates).
    @usableFromInline let claimMembers: [JSONMember]
    /// The compact token as given.
    let token: String
    /// UTF-8 length of `base64url(header) "." base64url(payload)`.
    let signingInputCount: Int

    /// The decoded header (built on each access; read single members with `headerValue(_:)`).
    public var header: [String: JSONValue] { headerMembers.dictionary }
    /// The decoded claims (built on each access; read single claims with ``claim(_:)`` or the
    /// typed accessors such as ``requiredString(_:vendorCode:)``, which do not build it).
    public var claims: [String: JSONValue] { claimMembers.dictionary }

    /// The claim `name`, or `nil` (a linear scan over the few claims, no hashing).
    @inlinable
    public func claim(_ name: String) -> JSONValue? {
        claimMembers.value(named: name)
    }

    /// The header member `name`, or `nil`.
    package func headerValue(_ name: String) -> JSONValue? {
        headerMembers.value(named: name)
    }

    /// The claim names in the order the token lists them.
    public var claimNames: [String] { claimMembers.map(\.key) }

    /// `base64url(header) "." base64url(payload)`, the bytes the signature covers.
    public var signingInput: [UInt8] { Array(token.utf8.prefix(signingInputCount)) }
    /// The decoded signature bytes.
    public var signature: [UInt8] { Base64URL.decode(token.utf8.dropFirst(signingInputCount + 1)) ?? [] }

    /// The longest token accepted by default (64 KiB); longer input is malformed.
    public static let defaultMaxLength = JWTTimeClaims.maxLength

    /// The header's `alg`.
    public var algorithm: String? { headerValue("alg")?.stringValue }
    /// The header's `kid`.
    public var keyID: String? { headerValue("kid")?.stringValue }

    /// `{"alg":"HS256","typ":"JWT"}` as every common library encodes it, and its members,
    /// so the most frequent header is recognized without decoding.
    static let standardHeaderText: [UInt8] = Array("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9".utf8)
    static let standardHeader: [JSONMember] = [JSONMember(key: "alg", value: "HS256"), JSONMember(key: "typ", value: "JWT")]

    /// Splits and decodes `token`; throws `token_missing` for empty input, `token_malformed` otherwise.
    public static func decode(_ token: String, maxLength: Int = defaultMaxLength) throws(IdentityError) -> DecodedJWT {
        try decode(token, maxLength: maxLength, knownHeader: nil, keyTable: .jwtRegistered)
    }

    /// Decodes `token`; when the header part equals `knownHeader.text`, its decoded form is reused.
    /// Member names in `keyTable` are recognized without decoding.
    static func decode(
        _ token: String, maxLength: Int, knownHeader: (text: [UInt8], value: [JSONMember])?, keyTable: JSONKeyTable
    ) throws(IdentityError) -> DecodedJWT {
        var text = token
        // The failure comes back through an optional out-parameter rather than a Result, so a
        // valid token never builds or destroys an error value.
        var failure: IdentityError? = nil
        let parts = text.withUTF8 { bytes in
            split(bytes, maxLength: maxLength, knownHeader: knownHeader, keyTable: keyTable, failure: &failure)
        }
        guard let parts else { throw failure ?? malformed("The JWT could not be decoded.") }
        return DecodedJWT(headerMembers: parts.header, claimMembers: parts.claims, token: text, signingInputCount: parts.signingInputCount)
    }

    private struct Parts {
        var header: [JSONMember]
        var claims: [JSONMember]
        var signingInputCount: Int
    }

    /// The parts of `bytes`, or `nil` with `failure` set.
    private static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, maxLength: Int, knownHeader: (text: [UInt8], value: [JSONMember])?,
        keyTable: JSONKeyTable, failure: inout IdentityError?
    ) -> Parts? {
        func fail(_ error: IdentityError) -> Parts? {
            failure = error
            return nil
        }
        guard !bytes.isEmpty else {
            return fail(
                IdentityError(.tokenMissing, field: "jwt", message: "No JWT was given.", recovery: "Pass the JWT issued by your backend."))
        }
        guard bytes.count <= maxLength else {
            return fail(malformed("The JWT is \(bytes.count) bytes long, over the \(maxLength)-byte limit."))
        }
        // Find the dots with memchr (vectorized in libc).
        guard let base = bytes.baseAddress else { return fail(malformed("The JWT is empty.")) }
        var dotOffsets = (-1, -1)
        var dots = 0
        var from = 0
        while from < bytes.count, let hit = memchr(base + from, Int32(UInt8(ascii: ".")), bytes.count - from) {
            let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if dots == 0 { dotOffsets.0 = offset } else if dots == 1 { dotOffsets.1 = offset }
            dots += 1
            from = offset + 1
        }
        let (firstDot, secondDot) = dotOffsets
        guard dots == 2 else {
            return fail(malformed("A JWT has three dot-separated parts; this one has \(dots + 1)."))
        }
        let headerPart = UnsafeBufferPointer(rebasing: bytes[..<firstDot])
        let payloadPart = UnsafeBufferPointer(rebasing: bytes[(firstDot + 1)..<secondDot])
        let signaturePart = UnsafeBufferPointer(rebasing: bytes[(secondDot + 1)...])
        guard !headerPart.isEmpty else { return fail(malformed("The JWT header is not valid base64url.")) }
        guard !payloadPart.isEmpty else { return fail(malformed("The JWT payload is not valid base64url.")) }
        guard Base64URL.isValid(signaturePart) else { return fail(malformed("The JWT signature is not valid base64url.")) }
        // Header and payload base64url are validated while they are decoded, below.

        let header: [JSONMember]
        if let knownHeader, equal(headerPart, knownHeader.text) {
            header = knownHeader.value
        } else if equal(headerPart, standardHeaderText) {
            header = standardHeader
        } else {
            guard let value = object(headerPart, part: "header", keyTable: keyTable, failure: &failure) else { return nil }
            header = value
        }
        guard let claims = object(payloadPart, part: "payload", keyTable: keyTable, failure: &failure) else { return nil }
        return Parts(header: header, claims: claims, signingInputCount: secondDot)
    }

    @inline(__always)
    static func equal(_ part: UnsafeBufferPointer<UInt8>, _ text: [UInt8]) -> Bool {
        guard part.count == text.count else { return false }
        return text.withUnsafeBufferPointer { equal(part, $0) }
    }

    /// Whether two byte buffers hold the same bytes.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return a.isEmpty }
        return memcmp(x, y, a.count) == 0
    }

    /// Decodes a base64url part into a stack buffer and parses it as a JSON object: its members,
    /// or `nil` with `failure` set.
    private static func object(
        _ part: UnsafeBufferPointer<UInt8>, part name: String, keyTable: JSONKeyTable, failure: inout IdentityError?
    ) -> [JSONMember]? {
        let capacity = max(part.count * 3 / 4, 1)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> [JSONMember]? in
            guard let base = buffer.baseAddress, let count = Base64URL.decode(part, into: base) else {
                failure = malformed("The JWT \(name) is not valid base64url.")
                return nil
            }
            switch JSONValue.parseObjectMembers(buffer: UnsafeBufferPointer(start: base, count: count), keyTable: keyTable) {
            case .success(let object?): return object
            case .success(nil): failure = malformed("The JWT \(name) is not a JSON object.")
            case .failure(let error): failure = malformed("The JWT \(name) is not valid JSON: \(error).")
            }
            return nil
        }
    }

    static func malformed(_ message: String) -> IdentityError {
        IdentityError(.tokenMalformed, field: "jwt", message: message, recovery: "Send the compact JWT exactly as your backend issued it.")
    }

    /// Throws `algorithm_not_allowed` unless the header's `alg` is `HS256`.
    public func requireHS256(vendorCode: String? = nil) throws(IdentityError) {
        guard algorithm == "HS256" else {
            // The alg is attacker-chosen: shown JSON-escaped (no raw control characters) and shortened.
            let shown =
                algorithm.map { alg in
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
        var text = token
        let count = signingInputCount
        return text.withUTF8 { bytes in
            signer.isValidSignature(
                encoded: UnsafeBufferPointer(rebasing: bytes[(count + 1)...]),
                for: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<count]))
        }
    }
}
