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

    /// Builds the verifier with a key store of its own (each issuer with a URL is fetched now); a key
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
        guard let iss = decoded.claim("iss")?.stringValue else {
            throw refusal(.claimMissing, "The session token has no iss claim.", field: "iss")
        }
        guard let issuer = issuers[iss.trimmingTrailingSlash] else {
            let known = configuration.issuers.map { SessionKeyID.quoted($0.label) }.joined(separator: ", ")
            throw refusal(
                .claimInvalid,
                "The session token's iss \(SessionKeyID.quoted(iss)) is not an issuer of app \"\(app)\" (issuers: \(known)).", field: "iss")
        }
        let (claims, expected) = try await issuer.verify(decoded, token: token, refusal: refusal)
        let leeway = TimeInterval(configuration.leeway)
        do {
            try claims.exp.verifyNotExpired(currentDate: now.addingTimeInterval(-leeway))
        } catch {
            throw refusal(.tokenExpired, "The session token has expired.")
        }
        if let nbf = claims.nbf {
            do { try nbf.verifyNotBefore(currentDate: now.addingTimeInterval(leeway)) } catch {
                throw refusal(.tokenNotYetValid, "The session token is not valid yet.")
            }
        }
        guard iss == expected else {
            throw refusal(
                .claimInvalid,
                "The session token's iss differs from the issuer \(SessionKeyID.quoted(expected)) only by a trailing slash; "
                    + "write 'issuer' exactly as the provider's tokens carry it (or use issuer_url).",
                field: "iss")
        }
        let audiences = issuer.configured.audiences
        guard let aud = claims.aud?.value, aud.contains(where: audiences.contains) else {
            throw refusal(
                .claimInvalid,
                "The session token's aud includes none of the audiences of issuer \(SessionKeyID.quoted(expected)) "
                    + "(\(audiences.map(SessionKeyID.quoted).joined(separator: ", "))).",
                field: "aud")
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

    private func refusal(_ code: IdentityError.Code, _ message: String, field: String = "Authorization") -> IdentityError {
        IdentityError(code, field: field, message: message, recovery: "Sign in again to get a fresh session token from app \"\(app)\".")
    }
}

/// One issuer of a `SessionTokenVerifier`: its keys (a URL's cached set, a file's, HS256 secrets) and rules.
struct IssuerVerifier: Sendable {
    let configured: SessionTokenIssuer
    /// The keys of a `keys_file`.
    let fileKeys: SessionKeySet?
    /// The cached keys of an `issuer_url` or `jwks_url`.
    let remote: IssuerKeys?
    /// The HS256 keys, tried in turn.
    let hmac: JWTKeyCollection?

    init(_ issuer: SessionTokenIssuer, app: String, store: SessionKeyStore) async throws(IdentityError) {
        configured = issuer
        switch issuer.keys {
        case .file(let path, let contents)?:
            do throws(SessionKeyFetchFailure) {
                fileKeys = try await SessionKeySet.parse(Array(contents.utf8), allowed: issuer.algorithms)
            } catch {
                throw IdentityError(
                    .configurationInvalid, field: "keys_file",
                    message:
                        "keys_file \(SessionKeyID.quoted((path as NSString).lastPathComponent)) of app \"\(app)\" cannot be used: \(error.message)",
                    recovery: "Give a JWK Set of RS256 / ES256 public keys, each with its own 'kid'.")
            }
            remote = nil
        case let source?:
            fileKeys = nil
            remote = await store.keys(app: app, issuer: issuer, source: source)
        case nil:
            fileKeys = nil
            remote = nil
        }
        if issuer.hs256Secrets.isEmpty {
            hmac = nil
        } else {
            let keys = JWTKeyCollection()
            for (index, secret) in issuer.hs256Secrets.enumerated() {
                await keys.add(
                    hmac: HMACKey(from: secret.revealedBytes), digestAlgorithm: .sha256, kid: JWKIdentifier(string: "hs256-\(index)"))
            }
            hmac = keys
        }
    }

    /// The verified claims and the `iss` they must carry exactly.
    func verify(
        _ decoded: DecodedJWT, token: String, refusal: (IdentityError.Code, String, String) -> IdentityError
    ) async throws(IdentityError) -> (SessionClaims, issuer: String) {
        let label = SessionKeyID.quoted(configured.label)
        guard let algorithm = decoded.algorithm, configured.algorithms.contains(algorithm) else {
            throw refusal(
                .algorithmNotAllowed,
                "The session token's algorithm is not one issuer \(label) allows (\(configured.algorithms.joined(separator: ", "))).",
                "Authorization")
        }
        let collection: JWTKeyCollection
        var issuer = configured.issuer ?? configured.label
        if algorithm == "HS256", let hmac {
            collection = hmac
        } else {
            let kid = decoded.keyID
            let keys: SessionKeySet
            if let fileKeys {
                keys = fileKeys
            } else if let remote, let kid {
                switch await remote.lookup(kid: kid) {
                case .found(let found, let exact):
                    (keys, issuer) = (found, exact)
                case .unknown(let fetchedAgo):
                    throw refusal(
                        .keyUnknown,
                        "Key \(SessionKeyID.quoted(kid)) is not in the current key set of issuer \(label) (fetched \(fetchedAgo) s ago); "
                            + "the token was not signed by the provider's current keys.",
                        "kid")
                case .unavailable(let why):
                    throw IdentityError(
                        .networkError, field: "kid", message: why, recovery: "Retry later; the service refreshes the keys on its own.")
                }
            } else {
                throw refusal(.keyUnknown, "The session token has no kid; issuer \(label) publishes several keys.", "kid")
            }
            if let kid {
                if let skipped = keys.skipped[kid] {
                    throw refusal(
                        .algorithmNotAllowed,
                        "Key \(SessionKeyID.quoted(kid)) of issuer \(label) is for \(SessionKeyID.quoted(skipped)), which the issuer does not allow "
                            + "(algorithms: \(configured.algorithms.joined(separator: ", "))).",
                        "kid")
                }
                guard let keyAlgorithm = keys.algorithms[kid] else {
                    throw refusal(.keyUnknown, "Key \(SessionKeyID.quoted(kid)) is not in the keys_file of issuer \(label).", "kid")
                }
                guard keyAlgorithm == algorithm else {
                    throw refusal(
                        .algorithmNotAllowed,
                        "Key \(SessionKeyID.quoted(kid)) of issuer \(label) is for \(keyAlgorithm), not \(algorithm).",
                        "Authorization")
                }
            }
            collection = keys.collection
        }
        do {
            let claims = try await collection.verify(
                token, as: SessionClaims.self, iteratingKeys: decoded.keyID == nil || algorithm == "HS256")
            return (claims, issuer)
        } catch {
            throw refusal(.tokenInvalid, "The session token's signature does not verify with the keys of issuer \(label).", "Authorization")
        }
    }
}

/// The claims of a session JWT: the registered ones jwt-kit checks, and all of them for the mapping.
struct SessionClaims: JWTPayload {
    let exp: ExpirationClaim
    let nbf: NotBeforeClaim?
    let iss: IssuerClaim?
    let aud: AudienceClaim?
    let all: [String: JSONValue]

    enum CodingKeys: String, CodingKey { case exp, nbf, iss, aud }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        exp = try container.decode(ExpirationClaim.self, forKey: .exp)
        nbf = try container.decodeIfPresent(NotBeforeClaim.self, forKey: .nbf)
        iss = try container.decodeIfPresent(IssuerClaim.self, forKey: .iss)
        aud = try container.decodeIfPresent(AudienceClaim.self, forKey: .aud)
        all = try JSONValue(from: decoder).objectValue ?? [:]
    }

    func encode(to encoder: any Encoder) throws { try JSONValue.object(all).encode(to: encoder) }

    /// Claims are checked by `SessionTokenVerifier` with the configured leeway.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// A string claim (a number is written as its digits, as ids often are); `nil` when absent or empty.
    func string(_ name: String) -> String? {
        switch all[name] {
        case .string(let text)?: text.isEmpty ? nil : text
        case .int(let number)?: String(number)
        default: nil
        }
    }
}
#endif
