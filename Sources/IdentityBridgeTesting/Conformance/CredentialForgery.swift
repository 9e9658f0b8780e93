package import IdentityBridge

/// Makes credentials that look right but must be refused: the same fields with a signature that
/// no configured secret produced. Used by ``ProviderConformance`` and by scenario files
/// (`login: { user_id: u-1, forge: signature }`).
package enum CredentialForgery {
    /// The key forged signatures are made with (no sane configuration uses it).
    static let wrongKey = Secret("identitybridge-conformance-wrong-key-0123456789abcdef")

    /// `credential` with every signature replaced by one made with another key:
    /// - a field holding a compact JWT keeps its header and payload and gets an HS256 signature
    ///   under another key (so the failure is the signature, not the structure);
    /// - a field holding a SHA-256 HMAC digest (64 hex digits, or 43/44 base64 or base64url
    ///   characters) gets another digest in the same encoding.
    ///
    /// Returns `nil` when no field looks like a signature.
    package static func wrongSignature(_ credential: Credential) -> Credential? {
        var fields = credential.fields
        var changed = false
        for (key, value) in credential.fields {
            guard let text = value.stringValue, let forged = forge(text) else { continue }
            fields[key] = .string(forged)
            changed = true
        }
        return changed ? Credential(fields: fields, expiresAt: credential.expiresAt) : nil
    }

    /// A forged version of one signed string, or `nil` when it carries no recognisable signature.
    package static func forge(_ text: String) -> String? {
        if let jwt = forgeJWT(text) { return jwt }
        return forgeDigest(text)
    }

    private static func forgeJWT(_ token: String) -> String? {
        guard let decoded = try? DecodedJWT.decode(token), let lastDot = token.lastIndex(of: ".") else { return nil }
        let signature = HMACDigest.sha256(decoded.signingInput, secret: wrongKey)
        return String(token[..<lastDot]) + "." + Base64URL.encode(signature)
    }

    private static func forgeDigest(_ text: String) -> String? {
        let digest = HMACDigest.sha256(Array(text.utf8), secret: wrongKey)
        let hexDigits = Set("0123456789abcdefABCDEF")
        if text.count == 64, text.allSatisfy({ hexDigits.contains($0) }) {
            let hex = HMACDigest.hex(digest)
            return text.contains(where: { $0.isUppercase }) ? hex.uppercased() : hex
        }
        let standard = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        let url = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let body = text.hasSuffix("=") ? String(text.dropLast()) : text
        guard body.count == 43 else { return nil }
        if body.allSatisfy({ standard.contains($0) }) {
            return Base64URL.encodeStandard(digest, padded: text.hasSuffix("="))
        }
        if body.allSatisfy({ url.contains($0) }), !text.hasSuffix("=") {
            return Base64URL.encode(digest)
        }
        return nil
    }
}
