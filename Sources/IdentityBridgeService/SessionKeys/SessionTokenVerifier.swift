#if TokenService
import Foundation
package import IdentityBridge
import JWTKit
import Logging

/// Verifies an app's session JWTs, the tokens its users bring from its identity provider, with
/// jwt-kit, and maps their claims to a `UserIdentity`. The token's `iss` picks one of the app's
/// issuers (an unknown `iss` is refused before any key is looked up); its `alg` must be one the issuer
/// allows; its key comes from the issuer's key set (fetched and cached by `SessionKeyStore`, or a
/// `keys_file`) or its HS256 secrets; `exp` is required, `exp` / `nbf` are checked with the leeway,
/// `aud` must include one of the issuer's audiences, and the mapped user-id claim must be present.
/// Errors never quote the token.
package struct SessionTokenVerifier: Sendable {
    /// The algorithms a session JWT may use; anything else (`none`, `HS512`, ...) is refused before any key is looked up.
    package static let allowedAlgorithms = Set(SessionTokenIssuer.supportedAlgorithms)

    let configuration: SessionTokenConfiguration
    let app: String
    /// The issuers by `iss` without a trailing slash (the exact form is compared once the key is known).
    private let issuers: [Substring: IssuerVerifier]

    /// Builds the verifier with a key store of its own (each issuer with a URL starts its first fetch now,
    /// in the background; a token waits for it at most one second); a key
    /// file jwt-kit cannot use is `configuration_invalid`.
    package init(configuration: SessionTokenConfiguration, app: String) async throws(IdentityError) {
        try await self.init(configuration: configuration, app: app, store: SessionKeyStore(logger: Logger(label: "IdentityBridge.service")))
    }

    /// Builds the verifier; issuers with a URL get their cached keys from `store`.
    init(configuration: SessionTokenConfiguration, app: String, store: SessionKeyStore) async throws(IdentityError) {
        self.configuration = configuration
        self.app = app
        var issuers: [Substring: IssuerVerifier] = [:]
        for issuer in configuration.issuers {
            issuers[issuer.label.trimmingTrailingSlash] = try await IssuerVerifier(issuer, app: app, store: store)
        }
        self.issuers = issuers
    }

    /// The issuers whose keys come from a URL (what `SessionKeyStore.retain(_:)` keeps).
    var remoteKeys: [IssuerKeys] { issuers.values.compactMap(\.remote) }

    /// Whether `token` looks like a session JWT of this app (a JWT whose unverified `iss` names one of
    /// its issuers). Only a routing hint: nothing is trusted until ``verify(_:now:)`` passes.
    package func claimsIssuer(_ token: String) -> Bool {
        guard token.utf8.count(where: { $0 == UInt8(ascii: ".") }) == 2, let decoded = try? DecodedJWT.decode(token),
            let iss = decoded.claim("iss")?.stringValue
        else { return false }
        return issuers[iss.trimmingTrailingSlash] != nil
    }

    /// The user the verified token names.
    package func verify(_ token: String, now: Date = Date()) async throws(IdentityError) -> UserIdentity {
        let decoded = try DecodedJWT.decode(token)
        if let crit = decoded.headerValue("crit") { throw Self.critical(crit) }
        guard let issClaim = decoded.claim("iss") else {
            throw refusal(.claimMissing, "The session token has no iss claim.", field: "iss")
        }
        guard let iss = issClaim.stringValue else {
            throw IdentityError(
                .claimInvalid, field: "iss",
                message: "The session token's iss claim is JSON \(issClaim.typeNameWithArticle), not a string.",
                recovery: "Have the identity provider write iss as its issuer URL, a string.")
        }
        guard let issuer = issuers[iss.trimmingTrailingSlash] else {
            let known = configuration.issuers.map { SessionKeyID.quoted($0.label) }.joined(separator: ", ")
            throw refusal(
                .claimInvalid,
                "The session token's iss \(SessionKeyID.quoted(iss)) is not an issuer of app \"\(app)\" (issuers: \(known)).", field: "iss")
        }
        let (claims, expected) = try await issuer.verify(decoded, token: token, refusal: refusal)
        // Named only once the signature verifies: an unsigned token learns nothing of the claims' rules.
        let standard: SessionClaims.Standard
        do throws(SessionClaims.Problem) { standard = try claims.standard() } catch {
            throw IdentityError(error.code, field: error.claim, message: error.message, recovery: error.recovery)
        }
        let leeway = TimeInterval(configuration.leeway)
        guard now.addingTimeInterval(-leeway) < standard.exp else { throw refusal(.tokenExpired, "The session token has expired.") }
        if let nbf = standard.nbf, nbf >= now.addingTimeInterval(leeway) {
            throw refusal(.tokenNotYetValid, "The session token is not valid yet.")
        }
        guard iss == expected else {
            throw refusal(
                .claimInvalid,
                "The session token's iss differs from the issuer \(SessionKeyID.quoted(expected)) only by a trailing slash; "
                    + "write 'issuer' exactly as the provider's tokens carry it (or use issuer_url).",
                field: "iss")
        }
        let audiences = issuer.configured.audiences
        guard standard.aud.contains(where: audiences.contains) else {
            throw Self.wrongAudience(standard.aud, issuer: expected, audiences: audiences)
        }
        let names = issuer.configured.claims
        guard let userId = claims.string(names.userId) else {
            throw refusal(
                .claimMissing,
                "The session token of issuer \(SessionKeyID.quoted(expected)) has no \(SessionKeyID.quoted(names.userId)) claim "
                    + "(claims.user_id), or it is empty.",
                field: names.userId)
        }
        let emailVerified = claims.all["email_verified"]
        let unverified = emailVerified == .bool(false) || emailVerified == .string("false")
        return UserIdentity(userId: userId, email: unverified ? nil : claims.string(names.email), name: claims.string(names.name))
    }

    /// `claim_invalid` on `aud`: the token's own audiences (each quoted only when short and plain, at most four)
    /// beside the issuer's, and the two ways to make them meet.
    static func wrongAudience(_ aud: [String], issuer: String, audiences: [String]) -> IdentityError {
        let shown = aud.prefix(4).map(SessionKeyID.quoted).joined(separator: ", ") + (aud.count > 4 ? " and \(aud.count - 4) more" : "")
        let wanted = audiences.map(SessionKeyID.quoted).joined(separator: ", ")
        return IdentityError(
            .claimInvalid, field: "aud",
            message:
                "The session token's aud (\(shown)) includes none of the audiences of issuer \(SessionKeyID.quoted(issuer)) (\(wanted)).",
            recovery:
                "Request the session token for audience \(SessionKeyID.quoted(audiences.first ?? "")) from the identity provider, "
                + "or add the token's audience to the issuer's 'audience' in the configuration if this service should accept it.")
    }

    /// `token_invalid` on `crit`: the header names extensions that must be understood (RFC 7515 §4.1.11), and the
    /// service implements none, so every `crit` is refused, naming what it lists (short values, at most four).
    static func critical(_ crit: JSONValue) -> IdentityError {
        let names = crit.arrayValue?.compactMap(\.stringValue) ?? []
        let listed =
            names.isEmpty
            ? "a crit header that is not a list of names"
            : "crit \(names.prefix(4).map(SessionKeyID.quoted).joined(separator: ", "))\(names.count > 4 ? " and \(names.count - 4) more" : "")"
        return IdentityError(
            .tokenInvalid, field: "crit",
            message: "The session token's header has \(listed): extensions this service does not implement, so it refuses the token "
                + "(RFC 7515 §4.1.11).",
            recovery: "Have the identity provider sign session tokens without a crit header.")
    }

    private func refusal(_ code: IdentityError.Code, _ message: String, field: String = "Authorization") -> IdentityError {
        IdentityError(code, field: field, message: message, recovery: "Sign in again to get a fresh session token from app \"\(app)\".")
    }
}
#endif
