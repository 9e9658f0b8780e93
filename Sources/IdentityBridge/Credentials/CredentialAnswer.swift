import Foundation

/// The token service's credentials answer, the object `identityctl token` prints and the test kit's
/// `SimulatedTokenService` answers (`{"app":…,"credential":…,"expires_in":…,"kind":…,"provider":…}`,
/// keys in the sorted order `JSONValue` writes), with everything around the credential serialized
/// once per instance.
///
/// `expires_in` is the credential's remaining life in whole seconds, rounded down, on the clock that
/// issued it (`Credential.statedExpiry` minus that clock's now, never below 0), as in OAuth 2.0's token
/// response (RFC 6749 §5.1). It is absent when the credential has no expiry (it lives until logout).
/// A client anchors it on its own monotonic clock, so no wall clock and no `Date` header is involved.
package struct CredentialAnswer: Sendable {
    /// `{"app":…,"credential":`
    let prefix: [UInt8]
    /// `,"kind":…,"provider":…}`
    let suffix: [UInt8]
    /// The issuer's clock, read for `expires_in`.
    let clock: any IdentityClock

    /// The framing of app `app`'s instance `reference`, whose issuer reads `clock`.
    package init(app: String, reference: ProviderReference, clock: any IdentityClock = SystemClock()) {
        var prefix = Array(#"{"app":"#.utf8)
        JSONValue.writeString(app, into: &prefix)
        prefix += #","credential":"#.utf8
        var suffix = Array(#","kind":"#.utf8)
        JSONValue.writeString(reference.kind.rawValue, into: &suffix)
        suffix += #","provider":"#.utf8
        JSONValue.writeString(reference.name, into: &suffix)
        suffix.append(UInt8(ascii: "}"))
        self.prefix = prefix
        self.suffix = suffix
        self.clock = clock
    }

    /// The answer's bytes for `credential`.
    package func bytes(for credential: Credential) -> [UInt8] {
        var out = prefix
        out.reserveCapacity(prefix.count + suffix.count + 256)
        credential.writeJSON(into: &out)
        if let expiresIn = Self.expiresIn(credential, now: clock.now()) {
            out += #","expires_in":"#.utf8
            out += String(expiresIn).utf8
        }
        out += suffix
        return out
    }

    /// Whole seconds from `now` until `credential` expires (rounded down, at least 0); `nil` when it has no
    /// expiry (``Credential/statedExpiry``: the issuer's `expiresAt`, else its JWTs' `exp`).
    package static func expiresIn(_ credential: Credential, now: Date) -> Int64? {
        guard let expiresAt = credential.statedExpiry else { return nil }
        let seconds = expiresAt.timeIntervalSince(now).rounded(.down)
        guard seconds.isFinite else { return seconds > 0 ? Int64.max : 0 }
        return seconds <= 0 ? 0 : seconds >= 9.2e18 ? Int64.max : Int64(seconds)
    }
}
