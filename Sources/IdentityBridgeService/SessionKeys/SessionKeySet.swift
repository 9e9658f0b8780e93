#if TokenService
import IdentityBridge
import JWTKit

/// An issuer's public keys, checked before one is used: a JWK Set from a provider or a file, as a
/// jwt-kit key collection with each key's `kid` and algorithm.
struct SessionKeySet: Sendable {
    /// The largest JWK Set or discovery document read (64 KiB; providers publish a few KiB).
    static let maxBytes = 65_536
    /// The most keys a set may hold (providers publish 2 to 4: the current, the next, the previous).
    static let maxKeys = 32
    /// The longest `kid` accepted.
    static let maxKeyIDLength = 256

    /// The keys by `kid`, for jwt-kit.
    let collection: JWTKeyCollection
    /// Each key's algorithm by `kid`.
    let algorithms: [String: String]
    /// The algorithm of each signing key left out because the issuer does not allow it, by `kid`.
    let skipped: [String: String]

    /// Checks a JWK Set and builds its collection. Refused as a whole (nothing is half-loaded): not JSON,
    /// no `keys` list, more than ``maxKeys``, a key without a `kid` or with a duplicate one, a symmetric key
    /// (`kty: oct`: HMAC keys come from `hs256_secrets`, never from a published set), a key type
    /// other than RSA and EC, a key jwt-kit cannot use. Keys for encryption (`use: enc`) are skipped, and so
    /// are signing keys for an algorithm the issuer does not allow (a token naming one is refused, saying so).
    static func parse(_ bytes: [UInt8], allowed: [String]) async throws(SessionKeyFetchFailure) -> SessionKeySet {
        guard bytes.count <= maxBytes else { throw refused("The key set is \(bytes.count) bytes; at most \(maxBytes) are read.") }
        guard let document = try? JSONValue.parse(bytes: bytes) else { throw refused("The key set is not JSON.") }
        guard let keys = document["keys"]?.arrayValue else { throw refused("The key set has no \"keys\" list.") }
        guard keys.count <= maxKeys else { throw refused("The key set has \(keys.count) keys; at most \(maxKeys) are accepted.") }
        var accepted: [JSONValue] = []
        var algorithms: [String: String] = [:]
        var seen: Set<String> = []
        var skipped: [String: String] = [:]
        for (index, key) in keys.enumerated() {
            guard var members = key.objectValue else { throw refused("Key \(index + 1) of the key set is not an object.") }
            guard let kid = members["kid"]?.stringValue, !kid.isEmpty, kid.utf8.count <= maxKeyIDLength else {
                throw refused("Key \(index + 1) of the key set has no usable \"kid\".")
            }
            let name = SessionKeyID.quoted(kid)
            guard seen.insert(kid).inserted else { throw refused("Two keys have kid \(name).") }
            if members["use"]?.stringValue == "enc" { continue }
            let type = members["kty"]?.stringValue ?? "?"
            let algorithm: String
            switch type {
            case "RSA": algorithm = members["alg"]?.stringValue ?? "RS256"
            case "EC": algorithm = members["alg"]?.stringValue ?? (members["crv"]?.stringValue == "P-256" ? "ES256" : "?")
            case "oct":
                throw refused(
                    "Key \(name) is a symmetric (oct) key; a published key set holds public keys only (HMAC keys belong in hs256_secrets).")
            default: throw refused("Key \(name) is of type \(SessionKeyID.quoted(type)); RSA and EC keys are accepted.")
            }
            guard allowed.contains(algorithm), algorithm != "HS256" else {
                skipped[kid] = algorithm
                continue
            }
            members["alg"] = .string(algorithm)
            algorithms[kid] = algorithm
            accepted.append(.object(members))
        }
        let collection = JWTKeyCollection()
        do {
            try await collection.add(jwksJSON: JSONValue.object(["keys": .array(accepted)]).jsonString)
        } catch {
            throw refused("A key of the key set cannot be used: \(String(describing: error).prefix(120)).")
        }
        return SessionKeySet(collection: collection, algorithms: algorithms, skipped: skipped)
    }

    /// The `jwks_uri` of an OpenID configuration whose `issuer` is `issuerURL` (up to a trailing slash,
    /// as OpenID Connect Discovery 1.0 §4.3 requires), and that issuer as the document states it.
    static func discovery(_ bytes: [UInt8], issuerURL: String) throws(SessionKeyFetchFailure) -> (issuer: String, jwksURI: String) {
        guard bytes.count <= maxBytes else {
            throw refused("The OpenID configuration is \(bytes.count) bytes; at most \(maxBytes) are read.")
        }
        guard let document = try? JSONValue.parse(bytes: bytes), document.objectValue != nil else {
            throw refused("The OpenID configuration is not a JSON object.")
        }
        guard let issuer = document["issuer"]?.stringValue, issuer.trimmingTrailingSlash == issuerURL.trimmingTrailingSlash else {
            throw refused("The OpenID configuration's issuer is not issuer_url \(SessionKeyID.quoted(issuerURL)); check the URL.")
        }
        guard let jwksURI = document["jwks_uri"]?.stringValue else { throw refused("The OpenID configuration has no jwks_uri.") }
        if let problem = SessionTokenIssuer.urlProblem(jwksURI) { throw refused("The OpenID configuration's jwks_uri \(problem).") }
        return (issuer, jwksURI)
    }

    private static func refused(_ message: String) -> SessionKeyFetchFailure { SessionKeyFetchFailure(.refused, message) }
}

/// How a `kid` (or another short value from a provider or a token) is quoted in a message: as it is
/// when short and plain, else only its length (a message never repeats an unbounded value).
enum SessionKeyID {
    static func quoted(_ text: String) -> String {
        let plain =
            text.utf8.count <= 64 && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return plain ? "\"\(text)\"" : "(a value of \(text.utf8.count) bytes)"
    }
}
#endif
