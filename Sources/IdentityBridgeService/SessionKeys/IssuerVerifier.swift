#if TokenService
import Foundation
import IdentityBridge
import JWTKit
import Logging

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
            remote = store.keys(app: app, issuer: issuer, source: source)
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
#endif
