#if TokenService
import Foundation
public import IdentityBridge
import JWTKit

/// Verifies an app's own session JWT with jwt-kit (RS256 / ES256 keys from a JWK Set, HS256 keys from
/// secret references) and maps its claims to a `UserIdentity`: required `iss` and `aud`, `exp`
/// required, `exp` / `nbf` checked with the configured leeway. Errors never quote the token.
public struct SessionTokenVerifier: Sendable {
    /// The algorithms a session JWT may use; anything else (`none`, `HS512`, ...) is refused before any key is looked up.
    public static let allowedAlgorithms: Set<String> = ["RS256", "ES256", "HS256"]

    let configuration: SessionTokenConfiguration
    let app: String
    private let keys: JWTKeyCollection

    /// Builds the key collection; a JWK Set jwt-kit cannot use is `configuration_invalid`.
    public init(configuration: SessionTokenConfiguration, app: String) async throws(IdentityError) {
        self.configuration = configuration
        self.app = app
        let keys = JWTKeyCollection()
        do {
            if let keySet = configuration.keySet { try await keys.add(jwksJSON: keySet) }
        } catch {
            throw IdentityError(
                .configurationInvalid, field: "keys_file",
                message: "The session key set of app \"\(app)\" cannot be used: \(String(describing: error).prefix(120)).",
                recovery: "Give a JWK Set of RS256 / ES256 keys, each with a 'kid'.")
        }
        for (index, secret) in configuration.hs256Secrets.enumerated() {
            await keys.add(
                hmac: HMACKey(from: secret.revealedBytes), digestAlgorithm: .sha256, kid: JWKIdentifier(string: "hs256-\(index)"))
        }
        self.keys = keys
    }

    /// Whether `token` looks like this app's session JWT (a JWT whose unverified `iss` is the
    /// configured issuer). Only a routing hint: nothing is trusted until ``verify(_:now:)`` passes.
    public func claimsIssuer(_ token: String) -> Bool {
        guard token.utf8.count(where: { $0 == UInt8(ascii: ".") }) == 2,
            let decoded = try? DecodedJWT.decode(token)
        else { return false }
        return decoded.claim("iss")?.stringValue == configuration.issuer
    }

    /// The user the verified token names.
    public func verify(_ token: String, now: Date = Date()) async throws(IdentityError) -> UserIdentity {
        let decoded = try DecodedJWT.decode(token)
        guard let algorithm = decoded.algorithm, Self.allowedAlgorithms.contains(algorithm) else {
            throw refusal(.algorithmNotAllowed, "The session token's algorithm is not one of RS256, ES256, HS256.")
        }
        let claims: SessionClaims
        do {
            claims = try await keys.verify(token, as: SessionClaims.self, iteratingKeys: decoded.keyID == nil || algorithm == "HS256")
        } catch {
            throw refusal(.tokenInvalid, "The session token's signature does not verify with the app's keys.")
        }
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
        guard claims.iss?.value == configuration.issuer else {
            throw refusal(.claimInvalid, "The session token's iss is not the configured issuer.", field: "iss")
        }
        do {
            guard let aud = claims.aud else { throw JWTError.claimVerificationFailure(failedClaim: nil, reason: "aud") }
            try aud.verifyIntendedAudience(includes: configuration.audience)
        } catch {
            throw refusal(.claimInvalid, "The session token's aud does not include the configured audience.", field: "aud")
        }
        let names = configuration.claims
        let user = UserIdentity(
            userId: claims.string(names.userId), email: claims.string(names.email), name: claims.string(names.name))
        guard user.userId != nil || user.email != nil else {
            throw refusal(.claimMissing, "The session token has no \(names.userId) or \(names.email) claim.", field: names.userId)
        }
        return user
    }

    private func refusal(_ code: IdentityError.Code, _ message: String, field: String = "Authorization") -> IdentityError {
        IdentityError(code, field: field, message: message, recovery: "Sign in again to get a fresh session token from app \"\(app)\".")
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

    /// Claims are checked by ``SessionTokenVerifier`` with the configured leeway.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// A string claim (a number is written as its digits, as ids often are).
    func string(_ name: String) -> String? {
        switch all[name] {
        case .string(let text)?: text.isEmpty ? nil : text
        case .int(let number)?: String(number)
        default: nil
        }
    }
}
#endif
