#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Up to a handful of HS256 signing keys told apart by `kid` (Zendesk Messaging allows ten),
/// with one-pass verification.
///
/// ``verify(_:maxLength:vendorCode:)`` first compares the token's header text with each key's
/// own encoded header (a few dozen bytes each, no decoding); a token minted by one of these keys
/// is matched that way. Any other header is decoded and its `kid` looked up.
/// ```swift
/// let ring = HS256KeyRing([HS256Signer(secret: s1, keyID: "app_1"), HS256Signer(secret: s2, keyID: "app_2")])
/// let (jwt, signer) = try ring.verify(token)
/// ```
public struct HS256KeyRing: Sendable {
    /// The keys, in the order given.
    public let signers: [HS256Signer]

    /// Each signer's `base64url(header)`, by index.
    private let encodedHeaders: [[UInt8]]
    /// The length of the prefix every encoded header shares (the keys' headers differ only in
    /// their `kid`, near the end): it is compared once, then only the rest of each header.
    private let sharedPrefixCount: Int
    /// The first signer's names recognized without decoding, for tokens no signer's header matches.
    private let keyTable: JSONKeyTable

    /// A ring of `signers`; each should have a distinct `keyID`.
    public init(_ signers: [HS256Signer]) {
        self.signers = signers
        self.keyTable = signers.first?.keyTable ?? .jwtRegistered
        let headers = signers.map(\.encodedHeader)
        self.encodedHeaders = headers
        self.sharedPrefixCount = headers.dropFirst().reduce(headers.first?.count ?? 0) { shared, header in
            min(shared, zip(header, headers[0]).prefix { $0 == $1 }.count)
        }
    }

    /// The index of the signer whose encoded header starts `token`, found without decoding.
    private func indexOfWritingSigner(_ token: String) -> Int? {
        var text = token
        return text.withUTF8 { bytes -> Int? in
            guard let base = bytes.baseAddress, let dot = memchr(base, Int32(UInt8(ascii: ".")), bytes.count) else { return nil }
            let header = UnsafeBufferPointer(start: base, count: UnsafeRawPointer(dot) - UnsafeRawPointer(base))
            let shared = sharedPrefixCount
            guard let first = encodedHeaders.first, header.count >= shared else { return nil }
            let prefixMatches = first.withUnsafeBufferPointer {
                DecodedJWT.equal(UnsafeBufferPointer(rebasing: header[..<shared]), UnsafeBufferPointer(rebasing: $0[..<shared]))
            }
            guard prefixMatches else { return nil }
            let rest = UnsafeBufferPointer(rebasing: header[shared...])
            for index in encodedHeaders.indices where encodedHeaders[index].count == header.count {
                let matches = encodedHeaders[index].withUnsafeBufferPointer { candidate in
                    DecodedJWT.equal(rest, UnsafeBufferPointer(rebasing: candidate[shared...]))
                }
                if matches { return index }
            }
            return nil
        }
    }

    /// Decodes `token` (structure only, like ``DecodedJWT/decode(_:maxLength:)``) and, when its
    /// header text is exactly the header one of these signers writes, returns that signer too; its
    /// decoded header is then reused instead of parsed. With `signer == nil` the caller picks the
    /// key from the decoded header's `kid` itself. The signature is not checked.
    public func decode(
        _ token: String, maxLength: Int = DecodedJWT.defaultMaxLength
    ) throws(IdentityError) -> (jwt: DecodedJWT, signer: HS256Signer?) {
        if let index = indexOfWritingSigner(token) {
            let signer = signers[index]
            let jwt = try DecodedJWT.decode(
                token, maxLength: maxLength, knownHeader: (signer.encodedHeader, signer.headerMembers), keyTable: signer.keyTable)
            return (jwt, signer)
        }
        return (try DecodedJWT.decode(token, maxLength: maxLength, knownHeader: nil, keyTable: keyTable), nil)
    }

    /// The signer whose `keyID` is `kid`, if any.
    public func signer(forKeyID kid: String) -> HS256Signer? {
        signers.first { $0.keyID == kid }
    }

    /// Decodes `token`, requires HS256, picks the key by `kid` and checks the signature.
    ///
    /// Throws `token_missing` / `token_malformed` (structure), `algorithm_not_allowed`,
    /// `claim_missing` (field `kid`) when the header has no `kid`, `key_unknown` when no key has
    /// that id, and `token_invalid` when the signature does not match.
    public func verify(
        _ token: String, maxLength: Int = DecodedJWT.defaultMaxLength, vendorCode: String? = nil
    ) throws(IdentityError) -> (jwt: DecodedJWT, signer: HS256Signer) {
        if let index = indexOfWritingSigner(token) {
            return (try signers[index].verify(token, maxLength: maxLength, vendorCode: vendorCode), signers[index])
        }
        let jwt = try DecodedJWT.decode(token, maxLength: maxLength, knownHeader: nil, keyTable: keyTable)
        try jwt.requireHS256(vendorCode: vendorCode)
        guard let kid = jwt.keyID else {
            throw IdentityError(
                .claimMissing, field: "kid", vendorCode: vendorCode, message: "The JWT header has no \"kid\".",
                recovery: "Set the header's \"kid\" to the id of the signing key that signed the JWT.")
        }
        guard let signer = signer(forKeyID: kid) else {
            throw IdentityError(
                .keyUnknown, field: "kid", vendorCode: vendorCode, message: "No signing key has the id in the JWT header's \"kid\".",
                recovery: "Sign with one of the configured signing keys and put its id in \"kid\".")
        }
        guard jwt.verifySignature(with: signer) else { throw HS256Signer.signatureMismatch(vendorCode) }
        return (jwt, signer)
    }
}
