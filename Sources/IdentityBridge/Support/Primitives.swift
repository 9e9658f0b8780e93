/// The byte-level primitives for the repository's benchmark and fuzz packages (`Benchmarks/` and
/// `Fuzz/`), which depend on this package by path and so cannot use its `package` access.
///
/// Reached with `@_spi(Primitives) import IdentityBridge`, as Hummingbird's tests reach its
/// `@_spi(Internal)` declarations: not API, no SemVer promise, absent from the documentation.
/// The package's own targets call the primitives themselves (`JSONValue.parse(bytes:)`,
/// `Base64URL`), which these entry points only forward to.
@_spi(Primitives)
public enum Primitives {
    /// Parses JSON strictly (RFC 8259; duplicate keys refused unless `rejectDuplicateKeys` is off).
    public static func parseJSON(_ bytes: [UInt8], rejectDuplicateKeys: Bool = true) throws -> JSONValue {
        try JSONValue.parse(bytes: bytes, rejectDuplicateKeys: rejectDuplicateKeys)
    }

    /// Unpadded base64url text of `bytes`.
    public static func base64URLEncode(_ bytes: [UInt8]) -> String {
        Base64URL.encode(bytes)
    }

    /// The bytes of strictly canonical unpadded base64url `text`, or `nil`.
    public static func base64URLDecode(_ text: [UInt8]) -> [UInt8]? {
        Base64URL.decode(text)
    }

    /// Decodes canonical base64url `text` into `destination` (at least `text.count * 3 / 4`
    /// bytes); the byte count, or `nil` when `text` is not canonical base64url. (Pointer types in
    /// the signature only: the benchmark times the signing code's allocation-free decoder.)
    public static func base64URLDecode(_ text: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>) -> Int? {
        Base64URL.decode(text, into: destination)
    }

    /// The token service's credentials answer for `credential` of app `app`'s instance `reference`
    /// (`CredentialAnswer`, the one writer the service and `identityctl token` use): for the
    /// benchmarks' bare routes, which must answer the same bytes.
    public static func credentialAnswer(app: String, reference: ProviderReference, credential: Credential) -> [UInt8] {
        CredentialAnswer(app: app, reference: reference).bytes(for: credential)
    }
}
